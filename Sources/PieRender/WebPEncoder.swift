import CWebP
import PieRaster

/// Animated WebP with libwebp's `WebPAnimEncoder`: lossless frames (flat chart colours stay
/// exact, transparency is kept), timestamps in ms from the frame durations; the encoder stores
/// each frame as what changed. `loop`: repeat forever (loop count 0), else play once.
enum WebPEncoder {
    static func encode(_ frames: [RGBAImage], durations: [Double], loop: Bool) throws(RenderFailure) -> [UInt8] {
        guard let first = frames.first else { throw RenderFailure(message: "no frames") }
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else { throw RenderFailure(message: "libwebp version mismatch") }
        options.anim_params.loop_count = loop ? 0 : 1
        options.anim_params.bgcolor = 0x0000_0000
        guard let encoder = WebPAnimEncoderNew(Int32(first.width), Int32(first.height), &options) else {
            throw RenderFailure(message: "libwebp could not start the animation")
        }
        defer { WebPAnimEncoderDelete(encoder) }
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw RenderFailure(message: "libwebp version mismatch") }
        config.lossless = 1
        config.quality = 25
        config.method = 1
        var timestamp = 0.0
        for (frame, duration) in zip(frames, durations) {
            var picture = WebPPicture()
            guard WebPPictureInit(&picture) != 0 else { throw RenderFailure(message: "libwebp version mismatch") }
            picture.width = Int32(frame.width)
            picture.height = Int32(frame.height)
            picture.use_argb = 1
            let imported = frame.pixels.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(frame.width * 4)) }
            defer { WebPPictureFree(&picture) }
            guard imported != 0, WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp.rounded()), &config) != 0 else {
                throw RenderFailure(message: "libwebp could not add a frame: " + String(cString: WebPAnimEncoderGetError(encoder)))
            }
            timestamp += duration
        }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamp.rounded()), nil) != 0 else {
            throw RenderFailure(message: "libwebp could not end the animation: " + String(cString: WebPAnimEncoderGetError(encoder)))
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw RenderFailure(message: "libwebp could not assemble the animation: " + String(cString: WebPAnimEncoderGetError(encoder)))
        }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }
}
