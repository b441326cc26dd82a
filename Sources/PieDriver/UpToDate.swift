#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieCore

/// The fast path of an unchanged rebuild: decides from a few `lstat`s and the head of
/// `manifest.json`, without generating the bundle, that `OUT/<id>/` already holds exactly what
/// this piec would write for these spec bytes. Used by `piec build` and `piec build --check`
/// (full bundles, no `--from`). Sound with previous versions: a bundle built from these very
/// bytes keeps the previous its manifest records, both by default and in `--check`
/// (`PreviousResolver`), so the bytes it would write are the ones on disk. A fresh clone gives
/// every file a new ctime: its first build or check takes the full path.
///
/// The bundle is up to date when all of these hold:
/// - `OUT` and `OUT/<id>` are real directories (no symlink) holding the four bundle files as
///   regular files, and no entry was added, removed or renamed in `OUT/<id>` since the swap:
///   the folder's mtime (entry changes) is earlier than its ctime (set by the swap or by
///   `refreshStatusTime`), so no listing of the folder is needed;
/// - the manifest begins with this piec's version, the id and the SHA-256 of the spec bytes;
/// - no file was changed after the bundle directory was swapped in: each file's status-change
///   time (`ctime`, which no user can set: any write, `touch`, `chmod` or rename updates it) is
///   earlier than the directory's, which the atomic swap set after every file was written;
/// - every file is non-empty (piec never writes an empty file: an empty one is what a file
///   system can leave after a power loss when bytes were not synced; `Durability` makes that
///   impossible for bundles piec swapped in, and this check refuses it from anywhere else);
/// - the piec executable is not newer than the bundle (a rebuilt piec may write other bytes).
///   When the full path finds a bundle's bytes unchanged, the writer refreshes the folder's
///   ctime (`DirectoryHandle.refreshStatusTime`), so the next build trusts it again.
///
/// All comparisons are strict, so anything in the same clock tick as the swap (timestamps
/// have a granularity of a few ms) fails the fast path: a bundle built moments ago takes the
/// full compare once, which refreshes its folder's ctime. Trade-offs: the check trusts the
/// system clock not to step backwards, and files restored with their bytes but fresh ctimes
/// (e.g. by `git checkout`) take the full compare. Anything else falls back to compiling and
/// comparing every byte, so the fast path can only skip work, never write wrong bytes.
enum UpToDate {
    /// Whether `outputDir` is a real directory (not a symlink): the fast path's precondition,
    /// checked once per build (`Builder.compileAll`).
    static func usable(outputDir: String) -> Bool {
        lstatTimes(outputDir)?.isDirectory == true
    }

    /// True when `outputDir/<id>` needs no work for a spec with `specBytes` (see above);
    /// `outputDir` must have passed `usable(outputDir:)`.
    static func isCurrent(outputDir: String, id: String, specBytes: [UInt8]) -> Bool {
        #if os(Linux)
        guard let exe = executableTime else { return false }
        let dirPath = outputDir.hasSuffix("/") ? outputDir + id : outputDir + "/" + id
        // Strict comparisons: timestamps come from a clock tick of a few ms, so a change in the
        // same tick as the swap looks simultaneous; it must then fail the fast path.
        guard let dir = lstatTimes(dirPath), dir.isDirectory, exe < dir.ctime, dir.mtime < dir.ctime else { return false }
        for name in Bundle.fileNames {
            guard let file = lstatTimes(dirPath + "/" + name), file.isRegular, file.size > 0, file.ctime < dir.ctime else {
                return false
            }
        }
        guard let head = readPrefix(dirPath + "/" + ExistingBundle.manifestName, count: 512) else { return false }
        return head.starts(with: Manifest.head(id: id, specBytes: specBytes))
        #else
        return false
        #endif
    }

    /// A time in nanoseconds since the epoch.
    typealias Nanoseconds = Int64

    private struct Times {
        var isDirectory: Bool
        var isRegular: Bool
        var ctime: Nanoseconds
        var mtime: Nanoseconds
        var size: Int
    }

    private static func lstatTimes(_ path: String) -> Times? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        let kind = st.st_mode & S_IFMT
        return Times(isDirectory: kind == S_IFDIR, isRegular: kind == S_IFREG,
                     ctime: Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec),
                     mtime: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec),
                     size: Int(st.st_size))
    }

    /// The first `count` bytes of a regular file (not through a symlink).
    private static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, 0) }
        guard n >= 0 else { return nil }
        bytes.removeLast(count - n)
        return bytes
    }

    /// When the running executable was last modified (nil when unknown: no fast path).
    private static let executableTime: Nanoseconds? = {
        var st = stat()
        guard stat("/proc/self/exe", &st) == 0 else { return nil }
        return Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
    }()
}
