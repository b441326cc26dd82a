#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieDriver
import PieRaster

/// MP4 (H.264) by the `ffmpeg` program: raw RGBA frames (opaque: drawn on the page colour) are piped to it at a constant frame
/// rate (each frame repeated for its duration, the final one for the hold: `VideoFrames`) as
/// they are drawn (`FrameStream`), padded to even sides with the page colour (yuv420p needs
/// them); ffmpeg writes a temporary file, which is then copied to the sink a chunk at a time. One encoder thread and bit-exact flags, so the same frames give the same bytes with
/// one ffmpeg build. `PIEC_FFMPEG` names another ffmpeg; without one on PATH it is E0540.
enum VideoEncoder {
    /// Not installed: the message for E0540.
    struct Missing: Error {}

    static func ffmpeg() -> String? {
        if let env = getenv("PIEC_FFMPEG") {
            let path = String(cString: env)
            return access(path, X_OK) == 0 ? path : nil
        }
        guard let pathVariable = getenv("PATH") else { return nil }
        for dir in String(cString: pathVariable).split(separator: ":") {
            let candidate = String(dir) + "/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    static func encode(_ job: RasterJob, to sink: RenderSink) throws {
        guard let tool = ffmpeg() else { throw Missing() }
        let page = (job.page.r, job.page.g, job.page.b)
        let width = job.width + job.width % 2, height = job.height + job.height % 2
        let output = try temporaryFile(suffix: ".mp4"), log = try temporaryFile(suffix: ".log")
        defer {
            unlink(output)
            unlink(log)
        }
        let arguments = [tool, "-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgba",
                         "-video_size", "\(width)x\(height)", "-framerate", formatRate(job.fps), "-i", "pipe:0",
                         "-c:v", "libx264", "-preset", "medium", "-crf", "20", "-pix_fmt", "yuv420p", "-threads", "1",
                         "-movflags", "+faststart", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1",
                         "-y", output]
        guard let ends = closeOnExecPipe() else { throw RenderFailure(message: "cannot start ffmpeg: no pipe") }
        let pipeEnds = [ends.read, ends.write]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_TRUNC, 0o600)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let spawned = spawnLock.withLock { posix_spawn(&pid, tool, &actions, nil, &argv, environ) }
        close(pipeEnds[0])
        guard spawned == 0 else {
            close(pipeEnds[1])
            throw RenderFailure(message: "cannot start \(tool): " + String(cString: strerror(spawned)))
        }
        // A closed pipe (ffmpeg failed) must be an error here, not a signal that ends piec.
        signal(SIGPIPE, SIG_IGN)
        var written = true
        let repeats = VideoFrames.counts(job.durations, fps: job.fps)
        var drawing: Error?
        do {
            try FrameStream.each(Array(0..<job.frameCount), make: { _, k throws(RenderFailure) in try FrameStream.pixels(job, k, page: page) },
                                 consume: { k, frame in
                                     let bytes = padded(frame, width: width, height: height, page: page)
                                     for _ in 0..<repeats[k] where written { written = writeAll(pipeEnds[1], bytes) }
                                 })
        } catch {
            drawing = error
        }
        close(pipeEnds[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        if let drawing { throw drawing }
        let exited = (status & 0x7f) == 0 && (status >> 8) & 0xff == 0
        guard written, exited, copyFile(output, to: sink) else {
            let reason = readFile(log).map { String(decoding: $0, as: UTF8.self) } ?? ""
            throw RenderFailure(message: "ffmpeg failed: " + reason.split(separator: "\n").prefix(3).joined(separator: "; "))
        }
    }

    /// `30`, or `29.97` (no exponent, no trailing zeros).
    static func formatRate(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String(fps)
    }

    private static func padded(_ image: RGBAImage, width: Int, height: Int, page: (UInt8, UInt8, UInt8)) -> [UInt8] {
        guard image.width != width || image.height != height else { return image.pixels }
        var out = RGBAImage(width: width, height: height, red: page.0, green: page.1, blue: page.2).pixels
        for y in 0..<image.height {
            let from = y * image.width * 4, to = y * width * 4
            out.replaceSubrange(to..<(to + image.width * 4), with: image.pixels[from..<(from + image.width * 4)])
        }
        return out
    }

    private static func temporaryFile(suffix: String) throws(RenderFailure) -> String {
        let dir = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((dir + "/piec-render-XXXXXX" + suffix).utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, Int32(suffix.utf8.count)) }
        guard fd >= 0 else { throw RenderFailure(message: "cannot create a temporary file in \(dir): " + String(cString: strerror(errno))) }
        close(fd)
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// Copies the file at `path` to `sink` a chunk at a time; false when it is missing or empty.
    private static func copyFile(_ path: String, to sink: RenderSink) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            chunk.withUnsafeBufferPointer { sink.write(UnsafeBufferPointer(rebasing: $0[0..<n])) }
            total += n
        }
        return total > 0
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }
}
