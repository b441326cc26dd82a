import Testing
@testable import PieCore

@Suite("Text metrics")
struct TextMetricsTests {
    @Test func helveticaAdvanceWidths() {
        #expect(TextMetrics.width("Swift", fontSize: 1000) == 667 + 722 + 222 + 278 + 278)
        #expect(TextMetrics.width(" ", fontSize: 1000) == 278)
        #expect(TextMetrics.width("~", fontSize: 1000) == 584)
        #expect(TextMetrics.helvetica.count == 95)
    }

    @Test func wideAndOtherScalars() {
        #expect(TextMetrics.width("漢字", fontSize: 10) == 20)
        #expect(TextMetrics.width("😀", fontSize: 10) == 10)
        #expect(TextMetrics.width("é", fontSize: 10) == 6)
        #expect(TextMetrics.width("e\u{301}", fontSize: 1000) == 556)
    }

    @Test func truncateEndsInAnEllipsisWithinTheWidth() {
        let long = String(repeating: "m", count: 100)
        let cut = TextMetrics.truncate(long, maxWidth: 100, fontSize: 12)
        #expect(cut.hasSuffix("\u{2026}"))
        #expect(TextMetrics.width(cut, fontSize: 12) <= 100)
        #expect(TextMetrics.truncate("Go", maxWidth: 100, fontSize: 12) == "Go")
    }
}
