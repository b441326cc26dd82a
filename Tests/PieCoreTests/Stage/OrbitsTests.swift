import PieSpec
import Testing
@testable import PieCore

/// The explode orbits of a stage (`Stage.orbits`): one track per wedge where any slice is
/// exploded at either end, its two ends the wedge's middle angle and explode; `Stage.at(_:)`
/// reads them at an instant, and both the orbit keyframes (eased between the two ends, or the
/// samples of a sampled plan) and `piec render`'s frames read those values.
@Suite struct OrbitsTests {
    /// Slices `values`, slice `k` exploded by 14 px (none for nil); `extra`: animation keys.
    static func spec(_ values: [Int], exploded k: Int?, extra: String = "") throws -> ChartSpec {
        let slices = values.enumerated().map { i, v in "{id: s\(i), label: S\(i), value: \(v)\(i == k ? ", explode: 14" : "")}" }
        return try Fixture.loaded("piec: 1\nid: t\nchart: {size: 320, innerRadius: 0.4}\nlabels: {position: none}\n"
            + "legend: {position: none}\nanimation: {duration: 1000ms, easing: ease-in-out\(extra)}\n"
            + "slices: [" + slices.joined(separator: ", ") + "]\n")
    }

    static func scene(_ old: ChartSpec, _ new: ChartSpec) -> Scene {
        let chart = Transition.between(old: old, new: new)
        return Scene(layout: chart.layout, plan: chart.plan)
    }

    /// Slice 1 exploded before, slice 2 after, values changing: both explodes and every middle move.
    func shift(extra: String = "") throws -> Scene {
        Self.scene(try Self.spec([40, 30, 20, 10], exploded: 1, extra: extra), try Self.spec([25, 25, 35, 15], exploded: 2, extra: extra))
    }

    static let fractions = [0.1, 0.3, 0.55, 0.8, 0.95]

    @Test func eachWedgeRidesAnOrbitFromItsMiddleAndExplodeToTheOthers() throws {
        let stage = try shift().stage
        let orbits = stage.orbits
        #expect(orbits.count == stage.wedges.count && orbits.count == 4)
        for (o, w) in zip(orbits, stage.wedges) {
            #expect(o.index == w.index)
            #expect(o.fromMiddle == (w.from.startAngle + w.from.endAngle) / 2 && o.toMiddle == (w.to.startAngle + w.to.endAngle) / 2)
            #expect(o.from == w.from.explode && o.to == w.to.explode)
        }
        #expect(orbits.map(\.from) == [0, 14, 0, 0] && orbits.map(\.to) == [0, 0, 14, 0])
        #expect(orbits[2].fromMiddle != orbits[2].toMiddle, "the middle turns as the slice grows")
    }

    @Test func withoutAnExplodeThereAreNoOrbits() throws {
        let scene = Self.scene(try Self.spec([40, 30, 20, 10], exploded: nil), try Self.spec([25, 25, 35, 15], exploded: nil))
        #expect(!scene.stage.explodes && scene.stage.orbits.isEmpty)
        #expect(scene.stage.at(500).orbits.isEmpty && scene.orbits.isEmpty)
    }

    /// An eased plan: the instant's orbit is its two ends mixed at the eased progress, which is
    /// what one CSS easing draws between the orbit's `from` keyframe and its rule.
    @Test func anEasedInstantIsTheOrbitsEndsMixedAsTheKeyframesAre() throws {
        let scene = try shift()
        let stage = scene.stage, line = scene.plan.timeline
        #expect(stage.sampling == .eased && scene.drawing.orbits == .groups)
        for f in Self.fractions {
            let t = line.start + line.length * f, e = scene.plan.easing.value(at: line.progress(at: t))
            let now = stage.at(t).orbits
            #expect(now.count == stage.orbits.count)
            for (o, x) in zip(stage.orbits, now) {
                #expect(x.index == o.index)
                #expect(abs(x.middle - Stage.mix(o.fromMiddle, o.toMiddle, e)) < 1e-9, "middle at \(f)")
                #expect(abs(x.offset - Stage.mix(o.from, o.to, e)) < 1e-9, "offset at \(f)")
            }
        }
        // At rest: the new ends.
        #expect(stage.at(line.end).orbits.map(\.offset) == stage.orbits.map(\.to))
    }

    /// A sampled plan (a stagger): each sample's keyframe holds the instant's scene's orbit
    /// `from` ends, which are the stage's instant at that sample.
    @Test func aSampledKeyframeHoldsTheInstantsOrbit() throws {
        let scene = try shift(extra: ", stagger: 100ms")
        #expect(scene.drawing.keyframes == .sampled && scene.stage.sampling == .exact)
        let line = scene.plan.timeline
        for f in Self.fractions {
            let t = line.start + line.length * f
            let sample = Scene(at: t, of: scene), now = scene.stage.at(t).orbits
            #expect(sample.orbits.count == now.count)
            for (o, x) in zip(sample.orbits, now) {
                #expect(o.index == x.index && o.fromMiddle == x.middle && o.from == x.offset, "at \(f)")
            }
        }
    }

    /// `piec render`'s frame moves each exploded wedge by its orbit at the instant.
    @Test func aFrameMovesEachExplodedWedgeByItsOrbit() throws {
        let old = try Self.spec([40, 30, 20, 10], exploded: 1), new = try Self.spec([25, 25, 35, 15], exploded: 2)
        let chart = Transition.between(old: old, new: new)
        let stage = Scene(layout: chart.layout, plan: chart.plan).stage, line = chart.plan.timeline
        for f in Self.fractions {
            let t = line.start + line.length * f
            let wedges = FramePose.at(chart, t: t).pies[0].wedges.filter { $0.geometry.explode > 0 }
            let orbits = stage.at(t).orbits.filter { $0.offset > 0 }
            #expect(wedges.count == 2 && wedges.map(\.mid) == orbits.map(\.middle) && wedges.map(\.geometry.explode) == orbits.map(\.offset),
                    "at \(f)")
        }
    }
}
