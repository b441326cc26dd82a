/// A palette of at most 256 opaque colours (0xRRGGBB) for GIF frames, made by `Palette.make`:
/// the colours of flat areas that cover a visible share of the frames (a chart's slice,
/// background and track colours: the sampled pixel equals the one sampled before it) get an
/// entry of their own, exactly, so flat areas stay flat; median cut
/// shares the other entries out over the remaining colours (anti-aliased edges, fades,
/// gradients), each box of colour space becoming the weighted mean of its pixels.
public struct Palette: Sendable, Equatable {
    public var colors: [UInt32]
    /// How many leading `colors` are exact colours of the frames (never dithered).
    public var exact: Int

    public init(colors: [UInt32], exact: Int) {
        self.colors = colors
        self.exact = exact
    }

    /// A colour whose flat runs cover at least this share of the sampled pixels gets its own entry.
    public static let exactShare = 0.002
    /// At most this many pixels are sampled over all frames (evenly, every frame).
    public static let maxSamples = 400_000

    /// The palette of `images` (opaque: composite them first), `size` entries at most.
    public static func make(_ images: [RGBAImage], size: Int = 256) -> Palette {
        var histogram = PaletteHistogram(totalPixels: images.reduce(0) { $0 + $1.width * $1.height })
        for image in images { histogram.add(histogram.sample(image)) }
        return make(histogram, size: size)
    }

    /// The palette of the frames gathered in `histogram`, `size` entries at most.
    public static func make(_ histogram: PaletteHistogram, size: Int = 256) -> Palette {
        let histogram = histogram.entries
        let total = histogram.reduce(0) { $0 + $1.count }
        guard total > 0 else { return Palette(colors: [0], exact: 1) }
        if histogram.count <= size {
            return Palette(colors: histogram.sorted { $0.count > $1.count }.map(\.rgb), exact: histogram.count)
        }
        // Exact entries for flat colours, flattest first, leaving room for median cut.
        let sorted = histogram.sorted { $0.runs != $1.runs ? $0.runs > $1.runs : $0.rgb < $1.rgb }
        let threshold = max(Int(Double(total) * exactShare), 1)
        var exact: [UInt32] = []
        var rest: [(rgb: UInt32, count: Int)] = []
        for entry in sorted {
            if entry.runs >= threshold, exact.count < size / 2 { exact.append(entry.rgb) } else { rest.append((entry.rgb, entry.count)) }
        }
        return Palette(colors: exact + MedianCut.boxes(rest, count: size - exact.count), exact: exact.count)
    }
}

/// The colours of animation frames sampled for `Palette.make`, gathered one frame at a time so
/// the frames need not be held: `sample` one frame (on any thread), `add` the samples in frame
/// order. Every `stride`-th pixel of each frame is sampled, the stride chosen from the frames'
/// total pixels so at most `Palette.maxSamples` are taken over all of them (evenly, every
/// frame). The result is the same whether the frames come one by one or all at once.
public struct PaletteHistogram: Sendable {
    /// One colour: how many sampled pixels have it, and how many of them equal the pixel
    /// sampled just before in the same frame (in flat areas).
    public typealias Entry = (rgb: UInt32, count: Int, runs: Int)

    public let stride: Int
    /// Distinct colours in first-seen order.
    public private(set) var entries: [Entry] = []
    private var index: [UInt32: Int] = [:]

    /// A histogram for frames of `totalPixels` pixels in all.
    public init(totalPixels: Int) {
        stride = max(1, Int((Double(totalPixels) / Double(Palette.maxSamples)).rounded(.up)))
    }

    /// One frame's samples (a histogram of that frame alone, in first-seen order).
    public func sample(_ image: RGBAImage) -> [Entry] { Self.sample(image, stride: stride) }

    /// One frame's samples taking every `stride`-th pixel (any thread: no state).
    public static func sample(_ image: RGBAImage, stride: Int) -> [Entry] {
        sample(pixels: image.width * image.height, stride: stride, rgb: image.rgb)
    }

