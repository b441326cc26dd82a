import CWebP
import PieDriver
import PieRaster

/// Animated WebP with libwebp's `WebPAnimEncoder`: lossless frames (flat chart colours stay
/// exact, transparency is kept), timestamps in ms from the frame durations; the encoder stores
/// each frame as what changed. `loop`: repeat forever (loop count 0), else play once.
///
/// Frames are given to the encoder one at a time as they are drawn (`FrameStream`); libwebp
/// keeps each as its compressed difference and assembles the file at the end, which is then
/// written to the sink: memory holds a few drawn frames and the compressed animation.
/// Timestamps are 32-bit milliseconds (24 days) and a frame shows at most 24-bit milliseconds
/// (4.6 hours, where libwebp fails): longer is refused (`--hold` takes at most an hour).
final class WebPEncoder {
    private let encoder: OpaquePointer
    private var config = WebPConfig()
    private var timestamp = 0.0

    init(width: Int, height: Int, loop: Bool) throws(RenderFailure) {
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw RenderFailure(message: "libwebp version mismatch") }
        options.anim_params.loop_count = loop ? 0 : 1
        options.anim_params.bgcolor = 0x0000_0000
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw RenderFailure(message: "libwebp could not start the animation")
        }
        self.encoder = encoder
        guard WebPConfigInit(&config) != 0 else { throw RenderFailure(message: "libwebp version mismatch") }
        config.lossless = 1
        config.quality = 25
        config.method = 1
    }

    deinit { WebPAnimEncoderDelete(encoder) }

    /// The animation of `job`'s frames (transparent) into `sink`.
    static func encode(_ job: RasterJob, to sink: RenderSink) throws(RenderFailure) {
        let webp = try WebPEncoder(width: job.width, height: job.height, loop: job.loop)
        do {
            try FrameStream.each(Array(0..<job.frameCount), make: { _, k throws(RenderFailure) in try FrameStream.pixels(job, k, page: nil) },
                                 consume: { k, image in try webp.add(image, duration: job.durations[k]) })
        } catch let failure as RenderFailure { throw failure } catch { throw RenderFailure(message: "\(error)") }
        try webp.finish(into: sink)
    }

    /// The WebP of `frames` with their `durations` (ms): for tests and small inputs.
    static func encode(_ frames: [RGBAImage], durations: [Double], loop: Bool) throws(RenderFailure) -> [UInt8] {
        guard let first = frames.first else { throw RenderFailure(message: "no frames") }
        let webp = try WebPEncoder(width: first.width, height: first.height, loop: loop)
        for (frame, duration) in zip(frames, durations) { try webp.add(frame, duration: duration) }
        let sink = RenderSink.memory()
        try webp.finish(into: sink)
        return sink.bytes
    }

    /// The next frame, shown `duration` ms.
    func add(_ frame: RGBAImage, duration: Double) throws(RenderFailure) {
        guard duration < Self.maximumDuration else {
            throw RenderFailure(message: "a WebP frame shows at most \(Int(Self.maximumDuration) - 1) ms (4.6 hours)")
        }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw RenderFailure(message: "libwebp version mismatch") }
        picture.width = Int32(frame.width)
        picture.height = Int32(frame.height)
        picture.use_argb = 1
        let imported = frame.pixels.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(frame.width * 4)) }
        defer { WebPPictureFree(&picture) }
        guard imported != 0, WebPAnimEncoderAdd(encoder, &picture, try Self.milliseconds(timestamp), &config) != 0 else {
            throw RenderFailure(message: "libwebp could not add a frame: " + String(cString: WebPAnimEncoderGetError(encoder)))
        }
        timestamp += duration
    }

    /// Writes the whole file to `sink` (the animation ends where the last frame added does).
    func finish(into sink: RenderSink) throws(RenderFailure) {
        guard WebPAnimEncoderAdd(encoder, nil, try Self.milliseconds(timestamp), nil) != 0 else {
            throw RenderFailure(message: "libwebp could not end the animation: " + String(cString: WebPAnimEncoderGetError(encoder)))
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw RenderFailure(message: "libwebp could not assemble the animation: " + String(cString: WebPAnimEncoderGetError(encoder)))
        }
        sink.write(UnsafeBufferPointer(start: bytes, count: data.size))
    }

    /// Milliseconds: a WebP frame's duration is 24 bits.
    static let maximumDuration = Double(1 << 24)

    /// A timestamp as libwebp's 32-bit milliseconds.
    static func milliseconds(_ t: Double) throws(RenderFailure) -> Int32 {
        guard t.rounded() <= Double(Int32.max) else {
            throw RenderFailure(message: "a WebP animation lasts at most \(Int32.max / 3_600_000) hours (32-bit milliseconds)")
        }
        return Int32(t.rounded())
    }
}
