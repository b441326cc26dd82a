import CGIF
import Dispatch
import PieDriver
import PieRaster

/// Animated GIF with giflib: one global palette for every frame (`Palette.make`, ordered
/// dithering by `PaletteMapper`), each frame after the first stored as the rectangle that
/// changed since the one before (drawn over it: disposal "do not dispose"), a frame that does
/// not change at all folded into the previous one's delay. Delays are whole centiseconds (at
/// least 2), rounded on the running time so the total stays exact; `loop` adds the NETSCAPE2.0 block
/// (repeat forever), without it the animation plays once.
enum GIFEncoder {
    /// Centiseconds: the shortest delay browsers honour.
    static let minimumDelay = 2

    static func encode(_ frames: [RGBAImage], durations: [Double], loop: Bool) throws(RenderFailure) -> [UInt8] {
        guard let first = frames.first else { throw RenderFailure(message: "no frames") }
        let width = first.width, height = first.height
        let palette = Palette.make(frames)
        let mapped = mapAll(frames, palette: palette)
        // Index buffers and their centisecond delays, identical neighbours merged.
        var images: [[UInt8]] = []
        var delays: [Int] = []
        var elapsed = 0.0, shown = 0
        for (k, duration) in durations.prefix(frames.count).enumerated() {
            elapsed += duration
            let end = Int((elapsed / 10).rounded())
            // Browsers show a delay under 2 cs as 10 cs: a frame that short is left out (the
            // next one starts where it would have), so 60 fps plays at 50 fps, on time.
            if end - shown < minimumDelay, k < frames.count - 1 { continue }
            let delay = end - shown
            shown = end
            let indices = mapped[k]
            if let last = images.last, last == indices {
                delays[delays.count - 1] += delay
            } else {
                images.append(indices)
                delays.append(delay)
            }
        }
        let sink = ByteSink()
        var error: Int32 = 0
        guard let gif = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), { file, data, length in
            guard let file, let data else { return 0 }
            Unmanaged<ByteSink>.fromOpaque(file.pointee.UserData).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return length
        }, &error) else { throw RenderFailure(message: "giflib could not start: error \(error)") }
        var closed = false
        defer { if !closed { EGifCloseFile(gif, &error) } }
        EGifSetGifVersion(gif, true)
        var bits = 1
        while (1 << bits) < palette.colors.count { bits += 1 }
        guard let map = GifMakeMapObject(Int32(1 << bits), nil) else { throw RenderFailure(message: "giflib could not make the palette") }
        defer { GifFreeMapObject(map) }
        for (i, c) in palette.colors.enumerated() {
            map.pointee.Colors[i] = GifColorType(Red: UInt8(c >> 16 & 0xFF), Green: UInt8(c >> 8 & 0xFF), Blue: UInt8(c & 0xFF))
        }
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map), gif, "screen")
        if loop {
            try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), gif, "loop")
            var name = Array("NETSCAPE2.0".utf8)
            try check(EGifPutExtensionBlock(gif, 11, &name), gif, "loop")
            var forever: [UInt8] = [1, 0, 0]
            try check(EGifPutExtensionBlock(gif, 3, &forever), gif, "loop")
            try check(EGifPutExtensionTrailer(gif), gif, "loop")
        }
        var previous: [UInt8]?
        for (indices, delay) in zip(images, delays) {
            let box: (x: Int, y: Int, w: Int, h: Int) = previous.map { changed(from: $0, to: indices, width: width, height: height) } ?? (0, 0, width, height)
            var gcb = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(max(delay, 0)),
                                           TransparentColor: NO_TRANSPARENT_COLOR)
            var extensionBytes = [UInt8](repeating: 0, count: 4)
            _ = EGifGCBToExtension(&gcb, &extensionBytes)
            try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, extensionBytes), gif, "frame")
            try check(EGifPutImageDesc(gif, Int32(box.x), Int32(box.y), Int32(box.w), Int32(box.h), false, nil), gif, "frame")
            var line = [UInt8](repeating: 0, count: box.w)
            for y in box.y..<(box.y + box.h) {
                for x in 0..<box.w { line[x] = indices[y * width + box.x + x] }
                try check(EGifPutLine(gif, &line, Int32(box.w)), gif, "frame")
            }
            previous = indices
        }
        closed = true
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw RenderFailure(message: "giflib could not finish: error \(error)") }
        return sink.bytes
    }

    /// Every frame's palette indices, on every core (each worker with its own mapper: the
    /// nearest-entry table it fills is the same in all, so the result does not depend on them).
    static func mapAll(_ frames: [RGBAImage], palette: Palette) -> [[UInt8]] {
        let mapper = PaletteMapper(palette: palette)
        let out = Slots(count: frames.count)
        // One mapper per worker, kept across its frames: a mapper learns each colour cell's
        // nearest entry once, and neighbouring frames share nearly all their colours (a copy
        // per frame started every frame with an empty table).
        let workers = max(1, min(frames.count, defaultJobCount))
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            var own = mapper
            for k in stride(from: w, to: frames.count, by: workers) { out.set(k, own.indices(frames[k])) }
        }
        return out.values.map { $0 ?? [] }
    }

    final class Slots: @unchecked Sendable {
        private let lock = Lock()
        var values: [[UInt8]?]
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func set(_ k: Int, _ value: [UInt8]) { lock.withLock { values[k] = value } }
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

    private static func check(_ status: Int32, _ gif: UnsafeMutablePointer<GifFileType>, _ what: String) throws(RenderFailure) {
        guard status == GIF_OK else { throw RenderFailure(message: "giflib could not write the \(what): error \(gif.pointee.Error)") }
    }
}
