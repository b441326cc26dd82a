import Foundation

/// stdout and stderr, unbuffered, and what the terminal supports.
struct Terminal: Sendable {
    func out(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }
    func err(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

    /// stderr is an interactive terminal.
    var stderrIsTTY: Bool { isatty(STDERR_FILENO) == 1 }

    /// Colour on stderr: only on a TTY, and only when `NO_COLOR` is unset or empty (no-color.org).
    var colorOnStderr: Bool {
        guard stderrIsTTY else { return false }
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"] ?? ""
        return noColor.isEmpty
    }
}

/// A `\r[123/1000]` progress line on stderr, shared by worker threads.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private let terminal: Terminal
    private var shown = 0
    private var visible = false

    init(terminal: Terminal) { self.terminal = terminal }

    func update(done: Int, total: Int) {
        lock.withLock {
            // Redraw at most ~100 times per run; never go backwards (threads finish out of order).
            guard done > shown, done == total || done - shown >= max(1, total / 100) else { return }
            shown = done
            visible = true
            terminal.err("\r[\(done)/\(total)]")
        }
    }

    func clear() {
        lock.withLock {
            if visible { terminal.err("\r\u{1B}[K") }
            visible = false
        }
    }
}
