import PieSpec

/// The instants sampled keyframes are written at: one policy for the motion layer's sampled
/// and aligned keyframes (`StyleWriter.keyframeTimes`) and the outside label tracks
/// (`Stage.Outside`), each sample the exact state of its instant (`Stage.at` with `.exact`).
extension Stage.Sampling {
    /// The window edges when, between any two consecutive edges, at most one distinct window
    /// is running (the last edge, the end, is left out); nil otherwise.
    static func alignedEdges(_ plan: TransitionPlan) -> [Double]? {
        // Rescaled widths (a normalized pie whose shares do not add up mid-way) are not
        // linear in one easing: those plans are sampled.
        if plan.normalized {
            let sum = { (p: TransitionPlan) in p.segments.reduce(0) { $0 + $1.from.span } }
            let from = plan.segments.reduce(0) { $0 + $1.from.span }, to = plan.segments.reduce(0) { $0 + $1.to.span }
            let line = plan.timeline
            for k in 1..<8 {
                let t = line.start + line.length * Double(k) / 8
                let raw = sum(plan.unscaled(at: t))
                let e = plan.easing.value(at: (plan.chartWindow ?? TimeWindow(start: plan.delay, length: plan.duration)).progress(at: t))
                if abs(raw - (from + (to - from) * e)) > 1e-6 { return nil }
            }
        }
        let windows = Set((plan.segments + plan.movers).map(plan.window(of:)) + [plan.chartWindow].compactMap { $0 })
        let edges = Set(windows.flatMap { [$0.start, $0.end] }).sorted()
        for (a, b) in zip(edges, edges.dropFirst()) {
            let running = windows.filter { $0.start < b && $0.end > a && $0.length > 0 }
            if running.count > 1 { return nil }
        }
        return Array(edges.dropLast())
    }

    /// Sample instants: every window edge, plus a uniform grid fine enough that the shortest
    /// window gets `perWindow` steps (at most `limit` in all; Codegen passes the counts of
    /// its budgets table).
    static func times(_ plan: TransitionPlan, perWindow: Int, limit: Int) -> [Double] {
        let line = plan.timeline
        let windows = (plan.segments + plan.movers).map(plan.window(of:)) + [plan.chartWindow].compactMap { $0 }
        let shortest = windows.map(\.length).filter { $0 > 0 }.min() ?? line.length
        let steps = min(limit, max(perWindow, Int((line.length / max(shortest, 1) * Double(perWindow)).rounded(.up))))
        var times = Set((0..<steps).map { line.start + line.length * Double($0) / Double(steps) })
        for w in windows where w.start < line.end { times.insert(w.start) }
        return times.sorted()
    }
}
