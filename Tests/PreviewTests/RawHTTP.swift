import Foundation

/// A minimal HTTP/1.1 client over a raw socket, so tests can send any Host header and any
/// request target byte for byte (URL libraries normalise `..` away).
struct RawHTTP {
    var host = "127.0.0.1"
    var port: Int

    enum Failure: Error { case connect(Int32), timeout }

    /// Opens a TCP connection to `host:port`; the errno on failure.
    static func connect(host: String, port: Int) -> Result<Int32, Failure> {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return .failure(.connect(errno)) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result != 0 {
            let code = errno
            close(fd)
            return .failure(.connect(code))
        }
        return .success(fd)
    }

    /// `get` on a thread of its own: blocking socket reads must not hold the Swift concurrency
    /// pool the server runs on.
    func fetch(_ target: String, hostHeader: String? = nil, timeout: Double = 10) async throws -> String {
        try await offPool { try self.get(target, hostHeader: hostHeader, timeout: timeout) }
    }

    /// `read` on a thread of its own.
    func next(_ fd: Int32, timeout: Double = 10, until: @escaping @Sendable (String) -> Bool) async throws -> String {
        try await offPool { try self.read(fd, timeout: timeout, until: until) }
    }

    /// Sends `GET target` with `hostHeader` (default `127.0.0.1:PORT`) and reads until the
    /// connection closes, `until` holds for what arrived, or `timeout` seconds pass.
    func get(_ target: String, hostHeader: String? = nil, timeout: Double = 10,
             until: ((String) -> Bool)? = nil) throws -> String {
        let fd = try Self.connect(host: host, port: port).get()
        defer { close(fd) }
        let request = "GET \(target) HTTP/1.1\r\nHost: \(hostHeader ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n"
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        return try read(fd, timeout: timeout, until: until)
    }

    /// Starts a request and returns the open socket (for streams such as Server-Sent Events).
    func open(_ target: String) throws -> Int32 {
        let fd = try Self.connect(host: host, port: port).get()
        let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        return fd
    }

    /// Reads from `fd` until it closes, `until` holds, or the timeout.
    func read(_ fd: Int32, timeout: Double, until: ((String) -> Bool)? = nil) throws -> String {
        var received: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure.timeout }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, Int32(left * 1000) + 1) > 0 else { continue }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received += buffer[0..<n]
            if let until, until(String(decoding: received, as: UTF8.self)) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// The status code of a raw response ("HTTP/1.1 403 Forbidden" -> 403).
    static func status(_ response: String) -> Int? {
        let parts = response.split(separator: " ", maxSplits: 2)
        return parts.count >= 2 ? Int(parts[1]) : nil
    }

    /// The body after the blank line (not de-chunked).
    static func body(_ response: String) -> String {
        guard let range = response.range(of: "\r\n\r\n") else { return "" }
        return String(response[range.upperBound...])
    }
}

/// Runs blocking work on a new thread and awaits its result.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
