#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieCore
import PieDriver
import PieSpec

/// `piec render SPEC|- -o FILE|-`: one instant as SVG, PNG or PDF, or the motion as GIF, WebP
/// or MP4, drawn from piec's own model (`Frames`), never by a browser. SVG is made here;
/// everything else by `piec-render` (`Raster`).
struct Render<Raster: RasterLauncher>: Command {
    static var spec: CommandSpec { renderSpec }

    var input: String
    var output: String
    var format: RenderFormat
    var from: String?
    var at: RenderTime?
    var fps: Int
    var width: Int?
    var scale: Double
    var loop: Bool
    var hold: Double
    var theme: FrameTheme
    /// `--history`: the chart's versions in git (`HistoryRun`), with `--since` and `--max`.
    var history: Bool
    var quiet: Bool
    var noFiles: Bool
    var allParents: Bool
    var since: String?
    var max: Int
    var limits: SpecLimits
    var budget: RenderBudget
    /// `--hold` takes at most an hour: a GIF shows it as frames of 655.35 s, a WebP in one frame
    /// (at most 4.6 hours), an MP4 as a frame per 1/fps s (within `--max-frames`).
    static var maxHold: Double { 3_600_000 }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        guard arguments.positionals.count == 1 else {
            throw UsageError(message: arguments.positionals.isEmpty ? "give the SPEC to render (or - for standard input)" : "give exactly one SPEC")
        }
        input = arguments.positionals[0]
        guard let output = arguments.value("output") else {
            throw UsageError(message: "missing --output (-o FILE, or -o - for standard output)")
        }
        self.output = output
        if let name = arguments.value("format") {
            format = RenderFormat(rawValue: name)!
        } else if output == OutputFile.stdout {
            throw UsageError(message: "-o - needs --format", help: ["e.g. --format svg"])
        } else if let f = RenderFormat(path: output) {
            format = f
        } else {
            throw UsageError(message: "cannot tell the format of `\(output)` from its extension",
                             help: ["name a .svg, .png, .pdf, .gif, .webp or .mp4 file, or give --format"])
        }
        from = arguments.value("from")
        if let text = arguments.value("at") {
            guard let t = RenderTime(text) else {
                throw UsageError(message: "--at takes a time such as 1200ms, 1.2s or 50%, found `\(text)`")
            }
            guard format.isStill else {
                throw UsageError(message: "--at picks one instant: it goes with svg, png or pdf, not \(format.rawValue)")
            }
            at = t
        }
        fps = arguments.integer("fps") ?? 30
        guard (1...120).contains(fps) else { throw UsageError(message: "--fps must be between 1 and 120, found \(fps)") }
        width = arguments.integer("width")
        if let width, !(1...10_000).contains(width) { throw UsageError(message: "--width must be between 1 and 10000, found \(width)") }
        scale = 1
        if let text = arguments.value("scale") {
            guard width == nil else { throw UsageError(message: "give --width or --scale, not both") }
            guard let k = Double(text), k.isFinite, k > 0, k <= 20 else {
                throw UsageError(message: "--scale takes a number above 0 and at most 20, found `\(text)`")
            }
            scale = k
        }
        loop = arguments.flag("loop")
        let holdText = arguments.value("hold") ?? "1s"
        guard case .milliseconds(let ms)? = RenderTime(holdText) else {
            throw UsageError(message: "--hold takes a duration such as 1s or 500ms, found `\(holdText)`")
        }
        guard ms <= Self.maxHold else {
            throw UsageError(message: "--hold takes at most 1 hour (3600s), found `\(holdText)`",
                             help: ["without --loop, a GIF or WebP keeps showing its last frame once it has played"])
        }
        hold = ms
        theme = FrameTheme(rawValue: arguments.value("theme") ?? "light")!
        history = arguments.flag("history")
        quiet = arguments.flag("quiet")
        noFiles = arguments.flag("no-files")
        allParents = arguments.flag("all-parents")
        since = arguments.value("since")
        limits = try LimitOptions.limits(arguments)
        budget = try LimitOptions.budget(arguments)
        max = arguments.integer("max") ?? 50
        if history {
            guard from == nil else {
                throw UsageError(message: "--history draws the versions in git, each from the one before: it does not go with --from",
                                 help: ["drop --from, or drop --history to draw one transition"])
            }
            guard input != SpecInput.stdinArgument else {
                throw UsageError(message: "a spec from standard input has no history", help: ["name the spec's file in its git repository"])
            }
            guard !noFiles else {
                throw UsageError(message: "--history reads the spec's versions in git; --no-files reads no git", help: ["drop one of them"])
            }
            guard max >= 1 else { throw UsageError(message: "--max takes a whole number of at least 1, found \(max)") }
        } else if since != nil || arguments.integer("max") != nil || allParents {
            throw UsageError(message: "--since, --max and --all-parents pick the versions of --history", help: ["add --history"])
        }
        if output == OutputFile.stdout, format != .svg, isatty(STDOUT_FILENO) == 1 {
            throw UsageError(message: "refusing to write \(format.rawValue.uppercased()) to a terminal", help: ["redirect standard output, or write a file with -o FILE"])
        }
    }

    func run() throws(ExitStatus) {
        if format.needsRaster { try Raster.handOver() }
        let (source, run) = try compile()
        let size = source.size
        let options = FrameOptions(theme: theme, width: width.map(Double.init) ?? (size.width * scale).rounded())
        let line = source.timeline
        let instant = at?.milliseconds(on: line) ?? line.end
        if format == .svg {
            let sink = try open()
            sink.write(source.svg(at: instant, options: options))
            if let f = sink.commit() { try fail(f) }
            return
        }
        let job = format.isStill ? RasterJob.still(source, at: instant, format: format, options: options)
            : RasterJob.animated(source, format: format, options: options, fps: Double(fps), hold: hold, loop: loop)
        // The work is counted before anything is drawn or the output touched.
        if let over = budget.check(job, cause: RenderBudget.Cause(animation: run?.animationRange(limits: limits), history: history)) {
            let terminal = Terminal()
            let group = FileDiagnostics(path: SpecInput(path: input).displayPath, file: over.range == nil ? nil : run?.source, diagnostics: [over])
            terminal.err(DiagnosticRenderer.render(group, format: .human, color: terminal.colorOnStderr))
            throw ExitStatus(PiecExitCode.forDiagnostics([over]).rawValue)
        }
        let sink = try open()
        if let f = Raster.encode(job, to: sink) {
            sink.discard()
            try fail(f)
        }
        if let f = sink.commit() { try fail(f) }
    }

    /// The output, streamed: a new temporary file beside `-o FILE` (renamed over it by
    /// `commit`), or standard output.
    private func open() throws(ExitStatus) -> RenderSink {
        switch RenderSink.open(output) {
        case .success(let sink): return sink
        case .failure(let f): throw report(f)
        }
    }

    /// The chart and its transition (`RenderRun`), or its history (`HistoryRun`, no bundle
    /// written); diagnostics printed.
    private func compile() throws(ExitStatus) -> (FrameSource, RenderRun?) {
        let terminal = Terminal()
        if history {
            let result = HistoryRun.run(specPath: input, since: since, max: max, hold: hold, bundle: false, allParents: allParents, limits: limits)
            if let usage = result.usage {
                terminal.err(PiecUsage.message(usage))
                throw ExitStatus(PiecExitCode.usage.rawValue)
            }
            let frames = result.status == .success ? result.frames : nil
            for group in result.groups where !group.diagnostics.isEmpty && (frames == nil || !quiet) {
                terminal.err(DiagnosticRenderer.render(group, format: .human, color: terminal.colorOnStderr))
            }
            guard let frames else { throw ExitStatus(result.status.rawValue) }
            return (frames, nil)
        }
        let result = RenderRun.compile(input, from: from, limits: limits, readsFiles: !noFiles)
        if let usage = result.usage {
            terminal.err(PiecUsage.message(usage))
            throw ExitStatus(result.status.rawValue)
        }
        for group in result.groups where result.frames == nil || !quiet {
            terminal.err(DiagnosticRenderer.render(group, format: .human, color: terminal.colorOnStderr))
        }
        guard let frames = result.frames else { throw ExitStatus(result.status.rawValue) }
        return (frames, result)
    }

    private func fail(_ failure: DriverFailure) throws(ExitStatus) { throw report(failure) }

    /// Prints `failure` (about the output) and gives its exit status.
    private func report(_ failure: DriverFailure) -> ExitStatus {
        let terminal = Terminal()
        let group = FileDiagnostics(path: output == OutputFile.stdout ? "<stdout>" : output, file: nil, diagnostics: [failure.diagnostic])
        terminal.err(DiagnosticRenderer.render(group, format: .human, color: terminal.colorOnStderr))
        return ExitStatus(PiecExitCode.forDiagnostics([failure.diagnostic]).rawValue)
    }
}

