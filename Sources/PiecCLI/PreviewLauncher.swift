#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieDriver

/// A running preview server, as two functions: feed it the watcher's events, stop it.
public struct PreviewHandle: Sendable {
    public var apply: @Sendable (WatchEvent) -> Void
    public var stop: @Sendable () -> Void
    public init(apply: @escaping @Sendable (WatchEvent) -> Void, stop: @escaping @Sendable () -> Void) {
        self.apply = apply
        self.stop = stop
    }
}

/// How `piec watch --serve` starts its preview server.
public protocol PreviewLauncher {
    /// Starts the server on 127.0.0.1:`port` (0: any free port); `line` prints a status line
    /// ("preview at http://127.0.0.1:8000/"). Throws an `ExitStatus` after printing why it failed.
    static func start(port: Int, line: @escaping @Sendable (String) -> Void) throws(ExitStatus) -> PreviewHandle
}

/// `piec`'s launcher: replaces the process with `piec-preview` (installed next to `piec`), which
/// runs the same command line with the server linked in. Returns only on failure.
public enum ExecPreview: PreviewLauncher {
    public static func start(port: Int, line: @escaping @Sendable (String) -> Void) throws(ExitStatus) -> PreviewHandle {
        let (path, reason) = Sibling.exec("piec-preview")
        line("piec: error: cannot start the preview server \(path): \(reason)\n"
            + "help: piec-preview is installed next to piec by `make install`; from a checkout, build it with `swift build --product piec-preview`")
        throw ExitStatus(PiecExitCode.ioFailure.rawValue)
    }
}

/// The executables installed beside `piec` (`piec-preview`, `piec-render`): each runs the same
/// command line with more linked in, so `piec` hands a command over by `exec` (same process,
/// same arguments, same standard input and output).
enum Sibling {
    /// Replaces this process with `name` from the running executable's directory (or PATH when
    /// that cannot be found), same arguments. Returns only on failure: (path, reason).
    static func exec(_ name: String) -> (path: String, reason: String) {
        let path = path(of: name)
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + CommandLine.arguments.dropFirst()).map { strdup($0) }
        argv.append(nil)
        if path.contains("/") { execv(path, argv) } else { execvp(path, argv) }
        return (path, String(cString: strerror(errno)))
    }

    /// `name` in the directory of the running executable.
    static func path(of name: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let me = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : (CommandLine.arguments.first ?? "piec")
        guard let slash = me.lastIndex(of: "/") else { return name }
        return String(me[...slash]) + name
    }
}
