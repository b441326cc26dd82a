#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// A self-pipe: `wake()` from any thread makes a `poll` on `readFD` return. Used to interrupt a
/// change source's wait (stop requests, injected events).
final class WakePipe: Sendable {
    let readFD: Int32
    let writeFD: Int32

    init() {
        let made = closeOnExecPipe()
        let fds: [Int32] = made.map { [$0.read, $0.write] } ?? [-1, -1]
        for fd in fds where fd >= 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        readFD = fds[0]
        writeFD = fds[1]
    }

    deinit {
        if readFD >= 0 { close(readFD) }
        if writeFD >= 0 { close(writeFD) }
    }

    /// Makes the next (or current) wait return. A full pipe already means "wake up".
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Empties the pipe after a wake-up.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while buffer.withUnsafeMutableBytes({ read(readFD, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Waits until `fd` (if any, >= 0) is readable, the pipe is woken, or `timeoutMS` passes
    /// (nil: no limit). Returns true when `fd` is readable.
    func wait(for fd: Int32?, timeoutMS: Int?) -> Bool {
        var fds = [pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)]
        if let fd { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
        let timeout = timeoutMS.map { Int32(clamping: max(0, $0)) } ?? -1
        var result: Int32
        repeat {
            result = poll(&fds, nfds_t(fds.count), timeout)
        } while result < 0 && errno == EINTR
        if fds[0].revents != 0 { drain() }
        return fds.count > 1 && fds[1].revents != 0
    }
}
