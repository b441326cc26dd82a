import PieJSON
import Testing
@testable import PieCore

/// The rest layer's plain wedges as strokes of their middle arc (`RestStrokes`), and where it
/// keeps filled outlines.
@Suite struct RestStrokesTests {
    @Test func arcPointsHaveTheDecimalsTheirChordNeeds() {
        // Rounding (half a unit of the last decimal) at most 1e-3 of the chord.
        #expect(ByteWriter.arcDecimals(chord: 200) == 2)
        #expect(ByteWriter.arcDecimals(chord: 5) == 2)
        #expect(ByteWriter.arcDecimals(chord: 4.9) == 3)
        #expect(ByteWriter.arcDecimals(chord: 0.5) == 3)
        #expect(ByteWriter.arcDecimals(chord: 0.05) == 4)
        #expect(ByteWriter.arcDecimals(chord: 0) == 6)
    }

    @Test func aShortArcIsWrittenWithMoreDecimals() {
        var w = ByteWriter()
        // 3 degrees on a radius of 75: a chord of 3.9 px, three decimals.
        w.arcStroke(start: 10, end: 13, radius: 75)
        #expect(w.string == "M13.024-73.861A75 75 0 0 1 16.871-73.078")
        var wide = ByteWriter()
        wide.arcStroke(start: 10, end: 70, radius: 75)
        #expect(wide.string == "M13.02-73.86A75 75 0 0 1 70.48-25.65")
    }

    @Test func aChartWithAWedgeUnderTwoDegreesKeepsFilledOutlines() {
        // 1 of 360: one degree. Engines stroke so short an arc as its chord.
        let thin = Fixture.svg(Fixture.spec([1, 179, 180]))
        #expect(!thin.contains("<g class=\"p-ex\" fill=\"none\""))
        #expect(thin.between("<g class=\"p-ex\"", "</g>").occurrences(of: "<path fill=\"#") == 3)
        let wide = Fixture.svg(Fixture.spec([2, 178, 180]))
        #expect(wide.contains("<g class=\"p-ex\" fill=\"none\" stroke-width=\"150\">"))
    }
}
