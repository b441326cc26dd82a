#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// How the bytes of a build reach the disk before anyone can see them: the method that keeps
/// the folder's first invariant (`Output.swift`: a name under `OUT/<id>/` only ever points at
/// bytes already on stable storage). Every changed bundle is staged; once *all* of them are
/// written they are made durable (`Method`); only then is each swapped in.
///
/// piec until 2026-11 fsync'd each file right after writing it: every file was its own
/// journal commit (5,001 for 1,000 bundles, 1.5-3 s on ext4). Now nothing is synced until
/// every bundle is written, by one of two methods with the same guarantee:
enum Durability {
    enum Method: Equatable {
        /// Each staged file, then its folder, is fsync'd (`BundleStager.makeDurable`). Writes
        /// already started their write-back (`sync_file_range`), so the disk got the bytes
        /// together, and the first fsync commits the journal transaction holding every new
        /// file (1000 bundles on ext4: 0.57 s with the early write-back, 0.80 s without).
        /// Flushes only piec's own files. Portable.
        case eachFile
        /// One `syncfs` on the output's file system (Linux): one commit, one cache flush, no
        /// system call per file; but it also flushes every other program's unwritten data on
        /// that file system (with another program writing 1.5 GB, one bundle took 0.69 s
        /// instead of 0.02 s), so it is chosen only when there is little of that. Files are
        /// written without starting their write-back: `sync_file_range` per file only added to
        /// the build (1000 bundles on ext4, side by side: 255 ms with it, 241 ms without).
        case fileSystem
    }

    /// Below this many changed bundles, `eachFile` costs about the same as `syncfs`.
    static let fileSystemMinimumBundles = 32
    /// `syncfs` only when the system holds at most this much unwritten data when the build
    /// starts writing (other programs' data: piec has written nothing yet).
    static let otherDirtyLimit = 64 << 20

    /// The method for a build that writes up to `bundles` bundles, chosen before any is
    /// staged (it decides how files are written, too). `PIEC_SYNC=files` or
    /// `PIEC_SYNC=filesystem` forces one (tests, and users who know their disk); anything else
    /// chooses. Off Linux there is no `syncfs`, so it is always `eachFile`, whatever
    /// `PIEC_SYNC` says.
    static func method(bundles: Int) -> Method {
        #if os(Linux)
        if let forced { return forced }
        guard bundles >= fileSystemMinimumBundles, let dirty = systemDirtyBytes() else { return .eachFile }
        return dirty <= otherDirtyLimit ? .fileSystem : .eachFile
        #else
        return .eachFile
        #endif
    }

    private static let forced: Method? = {
        guard let raw = getenv("PIEC_SYNC") else { return nil }
        switch String(cString: raw) {
        case "files": return .eachFile
        case "filesystem": return .fileSystem
        default: return nil
        }
    }()

    /// `Dirty` + `Writeback` of /proc/meminfo in bytes: data written by any program and not
    /// yet on disk (nil when unreadable).
    static func systemDirtyBytes() -> Int? {
        let fd = open("/proc/meminfo", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        return parseDirty(buffer[0..<n])
    }

    /// The sum of the `Dirty:` and `Writeback:` lines (kB) of a /proc/meminfo text, in bytes.
    static func parseDirty(_ text: ArraySlice<UInt8>) -> Int? {
        var total = 0, found = 0
        for line in text.split(separator: UInt8(ascii: "\n")) {
            let isDirty = line.starts(with: Array("Dirty:".utf8)), isWriteback = line.starts(with: Array("Writeback:".utf8))
            guard isDirty || isWriteback else { continue }
            var value = 0
            for byte in line where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            total += value * 1024
            found += 1
        }
        return found == 2 ? total : nil
    }
}
