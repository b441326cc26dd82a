@testable import PieCore
import PieSpec
import Testing

/// `labels.box` beside the chart (issue 40): the boxes are part of the outside labels' fit,
/// so over several charts no box overlaps another box or another label's leader, every box
/// lies on the canvas, and each leader ends at its own box's edge.
@Suite("Outside label boxes")
struct OutsideLabelBoxTests {
    static func spec(_ labels: String, slices: [(String, Double)], chart: String = "{size: 300}") throws -> ChartSpec {
        let items = slices.enumerated().map { "  - {id: s\($0.offset), label: \"\($0.element.0)\", value: \($0.element.1)}" }
        return try Fixture.loaded("piec: 1\nchart: \(chart)\nlabels: {content: \"{label}\", minPercent: 0, \(labels)}\nlegend: {position: none}\nslices:\n"
                                  + items.joined(separator: "\n") + "\n")
    }

    static let charts: [(String, [(String, Double)], String)] = [
        ("position: outside, box: {padding: 4, stroke: \"#333333\"}",
         [("Salaries", 48), ("Rent", 18), ("Cloud", 12), ("Travel", 7), ("Hardware", 6), ("Training", 4), ("Events", 3), ("Other", 2)], "{size: 300}"),
        ("position: auto, box: {padding: 6}",
         [("A", 60), ("Northern region", 2), ("Southern region", 2), ("Eastern", 1.5), ("Western", 1.5), ("Central", 1), ("Islands", 1)],
         "{size: 280, innerRadius: 0.5}"),
        ("position: outside, box: {padding: 2, radius: 8}",
         (0..<14).map { ("Label \($0)", Double(14 - $0)) }, "{size: 320}"),
    ]

    /// Each chart's boxes at rest, their labels' leader pieces, and its canvas in pie coordinates.
    static func drawn(_ spec: ChartSpec) -> (boxes: [Int: SectorBox], leaders: [Int: [OutsideLabels.Segment]], canvas: SectorBox) {
        let (plan, _, layout) = Transition.between(old: spec, new: spec).parts
        let scene = Scene(layout: layout, plan: plan)
        var boxes: [Int: SectorBox] = [:], leaders: [Int: [OutsideLabels.Segment]] = [:]
        for t in scene.ink.tracks {
            guard let pose = t.rest, let r = t.box(t.poses.count - 1, at: pose, fontSize: layout.fontSize) else { continue }
            let half = r.strokeWidth / 2
            boxes[t.index] = SectorBox(minX: r.x - half, minY: r.y - half, maxX: r.x + r.width + half, maxY: r.y + r.height + half)
            leaders[t.index] = LeaderClearance.pieces(pose)
        }
        return (boxes, leaders, SectorBox(minX: -layout.cx, minY: -layout.cy, maxX: layout.width - layout.cx, maxY: layout.height - layout.cy))
    }

    static func overlap(_ a: SectorBox, _ b: SectorBox) -> Bool {
        a.minX < b.maxX - 1e-9 && b.minX < a.maxX - 1e-9 && a.minY < b.maxY - 1e-9 && b.minY < a.maxY - 1e-9
    }

    @Test(arguments: charts.indices)
    func boxesNeverOverlapAndLeadersEndAtTheirEdge(_ k: Int) throws {
        let (labels, slices, chart) = Self.charts[k]
        let d = Self.drawn(try Self.spec(labels, slices: slices, chart: chart))
        #expect(d.boxes.count >= 4, "\(d.boxes.count) boxed labels beside the chart")
        for (i, a) in d.boxes {
            #expect(a.minX >= d.canvas.minX - 1e-9 && a.maxX <= d.canvas.maxX + 1e-9 && a.minY >= d.canvas.minY - 1e-9
                    && a.maxY <= d.canvas.maxY + 1e-9, "box \(i) on the canvas: \(a) in \(d.canvas)")
            for (j, b) in d.boxes where j > i { #expect(!Self.overlap(a, b), "boxes \(i) and \(j) overlap: \(a) \(b)") }
            for (j, pieces) in d.leaders where j != i {
                #expect(!LeaderClearance.crosses(pieces, a), "leader \(j) passes through box \(i)")
            }
            // The leader's last piece ends on the box's outer edge (its border's outside), at
            // the box's side facing the pie, within its height.
            let last = try #require(d.leaders[i]?.last)
            let end = last.end
            #expect(abs(end.x - a.minX) < 1e-6 || abs(end.x - a.maxX) < 1e-6, "leader \(i) ends at x \(end.x), box \(a)")
            #expect(end.y > a.minY && end.y < a.maxY, "leader \(i) ends at y \(end.y), box \(a)")
        }
    }

