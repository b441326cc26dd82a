import Foundation
import Hummingbird
import Logging
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

    public enum StartError: Error, CustomStringConvertible {
        case cannotListen(port: Int, reason: String)
        public var description: String {
            switch self {
            case .cannotListen(let port, let reason): "cannot listen on 127.0.0.1:\(port): \(reason)"
            }
        }
    }

    /// Starts listening on 127.0.0.1:`port` (0: a free port) and returns the port bound.
    /// Blocks until the server listens or failed to.
    public func start(port requested: Int) throws -> Int {
        let ready = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        let boundPort = port
        var logger = Logger(label: "piec.preview")
        logger.logLevel = .critical
        let app = Application(
            router: makeRouter(),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: requested)),
            onServerRunning: { channel in
                boundPort.set(channel.localAddress?.port ?? requested)
                ready.signal()
            },
            logger: logger)
        let task = Task {
            do { try await app.run() } catch { failure.set(error) }
            ready.signal()
        }
        running.set(task)
        ready.wait()
        if let bound = port.value { return bound }
        throw StartError.cannotListen(port: requested, reason: failure.text)
    }

    /// Stops the server: ends the live-reload streams and cancels the server, waiting for it.
    public func stop() {
        store.finishAll()
        running.cancelAndWait(timeoutMS: 2000)
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
