import PieDriver

/// `piec diff OLD NEW` / `piec diff SPEC --from REF`: the transition plan, for review.
struct Diff: Command {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Print what changed between two versions of a spec, one line per slice.",
        discussion: """
            `piec diff OLD NEW` compares two spec files; `piec diff SPEC --from REF` compares a \
            spec with its previous version, where REF is a spec file, a bundle folder (or an \
            output folder holding <id>/), or a git revision such as HEAD~1 (the spec's own path \
            at that revision). Lines: `+ go  Go  12.0%` inserted, `- perl` removed, \
            `~ python  40.0% -> 35.5%` updated, `> kotlin renamed from kt`, \
            `moved rust 3 -> 1`, `chart innerRadius 0 -> 0.6`.

            Exit status: 0, or with --exit-code 1 when anything changed (for CI); 1 also when \
            a spec has errors, 74 when a file cannot be read.
            """,
        positional: PositionalSpec(name: "SPEC", help: "OLD NEW, or SPEC with --from.", repeatable: true,
                                   completion: .specs),
        options: [
            .option("from", .text("REF"), help: "The previous version: a spec file, a bundle folder or a git revision.",
                    completes: .paths),
            .option("format", .choice("format", ["text", "json"]), help: "Output format: text or json.", default: "text"),
            .flag("exit-code", help: "Exit 1 when anything changed."),
        ])

    var ref: String
    var spec: String
    var json: Bool
    var exitCode: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let specs = arguments.positionals
        if let from = arguments.value("from") {
            guard specs.count == 1 else { throw UsageError(message: "with --from, give exactly one SPEC") }
            (ref, spec) = (from, specs[0])
        } else {
            guard specs.count == 2 else { throw UsageError(message: "give OLD and NEW, or one SPEC with --from REF") }
            (ref, spec) = (specs[0], specs[1])
        }
        json = arguments.value("format") == "json"
        exitCode = arguments.flag("exit-code")
    }

    func run() throws(ExitStatus) {
        let result = DiffRun.run(newPath: spec, ref: ref)
        let terminal = Terminal()
        for group in result.groups where !group.diagnostics.isEmpty {
            terminal.err(DiagnosticRenderer.render(group, format: .human, color: terminal.colorOnStderr))
        }
        guard let report = result.report else { throw ExitStatus(result.status.rawValue) }
        terminal.out(json ? report.json().serialized(pretty: true) + "\n" : report.text())
        if exitCode, !report.isEmpty { throw ExitStatus(1) }
    }
}
