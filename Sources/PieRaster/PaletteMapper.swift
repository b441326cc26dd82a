/// Maps opaque images onto a `Palette`. A pixel of one of the palette's exact colours keeps it;
/// every other pixel is ordered-dithered (an 8x8 Bayer matrix): an offset of up to half the
/// palette's typical step is added by its position before the nearest entry is taken, so a
/// colour between two entries becomes a fine, fixed pattern of both whose average is the colour,
/// and a gradient of one hue shows no bands. Ordered (not error-diffusion) dithering keeps the
/// pattern still from frame to frame where the colour does not change: no flicker, and the
/// unchanged part of a frame stays byte-identical (GIF frames encode only what changed).
public struct PaletteMapper: Sendable {
    public let palette: Palette
    /// Dither amplitude: the median distance from a non-exact entry to its nearest neighbour.
    public let spread: Double
    private var exact: [UInt32: UInt8] = [:]
    /// Nearest entry per 6-bit-per-channel cell, filled on demand (0xFFFF: not yet).
    private var nearestCell = [UInt16](repeating: 0xFFFF, count: 1 << 18)

    /// Bayer 8x8 thresholds, 0..<64.
    static let bayer: [Int] = {
        var m = [0]
        var n = 1
        while n < 8 {
            var next = [Int](repeating: 0, count: 4 * n * n)
            for y in 0..<n {
                for x in 0..<n {
                    let v = 4 * m[y * n + x]
                    next[y * 2 * n + x] = v
                    next[y * 2 * n + x + n] = v + 2
                    next[(y + n) * 2 * n + x] = v + 3
                    next[(y + n) * 2 * n + x + n] = v + 1
                }
            }
            m = next
            n *= 2
        }
        return m
    }()

    public init(palette: Palette) {
        self.palette = palette
        for (i, c) in palette.colors.prefix(palette.exact).enumerated() { exact[c] = UInt8(i) }
        let others = Array(palette.colors.dropFirst(palette.exact))
        var gaps: [Double] = []
        for (i, a) in others.enumerated() {
            var best = Double.infinity
            for (j, b) in others.enumerated() where j != i { best = min(best, Self.distance(a, b).squareRoot()) }
            if best.isFinite { gaps.append(best) }
        }
        gaps.sort()
        spread = gaps.isEmpty ? 0 : min(max(gaps[gaps.count / 2], 2), 64)
    }

    /// Palette indices of `image` (opaque), dithered.
    public mutating func indices(_ image: RGBAImage) -> [UInt8] { map(image, dither: true) }

    /// Palette indices of `image` by nearest entry only (no dithering; for comparison).
    public mutating func nearestIndices(_ image: RGBAImage) -> [UInt8] { map(image, dither: false) }

    private mutating func map(_ image: RGBAImage, dither: Bool) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: image.width * image.height)
        var last: UInt32 = 0xFFFF_FFFF, lastIndex: UInt8 = 0
        let amplitude = dither ? spread : 0
        image.pixels.withUnsafeBufferPointer { px in
            for y in 0..<image.height {
                let row = (y & 7) * 8
                for x in 0..<image.width {
                    let k = y * image.width + x
                    let r = Int(px[4 * k]), g = Int(px[4 * k + 1]), b = Int(px[4 * k + 2])
                    let c = UInt32(r << 16 | g << 8 | b)
                    if c == last { out[k] = lastIndex; continue }
                    if let e = exact[c] {
                        (last, lastIndex) = (c, e)
                        out[k] = e
                        continue
                    }
                    let d = (Double(Self.bayer[row + (x & 7)]) + 0.5) / 64 - 0.5
                    let off = Int((d * amplitude).rounded())
                    out[k] = UInt8(nearest(clamp(r + off), clamp(g + off), clamp(b + off)))
                }
            }
        }
        return out
    }

    @inline(__always) private func clamp(_ v: Int) -> Int { min(max(v, 0), 255) }

    /// The entry nearest (squared RGB distance) to the centre of the colour's 6-bit cell.
    private mutating func nearest(_ r: Int, _ g: Int, _ b: Int) -> Int {
        let cell = (r >> 2) << 12 | (g >> 2) << 6 | (b >> 2)
        let known = nearestCell[cell]
        if known != 0xFFFF { return Int(known) }
        let cr: Int = (r >> 2) << 2 | 2, cg: Int = (g >> 2) << 2 | 2, cb: Int = (b >> 2) << 2 | 2
        let centre = UInt32(cr << 16 | cg << 8 | cb)
        var best = 0, bestDistance = Double.infinity
        for (i, p) in palette.colors.enumerated() {
            let dist = Self.distance(centre, p)
            if dist < bestDistance { (best, bestDistance) = (i, dist) }
        }
        nearestCell[cell] = UInt16(best)
        return best
    }

    static func distance(_ a: UInt32, _ b: UInt32) -> Double {
        let dr = Double(Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF))
        let dg = Double(Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF))
        let db = Double(Int(a & 0xFF) - Int(b & 0xFF))
        return dr * dr + dg * dg + db * db
    }
}
