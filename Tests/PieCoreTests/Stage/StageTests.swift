import PieJSON
import PieSpec
import Testing
@testable import PieCore

/// `Stage`: what is drawn and how it moves, and `Stage.at(_:)`, the one model of an instant.
@Suite struct StageTests {
    func chart(_ spec: ChartSpec, from old: ChartSpec? = nil) -> CompiledChart { Transition.between(old: old, new: spec) }

    /// The stage of a compiled chart as a bundle encodes it (its sampling chosen).
    func stage(_ compiled: CompiledChart) -> Stage { Scene(layout: compiled.layout, plan: compiled.plan).stage }

    /// A stage's visible lines (one per place: lines that coincide draw one) and inside labels
    /// places at `t`, rounded to a thousandth, in a stable order.
    func drawn(_ stage: Stage, at t: Double) -> (lines: [[Double]], labels: [String]) {
        func r(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
        func turn(_ a: Double) -> Double { r(((a.truncatingRemainder(dividingBy: 360)) + 360).truncatingRemainder(dividingBy: 360)) }
        let now = stage.at(t)
        let lines = now.lines.filter { $0.opacity > 0 }.map { [turn($0.angle), r($0.inner), r($0.outer)] }
            .sorted { $0.lexicographicallyPrecedes($1) }.reduce(into: [[Double]]()) { if $0.last != $1 { $0.append($1) } }
        // In motion a label shows its new text (a leaving one its old): compared by place.
        let labels = now.labels.filter { $0.opacity > 0 }.map { "\(turn($0.angle)),\(r($0.radius))" }.sorted()
        return (lines, labels)
    }

    /// Old and new versions with inside labels and separators: a slice leaves, one comes,
    /// the others change values.
    func versions(staged: Bool) -> (old: ChartSpec, new: ChartSpec) {
        var old = Fixture.spec([40, 30, 8, 7, 15])
        old.chart.innerRadius = 0.5
        var new = old
        new.slices = [old.slices[0], old.slices[1], SliceSpec(id: "go", label: "Go", value: 12), old.slices[4]]
        (new.slices[0].value, new.slices[1].value, new.slices[3].value) = (35.5, 36, 16.5)
        if staged { new.animation.stages = .staged }
        return (old, new)
    }

    @Test(arguments: [false, true])
    func atTheStartIsTheOldVersionAtRestAndAtTheEndTheNewOne(staged: Bool) {
        let (old, new) = versions(staged: staged)
        let compiled = chart(new, from: old)
        let moving = stage(compiled)
        #expect(moving.sampling == (staged ? .exact : .eased))
        let line = compiled.plan.timeline
        let oldRest = drawn(stage(chart(old)), at: 100_000), newRest = drawn(stage(chart(new)), at: 100_000)
        #expect(!oldRest.lines.isEmpty && !oldRest.labels.isEmpty && oldRest.lines != newRest.lines)
        let first = drawn(moving, at: line.start), last = drawn(moving, at: line.end)
        #expect(first.lines == oldRest.lines)
        #expect(first.labels == oldRest.labels)
        #expect(last.lines == newRest.lines)
        #expect(last.labels == newRest.labels)
        #expect(moving.at(line.start).moving && !moving.at(line.end).moving)
        func texts(_ now: Stage.Instant) -> [String] { now.labels.filter { $0.opacity > 0 }.map(\.text) }
        #expect(texts(moving.at(line.end)) == texts(stage(chart(new)).at(100_000)))
    }

    @Test func aFrameOfPiecRenderIsTheStageAtItsInstant() {
        for staged in [false, true] {
            let (old, new) = versions(staged: staged)
            let compiled = chart(new, from: old)
            let stage = stage(compiled), line = compiled.plan.timeline
            for fraction in [0.0, 0.3, 0.7, 1.0] {
                let t = line.start + line.length * fraction
                let pose = FramePose.at(compiled, t: t), now = stage.at(t)
                #expect(pose.pies[0].lines.map(\.angle) == now.lines.map(\.angle), "\(staged) \(fraction)")
                #expect(pose.pies[0].lines.map(\.opacity) == now.lines.map(\.opacity), "\(staged) \(fraction)")
                #expect(pose.pies[0].labels.map(\.angle) == now.labels.map(\.angle), "\(staged) \(fraction)")
                #expect(pose.pies[0].labels.map(\.opacity) == now.labels.map(\.opacity), "\(staged) \(fraction)")
                // The frame's SVG draws each separator the stage has at that instant, where it is.
                let svg = String(decoding: Frames.svg(chart: compiled, spec: new, at: t), as: UTF8.self)
                let shown = now.lines.filter { $0.opacity > 0 && $0.outer > $0.inner }
                #expect(!shown.isEmpty)
                for l in shown {
                    #expect(svg.contains("<path transform=\"rotate(" + formatNumber(l.angle) + ")\""), "\(staged) \(fraction) \(l.angle)")
                }
            }
        }
    }

    @Test func sampledKeyframesHoldTheStageAtEachSample() {
        let (old, new) = versions(staged: true)
        let compiled = chart(new, from: old)
        let scene = Scene(layout: compiled.layout, plan: compiled.plan)
        #expect(scene.drawing.sampledKeyframes)
        for t in Strategies.SampledKeyframes.times(compiled.plan, scene.drawing.keyframes) {
            // What `StyleWriter.writeSampled` writes at sample t (the from-state of the instant's scene).
            let sample = Scene(instant: compiled.plan.frozen(at: t), of: scene)
            let now = scene.stage.at(t)
            #expect(now.moving && now.lines.count == scene.separators.count)
            for (b, line) in zip(scene.separators, now.lines) {
                let x = sample.separators.first { $0.index == b.index } ?? b
                #expect(x.from == line.angle && x.fromOpacity == line.opacity, "\(t)")
            }
            #expect(sample.labels.map(\.from) == now.labels.map(\.angle), "\(t)")
        }
    }

    @Test func aLeavingSlicesLineRunsFromItsStartToWhereItCloses() {
        let old = Fixture.spec([30, 20, 25, 25])
        var new = old
        new.slices.remove(at: 1)
        let compiled = chart(new, from: old)
        let stage = stage(compiled)
        let leaving = stage.separators.filter(\.leaves)
        #expect(leaving.count == 1)
        let l = leaving[0]
        // s1 started at 30 % of the turn; it closes where s2 starts in the new chart (30 / 80).
        #expect(abs(l.from - 108) < 1e-9 && abs(l.to - 135) < 1e-9)
        #expect(l.motionOnly && l.fromOpacity == 1 && l.toOpacity == 1)
        let line = compiled.plan.timeline
        func has(_ angle: Double, _ t: Double) -> Bool { stage.at(t).lines.contains { abs($0.angle - angle) < 1e-6 } }
        #expect(has(108, line.start))
        #expect(!has(108, line.end) && has(135, line.end))
        // Mid-way it stands between its two ends.
        let mid = stage.at(line.start + line.length / 2).lines.map(\.angle).filter { $0 > 108 && $0 < 135 }
        #expect(mid.count == 1)
    }

    @Test func anInstantsStageKeepsTheWholeTransitionsElements() {
        let (old, new) = versions(staged: true)
        let compiled = chart(new, from: old)
        let whole = stage(compiled), line = compiled.plan.timeline
        for fraction in [0.1, 0.5, 0.9] {
            let instant = whole.instant(compiled.plan.frozen(at: line.start + line.length * fraction))
            #expect(instant.labels.count == whole.labels.count)
            #expect(Set(instant.separators.map(\.index)).isSubset(of: Set(whole.separators.map(\.index))))
            #expect(instant.centers.isEmpty && instant.titles.isEmpty)
        }
    }
}
