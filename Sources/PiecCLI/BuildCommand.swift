import PieCore
import PieDriver

/// `piec build`: compile specs and write their bundles (or compare them with `--check`).
struct Build: Command {
    static let spec = CommandSpec(
        name: "build",
        abstract: "Compile specs and write their bundles to OUT/<id>/.",
        discussion: """
            Writes are all or nothing: if any spec has errors nothing is written (exit 1). A bundle \
            whose bytes did not change is not touched; a changed one is staged in OUT and swapped \
            in atomically. piec never writes through a symlink or deletes files it did not write.

            Each chart animates from what its readers last saw, and its manifest records that \
            previous version: a bundle in OUT built from the same spec keeps its transition; \
            otherwise, in a git repository, the bundle committed at HEAD (or, with none \
            committed, the spec at HEAD when it changed since; else it enters); outside git, \
            the bundle in OUT. --from REF overrides it: a spec file, a bundle folder, a folder of \
            bundles (matched by chart id) or of previous specs (by file name), a git revision \
            (the spec as it was there, or before its last change when it has not changed since), \
            or none (the enter animation).

            --check writes nothing and exits 2 when a bundle in OUT is missing or differs from what \
            piec would write from the previous version its manifest records (each stale bundle \
            is listed as E0510, with the command that fixes it), for CI: it needs no --from and \
            no git history.
            """,
        positional: SpecOptions.positional,
        options: SpecOptions.options + [
            .option("output", short: "o", .text("DIR"), help: "Output directory.", default: "out",
                    completes: .directories),
            .flag("check", help: "Write nothing; exit 2 when a committed bundle is missing or differs."),
            .flag("svg-only", help: "Write only chart.svg in each bundle (no CSS, HTML or manifest)."),
            .flag("quiet", help: "Nothing on stderr when the build succeeds: no summary, no warnings (with --format json they still go to stdout). For docs tools that merge stderr into their output."),
            .option("dark-selector", .text("SELECTOR"), help: "Key the charts' dark look to this page selector instead of the reader's system, for charts inlined in a docs site with a theme switch: [data-md-color-scheme=slate] (Material for MkDocs), .coal (mdBook).", completes: .none),
            .option("from", .text("REF"), help: "Animate from this previous version instead of what readers last saw: a spec file, a bundle folder (or a folder of bundles), a git revision such as HEAD~1, or none.",
                    completes: .paths),
            .option("id", .text("ID"), help: "The chart id of the one spec built, when it has no `id:` (instead of its file stem; `chart` for standard input): docs tools give each block on a page its own, so no two share class or keyframe names.", completes: .none),
            .flag("no-files", help: "Build each spec alone: no data file, no .piec.yaml, no git and no output folder is read (a `data.file` is an error); without --from the chart enters. For docs tools and render services."),
            .flag("explain", help: "Print on stdout how each chart is drawn: its whole drawing plan (output, joins, masks, orbits, opacity, wedges, separators, keyframes, rest, page, pageReason; docs/dev/motion.md), one line per decision of each chart or ring, `FILE (ID) PART DECISION VALUE: REASON`, always in that order; with --format json a JSON object per line. No bundle is skipped as up to date."),
        ])

    var options: SpecOptions
    var output: String
    var check: Bool
    var svgOnly: Bool
    var from: String?
    var darkSelector: String?
    var quiet: Bool
    var explain: Bool
    var id: String?
    var noFiles: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try SpecOptions(arguments)
        id = arguments.value("id")
        noFiles = arguments.flag("no-files")
        if let id, !BundleID.isValid(id) {
            throw UsageError(message: "--id `\(id)`: an id is 1 to \(BundleID.maxLength) of a-z, 0-9 and `-`, not starting or ending with `-`",
                             help: ["e.g. --id \(BundleID.slug(id).isEmpty ? "chart-1" : BundleID.slug(id))"])
        }
        output = arguments.value("output") ?? "out"
        check = arguments.flag("check")
        svgOnly = arguments.flag("svg-only")
        from = arguments.value("from")
        darkSelector = arguments.value("dark-selector")
        quiet = arguments.flag("quiet")
        explain = arguments.flag("explain")
        if noFiles && check {
            throw UsageError(message: "--check compares with the bundles in the output folder and git; --no-files reads neither",
                             help: ["drop --no-files to check committed bundles"])
        }
        if let darkSelector, let problem = DarkSelector.problem(darkSelector) {
            throw UsageError(message: "--dark-selector `\(darkSelector)`: \(problem)",
                             help: ["give a plain selector such as [data-md-color-scheme=slate] or .coal"])
        }
    }

    func run() throws(ExitStatus) {
        var request = BuildRequest(inputs: options.inputs, outputDir: output, mode: check ? .checkStale : .write, from: from,
                                   svgOnly: svgOnly)
        request.darkSelector = darkSelector
        request.id = id
        request.noFiles = noFiles
        var reporter = Reporter(format: options.format)
        reporter.quiet = quiet
        var builder = options.builder
        builder.explains = explain
        let status = reporter.run(request, builder: builder)
        if status != .success { throw ExitStatus(status.rawValue) }
    }
}

/// `piec check`: compile specs and report diagnostics; never writes.
struct Check: Command {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Validate specs without writing anything (exit 1 on errors).",
        positional: SpecOptions.positional,
        options: SpecOptions.options)

    var options: SpecOptions

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try SpecOptions(arguments)
    }

    func run() throws(ExitStatus) {
        let request = BuildRequest(inputs: options.inputs, mode: .validate)
        let status = Reporter(format: options.format).run(request, builder: options.builder)
        if status != .success { throw ExitStatus(status.rawValue) }
    }
}
