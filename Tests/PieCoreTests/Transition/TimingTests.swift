@testable import PieCore
import PieSpec
import Testing

struct TimingTests {
    func spec(_ values: [(String, Double)], _ configure: (inout ChartSpec) -> Void = { _ in }) -> ChartSpec {
        var s = ChartSpec(id: "t")
        s.slices = values.map { SliceSpec(id: $0.0, label: $0.0, value: $0.1) }
        configure(&s)
        return s
    }

    @Test func cubicBezierMatchesKnownValues() {
        let linear = Easing.named[0].1
        #expect(abs(linear.value(at: 0.3) - 0.3) < 1e-9)
        // ease-in-out is symmetric: E(0.5) = 0.5 and E(1 - p) = 1 - E(p).
        let e = Easing.easeInOut
        #expect(abs(e.value(at: 0.5) - 0.5) < 1e-7)
        #expect(abs(e.value(at: 0.2) + e.value(at: 0.8) - 1) < 1e-7)
        // ease-out(0.5) for cubic-bezier(0, 0, 0.58, 1) is about 0.6847 (Chromium's value).
        #expect(abs(Easing.named[3].1.value(at: 0.5) - 0.6847) < 0.0005)
        #expect(e.value(at: -1) == 0 && e.value(at: 2) == 1)
    }

    @Test func uniformPlanFrozenEqualsLinearInterpolation() {
        let old = spec([("a", 1), ("b", 1), ("c", 2)]), new = spec([("b", 3), ("c", 1), ("d", 1)])
        let (plan, _, _) = Transition.between(old: old, new: new).parts
        #expect(plan.isUniform)
        let t = plan.delay + plan.duration * 0.37
        let e = plan.easing.value(at: 0.37)
        let frozen = plan.frozen(at: t)
        for (s, f) in zip(plan.segments, frozen.segments) {
            #expect(abs(f.from.startAngle - (s.from.startAngle + (s.to.startAngle - s.from.startAngle) * e)) < 1e-9)
            #expect(abs(f.from.endAngle - (s.from.endAngle + (s.to.endAngle - s.from.endAngle) * e)) < 1e-9)
        }
    }

    @Test(arguments: [AnimationStages.staged, AnimationStages.single])
    func staggeredAndStagedPlansNeverOpenAGap(_ stages: AnimationStages) {
        let old = spec([("a", 5), ("b", 1), ("c", 1), ("d", 3)])
        let new = spec([("a", 2), ("d", 3), ("e", 4)]) { s in
            s.animation.stages = stages
            s.animation.stagger = stages == .single ? 90 : 0
        }
        let (plan, _, _) = Transition.between(old: old, new: new).parts
        #expect(!plan.isUniform)
        let line = plan.timeline
        for k in 0...40 {
            let frozen = plan.frozen(at: line.start + line.length * Double(k) / 40)
            let segments = frozen.segments.map(\.from)
            #expect(abs(segments.first!.startAngle - 0) < 1e-9)
            #expect(abs(segments.last!.endAngle - 360) < 1e-6, "gap at sample \(k): ends at \(segments.last!.endAngle)")
            for (a, b) in zip(segments, segments.dropFirst()) { #expect(abs(a.endAngle - b.startAngle) < 1e-9) }
        }
    }

    @Test func stagesRunRemovalsThenUpdatesThenInserts() {
        let old = spec([("a", 1), ("gone", 1)])
        let new = spec([("a", 2), ("new", 1)]) { $0.animation.stages = .staged; $0.animation.duration = 900 }
        let (plan, _, _) = Transition.between(old: old, new: new).parts
        func window(_ id: String) -> TimeWindow { plan.window(of: plan.segments.first { $0.id == id }!) }
        #expect(window("gone") == TimeWindow(start: 0, length: 300))
        #expect(window("a") == TimeWindow(start: 300, length: 300))
        #expect(window("new") == TimeWindow(start: 600, length: 300))
    }

    @Test func totalChartsAreNotRescaled() {
        let old = spec([("a", 10), ("b", 20)]) { $0.chart.total = 100 }
        let new = spec([("a", 10)]) { $0.chart.total = 100; $0.animation.stages = .staged }
        let (plan, _, _) = Transition.between(old: old, new: new).parts
        #expect(!plan.normalized)
        let mid = plan.frozen(at: plan.timeline.start + plan.timeline.length / 2)
        // b has gone (first stage) and a never changed: the remainder shows the track.
        #expect(abs(mid.segments.first { $0.id == "a" }!.from.span - 36) < 1e-9)
    }
}
