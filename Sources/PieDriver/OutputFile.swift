#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieDiagnostics

/// One output file written on its own (`piec md`'s images and documents, `piec mdbook`'s
/// standard output; `piec render` streams through `RenderSink`), as atomically as a bundle: the bytes go to a new temporary file beside the
/// target (`O_EXCL|O_NOFOLLOW`), which is fsync'd and renamed over it, then the folder is
/// fsync'd. A target that is a symlink or not a regular file is refused; a file that already
/// holds the bytes is not touched. `-` is standard output.
public enum OutputFile {
    public static let stdout = "-"

    /// What happened to the target.
    public enum Outcome: Sendable, Equatable {
        case written, unchanged
    }

    /// Writes `bytes` to `path` (or standard output for `-`); a diagnostic (E0507, E0509)
    /// when it cannot.
    public static func write(_ bytes: [UInt8], to path: String) -> Result<Outcome, DriverFailure> {
        if path == stdout {
            if let code = writeAll(fd: 1, bytes) {
                return .failure(DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed,
                                                                      "cannot write to standard output: \(errnoText(code))")))
            }
            return .success(.written)
        }
        switch DirectoryHandle.open(folder(of: path)) {
        case .failure(let f): return .failure(DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, f.message)))
        case .success(let dir): return write(bytes, named: lastPathComponent(path), in: dir, shown: path)
        }
    }

    /// `write` of the entry `name` of an open folder (`shown`: its path in messages).
    static func write(_ bytes: [UInt8], named name: String, in dir: DirectoryHandle, shown path: String) -> Result<Outcome, DriverFailure> {
        func failed(_ f: POSIXFailure) -> Result<Outcome, DriverFailure> {
            .failure(DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, f.message)))
        }
        switch target(name, in: dir, shown: path) {
        case .failure(let f): return .failure(f)
        case .success(let status?):
            if status.size == bytes.count, case .success(let old) = dir.readFile(name, limit: bytes.count), old == bytes {
                return .success(.unchanged)
            }
        case .success(nil): break
        }
        let temporary = ".\(name).piec-\(getpid())"
        _ = dir.removeFile(temporary)
        if let f = dir.createFile(temporary, bytes: bytes) ?? dir.syncFile(temporary) ?? AtomicRename.move(in: dir, from: temporary, to: name) {
            _ = dir.removeFile(temporary)
            return failed(f)
        }
        if let f = dir.sync() { return failed(f) }
        return .success(.written)
    }

    /// The entry `name` of `dir` a file is about to replace: its status (nil when there is
    /// none), or E0507 for a symlink and E0509 for anything but a regular file (`shown`: its
    /// path in messages). `write` and `RenderSink` both ask it before writing a byte.
    static func target(_ name: String, in dir: DirectoryHandle, shown path: String) -> Result<FileStatus?, DriverFailure> {
        switch dir.status(name) {
        case .failure(let f): return .failure(DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, f.message)))
        case .success(let status?) where status.kind == .symlink:
            return .failure(DriverFailure(DriverDiagnostics.error(DriverDiagnostics.symlinkRefused,
                                                                  "refusing to write through the symlink `\(path)`",
                                                                  help: "remove the link or write elsewhere")))
        case .success(let status?) where status.kind != .regular:
            return .failure(DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed,
                                                                  "cannot write `\(path)`: it is not a regular file")))
        case .success(let status): return .success(status)
        }
    }
}

extension OutputFile {
    /// The bytes of a regular file (not through a symlink), or nil.
    public static func read(_ path: String) -> [UInt8]? {
        guard case .success(let dir) = DirectoryHandle.open(folder(of: path)),
              case .success(let bytes) = dir.readFile(lastPathComponent(path), limit: 1 << 30) else { return nil }
        return bytes
    }

    /// The folder of `path` (`.` for a bare name).
    public static func folder(of path: String) -> String {
        parentPath(path).isEmpty ? "." : parentPath(path)
    }
}
