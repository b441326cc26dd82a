import Testing
@testable import PieSpec

/// `Color.parse`: the ASCII fast path for hex colours must agree with the general path.
@Suite struct ColorParseTests {
    @Test func hexColoursOfEveryLengthParse() {
        #expect(Color.parse("#f0a") == Color(r: 0xff, g: 0x00, b: 0xaa))
        #expect(Color.parse("#F0A8") == Color(r: 0xff, g: 0x00, b: 0xaa, a: 0x88))
        #expect(Color.parse("#4e79A7") == Color(r: 0x4e, g: 0x79, b: 0xa7))
        #expect(Color.parse("#4e79a780") == Color(r: 0x4e, g: 0x79, b: 0xa7, a: 0x80))
    }

    @Test func malformedHexIsRejected() {
        for text in ["#", "#12", "#12345", "#1234567", "#123456789", "#12g", "#12 4", "#-12"] {
            #expect(Color.parse(text) == nil, "\(text)")
        }
    }

    @Test func namedColoursStillParse() {
        #expect(Color.parse("Red") == Color(r: 255, g: 0, b: 0))
    }

    @Test func everyPaletteColourParsesToItsHexDigits() {
        for palette in Palettes.table {
            #expect(palette.colors.count >= 6, "\(palette.name)")
        }
        #expect(Palettes.colors(named: "okabe-ito")?.first == Color(r: 0xe6, g: 0x9f, b: 0x00))
    }
}
