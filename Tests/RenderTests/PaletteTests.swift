import PieRaster
import Testing

@Suite struct PaletteTests {
    /// A horizontal gradient of one hue (dark to light blue), `width` columns, 8 rows.
    func gradient(width: Int = 256) -> RGBAImage {
        var pixels: [UInt8] = []
        for _ in 0..<8 {
            for x in 0..<width {
                let t = Double(x) / Double(width - 1)
                pixels += [UInt8(8 + t * 200), UInt8(48 + t * 190), UInt8(107 + t * 140), 255]
            }
        }
        return RGBAImage(width: width, height: 8, pixels: pixels)
    }

    /// Mean green of the source and of the mapped image over each run of 8 columns (all 8
    /// rows: every threshold of the 8x8 Bayer matrix once), as the eye averages a dither.
    func runMeans(_ image: RGBAImage, _ indices: [UInt8], _ palette: Palette) -> [(source: Double, mapped: Double)] {
        stride(from: 0, to: image.width, by: 8).map { x0 in
            var source = 0.0, mapped = 0.0
            for y in 0..<image.height {
                for x in x0..<x0 + 8 {
                    source += Double(image.pixels[4 * (y * image.width + x) + 1])
                    mapped += Double(palette.colors[Int(indices[y * image.width + x])] >> 8 & 0xFF)
                }
            }
            return (source / 64, mapped / 64)
        }
    }

    @Test func aGradientOfOneHueShowsNoBandsWhenDithered() {
        let image = gradient()
        // 16 entries for 256 shades: a step of ~12 levels of green between entries.
        let palette = Palette.make([image], size: 16)
        var mapper = PaletteMapper(palette: palette)
        let greens = palette.colors.map { Double($0 >> 8 & 0xFF) }
        // Runs inside the palette's range (median cut's outermost entries are box means: the
        // last shades at each end are clipped to them, dithered or not).
        let inside = { (m: (source: Double, mapped: Double)) in m.source >= greens.min()! && m.source <= greens.max()! }
        let dithered = runMeans(image, mapper.indices(image), palette).filter(inside)
        let banded = runMeans(image, mapper.nearestIndices(image), palette).filter(inside)
        #expect(dithered.count >= 26)
        // Nearest-colour mapping makes bands: runs are off by up to half a step.
        #expect(banded.map { abs($0.mapped - $0.source) }.max()! > 4)
        // Dithered, every run's average follows the gradient within a fifth of a step.
        let worst = dithered.map { abs($0.mapped - $0.source) }.max()!
        #expect(worst < 2.5, "worst run error \(worst)")
        // And the averages rise run by run (no plateau, no step back).
        #expect(zip(dithered, dithered.dropFirst()).allSatisfy { $0.mapped < $1.mapped })
    }

    @Test func flatColoursGetExactEntriesAndAreNeverDithered() {
        // Two flat halves and an anti-aliased column between them, plus many rare colours.
        var pixels: [UInt8] = []
        for y in 0..<40 {
            for x in 0..<300 {
                let c: [UInt8] = x < 149 ? [0xF0, 0x51, 0x38] : x == 149 ? [0x90, 0x70, 0x60] : x < 280 ? [0x4E, 0x79, 0xA7] : [UInt8(x - 200), UInt8(y * 6), 7]
                pixels += c + [255]
            }
        }
        let image = RGBAImage(width: 300, height: 40, pixels: pixels)
        let palette = Palette.make([image], size: 32)
        #expect(palette.colors.prefix(palette.exact).contains(0xF05138))
        #expect(palette.colors.prefix(palette.exact).contains(0x4E79A7))
        #expect(palette.colors.count <= 32)
        var mapper = PaletteMapper(palette: palette)
        let indices = mapper.indices(image)
        for y in 0..<40 {
            #expect(palette.colors[Int(indices[y * 300 + 10])] == 0xF05138)
            #expect(palette.colors[Int(indices[y * 300 + 200])] == 0x4E79A7)
        }
    }

    @Test func fewColoursAreKeptAsTheyAre() {
        let image = RGBAImage(width: 4, height: 1, pixels: [1, 2, 3, 255, 1, 2, 3, 255, 9, 9, 9, 255, 200, 0, 0, 255])
        let palette = Palette.make([image])
        #expect(Set(palette.colors) == [0x010203, 0x090909, 0xC80000])
        var mapper = PaletteMapper(palette: palette)
        #expect(mapper.indices(image).map { palette.colors[Int($0)] } == [0x010203, 0x010203, 0x090909, 0xC80000])
    }

    @Test func flatteningCompositesOverThePage() {
        let image = RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 128])
        #expect(image.flattened(red: 0, green: 0, blue: 255).pixels == [128, 0, 127, 255])
    }
}
