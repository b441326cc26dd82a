#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// A failed system call: which operation, on which path, and `errno`.
struct POSIXFailure: Error, Sendable {
    var operation: String
    var path: String
    var code: Int32

    /// "cannot create `out/x`: permission denied"
    var message: String { "cannot \(operation) `\(path)`: \(errnoText(code))" }
}

/// The system's text for an errno, lowercased first letter (diagnostic style).
func errnoText(_ code: Int32) -> String {
    guard let raw = strerror(code) else { return "error \(code)" }
    var text = String(cString: raw)
    if let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase ?? true {
        text = first.lowercased() + text.dropFirst()
    }
    return text
}

/// What `stat`/`lstat` says about a path.
struct FileStatus: Sendable, Hashable {
    enum Kind: Sendable { case regular, directory, symlink, other }
    var kind: Kind
    var size: Int
    var device: UInt64
    var inode: UInt64

    init(_ st: stat) {
        switch st.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        default: kind = .other
        }
        size = Int(st.st_size)
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }

    /// `lstat` (does not follow a final symlink); nil with errno set when it fails.
    static func lstatus(_ path: String) -> Result<FileStatus, POSIXFailure> {
        var st = stat()
        guard lstat(path, &st) == 0 else { return .failure(POSIXFailure(operation: "inspect", path: path, code: errno)) }
        return .success(FileStatus(st))
    }

    /// `stat` (follows symlinks).
    static func status(_ path: String) -> Result<FileStatus, POSIXFailure> {
        var st = stat()
        guard stat(path, &st) == 0 else { return .failure(POSIXFailure(operation: "inspect", path: path, code: errno)) }
        return .success(FileStatus(st))
    }
}

/// Reads at most `limit` bytes from an open descriptor (the caller decides what more means).
/// `size` (from an earlier `fstat`, if the caller has one) sizes the read buffer.
func readAll(fd: Int32, limit: Int, size: Int? = nil) -> Result<[UInt8], Errno> {
    var bytes: [UInt8] = []
    // A chunk just larger than the file (so one read gets it all and the next sees the end),
    // at most 64 KiB: a spec is typically 1 KiB, and zeroing 64 KiB per file showed up.
    var st = stat()
    let known = size ?? (fstat(fd, &st) == 0 ? Int(st.st_size) : 0)
    let hint = known > 0 ? known + 1 : 64 * 1024
    var chunk = [UInt8](repeating: 0, count: min(64 * 1024, max(4096, hint)))
    while bytes.count < limit {
        let want = min(chunk.count, limit - bytes.count)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, want) }
        if n < 0 {
            if errno == EINTR { continue }
            return .failure(Errno(code: errno))
        }
        if n == 0 { break }
        bytes.append(contentsOf: chunk[0..<n])
        // A short read that completes the size `fstat` gave is the end of a regular file: no
        // second read(2) just to see 0 (one syscall per spec). A file that grew since its
        // fstat is read as of that size, which is the same race as growing after the read.
        if let size, bytes.count == size, n < want { break }
    }
    return .success(bytes)
}

/// A bare errno as an `Error`.
struct Errno: Error, Sendable {
    var code: Int32
}

/// Writes every byte to an open descriptor, retrying short writes and EINTR.
func writeAll(fd: Int32, _ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBufferPointer { writeAll(fd: fd, $0) }
}

/// Writes the whole buffer, retrying short writes and EINTR; the errno of a failure, or nil.
func writeAll(fd: Int32, _ buffer: UnsafeBufferPointer<UInt8>) -> Int32? {
    var offset = 0
    while offset < buffer.count {
        let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += n
    }
    return nil
}

/// A pipe whose two ends are closed in every program this process starts (`FD_CLOEXEC`). A
/// child gets the ends it needs through `posix_spawn`'s `dup2` actions only; without the flag,
/// a child started by another thread at the same moment would inherit this pipe's ends too,
/// and a reader waiting for end-of-file would wait for that unrelated child (two
/// `git cat-file --batch` of one build each held the other's stdin open: both hung). The
/// pipe is made and flagged under `spawnLock`, which every spawn holds too, so no child can be
/// started in between (Glibc's module does not offer `pipe2`).
public func closeOnExecPipe() -> (read: Int32, write: Int32)? {
    spawnLock.withLock {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }
}

/// Held while a pipe is made and flagged (`closeOnExecPipe`) and while a child is spawned.
public let spawnLock = Lock()
