import PieSpec

/// What a change source saw: a spec path that may have changed, or a reason to look at everything.
public enum WatchChange: Sendable, Hashable {
    /// Something happened to the spec file `path` (written, created, renamed in or out,
    /// deleted). `writing` is true when the file was modified but not yet closed: its write has
    /// not settled, so the engine waits for the close (or a longer quiet period).
    case path(String, writing: Bool)
    /// Events may have been lost or a directory changed: re-discover and re-read every spec.
    case rescan(reason: String)
}

/// Something that reports changes below the watched inputs: inotify on Linux, polling elsewhere
/// (and with `--poll`). Every implementation follows the same protocol so the engine does not
/// know which one runs.
public protocol ChangeSource: AnyObject, Sendable {
    /// How this source watches, for the terminal ("inotify", "polling every 100 ms").
    var description: String { get }

    /// Blocks until changes arrive, `timeoutMS` passes (nil: no limit) or `wake()` is called, and
    /// returns the changes seen (possibly none). Called from one thread at a time.
    func wait(timeoutMS: Int?) -> [WatchChange]

    /// Makes a blocked or the next `wait` return at once. Safe from any thread and from a
    /// signal handler's dispatch source.
    func wake()

    /// Also report changes of these files (data files and `.piec.yaml` that specs read, which
    /// may live outside the watched folders or be hidden), each as `.path(file)` spelled as
    /// given. Replaces the previous set. Called from the waiting thread only.
    func watchDependencies(_ files: Set<String>)
}

extension ChangeSource {
    /// Sources that cannot watch extra files (test doubles) ignore them.
    public func watchDependencies(_ files: Set<String>) {}
}

/// How the watcher learns about changes.
public enum WatchMethod: String, Sendable, CaseIterable {
    /// inotify where available (Linux), else polling.
    case auto
    /// Stat and hash the files on an interval.
    case poll
}

/// Makes the change source for `scope`: inotify when asked for `auto` and available, else polling.
/// The second value is a note when `auto` had to fall back (why inotify could not be used).
public func makeChangeSource(
    _ scope: WatchScope, method: WatchMethod, pollIntervalMS: Int = 100, limits: SpecLimits = SpecLimits()
) -> (source: any ChangeSource, fallbackNote: String?) {
    #if os(Linux)
    if method == .auto {
        switch InotifySource.make(scope) {
        case .success(let source): return (source, nil)
        case .failure(let error):
            let note = "inotify is unavailable (\(errnoText(error.code))); polling every \(pollIntervalMS) ms instead"
            return (PollingSource(scope, intervalMS: pollIntervalMS, limits: limits), note)
        }
    }
    #endif
    return (PollingSource(scope, intervalMS: pollIntervalMS, limits: limits), nil)
}
