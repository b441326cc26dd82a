/// Collects changes and decides when to build. Pure: time is passed in (nanoseconds of a
/// monotonic clock), so it is tested without waiting.
///
/// - A batch is due once nothing happened for `quiet` (a burst of events becomes one build),
///   but no later than `maxDelay` after the first pending event (a never-ending burst still
///   builds now and then).
/// - A path being written (modified, not yet closed) is left out until it is closed, or until
///   nothing happened to it for `settle` (a writer that keeps the file open).
/// - `schedule` asks for a path to be looked at again at a given time (a spec that vanished is
///   checked again before its bundle is removed: editors delete and recreate files).
public struct Debouncer: Sendable {
    public var quiet: UInt64
    public var maxDelay: UInt64
    public var settle: UInt64

    private struct Pending: Sendable {
        var last: UInt64
        var writing: Bool
    }

    private var pending: [String: Pending] = [:]
    private var rescanReason: String?
    private var firstEvent: UInt64?
    private var lastEvent: UInt64 = 0
    private var timers: [String: UInt64] = [:]

    /// What to look at now.
    public struct Batch: Sendable, Equatable {
        /// Paths, sorted.
        public var paths: [String]
        /// Set when everything must be re-discovered and re-read.
        public var rescanReason: String?
    }

    public init(quietMS: Int = 20, maxDelayMS: Int = 300, settleMS: Int = 1000) {
        quiet = UInt64(max(0, quietMS)) * 1_000_000
        maxDelay = UInt64(max(quietMS, maxDelayMS)) * 1_000_000
        settle = UInt64(max(quietMS, settleMS)) * 1_000_000
    }

    /// True when a change of `path` is waiting (it changed after the last batch was taken).
    public func isPending(_ path: String) -> Bool { pending[path] != nil }

    public var isIdle: Bool { pending.isEmpty && rescanReason == nil && timers.isEmpty }

    /// Records a change seen at `now`.
    public mutating func note(_ change: WatchChange, at now: UInt64) {
        switch change {
        case .path(let path, let writing):
            pending[path] = Pending(last: now, writing: writing)
            if !writing { startBatch(at: now) }
        case .rescan(let reason):
            if rescanReason == nil { rescanReason = reason }
            startBatch(at: now)
        }
    }

    private mutating func startBatch(at now: UInt64) {
        if firstEvent == nil { firstEvent = now }
        lastEvent = now
    }

    /// Asks for `path` to be looked at again at `deadline` (an earlier request wins).
    public mutating func schedule(_ path: String, at deadline: UInt64) {
        timers[path] = min(timers[path] ?? deadline, deadline)
    }

    private var batchDeadline: UInt64? {
        firstEvent.map { min(lastEvent + quiet, $0 + maxDelay) }
    }

    /// When `takeDue` will next return something (nil: nothing pending).
    public var nextDeadline: UInt64? {
        var deadlines = Array(timers.values)
        if let batchDeadline { deadlines.append(batchDeadline) }
        deadlines += pending.values.filter(\.writing).map { $0.last + settle }
        return deadlines.min()
    }

    /// The paths due at `now` (nil when none), removed from what is pending.
    public mutating func takeDue(at now: UInt64) -> Batch? {
        var paths = Set<String>()
        var reason: String?
        if let batchDeadline, now >= batchDeadline {
            reason = rescanReason
            rescanReason = nil
            firstEvent = nil
            for (path, entry) in pending where !entry.writing { paths.insert(path) }
        }
        for (path, entry) in pending where entry.writing && now >= entry.last + settle { paths.insert(path) }
        for (path, deadline) in timers where now >= deadline { paths.insert(path) }
        for path in paths {
            pending[path] = nil
            timers[path] = nil
        }
        guard !paths.isEmpty || reason != nil else { return nil }
        return Batch(paths: paths.sorted(), rescanReason: reason)
    }
}
