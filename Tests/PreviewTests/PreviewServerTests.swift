import Foundation
import Testing
@testable import PieDriver
@testable import PiePreview

/// A watcher on a temp directory feeding a preview server on 127.0.0.1 (a free port).
/// Everything that blocks (the watcher, socket reads) runs on threads of its own, never on the
/// Swift concurrency pool that serves the requests.
final class PreviewHarness: @unchecked Sendable {
    let root: String
    let specs: String
    let out: String
    let server = PreviewServer()
    private(set) var port = 0
    private var watcher: Watcher?
    private let finished = DispatchSemaphore(value: 0)
    var http: RawHTTP { RawHTTP(port: port) }

    static func make(_ specs: [String: String]) async throws -> PreviewHarness {
        let h = try PreviewHarness(specs)
        h.port = try await h.server.listen(port: 0)
        try await h.startWatching()
        return h
    }

    private init(_ specsToStart: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.path + "/piec-preview-\(getpid())-\(UUID().uuidString.prefix(8))"
        specs = root + "/specs"
        out = root + "/out"
        try FileManager.default.createDirectory(atPath: specs, withIntermediateDirectories: true)
        for (name, text) in specsToStart { try text.write(toFile: specs + "/" + name, atomically: false, encoding: .utf8) }
    }

    private func startWatching() async throws {
        var options = WatchOptions(inputs: [specs], outputDir: out)
        options.jobs = 1
        let store = server.store
        let started = DispatchSemaphore(value: 0)
        let watcher = Watcher(options: options) { event in
            store.apply(event)
            if case .started = event { started.signal() }
        }
        self.watcher = watcher
        let finished = self.finished
        Thread { watcher.run(); finished.signal() }.start()
        _ = try await offPool { started.wait(timeout: .now() + 10) }
    }

    /// Stops the watcher and the server and removes the files.
    func close() async {
        if let watcher {
            watcher.stop()
            let finished = self.finished
            _ = try? await offPool { finished.wait(timeout: .now() + 10) }
        }
        watcher = nil
        await server.shutdown()
        try? FileManager.default.removeItem(atPath: root)
    }

    func save(_ name: String, _ text: String) throws {
        try text.write(toFile: specs + "/" + name, atomically: false, encoding: .utf8)
    }
}

func specText(_ values: [Double]) -> String {
    "piec: 1\nslices:\n" + values.enumerated().map { "  - { id: s\($0), label: S\($0), value: \($1) }\n" }.joined()
}

@Suite struct PreviewServerTests {
    @Test func reloadEventArrivesAfterASave() async throws {
        let h = try await PreviewHarness.make(["a.yaml": specText([1, 2])])
        let version = try #require(h.server.store.chart("a")?.version)
        let stream = try h.http.open("/events")
        defer { close(stream) }
        let head = try await h.http.next(stream, timeout: 10) { $0.contains(": connected") }
        #expect(head.hasPrefix("HTTP/1.1 200"))
        #expect(head.lowercased().contains("content-type: text/event-stream"))
        try h.save("a.yaml", specText([1, 2, 3]))
        let message = try await h.http.next(stream, timeout: 10) { $0.contains("\"type\":\"build\"") && $0.contains("\n\n") }
        #expect(message.contains("\"id\":\"a\""))
        #expect(message.contains("\"version\":\(version + 1)"))
        #expect(message.contains("\"summary\":\"+1 slice"))
        await h.close()
    }

    @Test func errorOverlayWhileTheSpecIsBroken() async throws {
        let h = try await PreviewHarness.make(["a.yaml": specText([1, 2])])
        let stream = try h.http.open("/events")
        defer { close(stream) }
        _ = try await h.http.next(stream, timeout: 10) { $0.contains(": connected") }
        try h.save("a.yaml", "piec: 1\nslices: [\n")
        let message = try await h.http.next(stream, timeout: 10) { $0.contains("\"type\":\"error\"") && $0.contains("\n\n") }
        #expect(message.contains("E01"))
        let page = try await h.http.fetch("/chart/a")
        #expect(RawHTTP.status(page) == 200)
        #expect(page.contains("<div id=\"overlay\"><h2>The spec has errors"))
        #expect(page.contains("error[E01"))
        // The last good bundle is still served.
        #expect(RawHTTP.status(try await h.http.fetch("/chart/a/chart.svg")) == 200)
        try h.save("a.yaml", specText([3, 4]))
        _ = try await h.http.next(stream, timeout: 10) { $0.contains("\"type\":\"build\"") }
        #expect(try await h.http.fetch("/chart/a").contains("<div id=\"overlay\" hidden>"))
        await h.close()
    }

    @Test func servesExactlyTheBundleFiles() async throws {
        let h = try await PreviewHarness.make(["a.yaml": specText([1, 2])])
        try "private".write(toFile: h.out + "/notes.txt", atomically: false, encoding: .utf8)
        let svg = try await h.http.fetch("/chart/a/chart.svg")
        #expect(RawHTTP.status(svg) == 200)
        #expect(svg.lowercased().contains("content-type: image/svg+xml"))
        let disk = try String(contentsOfFile: h.out + "/a/chart.svg", encoding: .utf8)
        #expect(RawHTTP.body(svg) == disk)
        #expect(RawHTTP.status(try await h.http.fetch("/chart/a/manifest.json")) == 200)
        #expect(RawHTTP.status(try await h.http.fetch("/chart/a/notes.txt")) == 404)
        #expect(RawHTTP.status(try await h.http.fetch("/chart/notes.txt")) == 404)
        #expect(RawHTTP.status(try await h.http.fetch("/chart/b/chart.svg")) == 404)
        let index = try await h.http.fetch("/")
        #expect(index.contains("href=\"/chart/a/\""))
        #expect(RawHTTP.status(try await h.http.fetch("/chart/a")) == 200)
        await h.close()
    }

