@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

@Suite("rings (concentric rings)")
struct RingsTests {
    static func ring(_ id: String, _ values: [Double], ids: [String]? = nil) -> RingSpec {
        var r = RingSpec(id: id, label: id.uppercased())
        r.slices = values.enumerated().map { i, v in
            let sid = ids?[i] ?? "s" + String(i)
            return SliceSpec(id: sid, label: sid.uppercased(), value: v)
        }
        return r
    }

    static func spec(_ rings: [RingSpec], inner: Double = 0) -> ChartSpec {
        var spec = ChartSpec(id: "rings")
        spec.rings = rings
        spec.chart.innerRadius = inner
        return spec
    }

    @Test func bandsAreEqualInsideOutFromTheHole() {
        let l = Layout.layout(Self.spec([Self.ring("a", [1]), Self.ring("b", [1]), Self.ring("c", [1])], inner: 0.25))
        let R = l.outerRadius, h = l.innerRadius
        #expect(abs(h - R / 4) < 1e-9)
        #expect(l.rings.map(\.id) == ["a", "b", "c"])
        for (k, band) in l.rings.enumerated() {
            #expect(abs(band.innerRadius - (h + (R - h) * Double(k) / 3)) < 1e-9)
            #expect(abs(band.outerRadius - (h + (R - h) * Double(k + 1) / 3)) < 1e-9)
        }
        #expect(l.rings.last?.outerRadius == R)
        let pie = Layout.layout(Self.spec([Self.ring("a", [1]), Self.ring("b", [1])]))
        #expect(pie.rings[0].innerRadius == 0, "on a pie the innermost ring is a full pie")
    }

