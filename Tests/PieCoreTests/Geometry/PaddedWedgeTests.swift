import Foundation
import PieSpec
import Testing
@testable import PieCore

/// Padded, rounded and exploded wedges (`PaddedWedge`, `CornerMask.swift`).
@Suite("Padded and rounded wedges")
struct PaddedWedgeTests {
    /// Half gap of a 3-degree pad on a radius of 150.
    let h = PaddedWedge.halfGap(padAngle: 3, radius: 150)

    private func wedge(_ start: Double, _ end: Double, inner: Double = 0, outer: Double = 150,
                       gap: Double? = nil, corner: Double = 0) -> PaddedWedge {
        PaddedWedge(start: start, end: end, inner: inner, outer: outer, startGap: gap ?? h, endGap: gap ?? h, cornerRadius: corner)
    }

    /// Every end point of an outline.
    private func points(_ ops: [PathOp]) -> [Point] {
        ops.compactMap {
            switch $0 {
            case .move(let p), .line(let p): p
            case .arc(_, _, _, let p): p
            case .close: nil
            }
        }
    }

    /// Signed distance of `p` from the boundary line at `angle` (positive towards larger angles).
    private func offset(_ p: Point, from angle: Double) -> Double {
        let n = PaddedWedge.normal(angle, towardsIncreasing: true)
        return p.x * n.x + p.y * n.y
    }

    @Test func gapIsTheChordOfPadAngleAtTheOuterRadius() {
        #expect(abs(2 * h - 2 * 150 * sin(1.5 * Double.pi / 180)) < 1e-12)
        #expect(PaddedWedge.halfGap(padAngle: 0, radius: 150) == 0)
    }

    @Test func edgesAreParallelToTheBoundaryAtHalfTheGap() {
        let ops = wedge(0, 90, inner: 60).outline()
        // Points: start outer, end outer, end inner, start inner. The start edge's two ends are
        // both h from the 0-degree ray, the end edge's h on the other side of the 90-degree ray.
        let pts = points(ops)
        #expect(pts.count == 4)
        #expect(abs(offset(pts[0], from: 0) - h) < 1e-9)
        #expect(abs(offset(pts[3], from: 0) - h) < 1e-9)
        #expect(abs(offset(pts[1], from: 90) + h) < 1e-9)
        #expect(abs(offset(pts[2], from: 90) + h) < 1e-9)
        for p in pts {
            #expect(p.length <= 150 + 1e-9 && p.length >= 60 - 1e-9)
        }
    }

    @Test func sliceSmallerThanTheGapVanishes() {
        #expect(wedge(0, 2.9).vanishes)
        #expect(wedge(0, 2.9).outline().isEmpty)
        #expect(!wedge(0, 3.1).vanishes)
    }

    @Test func tinySliceJustWiderThanTheGapIsANarrowTriangleNeverInverted() {
        let w = wedge(0, 3.2)
        let pts = points(w.outline())
        #expect(!w.hasInnerArc)
        // Tip where the two edges meet, on the middle angle, inside the ring.
        let tip = w.tip
        #expect(abs(PaddedWedge.angleBetween(Point(x: 0, y: -1), tip) - 1.6) < 1e-6)
        #expect(tip.length < 150 && tip.length > 140)
        for p in pts {
            #expect(offset(p, from: 0) >= h - 1e-9)
            #expect(offset(p, from: 3.2) <= -h + 1e-9)
        }
    }

    @Test func narrowPieSliceEndsInTheTipOfItsEdges() {
        let w = wedge(0, 90)
        #expect(w.outline().dropLast().last == .line(w.tip))
        #expect(abs(w.tip.length - h / sin(45 * Double.pi / 180)) < 1e-9)
    }

    @Test func pieSliceOverHalfHasANotchOfRadiusHalfGap() {
        let ops = wedge(0, 270).outline()
        #expect(ops.contains { if case .arc(let r, _, false, _) = $0 { abs(r - h) < 1e-9 } else { false } })
        // The outer arc keeps the large-arc flag.
        #expect(ops.contains { if case .arc(150, true, true, _) = $0 { true } else { false } })
    }

