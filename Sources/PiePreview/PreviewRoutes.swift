import Foundation
import Hummingbird
import PieDriver

/// The route handlers of `PreviewServer`.
@available(macOS 14, *)
extension PreviewServer {
    /// Pages of the preview itself may run their own inline script; nothing else.
    static let pagePolicy = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
        + "img-src 'self'; frame-src 'self'; connect-src 'self'"
    /// Bundle files never run script (they have none: this is defence in depth).
    static let bundlePolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:"

    static func html(_ text: String) -> Response {
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .contentSecurityPolicy: pagePolicy],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func notFound() -> Response {
        PreviewGuard<BasicRequestContext>.plain(.notFound, "not found\n")
    }

    static func chartPage(_ id: String?, _ store: PreviewStore) -> Response {
        guard let id, BundleID.isValid(id), let chart = store.chart(id) else { return notFound() }
        return html(PreviewPages.chart(chart))
    }

    /// A file of a chart's last good bundle, by exact name; anything else is 404.
    static func bundleFile(id: String?, name: String?, _ store: PreviewStore) -> Response {
        guard let id, let name, BundleID.isValid(id), BundleID.isValidFileName(name),
            let bytes = store.file(id: id, name: name)
        else { return notFound() }
        return Response(status: .ok, headers: [.contentType: contentType(of: name), .contentSecurityPolicy: bundlePolicy],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func contentType(of name: String) -> String {
        if name.hasSuffix(".svg") { return "image/svg+xml" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if name.hasSuffix(".json") { return "application/json" }
        return "application/octet-stream"
    }

    /// Server-Sent Events: one `data:` message per build, error or removal, until the client
    /// goes away or the server stops.
    static func events(_ store: PreviewStore) -> Response {
        let (token, messages) = store.subscribe()
        let body = ResponseBody { writer in
            defer { store.unsubscribe(token) }
            try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
            for await message in messages {
                try await writer.write(ByteBuffer(string: message))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
    }

    /// Every chart with its version and problem, as JSON (for tools and tests).
    static func state(_ store: PreviewStore) -> Response {
        let snapshot = store.snapshot()
        let charts = snapshot.charts.map { chart in
            JSONValue.object([
                ("id", .string(chart.id)), ("path", .string(chart.specPath)), ("version", .int(chart.version)),
                ("summary", .string(chart.summary)), ("files", .array(chart.files.keys.sorted().map(JSONValue.string))),
                ("problem", chart.problem.map(JSONValue.string) ?? .null),
            ])
        }
        let broken = snapshot.broken.map { JSONValue.object([("path", .string($0.specPath)), ("problem", .string($0.problem))]) }
        let json = JSONValue.object([("charts", .array(charts)), ("broken", .array(broken))]).serialized(pretty: true) + "\n"
        return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
    }
}

/// The server's task, to cancel and await on stop.
final class RunningTask: @unchecked Sendable {
    private let lock = NSLock()
    private var task: Task<Void, Never>?

    func set(_ task: Task<Void, Never>) { lock.withLock { self.task = task } }

    /// Cancels the task and waits (at most `timeoutMS`) for it to end.
    func cancelAndWait(timeoutMS: Int) {
        guard let task = lock.withLock({ self.task }) else { return }
        task.cancel()
        let done = DispatchSemaphore(value: 0)
        Task { _ = await task.value; done.signal() }
        _ = done.wait(timeout: .now() + .milliseconds(timeoutMS))
    }

    /// Cancels the task and awaits its end.
    func cancelAndAwait() async {
        guard let task = lock.withLock({ self.task }) else { return }
        task.cancel()
        _ = await task.value
    }
}

/// The outcome of `listen`, handed from a task to a blocked thread.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Int, Error> = .failure(CancellationError())
    func set(_ value: Result<Int, Error>) { lock.withLock { result = value } }
    func get() throws -> Int { try lock.withLock { result }.get() }
}

/// Makes sure a continuation is resumed once.
final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false
    /// True the first time only.
    func claim() -> Bool { lock.withLock { defer { claimed = true }; return !claimed } }
}
