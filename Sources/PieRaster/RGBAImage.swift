/// An image as straight (not premultiplied) RGBA bytes, row by row from the top left.
public struct RGBAImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBA image of the wrong size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour.
    public init(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.width = width
        self.height = height
        var row: [UInt8] = []
        row.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) { row.append(contentsOf: [red, green, blue, alpha]) }
        pixels = row
    }

    /// The image composited over an opaque page colour (for formats without transparency).
    public func flattened(red: UInt8, green: UInt8, blue: UInt8) -> RGBAImage {
        var out = pixels
        let page = [Int(red), Int(green), Int(blue)]
        var i = 0
        while i < out.count {
            let a = Int(out[i + 3])
            if a != 255 {
                for c in 0..<3 { out[i + c] = UInt8((Int(out[i + c]) * a + page[c] * (255 - a) + 127) / 255) }
                out[i + 3] = 255
            }
            i += 4
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    /// The RGB of pixel `k` as 0xRRGGBB.
    @inline(__always) public func rgb(_ k: Int) -> UInt32 {
        UInt32(pixels[4 * k]) << 16 | UInt32(pixels[4 * k + 1]) << 8 | UInt32(pixels[4 * k + 2])
    }
}
