@testable import PieCore
import PieSpec
import Testing

/// `labels.box` on labels at a distance (`labels.radius` above 1, issue 40): the box is what
/// stands beyond the circle and is placed, so over several charts no box overlaps another
/// box, a slice or another label's leader, and every box lies on the canvas.
@Suite("Label boxes at a distance")
struct LabelBoxDistanceTests {
    static let charts: [(String, [(String, Double)], String)] = [
        ("radius: 1.25, box: {padding: 4, stroke: \"#333333\"}",
         [("Salaries", 48), ("Rent", 18), ("Cloud", 12), ("Travel", 7), ("Hardware", 6), ("Training", 4), ("Events", 3), ("Other", 2)], "{size: 300}"),
        ("radius: 1.4, leader: line, box: {padding: 7, radius: 8}",
         (0..<12).map { ("Label \($0)", Double(14 - $0)) }, "{size: 320, innerRadius: 0.5}"),
        ("radius: 1.15, box: {padding: 2}",
         [("A", 60), ("Northern region", 2), ("Southern region", 2), ("Eastern", 1.5), ("Western", 1.5), ("Central", 1)], "{size: 280}"),
    ]

    @Test(arguments: charts.indices)
    func boxesClearEachOtherTheSlicesAndTheLeaders(_ k: Int) throws {
        let (labels, slices, chart) = Self.charts[k]
        let spec = try OutsideLabelBoxTests.spec(labels, slices: slices, chart: chart)
        let (plan, _, layout) = Transition.between(old: spec, new: spec).parts
        let scene = Scene(layout: layout, plan: plan)
        let d = OutsideLabelBoxTests.drawn(spec)
        #expect(d.boxes.count >= 4, "\(d.boxes.count) boxed labels at a distance")
        let reach = try #require(spec.labels.box).reach
        for t in scene.ink.tracks {
            guard let pose = t.rest, let a = d.boxes[t.index] else { continue }
            // The box holds its text with the padding to spare (the text centred on the anchor).
            let w = TextLines.width(t.text, fontSize: layout.fontSize)
            #expect(abs((a.maxX - a.minX) - (w + 2 * reach)) < 1e-6 && abs((a.minX + a.maxX) / 2 - pose.x) < 1e-6, "box \(t.index): \(a)")
            // Off every slice: the box's nearest point to the centre is beyond the rim.
            let nx = min(max(0, a.minX), a.maxX), ny = min(max(0, a.minY), a.maxY)
            #expect((nx * nx + ny * ny).squareRoot() >= layout.outerRadius - 1e-6, "box \(t.index) on the pie: \(a)")
        }
        for (i, a) in d.boxes {
            #expect(a.minX >= d.canvas.minX - 1e-9 && a.maxX <= d.canvas.maxX + 1e-9 && a.minY >= d.canvas.minY - 1e-9
                    && a.maxY <= d.canvas.maxY + 1e-9, "box \(i) on the canvas: \(a) in \(d.canvas)")
            for (j, b) in d.boxes where j > i { #expect(!OutsideLabelBoxTests.overlap(a, b), "boxes \(i) and \(j) overlap: \(a) \(b)") }
            for (j, pieces) in d.leaders where j != i && layout.drawsLeaders {
                #expect(!LeaderClearance.crosses(pieces, a), "leader \(j) passes through box \(i)")
            }
        }
    }

    /// The canvas grows for the boxes: a wider padding takes more room around the pie.
    @Test func theCanvasGrowsWithTheBox() throws {
        let slices: [(String, Double)] = [("Salaries", 48), ("Rent", 18), ("Cloud", 12), ("Travel", 7)]
        let plain = Layout.layout(try OutsideLabelBoxTests.spec("radius: 1.3", slices: slices))
        let boxed = Layout.layout(try OutsideLabelBoxTests.spec("radius: 1.3, box: {padding: 10}", slices: slices))
        #expect(boxed.width >= plain.width + 2 * 10 && boxed.height > plain.height, "\(plain.width)x\(plain.height) -> \(boxed.width)x\(boxed.height)")
        #expect(boxed.labelRoom?.box == 10)
    }
}
