import ArgumentParser
import PieDriver

/// `piec diff OLD NEW` / `piec diff SPEC --from REF`: the transition plan, for review.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
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
            """
    )

    enum OutputFormat: String, ExpressibleByArgument { case text, json }

    @Argument(help: ArgumentHelp("OLD NEW, or SPEC with --from.", valueName: "SPEC"))
    var specs: [String] = []

    @Option(help: ArgumentHelp("The previous version: a spec file, a bundle folder or a git revision.", valueName: "REF"))
    var from: String?

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    @Flag(help: "Exit 1 when anything changed.")
    var exitCode = false

    func validate() throws {
        if from == nil, specs.count != 2 { throw ValidationError("give OLD and NEW, or one SPEC with --from REF") }
        if from != nil, specs.count != 1 { throw ValidationError("with --from, give exactly one SPEC") }
    }

    func run() throws {
        let (ref, spec) = from.map { ($0, specs[0]) } ?? (specs[0], specs[1])
        let result = DiffRun.run(newPath: spec, ref: ref)
        let terminal = Terminal()
        for group in result.groups where !group.diagnostics.isEmpty {
            terminal.err(DiagnosticRenderer.render(group, format: .human, color: terminal.colorOnStderr))
        }
        guard let report = result.report else { throw ExitCode(result.status.rawValue) }
        switch format {
        case .text: terminal.out(report.text())
        case .json: terminal.out(report.json().serialized(pretty: true) + "\n")
        }
        if exitCode, !report.isEmpty { throw ExitCode(1) }
    }
}
