import ArgumentParser
import PieDriver

/// `piec explain CODE`: the long explanation of a diagnostic code.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a diagnostic code (e.g. `piec explain E0503`), or list them all."
    )

    @Argument(help: ArgumentHelp("A diagnostic code such as E0503.", valueName: "CODE"))
    var code: String?

    @Flag(help: "List every code with its title.")
    var list = false

    func validate() throws {
        if code == nil && !list { throw ValidationError("missing a diagnostic code (or --list)") }
        if code != nil && list { throw ValidationError("give either a code or --list, not both") }
    }

    func run() throws {
        let terminal = Terminal()
        if list {
            terminal.out(DiagnosticCatalog.all.map { "\($0.code)  \($0.title)\n" }.joined())
            return
        }
        let code = self.code ?? ""
        guard let info = DiagnosticCatalog.lookup(code) else {
            var message = "error: unknown diagnostic code `\(code)`\n"
            if let best = DiagnosticCatalog.suggestions(for: code).first {
                message += "help: did you mean `\(best)`?\n"
            } else {
                message += "help: `piec explain --list` lists every code\n"
            }
            terminal.err(message)
            throw ExitCode(PiecExitCode.usage.rawValue)
        }
        terminal.out("\(info.code): \(info.title)\n\n\(info.explanation)\n")
    }
}

/// `piec schema`: the JSON Schema of the spec format (maintainers regenerate
/// `Schemas/piec.schema.json` with `make schema`).
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of the spec format (maintainers: `make schema`)."
    )

    func run() throws {
        Terminal().out(MaintainerOutput.schema)
    }
}
