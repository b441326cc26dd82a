import PieJSON
import PieSpec
import Testing
@testable import PieCore

@Suite("Exact wedge geometry")
struct GeometryTests {
    private func d(_ start: Double, _ end: Double, inner: Double = 0, outer: Double = 150) -> String {
        var w = ByteWriter()
        w.wedge(start: start, end: end, inner: inner, outer: outer)
        return w.string
    }

    @Test func quarterPieWedgesHaveExactPaths() {
        #expect(d(0, 90) == "M0 0L0-150A150 150 0 0 1 150 0Z")
        #expect(d(90, 180) == "M0 0L150 0A150 150 0 0 1 0 150Z")
        #expect(d(180, 270) == "M0 0L0 150A150 150 0 0 1-150 0Z")
        #expect(d(270, 360) == "M0 0L-150 0A150 150 0 0 1 0-150Z")
    }

    @Test func quarterSlicesOfASpecAreExactInTheInteractiveLayer() {
        let html = Fixture.text(Fixture.bundle(Fixture.spec([1, 1, 1, 1])), "index.html")
        let wedges = html.between("<g class=\"p-in\">", "</g>\n</g>").pathData
        #expect(wedges == [
            "M0 0L0-150A150 150 0 0 1 150 0Z", "M0 0L150 0A150 150 0 0 1 0 150Z",
            "M0 0L0 150A150 150 0 0 1-150 0Z", "M0 0L-150 0A150 150 0 0 1 0-150Z",
        ])
    }

    @Test func stackedRestLayerPaintsEachQuarterIntoTheMiddleOfTheNext() {
        let svg = Fixture.svg(Fixture.spec([1, 1, 1, 1]))
        // Strokes of the middle circle (r 75, 150 wide): the first slice a full circle.
        let exact = svg.between("<g class=\"p-ex\"", "</g>")
        #expect(exact.restStrokes.first == "<circle stroke=\"#9c755f\" r=\"75\"/>")
        // Arcs in pieces of at most 120 degrees (a rounded end moves a semicircle's centre).
        #expect(exact.pathData == ["M75 0A75 75 0 0 1 28.7 69.29A75 75 0 0 1-53.03 53.03", "M0 75A75 75 0 0 1-69.29 28.7A75 75 0 0 1-53.03-53.03",
                                   "M-75 0A75 75 0 0 1 0-75"])
    }

    /// An arc whose bulge the three decimals cannot show is written as its chord (the
    /// 100,000-slice chart's wedges: 15 bytes less each, and less memory while they are drawn).
    @Test func arcsFlatterThanTheLastDecimalAreLines() {
        // 0.01 degree on r 150 bulges 0.0000006 units, on the inner r 75 half that: lines.
        #expect(d(0, 0.01, inner: 75) == "M0-150L0.026-150L0.013-75L0-75Z")
        // 0.3 degree bulges 0.0005 on r 150 (just over the limit): still an arc there, while
        // the inner arc (half the bulge) is a line.
        #expect(Geometry.bulge(degrees: 0.3, radius: 150) > ByteWriter.flatArcBulge)
        #expect(Geometry.bulge(degrees: 0.3, radius: 75) < ByteWriter.flatArcBulge)
        #expect(d(0, 0.3, inner: 75) == "M0-150A150 150 0 0 1 0.785-149.998L0.393-74.999L0-75Z")
    }

    @Test func wedgeOverHalfUsesTheLargeArcFlag() {
        #expect(d(0, 270) == "M0 0L0-150A150 150 0 1 1-150 0Z")
        #expect(d(0, 180) == "M0 0L0-150A150 150 0 0 1 0 150Z")
    }

    @Test func nearlyFullWedgeIsSplitSoItsArcIsNotDropped() {
        let path = d(0, 359.9999)
        #expect(path.occurrences(of: "A150 150") == 2)
        #expect(path.hasPrefix("M0 0L0-150A150 150 0 0 1"))
    }

    @Test func fullDiscIsTwoArcsWithNoRadialLine() {
        #expect(d(0, 360) == "M0-150A150 150 0 1 1 0 150A150 150 0 1 1 0-150Z")
        #expect(d(-90, 270) == d(0, 360))
    }

    @Test func donutQuarterHasOuterAndInnerArcs() {
        #expect(d(0, 90, inner: 90) == "M0-150A150 150 0 0 1 150 0L90 0A90 90 0 0 0 0-90Z")
    }

    @Test func fullRingIsTwoCirclesInOppositeDirections() {
        #expect(d(0, 360, inner: 90) == "M0-150A150 150 0 1 1 0 150A150 150 0 1 1 0-150Z"
            + "M0-90A90 90 0 1 0 0 90A90 90 0 1 0 0-90Z")
    }

    @Test func aMinusSignReplacesTheSpaceBetweenPathNumbers() {
        var w = ByteWriter()
        w.num(3)
        w.spacedNum(-4.25)
        w.spacedNum(5)
        w.spacedNum(-0.0004)
        w.spacedNum(-0.0005)
        #expect(w.string == "3-4.25 5 0-0.001")
    }

    @Test func pieBoxOfAHalfGaugeDropsTheEmptyHalf() {
        let box = PieBox.fit(size: 320, outer: 150, inner: 105, start: -90, sweep: 180, sign: 1)
        #expect(box == PieBox(width: 320, height: 170, centerX: 160, centerY: 160))
        let full = PieBox.fit(size: 320, outer: 150, inner: 0, start: 0, sweep: 360, sign: 1)
        #expect(full == PieBox(width: 320, height: 320, centerX: 160, centerY: 160))
    }
}
