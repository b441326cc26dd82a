import PieSpec

/// One committed version of a chart, for `piec history`: its checked spec and where it comes
/// from (the driver reads these from git; the working copy is a version without a commit).
public struct HistoryVersion: Sendable {
    public var spec: ChartSpec
    /// Commit id (empty for the working copy).
    public var commit: String
    /// Commit date as `YYYY-MM-DD` (empty for the working copy).
    public var date: String
    /// First line of the commit message, or a note such as "working copy".
    public var subject: String

    public init(spec: ChartSpec, commit: String, date: String, subject: String) {
        self.spec = spec
        self.commit = commit
        self.date = date
        self.subject = subject
    }
}

/// One step of a history: the chart of a version as it comes from the one before (the first
/// version enters), on one timeline: its plan runs from `start` ms and the chart rests at its
/// version from `at` until the next step starts.
public struct HistoryStep: Sendable {
    public var chart: CompiledChart
    public var start: Double
    public var at: Double
}

/// A chart's versions as one timeline: each version enters from the one before exactly as
/// `--from` would draw it (`Transition.between`), one after the other with `hold` ms at each
/// version. Each step's plan (and its rings') is delayed to its place on the timeline and
/// its layout scoped `<id>_h<k>`, so the steps' styles and elements never meet.
public enum History {
    public static func steps(_ versions: [HistoryVersion], hold: Double) -> [HistoryStep] {
        var steps: [HistoryStep] = []
        var start = 0.0
        for (k, version) in versions.enumerated() {
            var chart = Transition.between(old: k > 0 ? versions[k - 1].spec : nil, new: version.spec)
            let scope = chart.layout.id + "_h" + String(k)
            chart.layout.id = scope
            chart.plan = chart.plan.delayed(by: start)
            for i in chart.rings.indices {
                chart.rings[i].layout.id = scope + chart.rings[i].layout.id.dropFirst(version.spec.id.count)
                chart.rings[i].plan = chart.rings[i].plan.delayed(by: start)
            }
            let end = chart.plan.kind == .none ? start : max(chart.plan.timeline.end, start)
            let ringEnds = chart.rings.map { $0.plan.kind == .none ? start : $0.plan.timeline.end }
            let at = ([end] + ringEnds).max() ?? end
            steps.append(HistoryStep(chart: chart, start: start, at: at))
            start = at + max(hold, 0)
        }
        return steps
    }
}

extension TransitionPlan {
    /// The same plan starting `ms` later: its delay and every window moved along the timeline.
    func delayed(by ms: Double) -> TransitionPlan {
        guard ms != 0 else { return self }
        var plan = self
        plan.delay += ms
        func shift(_ s: inout Segment) { s.window?.start += ms }
        for i in plan.segments.indices { shift(&plan.segments[i]) }
        for i in plan.movers.indices { shift(&plan.movers[i]) }
        for i in plan.floatingLabels.indices { shift(&plan.floatingLabels[i]) }
        plan.chartWindow?.start += ms
        return plan
    }
}
