#if os(Linux)
import Glibc

/// `ChangeSource` on Linux inotify. Watches every directory of the scope (recursively, adding
/// watches as directories appear) and the parent directory of each file argument. A queue
/// overflow re-creates the instance and asks for a full rescan; a root directory that disappears
/// is looked for again every `rootRetryMS` until it is back.
///
/// Not thread-safe except `wake()`: `wait` is called by the watcher's thread only.
final class InotifySource: ChangeSource, @unchecked Sendable {
    let scope: WatchScope
    private var inotify: Inotify
    private let pipe = WakePipe()
    private var watches = WatchTable()
    /// Root directories (directory arguments and parents of file arguments) not watched now.
    private var missingRoots: Set<String> = []
    /// Parent directory -> (file name -> the file argument as the user spelled it).
    private let fileArguments: [String: [String: String]]
    /// Parent directory -> (file name -> a dependency as the engine spelled it).
    private var dependencies: [String: [String: String]] = [:]
    /// Folders of dependencies that do not exist (yet): looked for again like missing roots.
    private var missingDependencyFolders: [String: [String: String]] = [:]
    static let rootRetryMS = 100

    var description: String { "inotify" }

    private init(scope: WatchScope, inotify: Inotify) {
        self.scope = scope
        self.inotify = inotify
        var files: [String: [String: String]] = [:]
        for file in scope.files {
            let (dir, name) = WatchScope.split(file)
            files[dir, default: [:]][name] = file
        }
        fileArguments = files
    }

    /// A source watching `scope`, or the errno of `inotify_init1` when inotify cannot be used.
    static func make(_ scope: WatchScope) -> Result<InotifySource, Errno> {
        guard let inotify = Inotify() else { return .failure(Errno(code: errno)) }
        let source = InotifySource(scope: scope, inotify: inotify)
        source.watchAllRoots()
        return .success(source)
    }

    func wake() { pipe.wake() }

    /// Watches the parent directory of each file (non-recursively, unless it is watched
    /// already) and reports the file's changes under the name given. A folder already watched
    /// under another spelling (`specs/../data` is `data`: the kernel returns the same
    /// descriptor) keeps its entry; the file is looked up under that entry's path.
    func watchDependencies(_ files: Set<String>) {
        var byDirectory: [String: [String: String]] = [:]
        for file in files {
            let (dir, name) = WatchScope.split(file)
            byDirectory[dir, default: [:]][name] = file
        }
        var table: [String: [String: String]] = [:]
        missingDependencyFolders = [:]
        for dir in byDirectory.keys.sorted() {
            var watched = dir
            if watches.wd(of: dir) == nil {
                guard case .success(let wd) = inotify.addWatch(dir, follow: true) else {
                    missingDependencyFolders[dir] = byDirectory[dir]
                    continue
                }
                if let existing = watches.entry(wd) {
                    watched = existing.path
                } else {
                    watches.insert(wd, path: dir, recursive: false, root: false)
                }
            }
            table[watched, default: [:]].merge(byDirectory[dir]!) { a, _ in a }
        }
        dependencies = table
    }

    func wait(timeoutMS: Int?) -> [WatchChange] {
        var timeout = timeoutMS
        if !missingRoots.isEmpty || !missingDependencyFolders.isEmpty { timeout = min(timeout ?? Self.rootRetryMS, Self.rootRetryMS) }
        _ = pipe.wait(for: inotify.fd, timeoutMS: timeout)
        var changes = translate(inotify.readEvents())
        if !missingRoots.isEmpty { changes += retryMissingRoots() }
        if !missingDependencyFolders.isEmpty { changes += retryMissingDependencyFolders() }
        return changes
    }

    /// A data file's folder created after the spec was built: watch it and report its files.
    private func retryMissingDependencyFolders() -> [WatchChange] {
        var changes: [WatchChange] = []
        for (dir, files) in missingDependencyFolders.sorted(by: { $0.key < $1.key }) {
            guard case .success(let wd) = inotify.addWatch(dir, follow: true) else { continue }
            missingDependencyFolders[dir] = nil
            let watched = watches.entry(wd)?.path ?? dir
            if watches.entry(wd) == nil { watches.insert(wd, path: dir, recursive: false, root: false) }
            dependencies[watched, default: [:]].merge(files) { a, _ in a }
            changes += files.values.sorted().map { .path($0, writing: false) }
        }
        return changes
    }

    // MARK: watches

    private var roots: [String] { scope.directories + fileArguments.keys.sorted() }

    private func watchAllRoots() {
        let skip = scope.outputIdentity()
        for root in roots { watchRoot(root, skip: skip) }
    }

    /// Watches `root` (recursively when it is a directory argument); records it as missing when
    /// it cannot be watched.
    private func watchRoot(_ root: String, skip: FileStatus?) {
        let recursive = scope.directories.contains(root)
        guard case .success(let wd) = inotify.addWatch(root, follow: true) else {
            missingRoots.insert(root)
            return
        }
        missingRoots.remove(root)
        watches.insert(wd, path: root, recursive: recursive, root: true)
        if recursive { watchTree(below: root, skip: skip) }
    }

