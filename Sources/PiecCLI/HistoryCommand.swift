import PieCore
import PieDriver
import PieSpec

/// `piec history SPEC`: one bundle that steps through every committed version of a spec.
struct HistoryCommand: Command {
    static let spec = CommandSpec(
        name: "history",
        abstract: "Build one bundle that steps through every committed version of a spec.",
        discussion: """
            Reads every commit that changed SPEC or a file it reads (its data file, the \
            .piec.yaml files above it), following renames of SPEC as `git log --follow` does \
            (not copies) with each version's files read where they were then, \
            in commit order along first parents (a merge is one step; \
            --all-parents adds the merged branches' commits), then the working copy when it differs \
            from the last commit, and writes OUT/<id>/ whose chart animates each version from \
            the one before (each step the transition `piec build --from` would draw), resting \
            HOLD at each, with a caption giving the commit's date and subject. Static renderers \
            and reduced motion show the last version. manifest.json lists the versions (commit, \
            date, subject, and `at`: the time in ms at which the chart rests at it).

            Exit status: 0; 1 the spec has errors; 64 usage (SPEC not in git, REV unknown); \
            74 a file cannot be read or written.
            """,
        positional: PositionalSpec(name: "SPEC", help: "The spec whose history to draw.", repeatable: false, completion: .specs),
        options: [
            .option("output", short: "o", .text("DIR"), help: "Write the bundle to DIR/<id>/.", default: "out", completes: .directories),
            .option("since", .text("REV"), help: "Only the commits after REV (REV..HEAD)."),
            .option("max", .integer("N"), help: "At most the N newest commits.", default: "50"),
            .option("hold", .text("DURATION"), help: "How long the chart rests at each version (ms or s).", default: "1s"),
            .flag("all-parents", help: "Also the commits of merged branches, by date (default: first parents only, the states the branch itself held)."),
            LimitOptions.maxSlices,
        ])

    var specPath: String
    var output: String
    var since: String?
    var max: Int
    var hold: Double
    var allParents: Bool
    var limits: SpecLimits

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard let spec = arguments.positionals.first, arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "piec history needs the spec whose history to draw"
                                 : "piec history draws one spec's history, found \(arguments.positionals.count) specs",
                             help: ["name one spec file, e.g. `piec history specs/sales.yaml`; run it once per chart for several"])
        }
        guard spec != SpecInput.stdinArgument else {
            throw UsageError(message: "a spec from standard input has no history", help: ["name the spec's file in its git repository"])
        }
        specPath = spec
        output = arguments.value("output") ?? "out"
        since = arguments.value("since")
        max = arguments.integer("max") ?? 50
        guard max >= 1 else {
            throw UsageError(message: "--max takes a whole number of at least 1, found \(max)",
                             help: ["--max N keeps the N newest versions (default 50)"])
        }
        let holdText = arguments.value("hold") ?? "1s"
        guard case .milliseconds(let ms)? = RenderTime(holdText), ms >= 0 else {
            throw UsageError(message: "--hold takes a duration such as 1s or 500ms, found `\(holdText)`",
                             help: ["write milliseconds (`500ms`) or seconds (`1.5s`); `0s` moves on at once; a percentage is no duration"])
        }
        hold = ms
        allParents = arguments.flag("all-parents")
        limits = try LimitOptions.limits(arguments)
    }

    func run() throws(ExitStatus) {
        let terminal = Terminal()
        let result = HistoryRun.run(specPath: specPath, since: since, max: max, hold: hold, allParents: allParents, limits: limits)
        if let usage = result.usage {
            terminal.err(PiecUsage.message(usage))
            throw ExitStatus(PiecExitCode.usage.rawValue)
        }
        for group in result.groups where !group.diagnostics.isEmpty {
            terminal.err(DiagnosticRenderer.render(group, format: .human, color: terminal.colorOnStderr))
        }
        guard let bundle = result.bundle else { throw ExitStatus(result.status.rawValue) }
        if let refusal = HistoryRun.refusal(outputDir: output, id: bundle.id) {
            terminal.err(PiecUsage.message(refusal))
            throw ExitStatus(PiecExitCode.usage.rawValue)
        }
        let report = AtomicBundleWriter(outputDir: output).write([bundle])
        for failure in report.failures {
            terminal.err(DiagnosticRenderer.render(failure, format: .human, color: terminal.colorOnStderr))
        }
        guard report.succeeded else { throw ExitStatus(PiecExitCode.ioFailure.rawValue) }
        let commits = result.versions.filter { !$0.commit.isEmpty }.count
        let working = result.versions.count - commits
        terminal.err("history of \(specPath): \(commits) commit\(commits == 1 ? "" : "s")"
                     + (working > 0 ? " and the working copy" : "") + " -> " + (output.hasSuffix("/") ? output : output + "/") + bundle.id + "/\n")
    }
}
