import CGIF
import PieDriver
import PieRaster

/// Animated GIF with giflib: one global palette for every frame (`Palette.make`, ordered
/// dithering by `PaletteMapper`), each frame after the first stored as the rectangle that
/// changed since the one before (drawn over it: disposal "do not dispose"), a frame that does
/// not change at all folded into the previous one's delay. Delays are whole centiseconds (at
/// least 2), rounded on the running time so the total stays exact; a delay over GIF's 655.35 s
/// (16 bits) is shown as several frames of equal delays. `loop` adds the NETSCAPE2.0 block
/// (repeat forever), without it the animation plays once.
///
/// Streamed in two passes over the frames (`FrameStream`, a window of one frame per core):
/// the global palette must be known before the first frame is written, and it depends on every
/// frame. Pass one draws each frame and keeps only its sampled colours (`PaletteHistogram`, the
/// same samples the palette was always made of); pass two draws each shown frame again, maps it
/// to the palette and writes it. So memory holds a few frames and three index buffers (the one
/// written last, the one waiting for its delay, the one arriving), never the animation; the
/// bytes are the same as when every frame was held. The cost is drawing each frame twice
/// (measured side by side against holding them, BENCHMARKS.md: 1.24x the time at 400 px, 1.85x
/// at 4000 px, where librsvg's drawing dominates; the first pass converts only the pixels it
/// samples). Keeping the frames instead (even as compressed index buffers, which need the
/// palette first) grows with the animation, which is what this bounds.
enum GIFEncoder {
    /// Centiseconds: the shortest delay browsers honour.
    static let minimumDelay = 2
    /// Centiseconds: the longest delay a GIF frame holds (16 bits).
    static let maximumDelay = 65_535

    /// Encodes `job` (its frames drawn on its page colour) into `sink`.
    static func encode(_ job: RasterJob, to sink: RenderSink) throws(RenderFailure) {
        let page = (job.page.r, job.page.g, job.page.b)
        let all = Array(0..<job.frameCount)
        var histogram = PaletteHistogram(totalPixels: job.frameCount * job.width * job.height)
        let stride = histogram.stride
        try run {
            try FrameStream.each(all, make: { _, k throws(RenderFailure) in
                try SVGRasterizer.samples(job.svg(k), width: job.width, height: job.height, page: page, stride: stride)
            }, consume: { _, samples in histogram.add(samples) })
        }
        let palette = Palette.make(histogram)
        let mappers = MapperPool(palette: palette, count: FrameStream.workers)
        let shown = timing(job.durations)
        let writer = try GIFWriter(sink: sink, width: job.width, height: job.height, palette: palette, loop: job.loop)
        let delays = Dictionary(uniqueKeysWithValues: shown.map { ($0.frame, $0.delay) })
        try run {
            try FrameStream.each(shown.map(\.frame), make: { w, k throws(RenderFailure) in
                mappers.indices(w, try FrameStream.pixels(job, k, page: page))
            }, consume: { k, indices in try writer.add(indices, delay: delays[k]!) })
        }
        try writer.finish()
    }

    /// The GIF of `frames` (opaque) with their `durations` (ms): for tests and small inputs.
    static func encode(_ frames: [RGBAImage], durations: [Double], loop: Bool) throws(RenderFailure) -> [UInt8] {
        guard let first = frames.first else { throw RenderFailure(message: "no frames") }
        let palette = Palette.make(frames)
        var mapper = PaletteMapper(palette: palette)
        let sink = RenderSink.memory()
        let writer = try GIFWriter(sink: sink, width: first.width, height: first.height, palette: palette, loop: loop)
        for (k, delay) in timing(Array(durations.prefix(frames.count))) { try writer.add(mapper.indices(frames[k]), delay: delay) }
        try writer.finish()
        return sink.bytes
    }

    /// The frames a GIF shows and their delays (cs) on the running time. Browsers show a delay
    /// under 2 cs as 10 cs: a frame that short is left out (the next one starts where it would
    /// have), so 60 fps plays at 50 fps, on time. The last frame is always shown.
    static func timing(_ durations: [Double]) -> [(frame: Int, delay: Int)] {
        var out: [(frame: Int, delay: Int)] = []
        var elapsed = 0.0, shown = 0
        for (k, duration) in durations.enumerated() {
            elapsed += duration
            let end = Int((elapsed / 10).rounded())
            if end - shown < minimumDelay, k < durations.count - 1 { continue }
            out.append((k, end - shown))
            shown = end
        }
        return out
    }

    /// Runs `body`, turning any error into a `RenderFailure`.
    private static func run(_ body: () throws -> Void) throws(RenderFailure) {
        do { try body() } catch let failure as RenderFailure { throw failure } catch { throw RenderFailure(message: "\(error)") }
    }

    /// The smallest rectangle holding every pixel that differs (at least one pixel).
    static func changed(from a: [UInt8], to b: [UInt8], width: Int, height: Int) -> (x: Int, y: Int, w: Int, h: Int) {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = y * width
            for x in 0..<width where a[row + x] != b[row + x] {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return (0, 0, 1, 1) }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}

/// One palette mapper per worker, kept across its frames: a mapper learns each colour cell's
/// nearest entry once, and neighbouring frames share nearly all their colours. The table it
/// fills is the same in all, so the result does not depend on which worker maps a frame.
final class MapperPool: @unchecked Sendable {
    private final class Box { var mapper: PaletteMapper; init(_ m: PaletteMapper) { mapper = m } }
    private let boxes: [Box]

