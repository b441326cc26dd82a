@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// `theme.stroke` between rings (`RingEdges`, `RingEdgeWriter`) and the seam between rings
/// without one (`RingSeams`).
@Suite("ring separators and seams")
struct RingSeparatorsTests {
    typealias R = RingsTests

    static func stroked(_ spec: ChartSpec, width: Double = 2) -> ChartSpec {
        var s = spec
        s.theme.stroke.width = width
        s.theme.stroke.color = Color(r: 0, g: 0, b: 0)
        return s
    }

    @Test func oneCircleBetweenEachPairOfRingsAtRest() {
        let spec = Self.stroked(R.spec([R.ring("a", [1, 2]), R.ring("b", [3, 1]), R.ring("c", [1])], inner: 0.25))
        let c = Transition.between(old: nil, new: spec)
        let edges = RingEdges(plans: c.rings.map(\.plan), layout: c.layout)
        // Not at the rim, not at the hole: the two edges between three rings.
        #expect(edges.edges.map(\.radius) == [c.layout.rings[0].outerRadius, c.layout.rings[1].outerRadius])
        #expect(edges.edges.allSatisfy { $0.opacity == 1 && $0.sweep == 360 })
        let svg = Fixture.text(Compiler.compile(spec: spec, sourceBytes: Array("piec: 1\n".utf8), previous: nil), "chart.svg")
        #expect(svg.contains("<g class=\"p-rsep\" fill=\"none\" stroke=\"#000000\" stroke-width=\"2\">"))
        #expect(svg.occurrences(of: "<circle class=\"p-re") == 2)
        #expect(svg.contains("<circle class=\"p-re0\" r=\"\(formatNumber(c.layout.rings[0].outerRadius))\""))
    }

    @Test func noCircleWithoutStrokeOrWithAGap() {
        let rings = [R.ring("a", [1, 2]), R.ring("b", [3, 1])]
        var gap = Self.stroked(R.spec(rings))
        gap.chart.padAngle = 2
        for spec in [Self.stroked(R.spec(rings), width: 0), gap] {
            let c = Transition.between(old: nil, new: spec)
            #expect(RingEdges(plans: c.rings.map(\.plan), layout: c.layout).edges.isEmpty)
            #expect(!Fixture.text(Compiler.compile(spec: spec, sourceBytes: Array("piec: 1\n".utf8), previous: nil), "chart.svg").contains("p-rsep"))
        }
    }

    @Test func circlesMoveWithTheBandsAndFramesDrawThem() {
        var old = Self.stroked(R.spec([R.ring("a", [1, 2]), R.ring("b", [3, 1])], inner: 0.2))
        old.animation.enter = .none
        var new = Self.stroked(R.spec([R.ring("a", [1, 2]), R.ring("c", [1]), R.ring("b", [3, 1])], inner: 0.2))
        new.animation.enter = .none
        let c = Transition.between(old: old, new: new)
        let edges = RingEdges(plans: c.rings.map(\.plan), layout: c.layout)
        let oldLayout = Layout.layout(old)
        // a's edge moves from the old boundary to its new one; c's (growing from b's old inner
        // edge) is hidden at the start, shown throughout the motion and at rest.
        let a = edges.edges[0], grown = edges.edges[1]
        #expect(a.fromRadius == oldLayout.rings[0].outerRadius && a.radius == c.layout.rings[0].outerRadius)
        #expect(grown.fromOpacity == 0 && grown.opacity == 1 && grown.radius == c.layout.rings[1].outerRadius)
        #expect(grown.at(0.5).opacity == 1)
        let mid = edges.window.start + edges.window.length / 2
        let e = edges.easing.value(at: 0.5)
        let pose = FramePose.at(c, t: mid)
        #expect(pose.ringEdges.count == 2)
        #expect(abs(pose.ringEdges[0].radius - (a.fromRadius + (a.radius - a.fromRadius) * e)) < 1e-9)
        // The whole chart's stage holds the edges' track, as the bundle's chart scene does: the
        // frame, the SVG and the CSS read the same one.
        let (scene, _) = BundleWriter.scenes(spec: new, layout: c.layout, plan: c.plan, rings: c.rings)
        #expect(scene.stage.ringEdges == edges)
        let still = BundleWriter.ringsWhole(layout: c.layout, plan: c.plan, animation: new.animation)
        let whole = Stage(layout: c.layout, plan: still, rings: c.rings.map(\.plan))
        #expect(whole.at(mid).ringEdges.map(\.radius) == pose.ringEdges.map(\.radius))
        #expect(whole.at(edges.window.end).ringEdges.map(\.radius) == [a.radius, grown.radius])
        let css = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.css")
        #expect(css.contains("@keyframes piec-rings-re0{from{r:\(formatNumber(a.fromRadius))px}}"))
        #expect(css.contains("0.001%{opacity:1}"))
    }

