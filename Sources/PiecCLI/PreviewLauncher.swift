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
        let path = previewExecutable()
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + CommandLine.arguments.dropFirst()).map { strdup($0) }
        argv.append(nil)
        if path.contains("/") { execv(path, argv) } else { execvp(path, argv) }
        let reason = String(cString: strerror(errno))
        line("error: cannot start the preview server \(path): \(reason) (build it with `swift build --product piec-preview`; it is installed next to piec)")
        throw ExitStatus(PiecExitCode.ioFailure.rawValue)
    }

    /// `piec-preview` in the directory of the running executable.
    static func previewExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let me = count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : (CommandLine.arguments.first ?? "piec")
        guard let slash = me.lastIndex(of: "/") else { return "piec-preview" }
        return String(me[...slash]) + "piec-preview"
    }
}
