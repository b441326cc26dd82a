@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// A ring's own band (`rings[].band`) and hierarchical rings (`rings[].slices[].parent`).
@Suite("ring bands and sunbursts")
struct SunburstTests {
    typealias R = RingsTests

    static func child(_ id: String, _ value: Double, parent: String) -> SliceSpec {
        var s = SliceSpec(id: id, label: id.uppercased(), value: value)
        s.parent = parent
        return s
    }

    @Test func bandsAreTheRingsOwnAndRingGapSplitsWhereTheyTouch() {
        var a = R.ring("a", [1]), b = R.ring("b", [1]), c = R.ring("c", [1])
        a.band = [0.2, 0.4]
        b.band = [0.5, 0.8]
        c.band = [0.8, 0.9]
        var spec = R.spec([a, b, c], inner: 0.2)
        let l = Layout.layout(spec)
        let o = l.outerRadius
        #expect(l.rings.map(\.innerRadius) == [0.2 * o, 0.5 * o, 0.8 * o])
        #expect(l.rings.map(\.outerRadius) == [0.4 * o, 0.8 * o, 0.9 * o])
        spec.chart.ringGap = 6
        let g = Layout.layout(spec)
        // a and b are apart already; b and c touch: 3 px from each.
        #expect(g.rings.map(\.innerRadius) == [0.2 * o, 0.5 * o, 0.8 * o + 3])
        #expect(g.rings.map(\.outerRadius) == [0.4 * o, 0.8 * o - 3, 0.9 * o])
    }

    @Test func separatorsOnlyWhereBandsTouch() {
        var a = R.ring("a", [1]), b = R.ring("b", [1]), c = R.ring("c", [1])
        a.band = [0.2, 0.4]
        b.band = [0.5, 0.8]
        c.band = [0.8, 0.9]
        let spec = RingSeparatorsTests.stroked(R.spec([a, b, c], inner: 0.2))
        let chart = Transition.between(old: nil, new: spec)
        let edges = RingEdges(plans: chart.rings.map(\.plan), layout: chart.layout)
        #expect(edges.edges.map(\.radius) == [chart.layout.rings[1].outerRadius])
    }

    @Test func bandsThatChangeMoveTheRings() {
        var a = R.ring("a", [1, 2]), b = R.ring("b", [3, 1])
        a.band = [0.2, 0.5]
        b.band = [0.5, 1]
        let old = R.spec([a, b], inner: 0.2)
        a.band = [0.2, 0.3]
        b.band = [0.4, 0.9]
        let new = R.spec([a, b], inner: 0.2)
        let c = Transition.between(old: old, new: new)
        let o = c.layout.outerRadius
        let outer = c.rings[1].plan.segments[0]
        #expect(abs(outer.from.innerRadius - 0.5 * o) < 1e-9 && abs(outer.to.innerRadius - 0.4 * o) < 1e-9)
        #expect(abs(outer.from.outerRadius - o) < 1e-9 && abs(outer.to.outerRadius - 0.9 * o) < 1e-9)
    }

    @Test func childrenShareTheirParentsAngleByValue() {
        let inner = R.ring("in", [3, 1], ids: ["p", "q"])
        var outer = RingSpec(id: "out", label: "OUT")
        // Written out of their parents' order: they follow the parents.
        outer.slices = [Self.child("q1", 5, parent: "q"), Self.child("p1", 1, parent: "p"), Self.child("p2", 2, parent: "p")]
        let l = Layout.layout(R.spec([inner, outer]))
        let ring = l.rings[1].slices
        #expect(ring.map(\.id) == ["p1", "p2", "q1"])
        let angles = ring.map { ($0.startAngle, $0.endAngle) }
        #expect(abs(angles[0].0 - 0) < 1e-9 && abs(angles[0].1 - 90) < 1e-9)
        #expect(abs(angles[1].0 - 90) < 1e-9 && abs(angles[1].1 - 270) < 1e-9)
        #expect(abs(angles[2].0 - 270) < 1e-9 && abs(angles[2].1 - 360) < 1e-9)
        // Percentages stay shares of the ring.
        #expect(ring.map(\.percentText) == ["12.5", "25.0", "62.5"])
    }

    @Test func childMovingToAnotherParentMovesWithIt() {
        let inner = R.ring("in", [1, 1], ids: ["p", "q"])
        var before = RingSpec(id: "out", label: "OUT")
        before.slices = [Self.child("a", 1, parent: "p"), Self.child("b", 1, parent: "q")]
        var after = before
        after.slices = [Self.child("a", 1, parent: "q"), Self.child("b", 1, parent: "q")]
        var extra = after
        extra.slices.insert(Self.child("c", 1, parent: "p"), at: 0)
        let c = Transition.between(old: R.spec([inner, before]), new: R.spec([inner, extra]))
        let a = c.rings[1].plan.segments.first { $0.id == "a" }!
        #expect(abs(a.from.startAngle - 0) < 1e-9 && abs(a.from.endAngle - 180) < 1e-9)
        #expect(abs(a.to.startAngle - 180) < 1e-9 && abs(a.to.endAngle - 270) < 1e-9)
        #expect(c.changes?.slices.contains { $0.id == "out/a" } == true)
    }

    @Test func childrenThatDoNotAddUpAreWarned() {
        let text = """
            piec: 1
            rings:
              - id: in
                label: In
                slices:
                  - {id: p, label: P, value: 3}
              - id: out
                label: Out
                slices:
                  - {id: a, label: A, value: 2, parent: p}

            """
        let loaded = SpecLoader.load(SourceFile(path: "t.yaml", text: text), defaultID: "t")
        let spec = try! #require(loaded.spec)
        let warnings = Sunburst.warnings(spec, locations: loaded.locations)
        #expect(warnings.map(\.code.rawValue) == ["E0616"])
        #expect(warnings[0].message.contains("add up to 2, not its value 3"))
        // Still drawn: the child fills its parent's whole angle.
        let l = Layout.layout(spec)
        #expect(abs(l.rings[1].slices[0].endAngle - 360) < 1e-9)
        var even = spec
        even.rings[1].slices[0].value = 3
        #expect(Sunburst.warnings(even, locations: loaded.locations).isEmpty)
    }
}