    @Test func aGrowingEnterDrawsArcsThatGrowWithTheSlices() {
        var spec = Self.stroked(R.spec([R.ring("a", [1, 2]), R.ring("b", [3, 1])], inner: 0.2))
        spec.chart.sweep = 180
        let c = Transition.between(old: nil, new: spec)
        let edges = RingEdges(plans: c.rings.map(\.plan), layout: c.layout)
        #expect(edges.edges.count == 1 && edges.edges[0].fromSweep == 0 && edges.edges[0].sweep == 180)
        #expect(!edges.stepAtEnd)
        let r = edges.edges[0].radius
        #expect(RingEdgeWriter.pattern(radius: r, sweep: 180) == [Double.pi * r, Double.pi * r])
    }

    @Test func ringsWithoutSeparatorsUnderlapTheRingOutsideThem() {
        let spec = Self.stroked(R.spec([R.ring("a", [1, 2]), R.ring("b", [3, 1]), R.ring("c", [1])], inner: 0.25), width: 0)
        let c = Transition.between(old: nil, new: spec)
        let drawn = RingSeams.drawn(c.rings, chart: c.layout)
        for k in 0..<2 {
            #expect(drawn[k].layout.outerRadius == c.layout.rings[k].outerRadius + RingSeams.underlap)
            #expect(drawn[k].plan.segments.allSatisfy { $0.to.outerRadius == c.layout.rings[k].outerRadius + RingSeams.underlap })
        }
        #expect(drawn[2].layout.outerRadius == c.layout.outerRadius, "the rim is not extended")
        // The manifest keeps the true bands.
        #expect(c.rings[0].plan.segments.allSatisfy { $0.to.outerRadius == c.layout.rings[0].outerRadius })
        // With a separator, a total that leaves the outer ring short, or a gap: nothing moves.
        var short = spec
        short.chart.total = 10
        var gap = spec
        gap.chart.padAngle = 1
        for other in [Self.stroked(spec), gap] {
            let o = Transition.between(old: nil, new: other)
            #expect(RingSeams.drawn(o.rings, chart: o.layout)[0].layout.outerRadius == o.layout.rings[0].outerRadius)
        }
        let s = Transition.between(old: nil, new: short)
        // a (3 of 10) is covered by b (4 of 10); b is not covered by c (1 of 10).
        #expect(RingSeams.drawn(s.rings, chart: s.layout)[0].layout.outerRadius == s.layout.rings[0].outerRadius + RingSeams.underlap)
        #expect(RingSeams.drawn(s.rings, chart: s.layout)[1].layout.outerRadius == s.layout.rings[1].outerRadius)
    }
}

/// `chart.ringGap`: space between neighbouring rings.
@Suite("ring gap")
struct RingGapTests {
    typealias R = RingsTests

    @Test func bandsAreEqualAndGapPxApart() {
        var spec = R.spec([R.ring("a", [1]), R.ring("b", [1]), R.ring("c", [1])], inner: 0.25)
        spec.chart.ringGap = 6
        let l = Layout.layout(spec)
        let widths = l.rings.map { $0.outerRadius - $0.innerRadius }
        #expect(abs(l.rings[0].innerRadius - l.innerRadius) < 1e-9 && l.rings[2].outerRadius == l.outerRadius)
        for (a, b) in zip(l.rings, l.rings.dropFirst()) { #expect(abs(b.innerRadius - a.outerRadius - 6) < 1e-9) }
        #expect(widths.allSatisfy { abs($0 - (l.outerRadius - l.innerRadius - 12) / 3) < 1e-9 })
        // The gap replaces the separator circles and leaves no seam to underlap.
        let c = Transition.between(old: nil, new: spec)
        #expect(RingEdges(plans: c.rings.map(\.plan), layout: c.layout).edges.isEmpty)
        #expect(RingSeams.drawn(c.rings, chart: c.layout)[0].layout.outerRadius == l.rings[0].outerRadius)
    }

    @Test func aGapTooWideLeavesEveryRingOnePixel() {
        let band = RingLayout.band(1, of: 3, inner: 0, outer: 20, gap: 100)
        #expect(abs(band.outer - band.inner - 1) < 1e-9)
        #expect(RingLayout.band(0, of: 1, inner: 0, outer: 20, gap: 100) == (0, 20))
    }

    @Test func aGapThatChangesMovesTheBands() {
        let old = R.spec([R.ring("a", [1]), R.ring("b", [1])], inner: 0.3)
        var new = old
        new.chart.ringGap = 10
        let c = Transition.between(old: old, new: new)
        let a = c.rings[0].plan.segments[0], b = c.rings[1].plan.segments[0]
        #expect(a.from.outerRadius == b.from.innerRadius)
        #expect(abs(b.to.innerRadius - a.to.outerRadius - 10) < 1e-9)
    }
}
