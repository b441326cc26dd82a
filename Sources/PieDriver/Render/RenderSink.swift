#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieDiagnostics

/// Where `piec render` streams its output while the encoder makes it, so the encoded bytes
/// are never held whole: a file, standard output (`-`), or memory (`piec md --gif`, whose
/// images are written with the document).
///
/// A file is written the way `Output/` writes a bundle: the destination's folder is opened once
/// (`DirectoryHandle`, not through a symlink) and everything is relative to it; the bytes go to
/// a new temporary file beside the target (`O_CREAT|O_EXCL|O_NOFOLLOW`), which `commit` fsyncs
/// and renames over the target (`AtomicRename`), then fsyncs the folder. A target that is a
/// symlink (E0507) or not a regular file (E0509) is refused before anything is written; until
/// `commit`, and on any failure, the target is untouched and the temporary file is removed.
/// Standard output gets the bytes as they come (a failure midway leaves what was written).
public final class RenderSink: @unchecked Sendable {
    private enum Target {
        case file(DirectoryHandle, name: String, temporary: String, fd: Int32)
        case stdout
        case memory
    }

    private var target: Target
    /// What was written, for a memory sink (empty for the others).
    public private(set) var bytes: [UInt8] = []
    /// The first write error (errno); later writes are skipped.
    private var failure: POSIXFailure?
    private var finished = false
    /// Bytes written so far.
    public private(set) var count = 0

    private init(_ target: Target) { self.target = target }

    /// A sink collecting the bytes in `bytes`.
    public static func memory() -> RenderSink { RenderSink(.memory) }

    /// A sink for `path` (`-`: standard output); E0507 or E0509 when it cannot be written.
    public static func open(_ path: String) -> Result<RenderSink, DriverFailure> {
        if path == OutputFile.stdout { return .success(RenderSink(.stdout)) }
        let name = lastPathComponent(path)
        func failed(_ f: POSIXFailure) -> Result<RenderSink, DriverFailure> {
            .failure(DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, f.message)))
        }
        let dir: DirectoryHandle
        switch DirectoryHandle.open(OutputFile.folder(of: path)) {
        case .failure(let f): return failed(f)
        case .success(let d): dir = d
        }
        if case .failure(let f) = OutputFile.target(name, in: dir, shown: path) { return .failure(f) }
        let temporary = ".\(name).piec-\(getpid())"
        _ = dir.removeFile(temporary)
        let fd = openat(dir.fd, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return failed(POSIXFailure(operation: "create", path: dir.child(temporary), code: errno)) }
        return .success(RenderSink(.file(dir, name: name, temporary: temporary, fd: fd)))
    }

    deinit { discard() }

    /// Appends `buffer` (a write error is kept and reported by `commit`).
    public func write(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard failure == nil, !finished, buffer.count > 0 else { return }
        count += buffer.count
        switch target {
        case .memory: bytes.append(contentsOf: buffer)
        case .stdout:
            if let code = writeAll(fd: 1, buffer) { failure = POSIXFailure(operation: "write", path: "standard output", code: code) }
        case .file(let dir, _, let temporary, let fd):
            if let code = writeAll(fd: fd, buffer) { failure = POSIXFailure(operation: "write", path: dir.child(temporary), code: code) }
        }
    }

    public func write(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { write($0) } }

    /// Makes the output visible: a file is synced and renamed over the target, its folder
    /// synced. E0509 when a write failed or this cannot be done (the target is then untouched).
    public func commit() -> DriverFailure? {
        guard !finished else { return nil }
        if let failure {
            discard()
            return DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, failure.message))
        }
        guard case .file(let dir, let name, let temporary, let fd) = target else {
            finished = true
            return nil
        }
        finished = true
        var problem: POSIXFailure?
        if fsync(fd) != 0 { problem = POSIXFailure(operation: "sync", path: dir.child(temporary), code: errno) }
        if close(fd) != 0, problem == nil { problem = POSIXFailure(operation: "write", path: dir.child(temporary), code: errno) }
        if problem == nil { problem = AtomicRename.move(in: dir, from: temporary, to: name) }
        if let problem {
            _ = dir.removeFile(temporary)
            return DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, problem.message))
        }
        if let f = dir.sync() { return DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, f.message)) }
        return nil
    }

    /// Drops the output: a file's temporary file is removed, the target untouched.
    public func discard() {
        guard !finished else { return }
        finished = true
        if case .file(let dir, _, let temporary, let fd) = target {
            close(fd)
            _ = dir.removeFile(temporary)
        }
    }
}
