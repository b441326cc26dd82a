/// A subcommand: its table, how it reads its parsed arguments, and what it does.
protocol Command {
    /// The command's options and positionals (parsing, help, suggestions).
    static var spec: CommandSpec { get }
    /// Reads the scanned arguments; throws for combinations the table cannot express.
    init(_ arguments: ParsedArguments) throws(UsageError)
    /// Runs the command; throws `ExitStatus` to end with a status other than 0.
    func run() throws(ExitStatus)
}

/// Ends a command with an exit status (the command printed why, if it failed).
public struct ExitStatus: Error, Equatable, Sendable {
    public var code: Int32
    public init(_ code: Int32) { self.code = code }
}