/// `piec render`'s table (a generic type cannot hold a stored static).
private let renderSpec = CommandSpec(
    name: "render",
    abstract: "Draw a chart at one instant (SVG, PNG, PDF) or its motion (GIF, WebP, MP4) from piec's own model.",
    discussion: """
        The output's extension picks the format (or --format, which -o - needs): .svg is a static \
        SVG of one instant (no style sheet, no animation, no script), .png and .pdf one instant \
        too, .gif and .webp the whole motion (animated), .mp4 a video (made by the ffmpeg \
        program). Every frame is computed from piec's layout and plan, never taken from a browser.

        The motion is the transition from the previous version --from names (anything piec \
        build --from takes: a spec file, a bundle folder, an output folder, a git revision), or \
        the chart's enter animation without --from. --at picks the instant of a still image \
        (1200ms, 1.2s or 50% of the animation: 0% is the old chart, 100% the new one; default: \
        the final chart). SPEC - reads the spec from standard input (data files and .piec.yaml \
        are looked up from the working directory); -o - writes to standard output.

        --history draws the chart's history in git instead, as piec history's bundle shows it \
        (every committed version entering from the one before, resting --hold at each, with \
        a caption of its date and subject; the same canvas and frames): a GIF, WebP or MP4 of \
        every version, or one instant of it (default: the last version). It does not go with \
        --from or a spec from standard input.

        PNG, PDF, GIF, WebP and MP4 are made by piec-render, installed next to piec: piec hands \
        the command over to it.
        """,
    positional: PositionalSpec(name: "SPEC", help: "The spec file, or - for standard input.", repeatable: false, completion: .specs),
    options: [
        .option("output", short: "o", .text("FILE"), help: "The image or video to write, or - for standard output.", completes: .paths),
        .option("format", .choice("format", RenderFormat.allCases.map(\.rawValue)),
                help: "svg, png, pdf (one instant), gif, webp (animated) or mp4 (default: the output's extension)."),
        .option("from", .text("REF"), help: "Animate from this previous version: a spec file, a bundle folder (or an output folder holding <id>/), or a git revision such as HEAD~1.",
                completes: .paths),
        .option("at", .text("TIME"), help: "The instant of an SVG, PNG or PDF: 1200ms, 1.2s or 50% (default: the end)."),
        .option("fps", .integer("N"), help: "Frames per second of a GIF, WebP or MP4.", default: "30"),
        .option("width", .integer("PX"), help: "Width of the image in px (the height follows; default: the chart's size)."),
        .option("scale", .text("K"), help: "Scale the chart's size by K (instead of --width)."),
        .flag("loop", help: "Play a GIF or WebP over and over (default: once)."),
        .flag("quiet", help: "Nothing on stderr when the image is written (no warnings): for docs tools that merge stderr into their output."),
        .flag("no-files", help: "Draw the spec alone: no data file, no .piec.yaml and no git is read (a `data.file` is an error; --from must name a file or folder). For docs tools and render services."),
        .option("hold", .text("DURATION"), help: "How long the last frame of a GIF, WebP or MP4 shows (with --history: how long the chart rests at each version).",
                default: "1s"),
        .option("theme", .choice("theme", FrameTheme.allCases.map(\.rawValue)), help: "light or dark (the chart's theme.dark variant).",
                default: "light"),
        .flag("history", help: "Draw the chart's history in git, as piec history does: every version from the one before."),
        .option("since", .text("REV"), help: "With --history: only the commits after REV (REV..HEAD)."),
        .option("max", .integer("N"), help: "With --history: at most the N newest commits (default: 50)."),
        .flag("all-parents", help: "With --history: also the commits of merged branches (default: first parents only)."),
        LimitOptions.maxSlices,
        LimitOptions.maxFrames,
    ])
