import PieSpec

/// What the compiler worked out for one checked chart, before any bytes: the layout, the plan
/// and what changed. Consumers (the bundle writer, the watcher's summary, `piec diff`) read
/// these values; none of them parses bytes another phase wrote.
public struct CompiledChart: Sendable {
    public var layout: ChartLayout
    public var plan: TransitionPlan
    /// What changed from the previous version; nil when the chart enters.
    public var changes: ChangeReport?
    /// Concentric rings: what is drawn, one part per ring (`RingTransition`); `plan` is then
    /// their segments together (ids `ring/slice`), for the manifest. Empty without rings.
    public var rings: [RingPart] = []
    public init(layout: ChartLayout, plan: TransitionPlan, changes: ChangeReport?) {
        self.layout = layout
        self.plan = plan
        self.changes = changes
    }
}

/// The transition stage: two versions of a chart (or one, which enters) -> both layouts, the
/// slice diff, the change report and the plan.
public enum Transition {
    /// The layout, plan and changes of a checked spec: the transition from `previous`, or the
    /// `enter` animation.
    public static func between(old previous: ChartSpec?, new spec: ChartSpec) -> CompiledChart {
        if !spec.rings.isEmpty || previous.map({ !$0.rings.isEmpty }) == true {
            return RingTransition.chart(spec, previous: previous)
        }
        guard let previous else {
            let layout = Layout.layout(spec)
            return CompiledChart(layout: layout, plan: Planner.enter(layout, animation: spec.animation), changes: nil)
        }
        let (plan, changes, layout) = transition(from: previous, to: spec)
        return CompiledChart(layout: layout, plan: plan, changes: changes)
    }

    /// The plan, the change report and the new layout between two checked specs.
    public static func transition(from old: ChartSpec, to new: ChartSpec) -> (TransitionPlan, ChangeReport, ChartLayout) {
        let oldLayout = Layout.layout(old)
        // The canvas holds every instant: a changing start angle, sweep or direction draws
        // partial pies of other shapes between the two versions.
        let turns = old.chart.startAngle != new.chart.startAngle || Layout.sweep(old.chart) != Layout.sweep(new.chart)
            || old.chart.direction != new.chart.direction
        let newLayout = Layout.layout(new, pinned: pinnedColors(old: old, oldLayout: oldLayout, new: new), wholeTurn: turns)
        func renames(_ layout: ChartLayout) -> [Int: [String]] {
            var renames: [Int: [String]] = [:]
            for (i, slice) in layout.slices.enumerated() where slice.specIndex < new.slices.count {
                let names = new.slices[slice.specIndex].renamedFrom
                if !names.isEmpty { renames[i] = names }
            }
            return renames
        }
        let diff = SliceDiff.compute(oldIDs: oldLayout.slices.map(\.id), newIDs: newLayout.slices.map(\.id), renames: renames(newLayout))
        let changes = ChangeReport.make(old: old, oldLayout: oldLayout, new: new, newLayout: newLayout, diff: diff)
        guard oldLayout.other != nil || newLayout.other != nil else {
            var plan = Planner.transition(from: oldLayout, to: newLayout, diff: diff, animation: new.animation)
            plan.centerFrom = oldLayout.center
            carryOver(&plan, old: oldLayout, new: newLayout)
            return (plan, changes, newLayout)
        }
        // `chart.other`: plan on layouts where Other is split into its members (OtherTransition).
        let oldX = OtherGrouping.expanded(oldLayout), newX = OtherGrouping.expanded(newLayout)
        let diffX = SliceDiff.compute(oldIDs: oldX.slices.map(\.id), newIDs: newX.slices.map(\.id), renames: renames(newX))
        var plan = Planner.transition(from: oldX, to: newX, diff: diffX, animation: new.animation)
        OtherTransition.adapt(&plan, diff: diffX, oldExpanded: oldX, newExpanded: newX, old: oldLayout, new: newLayout)
        plan.centerFrom = oldLayout.center
        carryOver(&plan, old: oldLayout, new: newLayout)
        return (plan, changes, newLayout)
    }

    /// What the plan takes from the old layout besides slices: the title (which cross-fades
    /// when it changes) and `labels.radius` (inside labels move across the ring when either
    /// version sets it).
    static func carryOver(_ plan: inout TransitionPlan, old: ChartLayout, new: ChartLayout) {
        plan.titleFrom = old.title
        guard old.labelFraction != nil || new.labelFraction != nil else { return }
        plan.labelFractionFrom = TransitionPlan.resolvedLabelFraction(old)
        plan.labelFractionTo = TransitionPlan.resolvedLabelFraction(new)
    }

    /// Colours the new version inherits: every slice that existed before (by id, or through
    /// `renamedFrom`) keeps the colour it had, unless the new spec gives one explicitly.
    static func pinnedColors(old: ChartSpec, oldLayout: ChartLayout, new: ChartSpec) -> [String: Color] {
        if case .named("hue") = new.theme.palette { return [:] }
        var oldColor: [String: Color] = [:]
        for s in oldLayout.slices { oldColor[s.id] = s.color }
        let newIDs = Set(new.slices.map(\.id))
        var pinned: [String: Color] = [:]
        for s in new.slices where s.color == nil {
            if let c = oldColor[s.id] {
                pinned[s.id] = c
            } else if let old = s.renamedFrom.first(where: { oldColor[$0] != nil && !newIDs.contains($0) }) {
                pinned[s.id] = oldColor[old]
            }
        }
        return pinned
    }
}
