/// Keyframes written at instants of the exact state: at the window edges of a staged plan
/// where one window runs at a time (`aligned`, eased between edges), else sampled on a grid
/// (`sampled`, linear between samples). Chosen where a track's ends are not linear in one
/// easing (`DrawnTracks.sampled`) or the plan is not one eased window; the instants are this
/// strategy's, read by the CSS writer, the dash starts and the ink.
extension Strategies {
    enum SampledKeyframes: DrawingStrategy {
        static let decision = "keyframes"
        static let name = "sampled"
        static let gates = ["samplesPerWindow", "maxSamples"]

        /// Whether the keyframes must be written at instants (`aligned` or `sampled`).
        static func draws(_ tracks: some DrawnTracks) -> Bool {
            !tracks.stage.plan.isUniform || tracks.sampled
        }

        /// The instants keyframes of kind `keyframes` (`.aligned` or `.sampled`) are written at.
        static func times(_ plan: TransitionPlan, _ keyframes: DrawingPlan.Keyframes) -> [Double] {
            (keyframes == .aligned ? alignedEdges(plan) : nil) ?? sampleTimes(plan)
        }

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
        /// window gets `Budgets.samplesPerWindow` steps (at most `Budgets.maxSamples` in all).
        static func sampleTimes(_ plan: TransitionPlan) -> [Double] {
            let line = plan.timeline
            let windows = (plan.segments + plan.movers).map(plan.window(of:)) + [plan.chartWindow].compactMap { $0 }
            let shortest = windows.map(\.length).filter { $0 > 0 }.min() ?? line.length
            let steps = min(Budgets.maxSamples, max(Budgets.samplesPerWindow, Int((line.length / max(shortest, 1) * Double(Budgets.samplesPerWindow)).rounded(.up))))
            var times = Set((0..<steps).map { line.start + line.length * Double($0) / Double(steps) })
            for w in windows where w.start < line.end { times.insert(w.start) }
            return times.sorted()
        }
    }
}
