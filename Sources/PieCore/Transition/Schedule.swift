import PieSpec

extension Planner {
    /// Gives each segment its own time window for `stages: staged` and `stagger`.
    ///
    /// Staged: removals first, then updates, moves and chart changes, then inserts; each stage
    /// that has something to do takes an equal share of `duration`, and stages run one after
    /// the other. Stagger: within a stage, the k-th segment (in angular order) starts
    /// `k * stagger` later. The chart's own changes follow the update stage (or the whole
    /// timeline when there is none). With neither option, windows stay nil (uniform plan).
    static func schedule(_ plan: inout TransitionPlan, animation: AnimationOptions) {
        let staged = animation.stages == .staged
        guard staged || animation.stagger > 0 else { return }
        let moved = Set(plan.movers.map(\.id))
        func stage(_ s: Segment) -> Int {
            guard staged else { return 0 }
            switch s.kind {
            case .exit: return moved.contains(s.id) ? 2 : 1
            case .enter: return moved.contains(s.id) ? 2 : 3
            case .update: return 2
            }
        }
        let stages = plan.segments.map(stage)
        let present = Set(stages + (plan.movers.isEmpty ? [] : [staged ? 2 : 0])).sorted()
        let length = plan.duration / Double(max(present.count, 1))
        var start = plan.delay
        var windows: [Int: TimeWindow] = [:]
        for st in present {
            let members = plan.segments.indices.filter { stages[$0] == st }
            for (k, i) in members.enumerated() {
                plan.segments[i].window = TimeWindow(start: start + Double(k) * animation.stagger, length: length)
            }
            let span = length + Double(max(members.count - 1, 0)) * animation.stagger
            windows[st] = TimeWindow(start: start, length: span)
            start += span
        }
        let moveWindow = windows[staged ? 2 : 0] ?? TimeWindow(start: plan.delay, length: length)
        for i in plan.movers.indices { plan.movers[i].window = moveWindow }
        plan.chartWindow = staged ? (windows[2] ?? TimeWindow(start: plan.delay, length: start - plan.delay))
                                  : TimeWindow(start: plan.delay, length: start - plan.delay)
    }
}
