import Foundation
import PieDriver

/// The preview's view of the charts: the files of each chart's last good bundle (kept in
/// memory, exactly what piec wrote), its version, and the diagnostics while its spec is broken.
/// Fed with the watcher's events; tells every live-reload subscriber what changed.
///
/// Thread-safe: the watcher thread applies events while server tasks read.
public final class PreviewStore: @unchecked Sendable {
    /// One chart with a bundle.
    public struct Chart: Sendable {
        public var id: String
        public var specPath: String
        /// File name -> bytes, exactly the bundle's files.
        public var files: [String: [UInt8]]
        /// Increases with every build of this chart (cache-busting, reload checks).
        public var version: Int
        /// "+1 slice, 2 updated"
        public var summary: String
        /// The rendered diagnostics while the spec is broken (the last good bundle is shown).
        public var problem: String?
    }

    /// A spec with errors that never built: no bundle to show, only its diagnostics.
    public struct BrokenSpec: Sendable {
        public var specPath: String
        public var problem: String
    }

    private let lock = NSLock()
    private var charts: [String: Chart] = [:]
    private var broken: [String: BrokenSpec] = [:]
    private var version = 0
    private var subscribers: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextSubscriber = 0

    public init() {}

    /// All charts sorted by id, and the specs that never built, sorted by path.
    public func snapshot() -> (charts: [Chart], broken: [BrokenSpec]) {
        lock.withLock {
            (charts.values.sorted { $0.id < $1.id }, broken.values.sorted { $0.specPath < $1.specPath })
        }
    }

    public func chart(_ id: String) -> Chart? { lock.withLock { charts[id] } }

    /// The bytes of `name` in the bundle of chart `id`, if piec wrote such a file.
    public func file(id: String, name: String) -> [UInt8]? { lock.withLock { charts[id]?.files[name] } }

    /// Applies a watcher event and notifies subscribers.
    public func apply(_ event: WatchEvent) {
        let message: String? = lock.withLock {
            switch event {
            case .built(let built): return record(built)
            case .failed(let failed): return record(failed)
            case .removed(let removed): return record(removed)
            case .started, .problems, .initialBuildFinished, .batchFinished: return nil
            }
        }
        if let message { broadcast(message) }
    }

    private func record(_ built: SpecBuilt) -> String {
        version += 1
        let id = built.bundle.id
        var files: [String: [UInt8]] = [:]
        for file in built.bundle.files { files[file.name] = file.bytes }
        charts[id] = Chart(id: id, specPath: built.path, files: files, version: version, summary: built.summary.text, problem: nil)
        broken[built.path] = nil
        return Self.message([("type", .string("build")), ("id", .string(id)), ("path", .string(built.path)),
                             ("version", .int(version)), ("summary", .string(built.summary.text))])
    }

    private func record(_ failed: SpecFailed) -> String {
        // The spec's diagnostics, then those located in its data file or `.piec.yaml`.
        let text = ([failed.report] + failed.related).filter { !$0.diagnostics.isEmpty }
            .map { DiagnosticRenderer.render($0, format: .human, color: false) }.joined(separator: "\n")
        if let id = failed.keptBundleID, charts[id] != nil {
            charts[id]?.problem = text
        } else {
            broken[failed.path] = BrokenSpec(specPath: failed.path, problem: text)
        }
        return Self.message([("type", .string("error")), ("id", failed.keptBundleID.map(JSONValue.string) ?? .null),
                             ("path", .string(failed.path)), ("diagnostics", .string(text))])
    }

    private func record(_ removed: SpecRemoved) -> String {
        if let id = removed.bundleID { charts[id] = nil }
        broken[removed.path] = nil
        return Self.message([("type", .string("removed")), ("id", removed.bundleID.map(JSONValue.string) ?? .null),
                             ("path", .string(removed.path))])
    }

    /// One Server-Sent Events message: `data: <json>` and a blank line.
    static func message(_ members: [(String, JSONValue)]) -> String {
        "data: " + JSONValue.object(members).serialized(pretty: false) + "\n\n"
    }

    // MARK: live reload

    /// A new subscriber: its token (for `unsubscribe`) and the messages from now on.
    public func subscribe() -> (token: Int, messages: AsyncStream<String>) {
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let token = lock.withLock {
            nextSubscriber += 1
            subscribers[nextSubscriber] = continuation
            return nextSubscriber
        }
        return (token, stream)
    }

    public func unsubscribe(_ token: Int) {
        let continuation = lock.withLock { subscribers.removeValue(forKey: token) }
        continuation?.finish()
    }

    /// Ends every subscription (server shutdown).
    public func finishAll() {
        let all = lock.withLock {
            defer { subscribers.removeAll() }
            return Array(subscribers.values)
        }
        all.forEach { $0.finish() }
    }

    private func broadcast(_ message: String) {
        let all = lock.withLock { Array(subscribers.values) }
        for continuation in all { continuation.yield(message) }
    }
}
