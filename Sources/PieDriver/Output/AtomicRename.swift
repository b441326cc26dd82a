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

    /// Moves `from` to `to` within `dir` only if `to` does not exist (EEXIST otherwise), in one
    /// step (`renameat2(RENAME_NOREPLACE)`, `renameatx_np(RENAME_EXCL)`); where the file system
    /// cannot, a hard link (which refuses an existing name too) and an unlink of `from`.
    static func moveWithoutReplacing(in dir: DirectoryHandle, from: String, to: String) -> POSIXFailure? {
        #if canImport(Darwin)
        let result = renameatx_np(dir.fd, from, dir.fd, to, UInt32(RENAME_EXCL))
        #else
        let result = glibcRenameat2(dir.fd, from, dir.fd, to, 1 << 0)  // RENAME_NOREPLACE
        #endif
        if result == 0 { return nil }
        let failure = POSIXFailure(operation: "create", path: dir.child(to), code: errno)
        guard isUnsupported(failure) else { return failure }
        guard linkat(dir.fd, from, dir.fd, to, 0) == 0 else { return POSIXFailure(operation: "create", path: dir.child(to), code: errno) }
        _ = unlinkat(dir.fd, from, 0)
        return nil
    }

    /// Atomically swaps the entries `a` and `b` of `dir`: afterwards `a` names what `b` named and
    /// vice versa. Fails with ENOSYS/EINVAL/ENOTSUP where the system or file system cannot.
    static func exchange(in dir: DirectoryHandle, _ a: String, _ b: String) -> POSIXFailure? {
        #if canImport(Darwin)
        let result = renameatx_np(dir.fd, a, dir.fd, b, UInt32(RENAME_SWAP))
        #else
        // Glibc's `renameat2` (>= 2.28) is not visible to Swift (it needs _GNU_SOURCE) and
        // `syscall` is variadic, so the symbol is declared below and linked directly: resolving it
        // with dlopen/dlsym fails in a statically linked executable (`-static-executable`), which
        // silently lost the atomic exchange.
        let renameExchange: UInt32 = 1 << 1  // RENAME_EXCHANGE from <linux/fs.h>
        let result = glibcRenameat2(dir.fd, a, dir.fd, b, renameExchange)
        #endif
        return result == 0 ? nil : POSIXFailure(operation: "swap", path: dir.child(b), code: errno)
    }

    /// True for the errors that mean "exchange is not available here" (fall back to two renames).
    static func isUnsupported(_ failure: POSIXFailure) -> Bool {
        failure.code == ENOSYS || failure.code == EINVAL || failure.code == ENOTSUP || failure.code == EOPNOTSUPP
    }
}

#if !canImport(Darwin)
/// glibc's `int renameat2(int, const char *, int, const char *, unsigned int)`.
@_silgen_name("renameat2")
private func glibcRenameat2(_ olddirfd: Int32, _ oldpath: UnsafePointer<CChar>?, _ newdirfd: Int32,
                            _ newpath: UnsafePointer<CChar>?, _ flags: UInt32) -> Int32
#endif
