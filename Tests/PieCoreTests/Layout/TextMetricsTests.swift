import Testing
@testable import PieCore

@Suite("Text metrics")
struct TextMetricsTests {
    /// Each character takes the wider of Helvetica's and DejaVu Sans' advances.
    @Test func theWiderOfHelveticaAndDejaVuSans() {
        // S 667/635, w 722/818, i 222/278, f 278/352, t 278/392.
        #expect(TextMetrics.width("Swift", fontSize: 1000) == 667 + 818 + 278 + 352 + 392)
        #expect(TextMetrics.width(" ", fontSize: 1000) == 318)
        #expect(TextMetrics.width("~", fontSize: 1000) == 838)
        #expect(TextMetrics.helvetica.count == 95 && TextMetrics.dejaVuSans.count == 95)
        for (i, w) in TextMetrics.widestASCII.enumerated() {
            #expect(w >= TextMetrics.helvetica[i] && w >= TextMetrics.dejaVuSans[i])
        }
    }

    @Test func lettersWithDiacriticsTakeTheirBaseLettersWidth() {
        #expect(TextMetrics.width("é", fontSize: 1000) == TextMetrics.width("e", fontSize: 1000))
        #expect(TextMetrics.width("Ž", fontSize: 1000) == TextMetrics.width("Z", fontSize: 1000))
        #expect(TextMetrics.width("ß", fontSize: 1000) == TextMetrics.width("b", fontSize: 1000))
        #expect(TextMetrics.width("Æ", fontSize: 1000) == 1000 && TextMetrics.width("œ", fontSize: 1000) == 1070)
        #expect(TextMetrics.width("e\u{301}", fontSize: 1000) == TextMetrics.width("e", fontSize: 1000))
    }

    @Test func wideAndOtherScalars() {
        #expect(TextMetrics.width("漢字", fontSize: 20) == 40)
        #expect(TextMetrics.width("한국", fontSize: 20) == 44)
        #expect(TextMetrics.width("😀", fontSize: 10) == 12)
        #expect(TextMetrics.width("\u{2026}", fontSize: 10) == 10)
        #expect(TextMetrics.width("ж", fontSize: 10) == 6)
    }

    /// A reader with no CJK font sees Firefox's hex boxes, 13 px wide up to a 21 px font.
    @Test func wideScalarsLeaveRoomForAMissingGlyphsBox() {
        #expect(TextMetrics.width("漢字", fontSize: 10) == 26)
        #expect(TextMetrics.width("한국", fontSize: 10) == 26)
        #expect(TextMetrics.width("漢", fontSize: 13) == 13)
        #expect(TextMetrics.width("i", fontSize: 10) == 3)   // Latin has no box
    }

    /// WebKitGTK draws at a whole-pixel size with whole-pixel advances: `i` (0.278 em) at 10 px
    /// is 3 px, so ten of them are 30 px, not 27.8; `m` (0.974 em) at 10.5 px is drawn at 11 px.
    @Test func wholePixelAdvancesBoundTheWidth() {
        #expect(TextMetrics.width(String(repeating: "i", count: 10), fontSize: 10) == 30)
        #expect(TextMetrics.width("m", fontSize: 10.5) == 11)
        // Where rounding goes down, the exact sum stands: `e` 0.615 em at 10 px, drawn 6 px.
        #expect(abs(TextMetrics.width("ee", fontSize: 10) - 12.3) < 1e-9)
        // A tie is drawn up (WebKitGTK: the space, 3.498 px at 11 px, is 4).
        #expect(TextMetrics.width(" ", fontSize: 11) == 4)
    }

    /// The symbol blocks take their measured advances (TextMetrics+Symbols.swift): ‰ 1.342 em,
    /// € 0.637, © 1.0, where the default was 0.6.
    @Test func symbolsTakeTheirMeasuredAdvances() {
        #expect(TextMetrics.advance("\u{2030}") == 1342)
        #expect(TextMetrics.advance("€") == 637)
        #expect(TextMetrics.advance("©") == 1000)
        #expect(TextMetrics.advance("\u{00AD}") == 0)
        for block in TextMetrics.symbolBlocks {
            #expect(!block.advances.isEmpty && block.advances.allSatisfy { $0 >= 0 && $0 < 2000 })
        }
    }

    @Test func truncateEndsInAnEllipsisWithinTheWidth() {
        let long = String(repeating: "m", count: 100)
        let cut = TextMetrics.truncate(long, maxWidth: 100, fontSize: 12)
        #expect(cut.hasSuffix("\u{2026}"))
        #expect(TextMetrics.width(cut, fontSize: 12) <= 100)
        #expect(TextMetrics.truncate("Go", maxWidth: 100, fontSize: 12) == "Go")
        // Whole-pixel advances count too: ten `i` at 10 px need 30 px.
        let narrow = TextMetrics.truncate(String(repeating: "i", count: 10), maxWidth: 29, fontSize: 10)
        #expect(narrow.hasSuffix("\u{2026}") && TextMetrics.width(narrow, fontSize: 10) <= 29)
    }

    /// Boxes as the engines measure them: 1.25 em a line, 1.45 em with CJK or Hangul.
    @Test func boxHeightsGrowForWideScripts() {
        #expect(TextLines.boxHeight("Go", fontSize: 12) == 15)
        #expect(abs(TextLines.boxHeight("東京", fontSize: 12) - 17.4) < 1e-9)
        #expect(abs(TextLines.boxHeight("Go\nRust", fontSize: 10) - (12 + 12.5)) < 1e-9)
    }
}
