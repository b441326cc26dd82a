#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import Dispatch
import PieDriver

/// `piec watch`: build everything, then rebuild each spec when it changes, until Ctrl-C.
/// `Preview` starts the `--serve` server (in `piec`, by handing over to `piec-preview`).
struct Watch<Preview: PreviewLauncher>: Command {
    static var spec: CommandSpec { watchSpec }

    var options: SpecOptions
    var output: String
    var poll: Bool
    var pollInterval: Int
    var debounce: Int
    var serve: Bool
    var port: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        options = try SpecOptions(arguments)
        if options.inputs.contains(SpecInput.stdinArgument) {
            throw UsageError(message: "piec watch cannot watch standard input", help: ["name spec files or folders"])
        }
        output = arguments.value("output") ?? "out"
        poll = arguments.flag("poll")
        pollInterval = arguments.integer("poll-interval") ?? 100
        debounce = arguments.integer("debounce") ?? 10
        serve = arguments.flag("serve")
        port = arguments.integer("port") ?? 8000
        if pollInterval < 1 { throw UsageError(message: "--poll-interval must be at least 1, found \(pollInterval)") }
        if debounce < 0 { throw UsageError(message: "--debounce must not be negative") }
        if !(0...65535).contains(port) { throw UsageError(message: "--port must be between 0 and 65535") }
    }

    func run() throws(ExitStatus) {
        var watch = WatchOptions(inputs: options.inputs, outputDir: output)
        watch.method = poll ? .poll : .auto
        watch.pollIntervalMS = pollInterval
        watch.debounceMS = debounce
        watch.jobs = options.jobs ?? defaultJobCount
        watch.limits = options.limits
        let printer = WatchPrinter(format: options.format, outputDir: output)
        let problems = Watcher.check(watch)
        if !problems.isEmpty {
            printer.diagnostics(problems)
            throw ExitStatus(PiecExitCode.forDiagnostics(problems.flatMap(\.diagnostics)).rawValue)
        }
        let preview = serve ? try Preview.start(port: port, line: { printer.line($0) }) : nil
        let watcher = Watcher(options: watch) { event in
            printer.print(event)
            preview?.apply(event)
        }
        let signals = StopSignals { watcher.stop() }
        watcher.run()
        signals.cancel()
        preview?.stop()
        printer.line("stopped")
    }
}

/// `piec watch`'s table (a generic type cannot hold a stored static).
private let watchSpec = CommandSpec(
    name: "watch",
    abstract: "Rebuild bundles whenever a spec changes; optionally serve a live preview.",
    discussion: """
        Builds every spec, then watches the files and directories given (inotify on Linux; \
        polling with --poll, where inotify is unavailable, and on macOS). Each save rebuilds \
        that spec against its last good build, so the new bundle animates from what was shown \
        before. A save with errors prints diagnostics and keeps the last good bundle. A deleted \
        spec has its bundle removed (only the files piec wrote). Ctrl-C stops with status 0.

        --serve starts a preview on 127.0.0.1 only: an index of all charts and one page per \
        chart, reloaded live after every build, with the diagnostics shown over the chart while \
        its spec is broken (served by `piec-preview`, installed next to `piec`).
        """,
    positional: SpecOptions.positional,
    options: SpecOptions.options + [
        .option("output", short: "o", .text("DIR"), help: "Output directory.", default: "out",
                    completes: .directories),
        .flag("poll", help: "Poll the files instead of using inotify."),
        .option("poll-interval", .integer("MS"), help: "Polling interval in milliseconds.", default: "100"),
        .option("debounce", .integer("MS"), help: "Quiet time after a change before building, in milliseconds.", default: "10"),
        .flag("serve", help: "Serve a live preview on 127.0.0.1."),
        .option("port", .integer("N"), help: "Preview port (0: any free port).", default: "8000"),
    ])

/// SIGINT and SIGTERM call `stop` (once; the watcher then finishes the build in progress, so no
/// temp files are left). A second signal while stopping exits at once with 130.
final class StopSignals {
    private let sources: [any DispatchSourceSignal]

    init(stop: @escaping @Sendable () -> Void) {
        let stopping = StopFlag()
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if stopping.setOnce() { stop() } else { _exit(130) }
            }
            source.resume()
            return source
        }
    }

    func cancel() { sources.forEach { $0.cancel() } }
}

final class StopFlag: @unchecked Sendable {
    private let lock = Lock()
    private var set = false
    /// True the first time.
    func setOnce() -> Bool { lock.withLock { defer { set = true }; return !set } }
}

/// Prints the watcher's events: diagnostics as `piec build` does (human/short on stderr,
/// json/github on stdout), and one status line per build on stderr:
/// `12:03:04 specs/a.yaml -> out/a: +1 slice, 2 updated (14 ms)`.
struct WatchPrinter: Sendable {
    var format: DiagnosticFormat
    var outputDir: String
    var terminal = Terminal()

    func print(_ event: WatchEvent) {
        switch event {
        case .started(let start):
            if let note = start.fallbackNote { line("note: \(note)") }
            let inputs = start.inputs.joined(separator: ", ")
            line("watching \(inputs) (\(start.method)) -> \(start.outputDir); press Ctrl-C to stop")
        case .built(let built):
            diagnostics([built.report])
            if !built.initial {
                let what = built.written ? built.summary.text : "unchanged"
                line("\(stamp()) \(built.path) -> \(bundlePath(built.bundle.id)): \(what) (\(ms(built.elapsedMS)))")
            }
        case .failed(let failed):
            diagnostics([failed.report] + failed.related)
            if !failed.initial {
                let errors = failed.report.diagnostics.filter { $0.severity == .error }.count
                let kept = failed.keptBundleID.map { "keeping \(bundlePath($0))" } ?? "no bundle yet"
                line("\(stamp()) \(failed.path): \(errors) error\(errors == 1 ? "" : "s"); \(kept)")
            }
        case .removed(let removed):
            removed.removal.problems.forEach { diagnostics([FileDiagnostics(path: removed.path, file: nil, diagnostics: [$0])]) }
            let what = removed.bundleID.map { removed.removal.removedFiles.isEmpty ? "nothing to remove for \($0)" : "removed \(bundlePath($0))" }
            line("\(stamp()) \(removed.path) is gone" + (what.map { ": \($0)" } ?? ""))
        case .problems(let groups):
            diagnostics(groups)
        case .initialBuildFinished(let totals):
            let failed = totals.failed > 0 ? ", \(totals.failed) with errors" : ""
            line("built \(totals.specs) spec\(totals.specs == 1 ? "" : "s") (\(totals.written) written, \(totals.unchanged) unchanged\(failed)) in \(ms(totals.elapsedMS))")
        case .batchFinished:
            break
        }
    }

    private func bundlePath(_ id: String) -> String { outputDir.hasSuffix("/") ? outputDir + id : outputDir + "/" + id }

    func line(_ text: String) {
        if format == .json { return }
        terminal.err(text + "\n")
    }

    func diagnostics(_ groups: [FileDiagnostics]) {
        let color = format == .human && terminal.colorOnStderr
        var text = ""
        for group in groups where !group.diagnostics.isEmpty {
            text += DiagnosticRenderer.render(group, format: format, color: color)
            if format == .human { text += "\n" }
        }
        guard !text.isEmpty else { return }
        switch format {
        case .human, .short: terminal.err(text)
        case .json, .github: terminal.out(text)
        }
    }

    private func ms(_ value: Double) -> String { "\(Int(value.rounded())) ms" }

    /// Local wall-clock time, `HH:MM:SS` (the terminal only; never in output files).
    private func stamp() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
