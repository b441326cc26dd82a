import PieDriver
import PieSpec

/// `piec diff [OLD] NEW` / `piec diff SPEC --from REF`: the transition plan, for review.
struct Diff: Command {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Print what changed between two versions of a spec, one line per slice.",
        discussion: """
            `piec diff SPEC` compares a spec with the version `piec build` animates it from: \
            what readers last saw (the bundle in OUT built from it, else the bundle committed \
            at HEAD, else the spec at HEAD when it changed since). `piec diff OLD NEW` \
            and `piec diff SPEC --from REF` name the previous version: a spec file, a bundle \
            folder (or an output folder holding <id>/), a git revision such as HEAD~1, or none. \
            One line per slice: `+ go  Go  12.0%` inserted, `- perl  8.0%` removed, \
            `~ python  40.0% -> 35.5%  (value)` updated (the keys that changed), \
            `~ python -> python3  30.0% -> 28.0%  (label, value)` renamed, \
            `moved rust 3 -> 1` reordered; then `chart innerRadius 0 -> 0.6` for the chart.

            Exit status: 0; with --exit-code, 3 when anything changed (for CI). Errors: 1 a \
            spec has errors, 64 usage (REF names nothing), 74 a file cannot be read.
            """,
        positional: PositionalSpec(name: "SPEC", help: "SPEC, or OLD NEW.", repeatable: true,
                                   completion: .specs),
        options: [
            .option("from", .text("REF"), help: "The previous version: a spec file, a bundle folder, a git revision or none.",
                    completes: .paths),
            .option("output", short: "o", .text("DIR"), help: "The output folder whose bundles give the default previous version.",
                    default: "out", completes: .directories),
            .option("format", .choice("format", ["text", "json"]), help: "Output format: text or json.", default: "text"),
            .flag("exit-code", help: "Exit 3 when anything changed (no error uses 3)."),
            LimitOptions.maxSlices,
        ])

    var ref: String?
    var spec: String
    var output: String
    var json: Bool
    var exitCode: Bool
    var limits: SpecLimits

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let specs = arguments.positionals
        if let from = arguments.value("from") {
            guard specs.count == 1 else { throw UsageError(message: "with --from, give exactly one SPEC") }
            (ref, spec) = (from, specs[0])
        } else {
            guard specs.count == 1 || specs.count == 2 else { throw UsageError(message: "give one SPEC, or OLD and NEW") }
            (ref, spec) = specs.count == 2 ? (specs[0], specs[1]) : (nil, specs[0])
        }
        output = arguments.value("output") ?? "out"
        json = arguments.value("format") == "json"
        exitCode = arguments.flag("exit-code")
        limits = try LimitOptions.limits(arguments)
    }

    func run() throws(ExitStatus) {
        let result = DiffRun.run(newPath: spec, ref: ref, outputDir: output, limits: limits)
        let terminal = Terminal()
        if let usage = result.usage {
            terminal.err(PiecUsage.message(usage))
            throw ExitStatus(PiecExitCode.usage.rawValue)
        }
        for group in result.groups where !group.diagnostics.isEmpty {
            terminal.err(DiagnosticRenderer.render(group, format: .human, color: terminal.colorOnStderr))
        }
        if let facets = result.facets {
            terminal.out(json ? facets.json().serialized(pretty: true) + "\n" : facets.text())
            if exitCode, !facets.isEmpty { throw ExitStatus(PiecExitCode.changed.rawValue) }
            return
        }
        guard let report = result.report else { throw ExitStatus(result.status.rawValue) }
        terminal.out(json ? report.json().serialized(pretty: true) + "\n" : report.text())
        if exitCode, !report.isEmpty { throw ExitStatus(PiecExitCode.changed.rawValue) }
    }
}

/// A usage problem found by the driver, printed as the command line's own (`piec: error:`).
enum PiecUsage {
    static func message(_ problem: UsageProblem) -> String {
        "piec: error: \(problem.message)\n" + problem.help.map { "help: \($0)\n" }.joined()
    }
}
