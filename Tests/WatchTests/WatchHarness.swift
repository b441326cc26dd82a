import Foundation
import Testing
@testable import PieDriver

/// A temporary workspace with `specs/` and `out/`, and a `Watcher` running on its own thread.
/// Tests wait for outcomes with `waitUntil` (re-checked on every watcher event, bounded by a
/// timeout), never with fixed sleeps.
final class WatchHarness: @unchecked Sendable {
    let root: String
    let specs: String
    let out: String
    let log = EventLog()
    private var watcher: Watcher?
    private let finished = DispatchSemaphore(value: 0)

    init(name: String = #function) throws {
        let base = FileManager.default.temporaryDirectory.path
        root = "\(base)/piec-watch-\(getpid())-\(UUID().uuidString.prefix(8))"
        specs = root + "/specs"
        out = root + "/out"
        try FileManager.default.createDirectory(atPath: specs, withIntermediateDirectories: true)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Starts watching `inputs` (default: the specs directory) and waits for the first build.
    func start(
        inputs: [String]? = nil, method: WatchMethod = .auto, pollIntervalMS: Int = 10,
        configure: (inout WatchOptions) -> Void = { _ in },
        makeSource: (@Sendable (WatchScope) -> any ChangeSource)? = nil
    ) throws {
        var options = WatchOptions(inputs: inputs ?? [specs], outputDir: out)
        options.method = method
        options.pollIntervalMS = pollIntervalMS
        options.jobs = 2
        configure(&options)
        let log = self.log
        let watcher = Watcher(options: options, makeSource: makeSource) { log.append($0) }
        self.watcher = watcher
        let finished = self.finished
        let thread = Thread {
            watcher.run()
            finished.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
        try waitUntil("the watcher started") { log.started }
    }

    /// Stops the watcher and waits for `run()` to return.
    func stop() {
        guard let watcher else { return }
        self.watcher = nil
        watcher.stop()
        _ = finished.wait(timeout: .now() + 10)
    }

    /// Waits until `condition` holds, re-checking after every watcher event (and at least every
    /// 50 ms, for conditions on the disk). Fails after `timeout` seconds.
    func waitUntil(_ what: String, timeout: Double = 10, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else {
                Issue.record("timed out waiting until \(what); events: \(log.summary)")
                throw WaitTimeout()
            }
            log.waitForEvent(until: min(deadline, Date().addingTimeInterval(0.05)))
        }
    }

    // MARK: files

    func path(_ name: String) -> String { specs + "/" + name }

    func bundle(_ id: String) -> String { out + "/" + id }

    /// The manifest of `out/<id>`, parsed, or nil.
    func manifest(_ id: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: bundle(id) + "/manifest.json") else { return nil }
        return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    }

    /// The slice values of `out/<id>` (nil when there is no bundle).
    func values(_ id: String) -> [Double]? {
        (manifest(id)?["slices"] as? [[String: Any]])?.compactMap { ($0["value"] as? NSNumber)?.doubleValue }
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Entries of `out` whose names start with `.piec-tmp-` (must never be left behind).
    func tempEntries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter { $0.hasPrefix(".piec-tmp-") }
    }
}

struct WaitTimeout: Error {}

/// A valid spec whose slices have `values`.
func specText(_ values: [Double], id: String? = nil) -> String {
    var text = "piec: 1\n"
    if let id { text += "id: \(id)\n" }
    text += "slices:\n"
    for (i, v) in values.enumerated() { text += "  - { id: s\(i), label: S\(i), value: \(v) }\n" }
    return text
}

/// Every event the watcher reported, with a condition to wait for the next one.
final class EventLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [WatchEvent] = []

    func append(_ event: WatchEvent) {
        condition.lock()
        events.append(event)
        condition.broadcast()
        condition.unlock()
    }

    var all: [WatchEvent] {
        condition.lock()
        defer { condition.unlock() }
        return events
    }

    /// Blocks until an event arrives or `deadline`.
    func waitForEvent(until deadline: Date) {
        condition.lock()
        let count = events.count
        while events.count == count && condition.wait(until: deadline) {}
        condition.unlock()
    }

    /// Batches handled so far.
    var batchCount: Int { all.filter { if case .batchFinished = $0 { true } else { false } }.count }

    var started: Bool { all.contains { if case .started = $0 { true } else { false } } }

    func builds(of path: String) -> [SpecBuilt] {
        all.compactMap { if case .built(let b) = $0, b.path == path { b } else { nil } }
    }

    func failures(of path: String) -> [SpecFailed] {
        all.compactMap { if case .failed(let f) = $0, f.path == path { f } else { nil } }
    }

    func removals(of path: String) -> [SpecRemoved] {
        all.compactMap { if case .removed(let r) = $0, r.path == path { r } else { nil } }
    }

    var summary: String {
        all.map { event -> String in
            switch event {
            case .started(let s): "started(\(s.method))"
            case .built(let b): "built(\(b.path), \(b.bundle.id))"
            case .failed(let f): "failed(\(f.path): \(f.report.diagnostics.map(\.message)))"
            case .removed(let r): "removed(\(r.path))"
            case .problems(let p): "problems(\(p.count))"
            case .initialBuildFinished(let t): "initial(\(t.specs))"
            case .batchFinished(let n): "batch(\(n))"
            }
        }.joined(separator: ", ")
    }
}

/// Writes `text` to `path` in place (open with O_TRUNC, write, close): a plain save.
func writeInPlace(_ path: String, _ text: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    precondition(fd >= 0, "cannot open \(path)")
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}