    /// The canvas grows with the boxes: a wider padding takes more room beside the pie.
    @Test func theCanvasGrowsWithTheBox() throws {
        let slices: [(String, Double)] = [("Salaries", 48), ("Rent", 18), ("Cloud", 12), ("Travel", 7)]
        let plain = Layout.layout(try Self.spec("position: outside", slices: slices))
        let boxed = Layout.layout(try Self.spec("position: outside, box: {padding: 10}", slices: slices))
        #expect(boxed.width >= plain.width + 2 * 10, "\(plain.width) -> \(boxed.width)")
        #expect(boxed.labelRoom?.box == 10)
    }

    /// An automatic text colour beside the chart is black or white on the box's fill (not the ink).
    @Test func anAutomaticColourIsChosenOnTheFill() throws {
        let slices: [(String, Double)] = [("Salaries", 48), ("Rent", 18), ("Cloud", 12)]
        let dark = Layout.layout(try Self.spec("position: outside, box: {fill: \"#1f2937\"}", slices: slices))
        #expect(dark.outsideLabelColor(0) == Color(r: 255, g: 255, b: 255))
        let light = Layout.layout(try Self.spec("position: outside, box: {fill: \"#fef3c7\"}", slices: slices))
        #expect(light.outsideLabelColor(0) == Color(r: 0, g: 0, b: 0))
        #expect(Layout.layout(try Self.spec("position: outside", slices: slices)).outsideLabelColor(0) == nil)
    }
    /// A box whose padding changes between versions: every sample of the motion is solved
    /// with that sample's box, so at every sample (the first included, where the old padding
    /// is drawn) no two boxes overlap, every box lies on the canvas and each leader ends at
    /// its own box's edge.
    @Test(arguments: [(8.0, 1.0), (1.0, 8.0)])
    func aChangingPaddingIsSolvedAtEverySample(_ padding: (Double, Double)) throws {
        let slices: [(String, Double)] = (0..<12).map { ("Label \($0)\\nline two", Double(14 - $0)) }
        let grown = slices.enumerated().map { ($0.element.0, Double(3 + $0.offset)) }
        let old = try Self.spec("position: outside, box: {padding: \(padding.0), stroke: \"#333333\"}", slices: grown)
        let new = try Self.spec("position: outside, box: {padding: \(padding.1), stroke: \"#333333\"}", slices: slices)
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        let scene = Scene(layout: layout, plan: plan)
        let canvas = SectorBox(minX: -layout.cx, minY: -layout.cy, maxX: layout.width - layout.cx, maxY: layout.height - layout.cy)
        let tracks = scene.ink.tracks
        let samples = try #require(tracks.first?.poses.count)
        #expect(samples > 2, "\(samples) samples")
        for k in 0..<samples {
            var boxes: [Int: SectorBox] = [:]
            for t in tracks {
                guard let pose = t.poses[k], pose.opacity > 0, let r = t.box(k, at: pose, fontSize: layout.fontSize) else { continue }
                let half = r.strokeWidth / 2
                let a = SectorBox(minX: r.x - half, minY: r.y - half, maxX: r.x + r.width + half, maxY: r.y + r.height + half)
                boxes[t.index] = a
                #expect(a.minX >= canvas.minX - 1e-6 && a.maxX <= canvas.maxX + 1e-6 && a.minY >= canvas.minY - 1e-6
                        && a.maxY <= canvas.maxY + 1e-6, "sample \(k): box \(t.index) on the canvas: \(a) in \(canvas)")
                let end = try #require(LeaderClearance.pieces(pose).last).end
                #expect(abs(end.x - a.minX) < 1e-6 || abs(end.x - a.maxX) < 1e-6, "sample \(k): leader \(t.index) ends at x \(end.x), box \(a)")
            }
            #expect(boxes.count >= 8, "sample \(k): \(boxes.count) boxes")
            for (i, a) in boxes { for (j, b) in boxes where j > i { #expect(!Self.overlap(a, b), "sample \(k): boxes \(i) and \(j) overlap") } }
        }
    }
}
