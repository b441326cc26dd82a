import PieSpec
import Testing
@testable import PieCore

/// A fixed pseudo-random sequence of colours (an LCG), so failures are reproducible.
struct ColorSequence: Sequence, IteratorProtocol {
    var state: UInt64
    var left: Int
    init(seed: UInt64 = 0x9e37_79b9_7f4a_7c15, count: Int) {
        state = seed
        left = count
    }
    mutating func next() -> Color? {
        guard left > 0 else { return nil }
        left -= 1
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let v = state >> 40
        return Color(r: UInt8(v & 255), g: UInt8(v >> 8 & 255), b: UInt8(v >> 16 & 255))
    }
}

@Suite("Contrast")
struct ContrastTests {
    static var paletteColors: [Color] {
        Palettes.table.flatMap(\.colors) + (1...24).flatMap { n in (0..<n).map { Palettes.hue(index: $0, count: n) } }
    }

    @Test func labelTextOnEveryPaletteColourContrastsAtLeast4_5() {
        for color in Self.paletteColors {
            let text = TextInk.on(color)
            #expect(Color.contrast(text, color) >= 4.5, "\(text.hex) on \(color.hex)")
        }
    }

    @Test func labelTextOnRandomColoursContrastsAtLeast4_5() {
        for color in ColorSequence(count: 5_000) {
            #expect(Color.contrast(TextInk.on(color), color) >= 4.5, "on \(color.hex)")
        }
    }

    @Test func labelTextIsTheHigherContrastOfBlackAndWhite() {
        let black = Color(r: 0, g: 0, b: 0), white = Color(r: 255, g: 255, b: 255)
        for color in ColorSequence(count: 500) {
            let text = TextInk.on(color)
            let other = text == black ? white : black
            #expect(Color.contrast(text, color) >= Color.contrast(other, color))
        }
    }

    @Test func layoutGivesEachSliceItsContrastingTextColour() {
        var spec = Fixture.spec([1, 1, 1, 1, 1, 1, 1, 1])
        spec.theme.palette = .named("okabe-ito")
        for slice in Layout.layout(spec).slices {
            #expect(Color.contrast(slice.textColor, slice.color) >= 4.5)
        }
    }

    @Test func patternMarksKeepLabelContrastAtLeast4_5() {
        for color in Self.paletteColors + Array(ColorSequence(count: 3_000)) {
            let text = TextInk.on(color)
            let mark = Patterns.markColor(Patterns.ink(on: color), on: color)
            #expect(Color.contrast(text, mark) >= 4.5, "label \(text.hex) over marks on \(color.hex)")
        }
    }

    @Test func patternMarksShowOnEveryPaletteColour() {
        for color in Self.paletteColors {
            let mark = Patterns.markColor(Patterns.ink(on: color), on: color)
            #expect(Color.contrast(mark, color) >= Patterns.minMarkContrast, "marks on \(color.hex)")
        }
    }

    @Test func legendInkContrastsWithLightBackgrounds() {
        var spec = Fixture.spec([1, 2])
        let white = Color(r: 255, g: 255, b: 255)
        // Transparent: the ink assumes a light page.
        let ink = DarkTheme.lightModeInk(Layout.layout(spec))
        #expect(Color.contrast(ink, white) >= 4.5)
        // The legend's percent is drawn at 75 % opacity.
        #expect(Color.contrast(DarkTheme.mix(white, ink, 0.75), white) >= 4.5)
        for background in ColorSequence(seed: 7, count: 1_000) {
            spec.theme.background = background
            let ink = DarkTheme.lightModeInk(Layout.layout(spec))
            #expect(Color.contrast(ink, background) >= 4.5, "legend on \(background.hex)")
        }
    }

    @Test func darkInkContrastsWithTheDarkBackground() throws {
        let dark = try #require(Layout.layout(Fixture.spec([1])).dark)
        #expect(dark.background == DarkTheme.defaultBackground)
        #expect(Color.contrast(dark.ink, dark.background) >= 7)
        #expect(Color.contrast(DarkTheme.mix(dark.background, dark.ink, 0.75), dark.background) >= 4.5)
        var spec = Fixture.spec([1])
        for background in ColorSequence(seed: 11, count: 1_000) {
            spec.theme.darkBackground = background
            let dark = try #require(Layout.layout(spec).dark)
            #expect(Color.contrast(dark.ink, background) >= 4.5, "dark legend on \(background.hex)")
        }
    }
}
