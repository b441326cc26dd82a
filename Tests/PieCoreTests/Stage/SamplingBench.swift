import Foundation
import PieJSON
import PieSpec
import Testing
@testable import PieCore

/// Benches of the stage's sampling gates (`Budgets.samplesPerWindow`, `maxSamples`, `tickStep`,
/// `tickSteps`), not tests: skipped unless PIEC_BENCH=1 (bench/sampling.sh runs them). Each
/// runs the library's own functions at the gate's value and around it and prints what the
/// value buys: how far linear motion between samples strays from the exact state, and which
/// tick labels hide and at what cost.
@Suite("Sampling bench", .enabled(if: ProcessInfo.processInfo.environment["PIEC_BENCH"] == "1"))
struct SamplingBench {
    /// Plans drawn by sampled keyframes: tests/browser's staged and staggered transitions and
    /// a staged change that replaces every slice (test_motion_corpus's all-replaced-staged).
    static let sampledCases: [(name: String, before: String, after: String)] = [
        ("staged", slices([("a", 10), ("b", 20), ("c", 30), ("d", 40)]), slices([("a", 30), ("c", 40), ("e", 25)], "stages: staged")),
        ("stagger", slices([("a", 10), ("b", 20), ("c", 30), ("d", 40)]), slices([("a", 40), ("b", 30), ("c", 20), ("d", 10)], "stagger: 120ms")),
        ("staged-stagger-reorder", slices([("a", 10), ("b", 20), ("c", 30), ("d", 40)]),
         slices([("c", 20), ("a", 30), ("b", 30), ("e", 15)], "stages: staged\n  stagger: 80ms")),
        ("all-replaced-staged", slices([("a", 10), ("b", 20), ("c", 30), ("d", 40)]), slices([("w", 1), ("x", 2), ("y", 3)], "stages: staged")),
        ("stagger-24", slices((0..<24).map { ("s\($0)", Double(1 + $0 % 5)) }),
         slices((0..<24).map { ("s\($0)", Double(1 + ($0 * 7) % 5)) }, "stagger: 40ms")),
    ]

    static func slices(_ rows: [(String, Double)], _ animation: String = "") -> String {
        var s = "piec: 1\nid: bench\nanimation:\n  duration: 800ms\n"
        if !animation.isEmpty { s += "  " + animation + "\n" }
        s += "slices:\n"
        for (id, v) in rows { s += "  - { id: \(id), label: \(id), value: \(v) }\n" }
        return s
    }

    /// The boundaries (every segment's end angle) of the exact state at `t`.
    static func boundaries(_ plan: TransitionPlan, _ t: Double) -> [Double] {
        plan.frozen(at: t).segments.map(\.from.endAngle)
    }

    /// The worst distance (degrees) between the exact boundaries and those drawn linearly
    /// between consecutive samples (and from the last sample to the end), checked at 16
    /// instants in each interval.
    static func worstError(_ plan: TransitionPlan, _ times: [Double]) -> Double {
        let line = plan.timeline
        let edges = times + [line.end]
        var worst = 0.0
        for (a, b) in zip(edges, edges.dropFirst()) where b > a {
            let (p, q) = (boundaries(plan, a), boundaries(plan, b))
            for k in 1..<16 {
                let f = Double(k) / 16
                let exact = boundaries(plan, a + (b - a) * f)
                for i in exact.indices { worst = max(worst, abs(p[i] + (q[i] - p[i]) * f - exact[i])) }
            }
        }
        return worst
    }

    @Test func sampledKeyframes() throws {
        print("sampled keyframes: worst boundary error (degrees) of linear motion between samples, and samples")
        print("| case | perWindow | limit | samples | worst deg |")
        print("|---|---|---|---|---|")
        for c in Self.sampledCases {
            let plan = Transition.between(old: try Fixture.loaded(c.before), new: try Fixture.loaded(c.after)).plan
            for (perWindow, limit) in [(6, 240), (12, 240), (24, 240), (48, 240), (24, 60), (24, 120), (96, 480)] {
                let times = Stage.Sampling.times(plan, perWindow: perWindow, limit: limit)
                let mark = perWindow == Budgets.samplesPerWindow && limit == Budgets.maxSamples ? " (gates)" : ""
                print("| \(c.name) | \(perWindow) | \(limit)\(mark) | \(times.count) | \(formatNumber(Self.worstError(plan, times), decimals: 4)) |")
            }
        }
    }

    @Test func tickSweep() throws {
        let a = try Fixture.loaded(TickClearanceTests.gt002Before), b = try Fixture.loaded(TickClearanceTests.gt002)
        print("tick labels kept clear: hidden (tick label, sample) factors, the same as the finest sweep's, ms per Stage.place (median of 5)")
        print("| case | step px | limit | hidden | same as finest | ms |")
        print("|---|---|---|---|---|---|")
        for (name, old, new) in [("gt002", a, b), ("gt002 reversed", b, a)] {
            let compiled = Transition.between(old: old, new: new)
            let scene = Scene(layout: compiled.layout, plan: compiled.plan)
            let outside = scene.stage.outside
            func run(_ sweep: Stage.Grid.Sweep) -> (Stage.Grid.Clearance?, Double) {
                var ms: [Double] = []
                var result: Stage.Grid.Clearance?
                for _ in 0..<5 {
                    var stage = scene.stage
                    let start = ContinuousClock.now
                    stage.place(outside)
                    stage.keepTicksClear(samples: Strategies.SampledKeyframes.sampleTimes(scene.plan), minShown: Budgets.tickMinShown, sweep: sweep)
                    let d = ContinuousClock.now - start
                    ms.append(Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
                    result = stage.grid?.clearance
                }
                return (result, ms.sorted()[2])
            }
            let (finest, _) = run(Stage.Grid.Sweep(step: 0.125, limit: 1_000_000))
            for (step, limit) in [(0.125, 1_000_000), (0.5, 64), (1, 64), (2, 16), (2, 32), (2, 64), (2, 1_000_000), (4, 64), (8, 64), (16, 64)] {
                let (c, ms) = run(Stage.Grid.Sweep(step: step, limit: limit))
                let hidden = c.map { $0.factors.reduce(0) { $0 + $1.filter { $0 == 0 }.count } } ?? 0
                let mark = step == Budgets.tickStep && limit == Budgets.tickSteps ? " (gates)" : ""
                print("| \(name) | \(formatNumber(step)) | \(limit)\(mark) | \(hidden) | \(c == finest ? "yes" : "no") | \(formatNumber(ms, decimals: 2)) |")
            }
        }
    }
}
