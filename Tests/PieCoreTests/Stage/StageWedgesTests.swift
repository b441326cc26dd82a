import PieSpec
import Testing
@testable import PieCore

/// The wedge and extension tracks of a stage, read at an instant by `Stage.at(_:)`: the plan's
/// exact state (`TransitionPlan.frozen(at:)`), which frames and sampled keyframes both draw.
@Suite struct StageWedgesTests {
    func scene(_ new: ChartSpec, from old: ChartSpec) -> (Scene, TransitionPlan) {
        let compiled = Transition.between(old: old, new: new)
        return (Scene(layout: compiled.layout, plan: compiled.plan), compiled.plan)
    }

    /// A staged rose whose radii and values change: its extensions join different slices on
    /// the way, and its boundaries are sums of differently timed widths (sampled keyframes).
    func stagedRose() -> (Scene, TransitionPlan) {
        let old = RoseTests.rose([4, 1, 2, 3, 5], .radius)
        var new = RoseTests.rose([1, 4, 0.5, 5, 2], .radius)
        // A slice leaves and one comes: the stages run one after the other.
        new.slices.remove(at: 2)
        new.slices.insert(SliceSpec(id: "go", label: "Go", value: 3), at: 3)
        new.animation.stages = .staged
        return scene(new, from: old)
    }

    static let fractions = [0.1, 0.3, 0.55, 0.8, 0.95]

    /// The geometry of wedge track `w` in the exact state `frozen`.
    func exact(_ w: Stage.Wedge, _ frozen: TransitionPlan) -> SegmentGeometry {
        w.mover ? frozen.movers[w.index - frozen.segments.count].from : frozen.segments[w.index].from
    }

    @Test func anInstantsWedgesAreThePlansExactState() {
        let (scene, plan) = stagedRose()
        let stage = scene.stage, line = plan.timeline
        #expect(stage.sampling == .exact && stage.wedges.count == plan.segments.count && !plan.isUniform)
        var mixedWrong = 0
        for fraction in Self.fractions {
            let t = line.start + line.length * fraction
            let now = stage.at(t), frozen = plan.frozen(at: t)
            #expect(now.moving)
            #expect(now.wedges.map(\.index) == stage.wedges.map(\.index))
            for (w, x) in zip(stage.wedges, now.wedges) {
                #expect(x.geometry == exact(w, frozen), "\(fraction) wedge \(w.index)")
                // The track's two ends mixed at the plan's eased progress are not this state.
                let e = plan.easing.value(at: line.progress(at: t))
                if abs(Stage.mix(w.from.startAngle, w.to.startAngle, e) - x.geometry.startAngle) > 1e-6 { mixedWrong += 1 }
            }
        }
        #expect(mixedWrong > 0, "a staged plan's exact state is not the eased mix of the ends")
        // At the end and after: the new version, not moving.
        let rest = stage.at(line.end)
        #expect(!rest.moving)
        #expect(rest.wedges.map(\.geometry) == stage.wedges.map(\.to))
    }

    @Test func anEasedPlansWedgesAreTheMixOfTheirEnds() {
        var old = Fixture.spec([40, 30, 8, 7, 15])
        old.chart.innerRadius = 0.5
        var new = old
        (new.slices[0].value, new.slices[1].value, new.slices[4].value) = (20, 45, 25)
        new.slices.swapAt(0, 2)
        let (scene, plan) = scene(new, from: old)
        let stage = scene.stage, line = plan.timeline
        #expect(stage.sampling == .eased && plan.isUniform)
        #expect(stage.wedges.contains { $0.mover }, "a reordered slice is a mover")
        for fraction in Self.fractions {
            let t = line.start + line.length * fraction
            let now = stage.at(t), frozen = plan.frozen(at: t), e = plan.easing.value(at: line.progress(at: t))
            for (w, x) in zip(stage.wedges, now.wedges) {
                #expect(x.geometry == exact(w, frozen))
                // What one CSS easing draws between the two keyframes.
                #expect(abs(Stage.mix(w.from.startAngle, w.to.startAngle, e) - x.geometry.startAngle) < 1e-9)
                #expect(abs(Stage.mix(w.from.endAngle, w.to.endAngle, e) - x.geometry.endAngle) < 1e-9)
            }
        }
    }

    @Test func anInstantsExtensionsJoinTheMiddlesOfItsNeighbours() {
        let (scene, plan) = stagedRose()
        let stage = scene.stage, line = plan.timeline
        #expect(!scene.underlays.isEmpty && stage.extensions.count == scene.underlays.count)
        #expect(stage.extensions.contains { !$0.exact }, "an extension joins different slices at the two ends")
        for fraction in Self.fractions {
            let t = line.start + line.length * fraction
            let now = stage.at(t), segments = plan.frozen(at: t).segments.map(\.from)
            #expect(!now.extensions.isEmpty)
            func mid(_ k: Int) -> Double { (segments[k].startAngle + segments[k].endAngle) / 2 }
            for x in now.extensions {
                let g = x.geometry
                #expect(g.span > 0 && g.outerRadius > g.innerRadius, "only extensions that draw something")
                guard let k = x.after else {
                    // The closing one: from the last slice with width (a turn back) to the first.
                    let first = segments.indices.first { segments[$0].span > 0 }!, last = segments.indices.last { segments[$0].span > 0 }!
                    #expect(abs(g.startAngle - (mid(last) - 360)) < 1e-9 && abs(g.endAngle - mid(first)) < 1e-9, "\(fraction)")
                    continue
                }
                // From its slice's middle to the middle of the next slice with width, at the
                // smallest radius in between.
                let j = (k + 1..<segments.count).first { segments[$0].span > 0 }!
                #expect(g.startAngle == mid(k) && g.endAngle == mid(j), "\(fraction) after \(k)")
                #expect(g.outerRadius == segments[k...j].map(\.outerRadius).min()!, "\(fraction) after \(k)")
            }
        }
    }

    @Test func framesAndSampledKeyframesDrawTheStagesWedges() {
        let (scene, plan) = stagedRose()
        let stage = scene.stage, line = plan.timeline
        #expect(scene.drawing.sampledKeyframes && !scene.stacked)
        for fraction in Self.fractions {
            let t = line.start + line.length * fraction
            let now = stage.at(t)
            // The frame paints each wedge that has width where the stage has it.
            let pie = FramePose.pie(scene, now, t: t)
            let painted = Set(pie.wedges.map { [$0.geometry.startAngle, $0.geometry.endAngle, $0.geometry.outerRadius] })
            for x in now.wedges.map(\.geometry) where x.span > 0 && x.outerRadius > x.innerRadius {
                #expect(painted.contains([x.startAngle, x.endAngle, x.outerRadius]), "\(fraction)")
            }
            // The sampled keyframe at t (`StyleWriter.writeSampled`) starts each dash there.
            let sample = Scene(at: t, of: scene)
            for (m, x) in zip(sample.motion, now.wedges) {
                #expect(m.index == x.index && m.from.angle == x.geometry.startAngle - scene.layout.startAngle, "\(fraction)")
            }
        }
    }
}
