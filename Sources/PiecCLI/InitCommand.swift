import PieDriver

/// `piec init [DIR]`: a starter project (a chart, its schema, shared defaults, a pre-commit
/// config and a CI workflow), written only when none of its files exists.
struct Init: Command {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Write a starter project: a chart spec, its JSON Schema, shared defaults, pre-commit hooks and a CI workflow.",
        discussion: """
            Writes into DIR (created when missing): \(StarterProject.paths.map { "`\($0)`" }.joined(separator: ", ")). \
            The spec builds as it is; its bundle goes to \(StarterProject.outputFolder)/. The JSON Schema sits next to the \
            spec, so the spec's `# yaml-language-server: $schema=piec.schema.json` line is a plain relative name that \
            editors resolve offline, and it is the schema of the piec that wrote it (`piec schema > \
            \(StarterProject.schemaPath)` updates it after an upgrade). The pre-commit hooks and the workflow \
            name piec's repository as \(StarterProject.repository): set it to where you get piec from.

            Nothing is ever overwritten: when any of these files exists (or is a symlink, or a folder on its way \
            is a file), piec init writes nothing, names each one and exits 74. On success it prints the files \
            and the commands to run next.
            """,
        positional: PositionalSpec(name: "DIR", help: "The project folder, usually a repository's root (default: the current directory).",
                                   repeatable: false, completion: .directories))

    var folder: String

    init(_ arguments: ParsedArguments) throws(UsageError) {
        folder = arguments.positionals.first ?? "."
        if folder.isEmpty { throw UsageError(message: "the project folder must not be empty", help: ["give a folder, or none for the current one"]) }
    }

    func run() throws(ExitStatus) {
        let terminal = Terminal()
        let problems = StarterWriter.write(StarterProject.files, into: folder)
        guard problems.isEmpty else {
            let color = terminal.colorOnStderr
            terminal.err(problems.map { DiagnosticRenderer.render($0, format: .human, color: color) }.joined()
                         + "error: piec init wrote nothing\n")
            throw ExitStatus(PiecExitCode.forDiagnostics(problems.flatMap(\.diagnostics)).rawValue)
        }
        terminal.out(Self.report(folder: folder))
    }

    /// The files written and the next commands, run from the project folder.
    static func report(folder: String) -> String {
        let prefix = folder == "." ? "" : folder.hasSuffix("/") ? folder : folder + "/"
        var out = StarterProject.paths.map { "wrote \(prefix)\($0)\n" }.joined()
        out += "\nnext:\n"
        if folder != "." { out += "  cd \(shellWord(folder))\n" }
        out += StarterProject.nextCommands.map { "  \($0)\n" }.joined()
        return out
    }

    /// `word` as one shell word: as it is when plain, else single-quoted.
    static func shellWord(_ word: String) -> String {
        if word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_./+,:@".contains($0)) }) { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
