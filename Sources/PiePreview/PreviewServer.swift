import Foundation
import Hummingbird
import Logging
import NIOCore
import PieDriver

/// `piec watch --serve`: a Hummingbird server on 127.0.0.1 only.
///
/// Routes: `/` (index of all charts), `/chart/<id>/` (one chart with live reload and the error
/// overlay), `/chart/<id>/<file>` (a file of the chart's last good bundle, from memory: only
/// files piec wrote, looked up by id and name, never a path joined onto the disk), `/events`
/// (Server-Sent Events after every build), `/api/state` (JSON).
@available(macOS 14, *)
public final class PreviewServer: Sendable {
    public let store: PreviewStore
    private let port = BoundPort()
    private let running = RunningTask()

    public init(store: PreviewStore = PreviewStore()) {
        self.store = store
    }

    /// Why the server could not listen, in the user's words: the two causes a user can act on
    /// (the port is taken, the port needs privileges) by name, anything else with the system's
    /// text for its errno (never the network library's own wording).
    public enum StartError: Error, CustomStringConvertible, Equatable {
        case portInUse(port: Int)
        case portNotAllowed(port: Int)
        case cannotListen(port: Int, reason: String)

        /// The error a failed listen on `port` threw, classified.
        static func classify(_ error: any Error, port: Int) -> StartError {
            guard let code = (error as? IOError)?.errnoCode else { return .cannotListen(port: port, reason: "\(error)") }
            switch code {
            case EADDRINUSE: return .portInUse(port: port)
            case EACCES, EPERM: return .portNotAllowed(port: port)
            default: return .cannotListen(port: port, reason: String(cString: strerror(code)).lowercased())
            }
        }

        public var description: String {
            switch self {
            case .portInUse(let port): "port \(port) on 127.0.0.1 is in use by another program"
            case .portNotAllowed(let port): "not allowed to listen on port \(port) of 127.0.0.1"
            case .cannotListen(let port, let reason): "cannot listen on 127.0.0.1:\(port): \(reason)"
            }
        }

        /// What to do about it.
        public var help: String {
            switch self {
            case .portInUse: "choose another port with --port N, or --port 0 for any free one"
            case .portNotAllowed: "ports below 1024 need privileges: choose --port 1024 or above, or --port 0 for any free one"
            case .cannotListen: "choose another port with --port N, or --port 0 for any free one"
            }
        }
    }

    /// Starts listening on 127.0.0.1:`port` (0: a free port) and returns the port bound.
    /// Blocks until the server listens or failed to. Call it from a plain thread (the command's
    /// main thread), not from a Swift concurrency task: use the async `listen` there.
    public func start(port requested: Int) throws -> Int {
        let result = ResultBox()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { result.set(.success(try await self.listen(port: requested))) } catch { result.set(.failure(error)) }
            done.signal()
        }
        done.wait()
        return try result.get()
    }

    /// Starts listening on 127.0.0.1:`port` (0: a free port); returns the port once bound.
    public func listen(port requested: Int) async throws -> Int {
        let boundPort = port
        let once = ResumeOnce()
        var logger = Logger(label: "piec.preview")
        logger.logLevel = .critical
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Int, Error>) in
            let app = Application(
                router: makeRouter(),
                configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: requested)),
                onServerRunning: { channel in
                    let bound = channel.localAddress?.port ?? requested
                    boundPort.set(bound)
                    if once.claim() { continuation.resume(returning: bound) }
                },
                logger: logger)
            running.set(Task {
                do { try await app.run() } catch {
                    if once.claim() { continuation.resume(throwing: StartError.classify(error, port: requested)) }
                    return
                }
                if once.claim() { continuation.resume(throwing: StartError.cannotListen(port: requested, reason: "the server stopped")) }
            })
        }
    }

    /// Stops the server: ends the live-reload streams and cancels the server, waiting for it
    /// (at most two seconds). From a plain thread; use `shutdown()` in async code.
    public func stop() {
        store.finishAll()
        running.cancelAndWait(timeoutMS: 2000)
    }

    /// Stops the server and waits for it to end.
    public func shutdown() async {
        store.finishAll()
        await running.cancelAndAwait()
    }

    private func makeRouter() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: PreviewGuard(port: port))
        let store = self.store
        router.get("/") { _, _ in Self.html(PreviewPages.index(store.snapshot())) }
        router.get("/chart/:id") { _, context in Self.chartPage(context.parameters.get("id"), store) }
        router.get("/chart/:id/:file") { _, context in
            Self.bundleFile(id: context.parameters.get("id"), name: context.parameters.get("file"), store)
        }
        router.get("/events") { _, _ in Self.events(store) }
        router.get("/api/state") { _, _ in Self.state(store) }
        return router
    }
}
