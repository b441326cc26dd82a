#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// Runs git with arguments (never through a shell), capturing stdout and stderr.
enum Git {
    struct Output {
        var status: Int32
        var output: [UInt8]
        var error: [UInt8]
    }

    /// The most `input` may hold: it is written whole before the output is read, which cannot
    /// block while it fits in a pipe's buffer (64 KiB on Linux, 16 KiB at least elsewhere).
    static let maxInput = 16 * 1024

    /// The git program: the first `git` on PATH, found once per process (each spawn through
    /// `/usr/bin/env` cost an exec and a walk of PATH; a build in a repository spawns git twice).
    /// Nil when there is none: `run` then goes through `/usr/bin/env`, which says so.
    static let program: String? = {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":", omittingEmptySubsequences: true) where dir.hasPrefix("/") {
            let candidate = String(dir) + (dir.hasSuffix("/") ? "git" : "/git")
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }()

    /// What to spawn for `git -C directory arguments...`: the program (`program`, else
    /// `/usr/bin/env` finding git), its argv, and the environment with `GIT_TERMINAL_PROMPT=0`
    /// and `LC_ALL=C` (`run` and `GitObjects` both start git this way).
    static func command(_ arguments: [String], in directory: String) -> (path: String, argv: [String], environment: [String]) {
        let argv = (program == nil ? ["/usr/bin/env", "git"] : ["git"]) + ["-C", directory.isEmpty ? "." : directory] + arguments
        let environment = currentEnvironment().filter { !$0.hasPrefix("GIT_TERMINAL_PROMPT=") && !$0.hasPrefix("LC_ALL=") }
            + ["GIT_TERMINAL_PROMPT=0", "LC_ALL=C"]
        return (program ?? "/usr/bin/env", argv, environment)
    }

    /// `git -C directory arguments...` (`program`), with `GIT_TERMINAL_PROMPT=0` and
    /// `LC_ALL=C`; stdin is `input` (at most `maxInput` bytes), or /dev/null when it is empty.
    static func run(_ arguments: [String], in directory: String, input: [UInt8] = []) -> Output {
        precondition(input.count <= maxInput, "git input over a pipe buffer")
        let (spawnPath, argv, environment) = command(arguments, in: directory)
        // Close-on-exec pipes: git processes started by other threads at the same moment must
        // not inherit these ends (a reader would wait for their exit, see `closeOnExecPipe`).
        guard let out = closeOnExecPipe() else { return failed("cannot create a pipe") }
        guard let err = closeOnExecPipe() else {
            close(out.read); close(out.write)
            return failed("cannot create a pipe")
        }
        var inPipe: [Int32] = [-1, -1]
        if !input.isEmpty {
            guard let pipe = closeOnExecPipe() else {
                for fd in [out.read, out.write, err.read, err.write] { close(fd) }
                return failed("cannot create a pipe")
            }
            inPipe = [pipe.read, pipe.write]
        }
        let outPipe = [out.read, out.write], errPipe = [err.read, err.write]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input.isEmpty {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in outPipe + errPipe + inPipe where fd >= 0 { posix_spawn_file_actions_addclose(&actions, fd) }
        var pid = pid_t()
        let spawned = withCStrings(argv) { cArgv in
            withCStrings(environment) { cEnv in spawnLock.withLock { posix_spawn(&pid, spawnPath, &actions, nil, cArgv, cEnv) } }
        }
        close(outPipe[1]); close(errPipe[1])
        if !input.isEmpty {
            close(inPipe[0])
            if spawned == 0 { writeAll(input, to: inPipe[1]) }
            close(inPipe[1])
        }
        defer { close(outPipe[0]); close(errPipe[0]) }
        guard spawned == 0 else { return failed("git not found") }
        // git writes little to stderr (well under a pipe buffer), so reading stdout to the end
        // first cannot deadlock even for a large spec.
        let output = (try? readAll(fd: outPipe[0], limit: Int.max).get()) ?? []
        let error = (try? readAll(fd: errPipe[0], limit: Int.max).get()) ?? []
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return Output(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output: output, error: error)
    }

    /// Writes `bytes` to a pipe (retrying short writes and EINTR); gives up when the reader
    /// is gone (git failed to start: its error tells why). SIGPIPE is blocked in this thread
    /// meanwhile, and one it raised is consumed, so a git that exits early cannot kill piec.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        var pipeSignal = sigset_t(), saved = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &saved)
        defer {
            var pending = sigset_t()
            if sigpending(&pending) == 0, sigismember(&pending, SIGPIPE) == 1, sigismember(&saved, SIGPIPE) == 0 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &saved, nil)
        }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }

    private static func failed(_ message: String) -> Output {
        Output(status: 127, output: [], error: Array(message.utf8))
    }

    /// The process environment as `NAME=value` strings.
    private static func currentEnvironment() -> [String] {
        #if canImport(Darwin)
        let list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = _NSGetEnviron().pointee
        #else
        let list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        #endif
        guard var entry = list else { return [] }
        var result: [String] = []
        while let pointer = entry.pointee {
            result.append(String(cString: pointer))
            entry += 1
        }
        return result
    }

    /// Calls `body` with a NULL-terminated C array of `strings`.
    static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}

/// `bytes` as text without leading and trailing whitespace.
func trimmed(_ bytes: [UInt8]) -> String {
    let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C]
    guard let first = bytes.firstIndex(where: { !space.contains($0) }),
          let last = bytes.lastIndex(where: { !space.contains($0) }) else { return "" }
    return String(decoding: bytes[first...last], as: UTF8.self)
}
