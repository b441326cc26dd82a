import Foundation
import Testing
@testable import PieDriver

/// Lost events (queue overflow) and the polling fallback.
@Suite struct OverflowAndPollingTests {
    /// A real overflow: more events than `/proc/sys/fs/inotify/max_queued_events` are queued
    /// while nobody reads; the source answers with a rescan. (The system limit is not changed.)
    @Test func realQueueOverflowAsksForARescan() throws {
        #if os(Linux)
        let limitText = (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8)) ?? ""
        let limit = try #require(Int(limitText.trimmingCharacters(in: .whitespacesAndNewlines)))
        try #require(limit <= 200_000, "max_queued_events is too large to overflow quickly")
        let h = try WatchHarness()
        let scope = WatchScope(inputs: [h.specs], outputDir: h.out)
        let source = try InotifySource.make(scope).get()
        let names = [h.path("x.yaml"), h.path("y.yaml")]
        // Alternate two files: identical consecutive events would be merged by the kernel.
        for i in 0..<(limit + 1000) {
            let fd = open(names[i % 2], O_WRONLY | O_CREAT, 0o644)
            close(fd)
        }
        let changes = source.wait(timeoutMS: 1000)
        #expect(changes.contains(.rescan(reason: "the event queue overflowed")))
        // Watching goes on after the reset.
        var later: [WatchChange] = []
        writeInPlace(h.path("z.yaml"), specText([1]))
        let deadline = Date().addingTimeInterval(10)
        while !later.contains(.path(h.path("z.yaml"), writing: false)) && Date() < deadline {
            later += source.wait(timeoutMS: 100)
        }
        #expect(later.contains(.path(h.path("z.yaml"), writing: false)))
        #endif
    }

    /// The engine's side of an overflow: events were lost (the source was muted), then the
    /// source reports the overflow; the rescan finds the change anyway.
    @Test func injectedOverflowRescanFindsLostChanges() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        writeInPlace(h.path("gone.yaml"), specText([1]))
        let box = InjectingSourceBox()
        try h.start(makeSource: { scope in box.make(scope) })
        let source = try #require(box.source)
        source.muted = true
        writeInPlace(h.path("a.yaml"), specText([3, 4]))
        writeInPlace(h.path("new.yaml"), specText([5]))
        unlink(h.path("gone.yaml"))
        source.inject(.rescan(reason: "the event queue overflowed"))
        try h.waitUntil("the rescan picked up every lost change") {
            h.values("a") == [3, 4] && h.values("new") == [5] && !h.exists(h.bundle("gone"))
        }
    }

    @Test func pollingModeSeesWritesCreatesAndDeletes() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1]))
        try h.start(method: .poll, pollIntervalMS: 10)
        #expect(h.log.all.contains { if case .started(let s) = $0 { s.method.hasPrefix("polling") } else { false } })
        writeInPlace(h.path("a.yaml"), specText([2, 3]))
        try h.waitUntil("polling sees the write") { h.values("a") == [2, 3] }
        // Same size, same second: only the content differs.
        writeInPlace(h.path("a.yaml"), specText([4, 3]))
        try h.waitUntil("polling sees a same-size rewrite") { h.values("a") == [4, 3] }
        writeInPlace(h.path("b.yaml"), specText([1]))
        try h.waitUntil("polling sees a new file") { h.values("b") == [1] }
        unlink(h.path("a.yaml"))
        try h.waitUntil("polling sees a delete") { !h.exists(h.bundle("a")) }
        try FileManager.default.createDirectory(atPath: h.specs + "/sub", withIntermediateDirectories: true)
        writeInPlace(h.specs + "/sub/c.yaml", specText([7]))
        try h.waitUntil("polling sees a new directory") { h.values("c") == [7] }
    }

    @Test func stoppingLeavesNoTempFiles() throws {
        let h = try WatchHarness()
        for i in 0..<20 { writeInPlace(h.path("s\(i).yaml"), specText([1, Double(i)])) }
        try h.start()
        for i in 0..<20 { writeInPlace(h.path("s\(i).yaml"), specText([2, Double(i)])) }
        h.stop()
        #expect(h.tempEntries().isEmpty)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: h.out)) ?? []).count == 20)
    }
}

/// Wraps the real inotify source: `muted` drops what it reports, `inject` adds a change.
final class InjectingSource: ChangeSource, @unchecked Sendable {
    let inner: any ChangeSource
    private let lock = NSLock()
    private var injected: [WatchChange] = []
    private var _muted = false

    init(_ inner: any ChangeSource) { self.inner = inner }

    var muted: Bool {
        get { lock.withLock { _muted } }
        set { lock.withLock { _muted = newValue } }
    }

    var description: String { inner.description }

    func inject(_ change: WatchChange) {
        lock.withLock { injected.append(change) }
        inner.wake()
    }

    func wake() { inner.wake() }

    func wait(timeoutMS: Int?) -> [WatchChange] {
        let seen = inner.wait(timeoutMS: timeoutMS)
        return lock.withLock {
            defer { injected = [] }
            return (_muted ? [] : seen) + injected
        }
    }
}

/// Lets a test reach the source the watcher made.
final class InjectingSourceBox: @unchecked Sendable {
    private let lock = NSLock()
    private var made: InjectingSource?
    var source: InjectingSource? { lock.withLock { made } }

    func make(_ scope: WatchScope) -> any ChangeSource {
        let source = InjectingSource(makeChangeSource(scope, method: .auto).source)
        lock.withLock { made = source }
        return source
    }
}