    @Test func eachRingTilesItsOwnSweepWithItsOwnPercentages() {
        var spec = Self.spec([Self.ring("a", [1, 3]), Self.ring("b", [1, 1, 2])])
        spec.chart.startAngle = 30
        let l = Layout.layout(spec)
        #expect(l.slices.map(\.id) == ["a/s0", "a/s1", "b/s0", "b/s1", "b/s2"])
        #expect(l.slices.map(\.percentText) == ["25.0", "75.0", "25.0", "25.0", "50.0"])
        for band in l.rings {
            #expect(band.slices.first?.startAngle == 30)
            #expect(band.slices.last?.endAngle == 390)
            for (s, t) in zip(band.slices, band.slices.dropFirst()) { #expect(s.endAngle == t.startAngle) }
            for (k, s) in band.slices.enumerated() {
                #expect(s.innerRadius == band.innerRadius && s.outerRadius == band.outerRadius)
                let flat = l.slices[band.first + k]
                #expect(flat.startAngle == s.startAngle && flat.outerRadius == s.outerRadius && flat.innerRadius == s.innerRadius)
            }
        }
        #expect(abs(l.rings[0].slices[0].endAngle - 120) < 1e-9)
        #expect(abs(l.rings[1].slices[1].endAngle - 210) < 1e-9)
    }

    @Test func sortTotalAndMinAngleApplyPerRing() {
        var spec = Self.spec([Self.ring("a", [1, 3]), Self.ring("b", [2, 5])])
        spec.chart.sort = .descending
        spec.chart.total = 10
        let l = Layout.layout(spec)
        #expect(l.rings[0].slices.map(\.id) == ["s1", "s0"])
        #expect(abs(l.rings[0].slices.last!.endAngle - 144) < 1e-9, "4 of 10")
        #expect(abs(l.rings[1].slices.last!.endAngle - 252) < 1e-9, "7 of 10")
    }

    @Test func theSameIDIsTheSameColourInEveryRing() {
        let l = Layout.layout(Self.spec([Self.ring("a", [1, 1], ids: ["x", "y"]), Self.ring("b", [1, 1, 1], ids: ["y", "z", "x"])]))
        let colour = { (ring: Int, id: String) in l.rings[ring].slices.first { $0.id == id }!.color }
        #expect(colour(0, "x") == colour(1, "x"))
        #expect(colour(0, "y") == colour(1, "y"))
        #expect(Set([colour(0, "x"), colour(0, "y"), colour(1, "z")]).count == 3)
    }

    @Test func transitionMatchesSlicesByRingAndID() {
        let old = Self.spec([Self.ring("a", [1, 1, 2]), Self.ring("b", [1, 1])])
        // Ring b's s0 leaves, ring a gains s9 and changes s1; a's s0 and b's s0 share an id
        // but are different slices.
        let new = Self.spec([Self.ring("a", [1, 2, 1, 2], ids: ["s0", "s1", "s9", "s2"]), Self.ring("b", [1], ids: ["s1"])])
        let c = Transition.between(old: old, new: new)
        #expect(c.rings.count == 2)
        let a = c.rings[0].plan.segments, b = c.rings[1].plan.segments
        #expect(a.map(\.id) == ["s0", "s1", "s9", "s2"])
        #expect(a.map(\.kind) == [.update, .update, .enter, .update])
        #expect(b.map { "\($0.id):\($0.kind)" } == ["s0:exit", "s1:update"])
        // Every ring's frames tile its own sweep.
        for part in c.rings {
            for e in [0.0, 0.3, 0.7, 1.0] {
                let g = part.plan.segments.map { $0.from.blended(to: $0.to, at: e) }
                for (x, y) in zip(g, g.dropFirst()) { #expect(abs(x.endAngle - y.startAngle) < 1e-9) }
                #expect(abs(g.map(\.span).reduce(0, +) - 360) < 1e-9)
            }
        }
        #expect(c.plan.segments.map(\.id).contains("b/s0"))
        let report = c.changes!
        #expect(report.json().serialized(pretty: false).contains("a/s9"))
    }

    @Test func anAddedRingGrowsFromItsBoundaryAndTheBandsTileEveryFrame() {
        let old = Self.spec([Self.ring("a", [1, 1]), Self.ring("c", [1])], inner: 0.2)
        let new = Self.spec([Self.ring("a", [1, 1]), Self.ring("b", [2, 1]), Self.ring("c", [1])], inner: 0.2)
        let c = Transition.between(old: old, new: new)
        let oldL = Layout.layout(old)
        #expect(c.rings.map(\.ringID) == ["a", "b", "c"])
        let b = c.rings[1].plan.segments
        #expect(b.allSatisfy { abs($0.from.innerRadius - oldL.rings[0].outerRadius) < 1e-9 && abs($0.from.outerRadius - oldL.rings[0].outerRadius) < 1e-9 })
        for e in [0.0, 0.25, 0.5, 0.9, 1.0] {
            let bands = c.rings.map { part -> (Double, Double) in
                let g = part.plan.segments[0].from.blended(to: part.plan.segments[0].to, at: e)
                return (g.innerRadius, g.outerRadius)
            }
            for (x, y) in zip(bands, bands.dropFirst()) { #expect(abs(x.1 - y.0) < 1e-9, "bands tile at \(e)") }
        }
    }

    /// At every instant the parts' bands (each ring's, by its first segment) tile the disc from
    /// the hole to the outer radius: no overlap, no gap.
    static func expectBandsTile(_ c: CompiledChart, hole: (Double, Double), outer: Double) {
        for e in stride(from: 0.0, through: 1.0, by: 0.125) {
            let bands = c.rings.compactMap { part -> (Double, Double)? in
                guard let s = part.plan.segments.first else { return nil }
                let g = s.from.blended(to: s.to, at: e)
                return (g.innerRadius, g.outerRadius)
            }.sorted { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
            #expect(abs(bands.first!.0 - (hole.0 + (hole.1 - hole.0) * e)) < 1e-9, "starts at the hole at \(e)")
            #expect(abs(bands.last!.1 - outer) < 1e-9, "ends at the rim at \(e)")
            for (x, y) in zip(bands, bands.dropFirst()) { #expect(abs(x.1 - y.0) < 1e-9, "bands \(bands) tile at \(e)") }
        }
    }

    @Test func ringsThatSwapOrLeaveAndEnterOneGapNeverOverlap() {
        // The innermost ring of a pie leaving has to vanish into the centre, which a motion
        // circle cannot draw: the chart enters, its changes reported.
        let centreGone = Transition.between(old: Self.spec([Self.ring("a", [1]), Self.ring("b", [1])]), new: Self.spec([Self.ring("b", [1])]))
        #expect(centreGone.plan.kind == .enterGrow)
        #expect(centreGone.changes != nil)
        #expect(centreGone.rings.map(\.ringID) == ["b"])
        let swap = Transition.between(old: Self.spec([Self.ring("a", [1]), Self.ring("b", [1]), Self.ring("c", [1])], inner: 0.2),
            new: Self.spec([Self.ring("b", [1]), Self.ring("a", [1]), Self.ring("c", [1])], inner: 0.2))
        let l = swap.layout
        #expect(swap.rings.count == 4, "one of a, b leaves its band and enters the other")
        Self.expectBandsTile(swap, hole: (l.innerRadius, l.innerRadius), outer: l.outerRadius)
        let replace = Transition.between(old: Self.spec([Self.ring("k", [1]), Self.ring("x", [1]), Self.ring("m", [1])]),
            new: Self.spec([Self.ring("k", [1]), Self.ring("y", [1]), Self.ring("z", [2]), Self.ring("m", [1])]))
        #expect(replace.rings.map(\.ringID) == ["k", "y", "z", "m", "x"])
        Self.expectBandsTile(replace, hole: (0, 0), outer: replace.layout.outerRadius)
        // The innermost ring of a pie leaves: it shrinks outwards (a circle of radius 0 draws
        // nothing), and a ring entering there grows from the centre.
        let centre = Transition.between(old: Self.spec([Self.ring("a", [1]), Self.ring("b", [1])]),
            new: Self.spec([Self.ring("n", [1]), Self.ring("b", [1])]))
        #expect(centre.rings.allSatisfy { part in part.plan.segments.allSatisfy { $0.to.outerRadius > 0 } })
        Self.expectBandsTile(centre, hole: (0, 0), outer: centre.layout.outerRadius)
        let donutToPie = Transition.between(old: Self.spec([Self.ring("a", [1]), Self.ring("o", [1])], inner: 0.4),
            new: Self.spec([Self.ring("n", [1]), Self.ring("a", [1])]))
        Self.expectBandsTile(donutToPie, hole: (Layout.layout(Self.spec([Self.ring("a", [1])], inner: 0.4)).innerRadius, 0),
                             outer: donutToPie.layout.outerRadius)
    }

    @Test func aRenamedRingSliceKeepsItsColourAsAPlainSliceDoes() {
        let old = Self.spec([Self.ring("a", [1, 2, 3], ids: ["x", "y", "z"])])
        var renamed = Self.ring("a", [1, 2, 3], ids: ["x", "why", "z"])
        renamed.slices[1].renamedFrom = ["y"]
        let c = Transition.between(old: old, new: Self.spec([renamed]))
        let before = Layout.layout(old).rings[0].slices.first { $0.id == "y" }?.color
        #expect(before != nil)
        #expect(c.layout.rings[0].slices.first { $0.id == "why" }?.color == before)
    }

    /// Rings are matched like slices (`SliceDiff`): of two rings that swap, the one the slice
    /// diff keeps stays in its band and the other leaves and enters.
    @Test func ringsThatSwapAreMatchedLikeSlices() {
        let swap = Transition.between(old: Self.spec([Self.ring("a", [1]), Self.ring("b", [1]), Self.ring("c", [1])]),
                                      new: Self.spec([Self.ring("b", [1]), Self.ring("a", [1]), Self.ring("c", [1])]))
        let kept = SliceDiff.compute(oldIDs: ["a", "b", "c"], newIDs: ["b", "a", "c"]).matches.filter { !$0.moved }.map(\.newIndex)
        #expect(RingTransition.keptRings(old: ["a", "b", "c"], new: ["b", "a", "c"]) == Set(kept.map { ["b", "a", "c"][$0] }))
        #expect(swap.rings.filter { $0.first == nil }.count == 1, "one ring leaves its band")
    }

    @Test func aRemovedRingShrinksAwayAndIsNotInTheNewChart() {
        let old = Self.spec([Self.ring("a", [1]), Self.ring("b", [1, 1]), Self.ring("c", [1])])
        let new = Self.spec([Self.ring("a", [1]), Self.ring("c", [1])])
        let c = Transition.between(old: old, new: new)
        #expect(c.layout.rings.map(\.id) == ["a", "c"])
        #expect(c.rings.map(\.ringID) == ["a", "c", "b"])
        let gone = c.rings[2]
        #expect(gone.first == nil)
        #expect(gone.layout.slices.allSatisfy { !$0.isVisible && $0.labelText == nil })
        #expect(gone.plan.segments.allSatisfy { abs($0.to.outerRadius - c.layout.rings[0].outerRadius) < 1e-9 && $0.to.outerRadius == $0.to.innerRadius })
    }

    @Test func bundleDrawsEachRingInItsOwnScopeWithUniqueIDs() {
        var spec = Self.spec([Self.ring("a", [1, 1]), Self.ring("b", [1, 2, 3])], inner: 0.3)
        spec.chart.padAngle = 2
        spec.chart.cornerRadius = 3
        let old = Self.spec([Self.ring("a", [2, 1])], inner: 0.3)
        let bundle = Compiler.compile(spec: spec, sourceBytes: Array("piec: 1\n".utf8), previous: old)
        let svg = Fixture.text(bundle, "chart.svg"), html = Fixture.text(bundle, "index.html")
        #expect(svg.contains("class=\"piec-rings_r0\"") && svg.contains("class=\"piec-rings_r1\""))
        #expect(svg.contains(".piec-rings_r0{") && svg.contains(".piec-rings_r1{"))
        // Element ids (masks, patterns) are unique in each document.
        for doc in [svg, html] {
            var ids: [String] = []
            var rest = doc[...]
            while let r = rest.firstRange(of: " id=\"") {
                let after = rest[r.upperBound...]
                let end = after.firstIndex(of: "\"")!
                ids.append(String(after[..<end]))
                rest = after[end...]
            }
            #expect(ids.count == Set(ids).count, "duplicate ids: \(ids)")
            #expect(ids.contains { $0.hasPrefix("piec-rings_r1-") }, "ring masks are scoped")
        }
        // The interactive slices of index.html are numbered across rings, once each.
        for k in 0..<5 { #expect(html.occurrences(of: "p-w p-s\(k)\"") == 1, "p-s\(k)") }
        #expect(html.contains("B: S2"), "tooltips and table name the ring")
        let manifest = Fixture.text(bundle, "manifest.json")
        #expect(manifest.contains("\"rings\": ["))
        #expect(manifest.contains("\"b/s2\""))
    }

    @Test func chartsWithoutRingsKeepTheirBytes() {
        // The flattened spec of a chart without rings is the spec itself (no ring fields used).
        let spec = Fixture.spec([1, 2, 3])
        #expect(spec.flattened == spec)
        #expect(Layout.layout(spec).rings.isEmpty)
        #expect(!Fixture.text(Fixture.bundle(spec), "manifest.json").contains("\"rings\""))
    }
}
