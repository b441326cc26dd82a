#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieDriver

/// stdout and stderr, unbuffered, and what the terminal supports.
struct Terminal: Sendable {
    func out(_ text: String) { Self.write(text, to: STDOUT_FILENO) }
    func err(_ text: String) { Self.write(text, to: STDERR_FILENO) }

    /// Writes everything, retrying short writes; a closed or full stream is not worth a crash.
    private static func write(_ text: String, to fd: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }

    /// stderr is an interactive terminal.
    var stderrIsTTY: Bool { isatty(STDERR_FILENO) == 1 }

    /// Colour on stderr: only on a TTY, and only when `NO_COLOR` is unset or empty (no-color.org).
    var colorOnStderr: Bool {
        guard stderrIsTTY else { return false }
        guard let noColor = getenv("NO_COLOR") else { return true }
        return noColor.pointee == 0
    }
}

/// `write(2)` (the name `write` is taken inside `Terminal`).
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// A `\r[123/1000]` progress line on stderr, shared by worker threads.
final class ProgressLine: @unchecked Sendable {
    private let lock = Lock()
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
