#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieSpec

/// `ChangeSource` by polling: every `intervalMS` it walks the scope and compares each spec's
/// (size, mtime, ctime, inode). A file whose signature changed is reported as still being
/// written; when the next scan finds it unchanged it is reported as settled. Because file
/// timestamps are coarse (a rewrite of the same size within one clock tick keeps them), files
/// modified in the last `recentWindowNS` are also hashed on every scan, and a different hash
/// counts as a change.
///
/// Used with `--poll`, where inotify is unavailable, and on macOS.
final class PollingSource: ChangeSource, @unchecked Sendable {
    let scope: WatchScope
    let intervalMS: Int
    private let pipe = WakePipe()
    private var snapshot: [String: FileSignature]
    /// Content hashes of recently modified files, from the last scan.
    private var hashes: [String: UInt64] = [:]
    private var unsettled: Set<String> = []
    /// Files specs read (data files, `.piec.yaml`), stat'ed on every scan too.
    private var dependencies: Set<String> = []
    private var nextScan: UInt64
    static let recentWindowNS: Int64 = 2_000_000_000

    var description: String { "polling every \(intervalMS) ms" }

    /// The build's input limits: a file larger than they allow is no spec the build would
    /// read, and is not hashed.
    private let limits: SpecLimits

    init(_ scope: WatchScope, intervalMS: Int, limits: SpecLimits = SpecLimits()) {
        self.scope = scope
        self.intervalMS = max(1, intervalMS)
        self.limits = limits
        snapshot = Self.scan(scope)
        hashes = Self.recentHashes(snapshot, limits: limits)
        nextScan = monotonicNanoseconds() + UInt64(self.intervalMS) * 1_000_000
    }

    func wake() { pipe.wake() }

    func watchDependencies(_ files: Set<String>) {
        let added = files.subtracting(dependencies)
        dependencies = files
        // Known from now on: a file that already exists is not a change.
        for file in added where snapshot[file] == nil {
            if let signature = FileSignature.of(file) { snapshot[file] = signature }
        }
    }

    func wait(timeoutMS: Int?) -> [WatchChange] {
        let now = monotonicNanoseconds()
        if now < nextScan {
            let untilScan = Int((nextScan - now + 999_999) / 1_000_000)
            _ = pipe.wait(for: nil, timeoutMS: min(timeoutMS ?? untilScan, untilScan))
            if monotonicNanoseconds() < nextScan { return [] }
        }
        nextScan = monotonicNanoseconds() + UInt64(intervalMS) * 1_000_000
        var current = Self.scan(scope)
        for file in dependencies where current[file] == nil {
            if let signature = FileSignature.of(file) { current[file] = signature }
        }
        return compare(current)
    }

    /// The changes between the last snapshot and `current`, which becomes the snapshot.
    func compare(_ current: [String: FileSignature]) -> [WatchChange] {
        var changes: [WatchChange] = []
        let currentHashes = Self.recentHashes(current, limits: limits)
        for (path, signature) in current.sorted(by: { $0.key < $1.key }) {
            let rewritten = currentHashes[path] != nil && hashes[path] != nil && currentHashes[path] != hashes[path]
            if snapshot[path] != signature || rewritten {
                unsettled.insert(path)
                changes.append(.path(path, writing: true))
            } else if unsettled.remove(path) != nil {
                changes.append(.path(path, writing: false))
            }
        }
        hashes = currentHashes
        for path in snapshot.keys.sorted() where current[path] == nil {
            unsettled.remove(path)
            changes.append(.path(path, writing: false))
        }
        snapshot = current
        return changes
    }

    /// FNV-1a hashes of the files modified within `recentWindowNS` (their timestamps cannot
    /// tell two writes in the same clock tick apart).
    static func recentHashes(_ files: [String: FileSignature], limits: SpecLimits) -> [String: UInt64] {
        let since = realtimeNanoseconds() - recentWindowNS
        var result: [String: UInt64] = [:]
        for (path, signature) in files where signature.modified >= since && signature.size <= limits.maxFileBytes {
            guard case .success(let source) = SpecReader.read(path, limits: limits) else { continue }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in source.bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            result[path] = hash
        }
        return result
    }

    /// Every spec of the scope with its signature (discovery's rules; file arguments as named).
    static func scan(_ scope: WatchScope) -> [String: FileSignature] {
        var found: [String: FileSignature] = [:]
        for file in scope.files {
            if let signature = FileSignature.of(file) { found[file] = signature }
        }
        let skip = scope.outputIdentity()
        for root in scope.directories {
            scope.walkDirectories(from: root, skip: skip) { dir in
                for name in WatchScope.names(in: dir) where WatchScope.isSpecName(name) {
                    let path = SpecDiscovery.join(dir, name)
                    if let signature = FileSignature.of(path) { found[path] = signature }
                }
                return true
            }
        }
        return found
    }
}

/// What polling compares: a change of content almost always changes one of these.
struct FileSignature: Sendable, Hashable {
    var size: Int64
    var inode: UInt64
    /// Modification and status-change times, nanoseconds since the epoch.
    var modified: Int64
    var changed: Int64

    /// `stat` of `path` (following a symlink to a spec); nil unless it is a regular file.
    static func of(_ path: String) -> FileSignature? {
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
        let m = st.st_mtimespec, c = st.st_ctimespec
        #else
        let m = st.st_mtim, c = st.st_ctim
        #endif
        return FileSignature(
            size: Int64(st.st_size), inode: UInt64(st.st_ino),
            modified: Int64(m.tv_sec) * 1_000_000_000 + Int64(m.tv_nsec),
            changed: Int64(c.tv_sec) * 1_000_000_000 + Int64(c.tv_nsec))
    }
}

/// Nanoseconds of a monotonic clock (for deadlines).
func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Nanoseconds since the epoch (to compare with file times).
func realtimeNanoseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
}