    @Test func cornerRadiusIsClampedToHalfTheRingWidth() {
        #expect(wedge(0, 120, inner: 100, corner: 40).corner(outerArc: true) == 25)
        #expect(wedge(0, 120, inner: 100, corner: 40).corner(outerArc: false) == 25)
    }

    @Test func clampedCornerCirclesOfANarrowSliceJustFit() {
        let w = wedge(0, 10, inner: 60, corner: 40)
        let c = w.corner(outerArc: true)
        #expect(c < 40 && c > 0)
        // Both corner centres land on the same angle: the circles touch, never cross.
        let a = asin((h + c) / (150 - c)) * 180 / Double.pi
        #expect(abs(2 * a - 10) < 1e-6)
        let s0 = w.cornerPoints(startSide: true, radius: 150, c: c, outward: true)
        let s1 = w.cornerPoints(startSide: false, radius: 150, c: c, outward: true)
        #expect(abs(s0.arc.x - s1.arc.x) < 1e-6 && abs(s0.arc.y - s1.arc.y) < 1e-6)
    }

    @Test func roundedCornersAreTangentToEdgeAndArc() {
        let w = wedge(0, 90, inner: 60, corner: 8)
        let p = w.cornerPoints(startSide: true, radius: 150, c: 8, outward: true)
        #expect(abs(p.arc.length - 150) < 1e-9)
        #expect(abs(offset(p.edge, from: 0) - h) < 1e-9)
        let q = w.cornerPoints(startSide: true, radius: 60, c: 8, outward: false)
        #expect(abs(q.arc.length - 60) < 1e-9)
        #expect(w.outline().filter { if case .arc(8, _, _, _) = $0 { true } else { false } }.count == 4)
    }

    @Test func openEndsOfAPartialSweepHaveNoGap() {
        let g = { (a: Double, b: Double) in SegmentGeometry(startAngle: a, endAngle: b, outerRadius: 150, innerRadius: 0, color: Color(r: 0, g: 0, b: 0)) }
        let sides = Stage.gaps([g(0, 60), g(60, 100), g(100, 180)], halfGap: 2)
        #expect(sides.map(\.start) == [0, 2, 2])
        #expect(sides.map(\.end) == [2, 2, 0])
        let closed = Stage.gaps([g(0, 200), g(200, 360)], halfGap: 2)
        #expect(closed.map(\.start) == [2, 2] && closed.map(\.end) == [2, 2])
    }

    @Test func endCutIsTheMirroredStartCut() {
        let w = wedge(0, 60, inner: 60, corner: 6)
        #expect(w.cut(startSide: false, extent: 160) == w.cut(startSide: true, extent: 160).map(PaddedWedge.mirrored))
    }

    // MARK: whole charts

    private func spec(_ values: [Double], pad: Double = 0, corner: Double = 0, explode: [Double] = []) -> ChartSpec {
        var s = Fixture.spec(values)
        s.chart.padAngle = pad
        s.chart.cornerRadius = corner
        for (i, e) in explode.enumerated() { s.slices[i].explode = e }
        return s
    }

    @Test func fullSlicePieHasNoCornersAndNoGap() {
        let svg = Fixture.svg(spec([5], pad: 3, corner: 10))
        #expect(svg.between("<g class=\"p-ex\">", "</g>").pathData == ["M0-150A150 150 0 1 1 0 150A150 150 0 1 1 0-150Z"])
    }

    @Test func paddedChartDrawsNoSeparatorsAndMasksEveryMotionDash() {
        let svg = Fixture.svg(spec([1, 2, 3], pad: 2))
        #expect(!svg.contains("class=\"p-sep\""))
        #expect(svg.occurrences(of: "<mask id=\"piec-test-c") == 3)
        #expect(svg.occurrences(of: "mask=\"url(#piec-test-c") == 3)
        #expect(Fixture.svg(spec([1, 2, 3], corner: 4)).contains("class=\"p-sep\""))
    }

