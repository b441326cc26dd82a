import Foundation
@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// A plan written as sampled keyframes (staged, staggered, or with bridges that change
/// partners) draws each instant with a scene of its own; every such scene must have the
/// elements of the whole transition's scene in the same order, or the keyframes of one element
/// are written from another's state (or the writer indexes past the end).
struct SampledSceneTests {
    static let specs: [ChartSpec] = {
        let root = CompileFixtureTests.root.appendingPathComponent("specs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted().compactMap { name in
            let url = root.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: url) else { return nil }
            return SpecLoader.load(SourceFile(path: name, bytes: [UInt8](data)), defaultID: String(name.dropLast(5))).spec
        }
    }()

    /// (underlays, motion, labels, cutouts, orbits) of a scene, then its separators by index.
    /// The moving closing line of a full circle (`motionOnly`) is left out: whether it is
    /// drawn depends on the instant, and it comes last, so the others keep their indices.
    static func shape(_ s: Scene) -> [Int] {
        [s.underlays.count, s.motion.count, s.labels.count, s.cutouts.count, s.orbits.count, -1]
            + s.separators.filter { !$0.motionOnly }.map(\.index)
    }

    @Test func everySampledInstantHasTheElementsOfTheWholeTransition() throws {
        #expect(Self.specs.count >= 15, "the gallery is read")
        var sampled = 0
        for old in Self.specs where old.rings.isEmpty {
            for var new in Self.specs where new.rings.isEmpty {
                // Staged: every pair is written as sampled keyframes.
                new.animation.stages = .staged
                let chart = Transition.between(old: old, new: new)
                let scene = Scene(layout: chart.layout, plan: chart.plan)
                guard scene.moves, !chart.plan.isUniform || scene.sampled else { continue }
                sampled += 1
                for t in Strategies.SampledKeyframes.sampleTimes(chart.plan) {
                    let instant = Scene(layout: chart.layout, plan: chart.plan.frozen(at: t), shape: chart.plan)
                    #expect(Self.shape(instant) == Self.shape(scene), "\(old.id) -> \(new.id) at \(t) ms")
                }
            }
        }
        #expect(sampled > 100)
    }

    /// Found by building every gallery spec from every other: a staged change from a pie to a
    /// donut that replaces every slice crashed (an instant with no slice of any width had one
    /// extension fewer than the whole transition); from a single slice to a rose, every
    /// extension's keyframes were shifted by one element.
    @Test func aStagedFullReplacementAndASingleSliceBecomingARoseBuild() throws {
        let pie = try #require(Self.specs.first { $0.id == "budget" })
        var donut = try #require(Self.specs.first { $0.id == "uptime" })
        donut.animation.stages = .staged
        donut.slices = [SliceSpec(id: "x", label: "X", value: 2), SliceSpec(id: "y", label: "Y", value: 1)]
        let bundle = Compiler.compile(spec: donut, sourceBytes: [], previous: pie)
        #expect(bundle.files.count == 4)
        let rose = try #require(Self.specs.first { $0.id == "rose" })
        let one = try #require(Self.specs.first { $0.id == "uptime" })
        let chart = Transition.between(old: one, new: rose)
        let scene = Scene(layout: chart.layout, plan: chart.plan)
        let t = chart.plan.timeline.start + chart.plan.timeline.length / 2
        #expect(Self.shape(Scene(layout: chart.layout, plan: chart.plan.frozen(at: t), shape: chart.plan)) == Self.shape(scene))
    }
}

/// `stages: staged` on a change that replaces every slice: the old slices shrink away in the
/// first stage (the pie empties), the new ones grow in the last; never the old chart standing
/// whole and vanishing in one frame.
struct StagedReplacementTests {
    static func spec(_ ids: [String], staged: Bool) -> ChartSpec {
        var spec = ChartSpec(id: "t")
        spec.slices = ids.map { SliceSpec(id: $0, label: $0.uppercased(), value: 1) }
        if staged { spec.animation.stages = .staged }
        return spec
    }

    static func drawn(_ plan: TransitionPlan, at t: Double) -> Double {
        plan.frozen(at: t).segments.reduce(0) { $0 + $1.from.span }
    }

    @Test func theOldSlicesShrinkAwayThenTheNewOnesGrow() {
        let plan = Transition.between(old: Self.spec(["a", "b", "c"], staged: false), new: Self.spec(["x", "y"], staged: true)).plan
        let line = plan.timeline
        let quarter = Self.drawn(plan, at: line.start + line.length / 4)
        #expect(quarter > 10 && quarter < 350, "a quarter of the way the old slices are partly gone: \(quarter) degrees drawn")
        #expect(Self.drawn(plan, at: line.start + line.length * 3 / 4) < 350)
        #expect(abs(Self.drawn(plan, at: line.end) - 360) < 1e-9)
        // With one slice staying, the others' widths are rescaled so the pie stays whole.
        let kept = Transition.between(old: Self.spec(["a", "b", "c"], staged: false), new: Self.spec(["a", "y"], staged: true)).plan
        #expect(abs(Self.drawn(kept, at: kept.timeline.start + kept.timeline.length / 4) - 360) < 1e-6)
    }
}
