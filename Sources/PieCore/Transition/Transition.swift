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
    /// Why the chart is drawn entering instead of animating from its previous version (slices
    /// of their own alphas that would be painted over one another: `SliceAlphas`), nil when not.
    public var simplified: String?
    public init(layout: ChartLayout, plan: TransitionPlan, changes: ChangeReport?) {
        self.layout = layout
        self.plan = plan
        self.changes = changes
    }
}

/// The transition stage: two versions of a chart (or one, which enters) -> both layouts, the
/// pinned colours, the slice diff, the change report and the plan (`CompiledChart`). Charts of
/// concentric rings are planned ring by ring (`RingTransition`) with the same per-chart
/// function, `plan(from:to:renames:animation:)`.
public enum Transition {
    /// The layout, plan and changes of a checked spec: the transition from `old`, or the
    /// `enter` animation when there is none. A pie whose slices keep their own alphas (at
    /// either end) animates with its wedges apart, exact while no slice is painted over
    /// another: a moved slice closes its old place and opens its new one, with no mover
    /// (`SliceDiff.withoutMoves`, Other's members too); where one would still be (rings:
    /// `SliceAlphas`) the new version is drawn entering, with the changes from `old`, and
    /// `simplified` says why (`Compiler` warns with E0617).
    public static func between(old: ChartSpec?, new: ChartSpec) -> CompiledChart {
        var chart = planned(old: old, new: new)
        if let old, let why = SliceAlphas.simplification(chart, old: old, new: new) {
            let entered = planned(old: nil, new: new)
            (chart.layout, chart.plan, chart.rings) = (entered.layout, entered.plan, entered.rings)
            chart.simplified = why
        }
        return chart
    }

    private static func planned(old: ChartSpec?, new: ChartSpec) -> CompiledChart {
        if !new.rings.isEmpty || old.map({ !$0.rings.isEmpty }) == true {
            return RingTransition.chart(new, previous: old)
        }
        guard let old else {
            let layout = Layout.layout(new)
            return CompiledChart(layout: layout, plan: Planner.enter(layout, animation: new.animation), changes: nil)
        }
        let oldLayout = Layout.layout(old)
        let pinned = pinnedColors(old: oldLayout.slices, new: new.slices, palette: new.theme.palette)
        var newLayout = Layout.layout(new, pinned: pinned, wholeTurn: turns(old, new))
        // A leaving label wider than the new columns: laid out again with columns that hold it.
        let leaving = leavingLabelWidth(old: oldLayout, new: newLayout, spec: new)
        if leaving > 0 { newLayout = Layout.layout(new, pinned: pinned, wholeTurn: turns(old, new), leaving: leaving) }
        let renames = renames(new.slices)
        let diff = SliceDiff.compute(oldIDs: oldLayout.slices.map(\.id), newIDs: newLayout.slices.map(\.id), renames: renames(newLayout))
        let changes = ChangeReport.make(old: old, oldLayout: oldLayout, new: new, newLayout: newLayout, diff: diff)
        // Slices of their own alphas change places without a mover turning over the others.
        let apart = SliceAlphas.perSlice(old) || SliceAlphas.perSlice(new)
        let plan = plan(from: oldLayout, to: newLayout, diff: apart ? diff.withoutMoves : diff, apart: apart,
                        renames: renames, animation: new.animation)
        return CompiledChart(layout: newLayout, plan: plan, changes: changes)
    }

    /// The plan from `old` to `new`, two layouts of one chart (or of one ring): slices matched
    /// by id and `renames` (`diff`, when the caller has it), `chart.other` planned on layouts
    /// where Other is split into its members (`OtherTransition`), and the chart's pose at both
    /// ends.
    static func plan(from old: ChartLayout, to new: ChartLayout, diff: SliceDiff? = nil, apart: Bool = false,
                     renames: (ChartLayout) -> [Int: [String]], animation: AnimationOptions) -> TransitionPlan {
        var plan: TransitionPlan
        if old.other == nil, new.other == nil {
            let diff = diff ?? SliceDiff.compute(oldIDs: old.slices.map(\.id), newIDs: new.slices.map(\.id), renames: renames(new))
            plan = Planner.transition(from: old, to: new, diff: diff, animation: animation)
        } else {
            let oldX = OtherGrouping.expanded(old), newX = OtherGrouping.expanded(new)
            var diffX = SliceDiff.compute(oldIDs: oldX.slices.map(\.id), newIDs: newX.slices.map(\.id), renames: renames(newX))
            if apart { diffX = diffX.withoutMoves }
            plan = Planner.transition(from: oldX, to: newX, diff: diffX, animation: animation)
            OtherTransition.adapt(&plan, diff: diffX, oldExpanded: oldX, newExpanded: newX, old: old, new: new)
        }
        // `labels.radius` moves inside labels across the ring when either version sets it.
        let resolves = old.labelFraction != nil || new.labelFraction != nil
        plan.from = ChartPose(old, resolvesLabelFraction: resolves)
        plan.to = ChartPose(new, resolvesLabelFraction: resolves)
        return plan
    }

