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
        #expect(TextMetrics.width("漢字", fontSize: 10) == 20)
        #expect(TextMetrics.width("한국", fontSize: 10) == 22)
        #expect(TextMetrics.width("😀", fontSize: 10) == 10)
        #expect(TextMetrics.width("\u{2026}", fontSize: 10) == 10)
        #expect(TextMetrics.width("ж", fontSize: 10) == 6)
    }

    @Test func truncateEndsInAnEllipsisWithinTheWidth() {
        let long = String(repeating: "m", count: 100)
        let cut = TextMetrics.truncate(long, maxWidth: 100, fontSize: 12)
        #expect(cut.hasSuffix("\u{2026}"))
        #expect(TextMetrics.width(cut, fontSize: 12) <= 100)
        #expect(TextMetrics.truncate("Go", maxWidth: 100, fontSize: 12) == "Go")
    }

    /// Boxes as the engines measure them: 1.25 em a line, 1.45 em with CJK or Hangul.
    @Test func boxHeightsGrowForWideScripts() {
        #expect(TextLines.boxHeight("Go", fontSize: 12) == 15)
        #expect(abs(TextLines.boxHeight("東京", fontSize: 12) - 17.4) < 1e-9)
        #expect(abs(TextLines.boxHeight("Go\nRust", fontSize: 10) - (12 + 12.5)) < 1e-9)
    }
}
