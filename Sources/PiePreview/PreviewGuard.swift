import Foundation
import HTTPTypes
import Hummingbird

/// The port the server is bound to, known once it listens (port 0 picks a free one).
final class BoundPort: @unchecked Sendable {
    private let lock = NSLock()
    private var port: Int?
    var value: Int? { lock.withLock { port } }
    func set(_ value: Int) { lock.withLock { port = value } }
}

/// Refuses what a local preview must never answer, before any route runs:
/// - a `Host` other than `127.0.0.1:PORT` or `localhost:PORT` (403): a page on another site that
///   points its own name at 127.0.0.1 (DNS rebinding) cannot read the preview;
/// - a path with `..`, a backslash, an encoded dot, slash or backslash, or an empty segment (400);
/// - methods other than GET and HEAD (405).
/// Every answer gets `nosniff`, `no-store` and `no-referrer`.
@available(macOS 14, *)
struct PreviewGuard<Context: RequestContext>: RouterMiddleware {
    let port: BoundPort

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        if request.method != .get && request.method != .head {
            response = Self.plain(.methodNotAllowed, "only GET and HEAD are served\n")
        } else if !PreviewGuardRules.isAllowed(host: request.head.authority, port: port.value) {
            response = Self.plain(.forbidden, "forbidden: the preview answers only to 127.0.0.1 and localhost\n")
        } else if !PreviewGuardRules.isSafe(target: request.head.path ?? "") {
            response = Self.plain(.badRequest, "bad path\n")
        } else {
            response = try await next(request, context)
        }
        response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        response.headers[.cacheControl] = "no-store"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        return response
    }

    static func plain(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

/// The checks of `PreviewGuard`, free of any server type.
enum PreviewGuardRules {
    /// `Host` must name this server on the loopback address, with its port.
    static func isAllowed(host: String?, port: Int?) -> Bool {
        guard let host, let port else { return false }
        let wanted = ["127.0.0.1:\(port)", "localhost:\(port)"]
        return wanted.contains(host.lowercased())
    }

    /// The request target's path (before `?`) has no traversal or encoding tricks.
    static func isSafe(target: String) -> Bool {
        let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard path.hasPrefix("/") else { return false }
        let lower = path.lowercased()
        for bad in ["%2e", "%2f", "%5c", "\\", "%00"] where lower.contains(bad) { return false }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (i, segment) in segments.enumerated() {
            if segment == ".." || segment == "." { return false }
            if segment.isEmpty && i != segments.count - 1 { return false }
        }
        return true
    }
}