    /// The samples of a frame of `pixels` pixels whose pixel k is `rgb(k)` (0xRRGGBB): only
    /// the sampled pixels are read, so a frame need not be converted whole.
    public static func sample(pixels n: Int, stride: Int, rgb: (Int) -> UInt32) -> [Entry] {
        var index: [UInt32: Int] = [:]
        var entries: [Entry] = []
        var k = 0, last: UInt32 = 0xFFFF_FFFF, lastSlot = -1
        while k < n {
            let c = rgb(k)
            if c == last {
                entries[lastSlot].count += 1
                entries[lastSlot].runs += 1
            } else if let slot = index[c] {
                entries[slot].count += 1
                (last, lastSlot) = (c, slot)
            } else {
                index[c] = entries.count
                entries.append((c, 1, 0))
                (last, lastSlot) = (c, entries.count - 1)
            }
            k += stride
        }
        return entries
    }

    /// Adds one frame's samples (frames in order).
    public mutating func add(_ frame: [Entry]) {
        for entry in frame {
            if let slot = index[entry.rgb] {
                entries[slot].count += entry.count
                entries[slot].runs += entry.runs
            } else {
                index[entry.rgb] = entries.count
                entries.append(entry)
            }
        }
    }
}

/// Median cut (Heckbert): the box of colours with the widest channel range (weighted by its
/// pixel count) is split at the weighted median of that channel, until there are `count` boxes;
/// each box gives the weighted mean of its colours.
enum MedianCut {
    static func boxes(_ colors: [(rgb: UInt32, count: Int)], count: Int) -> [UInt32] {
        guard !colors.isEmpty, count > 0 else { return [] }
        var boxes: [[(rgb: UInt32, count: Int)]] = [colors]
        while boxes.count < count {
            // The box to split: the largest weighted range.
            var best = -1, bestScore = 0.0, bestChannel = 0
            for (i, box) in boxes.enumerated() where box.count > 1 {
                let (channel, range) = widest(box)
                let weight = Double(box.reduce(0) { $0 + $1.count })
                let score = Double(range) * weight.squareRoot()
                if score > bestScore { (best, bestScore, bestChannel) = (i, score, channel) }
            }
            guard best >= 0 else { break }
            let box = boxes[best].sorted { channel($0.rgb, bestChannel) < channel($1.rgb, bestChannel) }
            let half = box.reduce(0) { $0 + $1.count } / 2
            var sum = 0, cut = 1
            for (i, c) in box.enumerated() {
                sum += c.count
                if sum >= half { cut = min(max(i + 1, 1), box.count - 1); break }
            }
            boxes[best] = Array(box[..<cut])
            boxes.append(Array(box[cut...]))
        }
        return boxes.map(mean)
    }

    static func channel(_ rgb: UInt32, _ c: Int) -> Int { Int((rgb >> (16 - 8 * c)) & 0xFF) }

    static func widest(_ box: [(rgb: UInt32, count: Int)]) -> (Int, Int) {
        var lo = [255, 255, 255], hi = [0, 0, 0]
        for entry in box {
            for c in 0..<3 {
                let v = channel(entry.rgb, c)
                lo[c] = min(lo[c], v)
                hi[c] = max(hi[c], v)
            }
        }
        let ranges = (0..<3).map { hi[$0] - lo[$0] }
        let c = ranges.indices.max { ranges[$0] < ranges[$1] }!
        return (c, ranges[c])
    }

    static func mean(_ box: [(rgb: UInt32, count: Int)]) -> UInt32 {
        var sums = [0, 0, 0], n = 0
        for entry in box {
            for c in 0..<3 { sums[c] += channel(entry.rgb, c) * entry.count }
            n += entry.count
        }
        let m = sums.map { UInt32((Double($0) / Double(max(n, 1))).rounded()) }
        return m[0] << 16 | m[1] << 8 | m[2]
    }
}