    @Test func earsSlideWithTheRingWhenAPieBecomesADonut() {
        var before = spec([1, 1], corner: 6)
        before.id = "test"
        var after = before
        after.chart.innerRadius = 0.5
        let (plan, _, layout) = Transition.between(old: before, new: after).parts
        let scene = Scene(layout: layout, plan: plan)
        let cut = scene.cutouts[0].start
        #expect(!cut.outerEar.isEmpty && !cut.innerEar.isEmpty)
        #expect(cut.outerShift == 0)
        #expect(abs(cut.innerShift + 75) < 1e-9)     // from the centre out to the hole's edge
        // Without a ring change the ears are part of the one boundary shape.
        let (plan2, _, layout2) = Transition.between(old: spec([1, 2], corner: 6), new: spec([2, 1], corner: 6)).parts
        let still = Scene(layout: layout2, plan: plan2)
        #expect(still.cutouts[0].start.outerEar.isEmpty)
    }

    @Test func chartsWithMoreThanSixtyFourMovingSlicesGetNoMasks() {
        let svg = Fixture.svg(spec(Array(repeating: 1, count: 65), pad: 1))
        #expect(!svg.contains("<mask"))
        #expect(svg.contains("<g class=\"p-ex\">"))
        #expect(Fixture.svg(spec(Array(repeating: 1, count: 64), pad: 1)).occurrences(of: "<mask ") == 64)
    }

    @Test func explodedSliceIsTranslatedAlongItsMiddleAngleAndThePieShrinks() {
        let s = spec([1, 1, 1, 1], explode: [10])
        let layout = Layout.layout(s)
        #expect(layout.outerRadius == 140)
        let svg = Fixture.svg(s)
        #expect(svg.contains("<path fill=\"#4e79a7\" transform=\"translate(7.071 -7.071)\"") || svg.contains("transform=\"translate(7.071 -7.071)\""))
        // The motion dash orbits: rotate(m), then translate(0,-e) rotate(-m) in an inner group,
        // with m = 45 at the end.
        #expect(svg.contains("<g class=\"p-o0\"><g"))
        let css = Fixture.text(Fixture.bundle(s), "chart.css")
        #expect(css.contains(".p-o0{rotate:45deg") && AnimationTests.fromState(css, ".p-o0") == "rotate:0deg")
        #expect(css.contains(".p-o0>g{rotate:-45deg;translate:0 -10px") && AnimationTests.fromState(css, ".p-o0>g") == "rotate:0deg;translate:0 -10px")
    }

    /// A padded chart whose Other keeps two members (c, d) and gains one (b): the boundary
    /// between the two that stay is not cut (Other stays one wedge, drawn as one dash), the one
    /// between the joining slice and Other is.
    @Test func partsThatStayInOtherAreNotCutApart() {
        func grouped(_ values: [Double]) -> ChartSpec {
            var s = spec(values, pad: 2, corner: 4)
            var o = OtherOptions()
            o.minPercent = 10
            s.chart.other = o
            return s
        }
        let old = grouped([60, 30, 5, 5]), new = grouped([80, 8, 6, 6])
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        let scene = Scene(layout: layout, plan: plan)
        let members = scene.cutouts.filter { Scene.segment(plan, motion: $0.motion).toExtras.inOther }
        #expect(members.count == 3)
        let staying = members.filter { Scene.segment(plan, motion: $0.motion).fromExtras.inOther }
        #expect(staying.count == 2)
        // The two staying parts are one dash (`Stage.runEnds`): nothing cut at their shared
        // boundary; the first part's mask cuts the run's end, at the last part's end angles.
        let last = Scene.segment(plan, motion: staying[1].motion), start = layout.startAngle
        #expect(staying[0].end.from == last.from.endAngle - start && staying[0].end.to == last.to.endAngle - start)
        #expect(!staying[0].end.shape.isEmpty && staying[1].start.shape.isEmpty && staying[1].end.shape.isEmpty)
        // The joining slice keeps its cut towards Other.
        let joining = members.first { !Scene.segment(plan, motion: $0.motion).fromExtras.inOther }!
        #expect(!joining.end.shape.isEmpty)
    }
}
