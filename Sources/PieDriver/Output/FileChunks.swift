#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// Comparing and copying files a bounded chunk at a time: the stager compares a generated file
/// with the one on disk, and copies files found equal into a new staging folder, without ever
/// holding a second whole copy of a large file (a manifest of 100,000 slices is 67 MB).
extension DirectoryHandle {
    static let chunkSize = 1 << 20

    /// True when `name` is a regular file holding exactly the `count` bytes that `buffers`
    /// gives a buffer at a time (it calls its argument with each); false when it is missing.
    func holds(_ name: String, count: Int, buffers: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> Result<Bool, POSIXFailure> {
        let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else {
            return errno == ENOENT ? .success(false) : .failure(POSIXFailure(operation: "read", path: child(name), code: errno))
        }
        defer { close(file) }
        var st = stat()
        guard fstat(file, &st) == 0 else { return .failure(POSIXFailure(operation: "read", path: child(name), code: errno)) }
        guard (st.st_mode & S_IFMT) == S_IFREG, Int(st.st_size) == count else { return .success(false) }
        var chunk = [UInt8](repeating: 0, count: min(Self.chunkSize, max(count, 1)))
        var result: Result<Bool, POSIXFailure> = .success(true)
        buffers { buffer in
            var at = 0
            while case .success(true) = result, at < buffer.count {
                let n = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, min($0.count, buffer.count - at)) }
                if n < 0, errno == EINTR { continue }
                if n < 0 {
                    result = .failure(POSIXFailure(operation: "read", path: child(name), code: errno))
                } else if n == 0 || chunk.withUnsafeBytes({ memcmp($0.baseAddress!, buffer.baseAddress! + at, n) }) != 0 {
                    result = .success(false)
                }
                at += max(n, 0)
            }
        }
        return result
    }

    /// Creates `name` in `target` with the bytes of this folder's `name`, a chunk at a time.
    func copyFile(_ name: String, to target: DirectoryHandle) -> POSIXFailure? {
        let source = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard source >= 0 else { return POSIXFailure(operation: "read", path: child(name), code: errno) }
        defer { close(source) }
        let file = openat(target.fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { return POSIXFailure(operation: "create", path: target.child(name), code: errno) }
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else {
                let code = errno
                close(file)
                return POSIXFailure(operation: "read", path: child(name), code: code)
            }
            if n == 0 { break }
            if let code = chunk.withUnsafeBufferPointer({ writeAll(fd: file, UnsafeBufferPointer(rebasing: $0[..<n])) }) {
                close(file)
                return POSIXFailure(operation: "write", path: target.child(name), code: code)
            }
        }
        guard close(file) == 0 else { return POSIXFailure(operation: "write", path: target.child(name), code: errno) }
        return nil
    }
}
