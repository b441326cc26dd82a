#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// An open directory; every operation is relative to its descriptor (`openat`, `mkdirat`, ...)
/// and never follows a symlink, so a path swapped for a link mid-build cannot redirect a write.
final class DirectoryHandle: Sendable {
    let fd: Int32
    /// The directory's path as the user sees it, for messages.
    let path: String

    private init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit { close(fd) }

    /// Opens `path` as a directory, refusing a symlink (`O_NOFOLLOW`).
    static func open(_ path: String) -> Result<DirectoryHandle, POSIXFailure> {
        let fd = openDirectory(AT_FDCWD, path)
        guard fd >= 0 else { return .failure(POSIXFailure(operation: "open directory", path: path, code: errno)) }
        return .success(DirectoryHandle(fd: fd, path: path))
    }

    /// Opens the subdirectory `name`, refusing a symlink.
    func openChild(_ name: String) -> Result<DirectoryHandle, POSIXFailure> {
        let fd = Self.openDirectory(self.fd, name)
        guard fd >= 0 else { return .failure(POSIXFailure(operation: "open directory", path: child(name), code: errno)) }
        return .success(DirectoryHandle(fd: fd, path: child(name)))
    }

    private static func openDirectory(_ base: Int32, _ name: String) -> Int32 {
        openat(base, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }

    /// `path/name` for messages.
    func child(_ name: String) -> String { path.hasSuffix("/") ? path + name : path + "/" + name }

    /// `lstat` of an entry; nil when it does not exist.
    func status(_ name: String) -> Result<FileStatus?, POSIXFailure> {
        var st = stat()
        if fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 { return .success(FileStatus(st)) }
        if errno == ENOENT { return .success(nil) }
        return .failure(POSIXFailure(operation: "inspect", path: child(name), code: errno))
    }

    /// The names in this directory (without `.` and `..`), sorted.
    func entries() -> Result<[String], POSIXFailure> {
        let copy = dup(fd)
        guard copy >= 0, let dir = fdopendir(copy) else {
            let code = errno
            return .failure(POSIXFailure(operation: "list", path: path, code: code))
        }
        defer { closedir(dir) }
        rewinddir(dir)
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    /// Reads a regular file without following a symlink; more than `limit` bytes is an error.
    func readFile(_ name: String, limit: Int) -> Result<[UInt8], POSIXFailure> {
        let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return .failure(POSIXFailure(operation: "read", path: child(name), code: errno)) }
        defer { close(file) }
        switch readAll(fd: file, limit: limit + 1) {
        case .failure(let e): return .failure(POSIXFailure(operation: "read", path: child(name), code: e.code))
        case .success(let bytes) where bytes.count > limit:
            return .failure(POSIXFailure(operation: "read", path: child(name), code: EFBIG))
        case .success(let bytes): return .success(bytes)
        }
    }

    /// Sets the entry's status-change time (ctime) to now without changing anything else: its
    /// mtime is set to the value it already has (the kernel then stamps the ctime). Best effort.
    func refreshStatusTime(_ name: String) {
        var st = stat()
        guard fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return }
        #if canImport(Darwin)
        let omit = -2  // UTIME_OMIT
        #else
        let omit = (1 << 30) - 2  // UTIME_OMIT (a macro Swift does not import)
        #endif
        var times = [timespec(tv_sec: 0, tv_nsec: omit), st.st_mtim]
        _ = utimensat(fd, name, &times, AT_SYMLINK_NOFOLLOW)
    }

    /// Creates a new file (`O_CREAT|O_EXCL|O_NOFOLLOW`) and writes `bytes` (not synced: see
    /// `Durability`). `startWriteback`: ask the kernel to start writing it out now.
    func createFile(_ name: String, bytes: [UInt8], startWriteback: Bool = false) -> POSIXFailure? {
        createFile(name, startWriteback: startWriteback) { write in bytes.withUnsafeBufferPointer(write) }
    }

    /// `createFile` with bytes given a buffer at a time: `buffers` calls its argument with each.
    func createFile(_ name: String, startWriteback: Bool = false,
                    buffers: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void) -> POSIXFailure? {
        let file = openat(fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { return POSIXFailure(operation: "create", path: child(name), code: errno) }
        var code: Int32?
        buffers { buffer in
            if code == nil { code = writeAll(fd: file, buffer) }
        }
        if let code {
            close(file)
            return POSIXFailure(operation: "write", path: child(name), code: code)
        }
        #if os(Linux)
        // Start writing the bytes out now, without waiting (SYNC_FILE_RANGE_WRITE): by the
        // time `syncFile` waits for them, the disk has had them together with the others.
        if startWriteback { _ = glibcSyncFileRange(file, 0, 0, 2) }
        #endif
        guard close(file) == 0 else { return POSIXFailure(operation: "write", path: child(name), code: errno) }
        return nil
    }

    /// Creates the subdirectory `name`; EEXIST is reported like any other failure.
    func makeDirectory(_ name: String) -> POSIXFailure? {
        mkdirat(fd, name, 0o755) == 0 ? nil : POSIXFailure(operation: "create directory", path: child(name), code: errno)
    }

    /// Removes a file (not a directory).
    func removeFile(_ name: String) -> POSIXFailure? {
        unlinkat(fd, name, 0) == 0 ? nil : POSIXFailure(operation: "remove", path: child(name), code: errno)
    }

    /// Removes an empty subdirectory.
    func removeDirectory(_ name: String) -> POSIXFailure? {
        unlinkat(fd, name, AT_REMOVEDIR) == 0 ? nil : POSIXFailure(operation: "remove", path: child(name), code: errno)
    }

    /// Flushes the directory's entries (after creating or renaming inside it).
    func sync() -> POSIXFailure? {
        fsync(fd) == 0 ? nil : POSIXFailure(operation: "sync", path: path, code: errno)
    }

    #if os(Linux)
    /// Flushes every file and directory of the file system this directory is on (`syncfs`),
    /// reporting a write error that happened since this descriptor was opened (Linux 5.8 and
    /// later).
    func syncFileSystem() -> POSIXFailure? {
        glibcSyncfs(fd) == 0 ? nil : POSIXFailure(operation: "sync", path: path, code: errno)
    }
    #endif

    /// Flushes the regular file `name` (opened read-only, not through a symlink: Linux and
    /// macOS flush a file's data and metadata through any descriptor of it).
    func syncFile(_ name: String) -> POSIXFailure? {
        let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { return POSIXFailure(operation: "sync", path: child(name), code: errno) }
        defer { close(file) }
        return fsync(file) == 0 ? nil : POSIXFailure(operation: "sync", path: child(name), code: errno)
    }
}

#if os(Linux)
/// glibc's `int sync_file_range(int fd, off64_t offset, off64_t nbytes, unsigned int flags)`
/// (needs _GNU_SOURCE, so Swift does not see it): linked directly, like `renameat2` in
/// `AtomicRename`, which also works in a static executable.
@_silgen_name("sync_file_range")
private func glibcSyncFileRange(_ fd: Int32, _ offset: Int64, _ nbytes: Int64, _ flags: UInt32) -> Int32

/// glibc's `int syncfs(int)`, declared the same way.
@_silgen_name("syncfs")
private func glibcSyncfs(_ fd: Int32) -> Int32
#endif