    /// `renamedFrom` of the slices of a layout made from `slices`, by display index.
    static func renames(_ slices: [SliceSpec]) -> (ChartLayout) -> [Int: [String]] {
        { layout in
            var renames: [Int: [String]] = [:]
            for (i, slice) in layout.slices.enumerated() where slice.specIndex < slices.count {
                let names = slices[slice.specIndex].renamedFrom
                if !names.isEmpty { renames[i] = names }
            }
            return renames
        }
    }

    /// The canvas holds every instant: a changing start angle, sweep or direction draws
    /// partial pies of other shapes between the two versions.
    static func turns(_ old: ChartSpec, _ new: ChartSpec) -> Bool {
        old.chart.startAngle != new.chart.startAngle || Layout.sweep(old.chart) != Layout.sweep(new.chart)
            || old.chart.direction != new.chart.direction
    }

    /// The widest text, as the old version drew it beside the pie in its columns, of a label
    /// whose slice the new version removes (no slice of its id nor renamed from it; one merged
    /// into Other too), when it is wider than the text the new version's columns hold (else
    /// 0). Such a label fades out with its old text (`Stage.Outside` cuts texts to the new
    /// columns), so the new canvas makes room for it rather than cutting it to "Mo…". Labels
    /// at a distance are not in columns: 0.
    static func leavingLabelWidth(old: ChartLayout, new: ChartLayout, spec: ChartSpec) -> Double {
        guard let room = new.labelRoom, room.radial == nil, let oldRoom = old.labelRoom, oldRoom.radial == nil else { return 0 }
        let kept = Set(new.slices.map(\.id) + spec.slices.flatMap(\.renamedFrom))
        let fontSize = old.fontSize
        let oldWidth = OutsideLabels.textWidth(room: oldRoom, outer: old.outerRadius)
        let widest = old.slices.filter { $0.isVisible && $0.labelOutside && !kept.contains($0.id) }.compactMap { s in
            s.labelText.map { min(OutsideLabels.reservedWidth($0, fontSize: fontSize), oldWidth) }
        }.max() ?? 0
        return widest > OutsideLabels.textWidth(room: room, outer: new.outerRadius) + 1e-9 ? widest : 0
    }

    /// Colours the new version inherits: every slice that existed before (by id, or through
    /// `renamedFrom`) keeps the colour it had, unless the new spec gives one explicitly; the
    /// first old slice of an id gives its colour (rings: one colour per id in every ring).
    /// `palette: hue` spreads hues by position and a scale colours by value: they pin nothing.
    static func pinnedColors(old: [SliceLayout], new: [SliceSpec], palette: Palette) -> [String: Color] {
        switch palette {
        case .named("hue"), .scale: return [:] // colours by position or value, not kept by id
        default: break
        }
        var oldColor: [String: Color] = [:]
        for s in old where oldColor[s.id] == nil { oldColor[s.id] = s.color }
        let newIDs = Set(new.map(\.id))
        var pinned: [String: Color] = [:]
        for s in new where s.color == nil {
            if let c = oldColor[s.id] {
                pinned[s.id] = c
            } else if let old = s.renamedFrom.first(where: { oldColor[$0] != nil && !newIDs.contains($0) }) {
                pinned[s.id] = oldColor[old]
            }
        }
        return pinned
    }
}

extension CompiledChart {
    /// The chart with its dark rules keyed to `selector` (a `DarkSelector`-checked page
    /// selector) instead of `prefers-color-scheme` (every ring's too).
    public func keyingDark(to selector: String) -> CompiledChart {
        var chart = self
        chart.layout.dark?.selector = selector
        for i in chart.rings.indices { chart.rings[i].layout.dark?.selector = selector }
        return chart
    }

    /// The chart with its look forced (every ring's too); its bundle's chart.svg shows only it.
    public func forcing(_ theme: ForcedTheme) -> CompiledChart {
        var chart = self
        func force(_ layout: inout ChartLayout) {
            if theme == .light { layout.dark = nil } else { layout.dark?.forced = true }
        }
        force(&chart.layout)
        for i in chart.rings.indices { force(&chart.rings[i].layout) }
        return chart
    }
}
