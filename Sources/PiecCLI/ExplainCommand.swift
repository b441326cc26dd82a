import PieDriver

/// `piec explain CODE`: the long explanation of a diagnostic code.
struct Explain: Command {
    static let spec = CommandSpec(
        name: "explain",
        abstract: "Explain a diagnostic code (e.g. `piec explain E0503`), or list them all.",
        positional: PositionalSpec(name: "CODE", help: "A diagnostic code such as E0503.", repeatable: false),
        options: [.flag("list", help: "List every code with its title.")])

    /// The code to explain; nil with `--list`.
    var code: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        code = arguments.positionals.first
        let list = arguments.flag("list")
        if code == nil && !list { throw UsageError(message: "missing a diagnostic code (or --list)") }
        if code != nil && list { throw UsageError(message: "give either a code or --list, not both") }
    }

    func run() throws(ExitStatus) {
        let terminal = Terminal()
        guard let code else {
            terminal.out(DiagnosticCatalog.all.map { "\($0.code)  \($0.title)\n" }.joined())
            return
        }
        guard let info = DiagnosticCatalog.lookup(code) else {
            var message = "error: unknown diagnostic code `\(code)`\n"
            if let best = DiagnosticCatalog.suggestions(for: code).first {
                message += "help: did you mean `\(best)`?\n"
            } else {
                message += "help: `piec explain --list` lists every code\n"
            }
            terminal.err(message)
            throw ExitStatus(PiecExitCode.usage.rawValue)
        }
        terminal.out("\(info.code): \(info.title)\n\n\(info.explanation)\n")
    }
}

/// `piec schema`: the JSON Schema of the spec format (maintainers regenerate
/// `Schemas/piec.schema.json` and docs/reference/keys.md with `make schema`).
struct Schema: Command {
    static let spec = CommandSpec(
        name: "schema",
        abstract: "Print the JSON Schema of the spec format (maintainers: `make schema`).",
        options: [.flag("defaults", help: "The schema of .piec.yaml shared defaults instead."),
                  .flag("markdown", help: "The key reference page (Markdown, docs/reference/keys.md) instead.")])

    let defaults: Bool
    let markdown: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        defaults = arguments.flag("defaults")
        markdown = arguments.flag("markdown")
        if defaults && markdown { throw UsageError(message: "'--defaults' and '--markdown' print different documents", help: ["give one of them"]) }
    }

    func run() throws(ExitStatus) {
        Terminal().out(markdown ? MaintainerOutput.keyReference : defaults ? MaintainerOutput.defaultsSchema : MaintainerOutput.schema)
    }
}