    @Test(arguments: [
        "/chart/../notes.txt", "/chart/a/../../notes.txt", "/../out/notes.txt", "/chart/a/..%2f..%2fnotes.txt",
        "/chart/%2e%2e/notes.txt", "/chart/a/%2E%2E", "/chart/a/.", "/chart//a/chart.svg", "/chart/a\\..\\x",
    ])
    func traversalIsRefused(target: String) async throws {
        let h = try await PreviewHarness.make(["a.yaml": specText([1])])
        try "private".write(toFile: h.out + "/notes.txt", atomically: false, encoding: .utf8)
        let response = try await h.http.fetch(target)
        #expect(RawHTTP.status(response) == 400, "\(target): \(response.prefix(40))")
        #expect(!response.contains("private"))
        await h.close()
    }

    @Test(arguments: ["evil.example", "evil.example:PORT", "127.0.0.1:1", "127.0.0.1", "localhost", "[::1]:PORT", "0.0.0.0:PORT"])
    func foreignHostIsRefused(host: String) async throws {
        let h = try await PreviewHarness.make(["a.yaml": specText([1])])
        let response = try await h.http.fetch("/chart/a/chart.svg", hostHeader: host.replacingOccurrences(of: "PORT", with: "\(h.port)"))
        #expect(RawHTTP.status(response) == 403)
        #expect(!response.contains("<svg"))
        await h.close()
    }

    @Test func loopbackHostsAreAccepted() async throws {
        let h = try await PreviewHarness.make(["a.yaml": specText([1])])
        #expect(RawHTTP.status(try await h.http.fetch("/", hostHeader: "localhost:\(h.port)")) == 200)
        #expect(RawHTTP.status(try await h.http.fetch("/", hostHeader: "LOCALHOST:\(h.port)")) == 200)
        #expect(RawHTTP.status(try await h.http.fetch("/api/state")) == 200)
        await h.close()
    }

    /// Bound to 127.0.0.1 only: another loopback address of this machine is refused.
    @Test func onlyLoopbackAddressIsBound() async throws {
        let h = try await PreviewHarness.make(["a.yaml": specText([1])])
        switch RawHTTP.connect(host: "127.0.0.2", port: h.port) {
        case .success(let fd):
            close(fd)
            Issue.record("127.0.0.2 accepted a connection: the server is not bound to 127.0.0.1 alone")
        case .failure(let failure):
            guard case .connect(let code) = failure else { return }
            #expect(code == ECONNREFUSED)
        }
        let listening = try procFile("/proc/net/tcp")
        let hexPort = String(h.port, radix: 16, uppercase: true)
        let local = "0100007F:" + String(repeating: "0", count: 4 - hexPort.count) + hexPort
        #expect(listening.contains(local))
        #expect(!listening.contains("00000000:" + String(repeating: "0", count: 4 - hexPort.count) + hexPort))
        await h.close()
    }

    /// A port another program listens on is named as such, with what to do, not in the
    /// network library's words (`bind(descriptor:ptr:bytes:): Address already in use`).
    @Test func aBusyPortIsSaidInTheUsersWords() async throws {
        let h = try await PreviewHarness.make(["a.yaml": specText([1])])
        let second = PreviewServer()
        await #expect(throws: PreviewServer.StartError.portInUse(port: h.port)) { try await second.listen(port: h.port) }
        let error = PreviewServer.StartError.portInUse(port: h.port)
        #expect(error.description == "port \(h.port) on 127.0.0.1 is in use by another program")
        #expect(error.help.contains("--port 0"))
        await second.shutdown()
        await h.close()
    }

    @Test func onlyGetAndHeadAreServed() async throws {
        let h = try await PreviewHarness.make(["a.yaml": specText([1])])
        let fd = try RawHTTP.connect(host: "127.0.0.1", port: h.port).get()
        defer { close(fd) }
        let request = Array("POST / HTTP/1.1\r\nHost: 127.0.0.1:\(h.port)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        #expect(RawHTTP.status(try await h.http.next(fd, timeout: 10) { _ in false }) == 405)
        await h.close()
    }
}

/// The whole of a /proc file. `String(contentsOfFile:)` makes one read of a file whose size is
/// 0, and procfs hands out one page per read: with more than about 26 sockets on the machine
/// (a parallel test run), our listening socket was past the first page and not found.
func procFile(_ path: String) throws -> String {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { break }
        bytes.append(contentsOf: chunk[0..<n])
    }
    return String(decoding: bytes, as: UTF8.self)
}

@Suite struct PreviewGuardTests {
    @Test func hostRules() {
        #expect(PreviewGuardRules.isAllowed(host: "127.0.0.1:8000", port: 8000))
        #expect(PreviewGuardRules.isAllowed(host: "localhost:8000", port: 8000))
        #expect(!PreviewGuardRules.isAllowed(host: "localhost:8001", port: 8000))
        #expect(!PreviewGuardRules.isAllowed(host: nil, port: 8000))
        #expect(!PreviewGuardRules.isAllowed(host: "127.0.0.1:8000", port: nil))
    }

    @Test func pathRules() {
        #expect(PreviewGuardRules.isSafe(target: "/"))
        #expect(PreviewGuardRules.isSafe(target: "/chart/a/"))
        #expect(PreviewGuardRules.isSafe(target: "/chart/a/index.html?v=3"))
        #expect(!PreviewGuardRules.isSafe(target: "/chart/a/..?x"))
        #expect(!PreviewGuardRules.isSafe(target: "chart/a"))
        #expect(!PreviewGuardRules.isSafe(target: "/a/%00"))
    }
}