    /// Adds recursive watches on every directory below `dir` (not `dir` itself when it is
    /// already watched). Each directory is watched before it is listed.
    private func watchTree(below dir: String, skip: FileStatus?) {
        scope.walkDirectories(from: dir, skip: skip) { path in
            if path == dir, watches.wd(of: path) != nil { return true }
            guard case .success(let wd) = inotify.addWatch(path) else { return false }
            watches.insert(wd, path: path, recursive: true, root: false)
            return true
        }
    }

    private func retryMissingRoots() -> [WatchChange] {
        let skip = scope.outputIdentity()
        var back: [String] = []
        for root in missingRoots.sorted() {
            watchRoot(root, skip: skip)
            if !missingRoots.contains(root) { back.append(root) }
        }
        return back.isEmpty ? [] : [.rescan(reason: "`\(back.joined(separator: "`, `"))` is back")]
    }

    /// After an overflow the kernel's queue lost events, including IN_IGNORED ones, so the
    /// table cannot be trusted: start over with a fresh instance.
    private func reset() {
        if let fresh = Inotify() {
            inotify = fresh
        } else {
            for wd in watches.all { inotify.removeWatch(wd) }
        }
        watches = WatchTable()
        missingRoots = []
        watchAllRoots()
        let files = Set(dependencies.values.flatMap(\.values))
        watchDependencies(files)
    }

    // MARK: events

    /// Turns inotify records into changes. Directory events add or drop watches and ask for a
    /// rescan; file events name the spec (under a recursive directory, or a file argument).
    func translate(_ records: [InotifyRecord]) -> [WatchChange] {
        var changes: [WatchChange] = []
        for record in records {
            if record.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                reset()
                changes.append(.rescan(reason: "the event queue overflowed"))
                continue
            }
            guard let dir = watches.entry(record.wd) else { continue }
            if let change = translateSelf(record, dir) {
                changes.append(change)
            } else if !record.name.isEmpty {
                changes += translateEntry(record, dir)
            }
        }
        return changes
    }

    /// The watched directory itself went away (deleted, moved, unmounted).
    private func translateSelf(_ record: InotifyRecord, _ dir: WatchTable.Entry) -> WatchChange? {
        let gone = UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT)
        guard record.mask & gone != 0 else { return nil }
        if record.mask & UInt32(IN_MOVE_SELF) != 0 { inotify.removeWatch(record.wd) }
        watches.remove(record.wd)
        if dir.root { missingRoots.insert(dir.path) }
        return .rescan(reason: "`\(dir.path)` was removed")
    }

    private func translateEntry(_ record: InotifyRecord, _ dir: WatchTable.Entry) -> [WatchChange] {
        let path = SpecDiscovery.join(dir.path, record.name)
        if record.mask & UInt32(IN_ISDIR) != 0 {
            guard dir.recursive, WatchScope.isWalkableName(record.name) else { return [] }
            if record.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                watchTree(below: path, skip: scope.outputIdentity())
            } else if record.mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                for wd in watches.remove(below: path) { inotify.removeWatch(wd) }
            }
            return [.rescan(reason: "directory `\(path)` changed")]
        }
        let writing = record.mask & UInt32(IN_MODIFY) != 0 && record.mask & UInt32(IN_CLOSE_WRITE) == 0
        var changes: [WatchChange] = []
        if let argument = fileArguments[dir.path]?[record.name] { changes.append(.path(argument, writing: writing)) }
        if let dependency = dependencies[dir.path]?[record.name] { changes.append(.path(dependency, writing: writing)) }
        if dir.recursive, WatchScope.isSpecName(record.name) { changes.append(.path(path, writing: writing)) }
        return changes
    }
}

/// Watch descriptors <-> directory paths.
struct WatchTable {
    struct Entry {
        var path: String
        var recursive: Bool
        var root: Bool
    }

    private var byWD: [Int32: Entry] = [:]
    private var byPath: [String: Int32] = [:]

    var all: [Int32] { Array(byWD.keys) }

    func entry(_ wd: Int32) -> Entry? { byWD[wd] }
    func wd(of path: String) -> Int32? { byPath[path] }

    /// Records a watch; the same directory watched twice (a root that is also a file's parent)
    /// keeps the widest flags.
    mutating func insert(_ wd: Int32, path: String, recursive: Bool, root: Bool) {
        var entry = Entry(path: path, recursive: recursive, root: root)
        if let old = byWD[wd], old.path == path {
            entry.recursive = entry.recursive || old.recursive
            entry.root = entry.root || old.root
        }
        byWD[wd] = entry
        byPath[path] = wd
    }

    mutating func remove(_ wd: Int32) {
        guard let entry = byWD.removeValue(forKey: wd) else { return }
        if byPath[entry.path] == wd { byPath[entry.path] = nil }
    }

    /// Forgets `path` and every directory below it; returns their descriptors.
    mutating func remove(below path: String) -> [Int32] {
        let prefix = path == "/" ? "/" : path + "/"
        let gone = byWD.filter { $0.value.path == path || $0.value.path.hasPrefix(prefix) }.map(\.key)
        gone.forEach { remove($0) }
        return gone
    }
}
#endif