    init(palette: Palette, count: Int) {
        let mapper = PaletteMapper(palette: palette)
        boxes = (0..<max(count, 1)).map { _ in Box(mapper) }
    }

    /// Worker `w`'s indices of `image` (only worker w calls with w).
    func indices(_ w: Int, _ image: RGBAImage) -> [UInt8] { boxes[w].mapper.indices(image) }
}

/// Writes a GIF to a `RenderSink` a frame at a time. A frame equal to the one before is folded
/// into its delay, so each frame waits (`pending`) until the next one differs or the end.
final class GIFWriter {
    private let sink: RenderSink
    private let gif: UnsafeMutablePointer<GifFileType>
    private let width: Int, height: Int
    private var previous: [UInt8]?
    private var pending: (indices: [UInt8], delay: Int)?
    private var closed = false

    init(sink: RenderSink, width: Int, height: Int, palette: Palette, loop: Bool) throws(RenderFailure) {
        self.sink = sink
        self.width = width
        self.height = height
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), { file, data, length in
            guard let file, let data else { return 0 }
            Unmanaged<RenderSink>.fromOpaque(file.pointee.UserData).takeUnretainedValue().write(UnsafeBufferPointer(start: data, count: Int(length)))
            return length
        }, &error) else { throw RenderFailure(message: "giflib could not start: error \(error)") }
        self.gif = gif
        EGifSetGifVersion(gif, true)
        var bits = 1
        while (1 << bits) < palette.colors.count { bits += 1 }
        guard let map = GifMakeMapObject(Int32(1 << bits), nil) else {
            close()
            throw RenderFailure(message: "giflib could not make the palette")
        }
        defer { GifFreeMapObject(map) }
        for (i, c) in palette.colors.enumerated() {
            map.pointee.Colors[i] = GifColorType(Red: UInt8(c >> 16 & 0xFF), Green: UInt8(c >> 8 & 0xFF), Blue: UInt8(c & 0xFF))
        }
        do throws(RenderFailure) {
            try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map), "screen")
            if loop {
                try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "loop")
                var name = Array("NETSCAPE2.0".utf8)
                try check(EGifPutExtensionBlock(gif, 11, &name), "loop")
                var forever: [UInt8] = [1, 0, 0]
                try check(EGifPutExtensionBlock(gif, 3, &forever), "loop")
                try check(EGifPutExtensionTrailer(gif), "loop")
            }
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// The next shown frame's palette indices and its delay (cs).
    func add(_ indices: [UInt8], delay: Int) throws(RenderFailure) {
        if let waiting = pending, waiting.indices == indices {
            pending!.delay += delay
            return
        }
        try flush()
        pending = (indices, delay)
    }

    /// Writes the last frame and the trailer.
    func finish() throws(RenderFailure) {
        try flush()
        closed = true
        var error: Int32 = 0
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw RenderFailure(message: "giflib could not finish: error \(error)") }
    }

    private func close() {
        guard !closed else { return }
        closed = true
        var error: Int32 = 0
        EGifCloseFile(gif, &error)
    }

    /// Writes the waiting frame: what changed since the one before, then, for a delay over
    /// GIF's maximum, as many one-pixel unchanged frames as the rest needs (equal delays).
    private func flush() throws(RenderFailure) {
        guard let (indices, delay) = pending else { return }
        pending = nil
        let parts = max(1, (delay + GIFEncoder.maximumDelay - 1) / GIFEncoder.maximumDelay)
        for part in 0..<parts {
            let box: (x: Int, y: Int, w: Int, h: Int)
            if part > 0 {
                box = (0, 0, 1, 1)
            } else if let previous {
                box = GIFEncoder.changed(from: previous, to: indices, width: width, height: height)
            } else {
                box = (0, 0, width, height)
            }
            let share = delay / parts + (part < delay % parts ? 1 : 0)
            try put(indices, box: box, delay: share)
        }
        previous = indices
    }

    private func put(_ indices: [UInt8], box: (x: Int, y: Int, w: Int, h: Int), delay: Int) throws(RenderFailure) {
        var gcb = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(max(delay, 0)),
                                       TransparentColor: NO_TRANSPARENT_COLOR)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        _ = EGifGCBToExtension(&gcb, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extensionBytes), "frame")
        try check(EGifPutImageDesc(gif, Int32(box.x), Int32(box.y), Int32(box.w), Int32(box.h), false, nil), "frame")
        var line = [UInt8](repeating: 0, count: box.w)
        for y in box.y..<(box.y + box.h) {
            for x in 0..<box.w { line[x] = indices[y * width + box.x + x] }
            try check(EGifPutLine(gif, &line, Int32(box.w)), "frame")
        }
    }

    private func check(_ status: Int32, _ what: String) throws(RenderFailure) {
        guard status == GIF_OK else { throw RenderFailure(message: "giflib could not write the \(what): error \(gif.pointee.Error)") }
    }
}
