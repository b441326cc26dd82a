#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// Renames inside one directory: a plain rename, and an atomic exchange of two entries
/// (`renameat2(RENAME_EXCHANGE)` on Linux, `renameatx_np(RENAME_SWAP)` on macOS).
enum AtomicRename {
    /// Moves `from` to `to` within `dir` (`renameat`).
    static func move(in dir: DirectoryHandle, from: String, to: String) -> POSIXFailure? {
        renameat(dir.fd, from, dir.fd, to) == 0 ? nil : POSIXFailure(operation: "rename", path: dir.child(from), code: errno)
    }

    /// Atomically swaps the entries `a` and `b` of `dir`: afterwards `a` names what `b` named and
    /// vice versa. Fails with ENOSYS/EINVAL/ENOTSUP where the system or file system cannot.
    static func exchange(in dir: DirectoryHandle, _ a: String, _ b: String) -> POSIXFailure? {
        #if canImport(Darwin)
        let result = renameatx_np(dir.fd, a, dir.fd, b, UInt32(RENAME_SWAP))
        #else
        // Glibc's `renameat2` is not visible to Swift (it needs _GNU_SOURCE) and `syscall` is
        // variadic, so resolve the glibc (>= 2.28) symbol at run time.
        guard let renameat2 = linuxRenameat2() else {
            return POSIXFailure(operation: "swap", path: dir.child(b), code: ENOSYS)
        }
        let renameExchange: UInt32 = 1 << 1  // RENAME_EXCHANGE from <linux/fs.h>
        let result = renameat2(dir.fd, a, dir.fd, b, renameExchange)
        #endif
        return result == 0 ? nil : POSIXFailure(operation: "swap", path: dir.child(b), code: errno)
    }

    /// True for the errors that mean "exchange is not available here" (fall back to two renames).
    static func isUnsupported(_ failure: POSIXFailure) -> Bool {
        failure.code == ENOSYS || failure.code == EINVAL || failure.code == ENOTSUP || failure.code == EOPNOTSUPP
    }

    #if !canImport(Darwin)
    private typealias Renameat2 = @convention(c) (Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UInt32) -> Int32

    private static func linuxRenameat2() -> Renameat2? {
        guard let handle = dlopen(nil, RTLD_NOW) else { return nil }
        defer { dlclose(handle) }
        guard let symbol = dlsym(handle, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: Renameat2.self)
    }
    #endif
}
