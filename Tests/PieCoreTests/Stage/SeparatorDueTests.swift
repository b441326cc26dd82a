import PieSpec
import Testing
@testable import PieCore

/// Issue 39: "no line touches a slice whose outer arc is under three line widths" holds at
/// every instant of a motion, not only at its end (`Stage.DueRule`, `Separator.window`).
@Suite struct SeparatorDueTests {
    /// n slices, every seventh a sliver at the end only (the browser case), white
    /// lines one unit wide, linear over 1000 ms.
    func versions(_ n: Int, easing: Easing = Easing.named[0].1, stagger: Double = 0) -> (old: ChartSpec, new: ChartSpec) {
        var old = Fixture.spec((0..<n).map { Double(4 + ($0 * 3) % 5) }, id: "sep")
        old.chart.size = 480
        old.theme.stroke.width = 1
        old.theme.stroke.color = Color(r: 255, g: 255, b: 255)
        old.animation.duration = 1000
        old.animation.easing = easing
        old.animation.stagger = stagger
        var new = old
        for i in 0..<n { new.slices[i].value = i % 7 == 3 ? 0.05 : Double(4 + (i * 2 + 1) % 5) }
        return (old, new)
    }

    func stage(_ new: ChartSpec, from old: ChartSpec? = nil) -> Stage {
        let compiled = Transition.between(old: old, new: new)
        return Scene(layout: compiled.layout, plan: compiled.plan).stage
    }

    /// The lines drawn at `t` (opacity above 0), as angles in thousandths of a degree.
    func drawn(_ stage: Stage, at t: Double) -> Set<Int> {
        Set(stage.at(t).lines.filter { $0.opacity > 0 }.map { Int((($0.angle.truncatingRemainder(dividingBy: 360) + 360)
            .truncatingRemainder(dividingBy: 360) * 1000).rounded()) % 360_000 })
    }

    /// The rule at `t` from the exact state alone: a line at the start of each wedge whose
    /// arc and its predecessor's (round the circle) are at least three widths; `nil` for a
    /// boundary within 5 % of the threshold (either answer is right there).
    func due(_ stage: Stage, at t: Double, width: Double = 1) -> (due: Set<Int>, near: Set<Int>) {
        let wedges = stage.plan.frozen(at: t).segments.map(\.from).filter { $0.span > 0 }
        let arcs = wedges.map { Geometry.arcLength(degrees: $0.span, radius: $0.outerRadius) / (3 * width) }
        var due = Set<Int>(), near = Set<Int>()
        for (i, w) in wedges.enumerated() {
            let p = (i + wedges.count - 1) % wedges.count
            let key = Int(((w.startAngle.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) * 1000).rounded()) % 360_000
            if abs(arcs[i] - 1) < 0.05 || abs(arcs[p] - 1) < 0.05 { near.insert(key) } else if arcs[i] >= 1, arcs[p] >= 1 { due.insert(key) }
        }
        return (due, near)
    }

    /// 96 and 200 slices in one eased window (stepped lines), and staggered (sampled: each
    /// instant's stage decides).
    @Test(arguments: [(96, 0.0), (200, 0.0), (96, 4.0)])
    func separatorsFollowEachSliceWidthAtEachInstant(n: Int, stagger: Double) {
        let (old, new) = versions(n, stagger: stagger)
        let moving = stage(new, from: old)
        #expect(moving.sampling == (stagger > 0 ? .exact : .eased))
        // At the start the old chart at rest, line for line (the old code drew 68 of 96).
        #expect(drawn(moving, at: 0) == drawn(stage(old), at: 100_000))
        #expect(drawn(moving, at: 0).count == n)
        for t in stride(from: 0.0, through: moving.plan.timeline.end, by: 25) {
            let rule = due(moving, at: t)
            let got = drawn(moving, at: t).subtracting(rule.near)
            #expect(got == rule.due, "t=\(t): \(got.subtracting(rule.due).count) drawn not due, \(rule.due.subtracting(got).count) due not drawn")
        }
    }

    /// The CSS switches of each stepped line fall where its eased progress crosses the ends
    /// of its window, under an easing that overshoots too.
    @Test func switchesInvertTheEasing() {
        let overshoot = Easing(css: "cubic-bezier(0.3,-0.4,0.7,1.4)", x1: 0.3, y1: -0.4, x2: 0.7, y2: 1.4)
        for easing in [Easing.easeInOut, overshoot] {
            let window = [0.37...0.81]
            let (start, at) = Stage.dueSwitches(window, easing: easing)
            #expect(!start)
            for x in at { #expect(abs(easing.value(at: x) - 0.37) < 1e-7 || abs(easing.value(at: x) - 0.81) < 1e-7) }
            // Between switches the state is the window's, at many instants.
            var state = start
            var k = 0
            for i in 1..<1000 {
                let x = Double(i) / 1000
                while k < at.count, at[k] <= x { state.toggle(); k += 1 }
                let e = easing.value(at: x)
                if abs(e - 0.37) > 1e-3, abs(e - 0.81) > 1e-3 { #expect(state == window[0].contains(e), "x=\(x)") }
            }
        }
    }

    /// The stepped lines are wrapped, and their keyframes switch opacity by `step-end`.
    /// 10 slices share their keyframes (`.p-sep>*` names most lines'), 96 write them literally;
    /// `grows`: the slivers are at the start (lines due at the end run the layer's keyframes).
    @Test(arguments: [(10, false), (10, true), (96, false)]) func steppedLinesHaveKeyframesOfTheirOwn(n: Int, grows: Bool) {
        let (a, b) = versions(n)
        let (old, new) = grows ? (b, a) : (a, b)
        let compiled = Transition.between(old: old, new: new)
        let scene = Scene(layout: compiled.layout, plan: compiled.plan)
        let stepped = scene.separators.filter { scene.steps($0) }
        #expect(!stepped.isEmpty)
        let css = String(decoding: StyleWriter.css(scene), as: UTF8.self)
        #expect(css.contains("@keyframes piec-sep-bv0{0%{opacity:\(grows ? 0 : 1);animation-timing-function:step-end}"))
        #expect(css.contains(".p-sep>*{animation-name:piec-sep-k") == (n == 10))
        #expect(css.contains(".p-bv\(stepped[0].index){animation-name:piec-sep-bv"))
        // A stepped line is its group's child, not `.p-sep`'s: it is named its own turning
        // keyframes (`.p-sep>*` would turn the group and leave the line at its end angle).
        let named = css.split(separator: "\n").filter { $0.contains("{animation-name:piec-sep-k") }
            .flatMap { $0.prefix { $0 != "{" }.split(separator: ",").map(String.init) }
        for b in stepped where b.from != b.to { #expect(named.contains(".p-b\(b.index)"), "p-b\(b.index)") }
    }
}
