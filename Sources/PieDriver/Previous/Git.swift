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

    /// `git -C directory arguments...` found on PATH through `/usr/bin/env`, with
    /// `GIT_TERMINAL_PROMPT=0` and `LC_ALL=C`, stdin from /dev/null.
    static func run(_ arguments: [String], in directory: String) -> Output {
        let argv = ["/usr/bin/env", "git", "-C", directory.isEmpty ? "." : directory] + arguments
        let environment = currentEnvironment().filter { !$0.hasPrefix("GIT_TERMINAL_PROMPT=") && !$0.hasPrefix("LC_ALL=") }
            + ["GIT_TERMINAL_PROMPT=0", "LC_ALL=C"]
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0 else { return failed("cannot create a pipe") }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0]); close(outPipe[1])
            return failed("cannot create a pipe")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, fd) }
        var pid = pid_t()
        let spawned = withCStrings(argv) { cArgv in
            withCStrings(environment) { cEnv in posix_spawn(&pid, "/usr/bin/env", &actions, nil, cArgv, cEnv) }
        }
        close(outPipe[1]); close(errPipe[1])
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
    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}
