import PieSpec

/// What a chart (or one ring) draws and how each element moves, as values: no bytes and no
/// encoding. Built once from a layout and its plan: the separators (which boundaries have a
/// line at each end, their fades, the lines of slices that leave), the inside labels (each
/// label's mode at both ends, its spots, fade and colour), the centre texts and title lines,
/// the wedges (the plan's drawn segments and movers), their extensions (`Wedges.swift`), orbits and cuts,
/// and the labels beside the pie with their leaders (`Outside`, set by the scene that samples them).
/// Each element is a track with its two ends (`from...`, `to...`); `at(_:)` is the one model
/// of an instant, which `piec render`'s frames (`FramePose`) read, and a sampled instant's
/// stage (`instant(at:)`) is what sampled keyframes and frames of sampled plans both read.
/// Drawing's `Scene` encodes a stage (dashes, masks, colour circles, keyframes).
struct Stage {
    let layout: ChartLayout
    let plan: TransitionPlan
    /// The whole transition: `plan`, or the transition `plan` is a sampled instant of, which
    /// decides the element set (`shape`).
    let whole: TransitionPlan
    /// Angles or radii move.
    let moves: Bool
    /// Opacity changes only: the whole plot fades.
    let fades: Bool
    /// Any slice is exploded at either end of the whole transition: the wedges ride orbits
    /// (`Orbits.swift`; a sampled instant whose explodes are all 0, such as the end of
    /// un-exploding a slice, keeps the whole transition's orbits, as it keeps its elements).
    let explodes: Bool
    /// The drawn segments, then the movers (`wedgeItems`).
    var wedges: [Wedge] = []
    var separators: [Separator] = []
    var labels: [Label] = []
    /// Centre texts and title lines (only on the stage of the whole plan).
    var centers: [Center] = []
    var titles: [Title] = []
    /// The labels beside the pie with their leaders, sampled (`OutsideLabelTracks.swift`; only
    /// on the stage of the whole plan, where Codegen's scene sets them with its sample instants).
    var outside = Outside()
    /// `chart.grid` (only on the stage of the whole plan; nil without a grid at either end).
    var grid: Grid?
    /// The separators between rings, on the stage of a chart of rings as a whole (`rings`).
    var ringEdges: RingEdges?
    /// How an instant between the ends is read (`at(_:)`).
    var sampling = Sampling.eased
    /// `theme.opacity`: the group every pie is drawn in (`GroupOpacity.swift`).
    let groupOpacity: GroupOpacity
    /// The padded outline of every slice at rest (`Cuts.swift`; nil: a plain wedge).
    let restShapes: [PaddedWedge?]

    /// How an instant is read between the two ends of the transition.
    enum Sampling: Sendable {
        /// Each track's two ends mixed with the plan's eased progress: what one CSS easing
        /// draws between two keyframes (the wedges and extensions, whose plan is then
        /// uniform, are read from the exact state, which that mix is: `Wedges.swift`).
        case eased
        /// The exact state of the instant (`state(at:)`) with the whole transition's
        /// elements (`instant(at:)`): what sampled keyframes hold at each sample.
        case exact
    }

    /// `shape`: the whole transition when `plan` is one of its sampled instants, which
    /// decides the element set (an instant keeps the whole transition's elements, with their
    /// indices; `wholeSeparators` are the whole stage's lines). `rings`: on the stage of a
    /// chart of rings as a whole, the ring parts' plans as drawn (inside out), whose
    /// separators (`RingEdges`) it holds.
    init(layout: ChartLayout, plan: TransitionPlan, shape: TransitionPlan? = nil, wholeSeparators: [Separator]? = nil,
         rings: [TransitionPlan] = []) {
        self.layout = layout
        self.plan = plan
        whole = shape ?? plan
        moves = plan.kind != .none && (shape ?? plan).movesGeometry
        fades = plan.kind != .none && !moves && (shape ?? plan).fadesOpacity
        explodes = whole.explodes
        groupOpacity = GroupOpacity(plan)
        restShapes = Stage.restShapes(layout)
        wedges = Stage.wedgeItems(plan, shape: shape ?? plan)
        // The gap replaces the separators.
        separators = layout.halfGap > 0 ? [] : Stage.separatorItems(plan, shape: shape, whole: wholeSeparators, layout: layout)
        labels = Stage.labelItems(plan, modes: shape ?? plan, layout: layout, animated: moves)
        labels += Stage.layerLabelItems(plan, modes: shape ?? plan, layout: layout, animated: moves, first: labels.count)
        if shape == nil {
            centers = Stage.centerItems(layout: layout, plan: plan)
            titles = Stage.titleItems(layout: layout, plan: plan)
            grid = Grid(plan)
        }
        if !rings.isEmpty { ringEdges = RingEdges(plans: rings, layout: layout) }
    }

    /// Sets the labels beside the pie (`outside`, sampled where the caller's budgets say).
    mutating func place(_ outside: Outside) {
        self.outside = outside
    }

    /// Keeps the grid's tick labels clear of the labels beside the pie, their leaders, the
    /// inside labels and each other at every instant of the motion (`Grid.keepClear`), a tick
    /// label shown for less than `minShown` ms between two stretches where it hides hidden over
    /// that gap too. Called once the labels beside the pie are placed and the sampling is
    /// decided (the inside labels are read as drawn, `insideLabels(at:)`). The instants tested
    /// are `samples` (sampled where the caller's budgets say) and the end, with the outside
    /// labels' own samples (an update's are the same; an enter's three, `Outside.enterTracks`,
    /// are read between), each interval tested as finely as `sweep` says.
    mutating func keepTicksClear(samples: [Double], minShown: Double, sweep: Grid.Sweep) {
        guard grid != nil else { return }
        let stage = self, fontSize = layout.fontSize
        let times = moves ? Array(Set(samples + [plan.timeline.end] + outside.times)).sorted()
            : outside.times.count > 1 ? outside.times : []
        grid?.keepClear(of: outside, at: times,
                        inside: { t in stage.insideLabels(at: t).map { (Grid.box(of: $0, fontSize: fontSize), $0.opacity > 0) } },
                        leaders: layout.drawsLeaders, fontSize: fontSize, minShown: minShown, sweep: sweep)
    }

    /// The stage of one instant of this transition (`frozen`: `state(at:)`), with this
    /// stage's elements: each track's `from` end is its state at that instant.
    func instant(_ frozen: TransitionPlan) -> Stage {
        Stage(layout: layout, plan: frozen, shape: plan, wholeSeparators: separators)
    }
}
