import Dispatch
import PieDriver
import PieJSON

/// Runs a build and reports it: diagnostics in the chosen format, then a summary line.
///
/// human and short diagnostics go to stderr; json (JSON Lines) and github (workflow commands)
/// go to stdout for tools. The summary goes to stderr, except with json.
struct Reporter {
    var format: DiagnosticFormat
    var terminal = Terminal()
    /// `--quiet`: nothing on stderr when the build succeeds (warnings included; with `--format
    /// json` or `github` they still go to stdout, where a tool reads them).
    var quiet = false

    /// Above this many specs, a TTY shows a progress line while compiling.
    static let progressThreshold = 200

    func run(_ request: BuildRequest, builder: Builder) -> PiecExitCode {
        let start = DispatchTime.now().uptimeNanoseconds
        let progress = terminal.stderrIsTTY ? ProgressLine(terminal: terminal) : nil
        let report = builder.build(request) { done, total in
            if total > Self.progressThreshold { progress?.update(done: done, total: total) }
        }
        progress?.clear()
        let elapsed = (DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        if let usage = report.usage {
            terminal.err(PiecUsage.message(usage))
            return report.status
        }
        let silent = quiet && report.status == .success
        if !(silent && (format == .human || format == .short)) { printDiagnostics(report.groups) }
        printDrawing(report.outcomes)
        if format != .json, !silent {
            terminal.err(Summary(report: report, mode: request.mode, elapsedMS: Int(elapsed), fix: request.fixCommand(maxSlices: builder.limits.maxSlices)).text + "\n")
        }
        return report.status
    }

    /// `--explain`: each chart's drawing plan, one decision a line in the plan's fixed order,
    /// `FILE (ID) PART NAME VALUE: REASON`, or a JSON object a line.
    private func printDrawing(_ outcomes: [SpecOutcome]) {
        var text = ""
        for outcome in outcomes {
            guard let drawing = outcome.drawing, let id = outcome.bundleID else { continue }
            for part in drawing {
                let head = outcome.input.displayPath + " (" + id + ") " + part.part + " "
                for (decision, line) in zip(part.decisions, part.lines) {
                    if format == .json {
                        text += JSONValue.object([("explain", .string(outcome.input.displayPath)), ("id", .string(id)),
                                                  ("part", .string(part.part)), ("decision", .string(decision.name)),
                                                  ("value", .string(decision.value)), ("reason", .string(decision.reason))])
                            .serialized() + "\n"
                    } else {
                        text += head + line + "\n"
                    }
                }
            }
        }
        if !text.isEmpty { terminal.out(text) }
    }

    private func printDiagnostics(_ groups: [FileDiagnostics]) {
        let color = format == .human && terminal.colorOnStderr
        var text = ""
        for group in groups {
            text += DiagnosticRenderer.render(group, format: format, color: color)
            if format == .human && !group.diagnostics.isEmpty { text += "\n" }
        }
        guard !text.isEmpty else { return }
        switch format {
        case .human, .short: terminal.err(text)
        case .json, .github: terminal.out(text)
        }
    }
}

/// The one-line summary after a build, e.g. `built 8 charts (3 written, 5 unchanged) in 42 ms`.
struct Summary {
    var report: BuildReport
    var mode: BuildRequest.Mode
    var elapsedMS: Int
    /// The command that writes what `--check` expects.
    var fix = "piec build"

    var text: String {
        let specs = report.outcomes.count
        if !report.discoveryProblems.isEmpty {
            return "error: some inputs cannot be read" + (mode == .validate ? "" : "; nothing was written")
        }
        if report.failedSpecs > 0 {
            let verb = report.failedSpecs == 1 ? "has" : "have"
            let tail = mode == .validate ? "" : "; nothing was written"
            return "error: \(report.failedSpecs) of \(plural(specs, "spec")) \(verb) errors\(tail)"
        }
        switch mode {
        case .validate:
            return "checked \(plural(specs, "spec")): no errors in \(elapsedMS) ms"
        case .checkStale:
            let stale = report.stale.count
            if stale > 0 { return "error: \(stale) of \(plural(specs, "bundle")) \(stale == 1 ? "is" : "are") out of date; run `\(fix)`" }
            return "checked \(plural(specs, "chart")): all bundles up to date in \(elapsedMS) ms"
        case .write:
            let write = report.write ?? WriteReport()
            if !write.succeeded { return "error: cannot write the output; previous bundles are left intact" }
            return "built \(plural(specs, "chart")) (\(write.written.count) written, \(write.unchanged.count) unchanged) in \(elapsedMS) ms"
        }
    }

    private func plural(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
