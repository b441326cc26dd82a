import PieSpec

/// What happens to a segment: it appears, disappears, or changes.
public enum SegmentKind: String, Sendable, Hashable {
    case enter, exit, update
}

/// One animated slice: from-geometry to to-geometry. `slice` indexes the final layout's
/// slices (nil for a slice that exits).
public struct Segment: Sendable, Hashable {
    public var id: String
    public var kind: SegmentKind
    public var slice: Int?
    public var from: SegmentGeometry
    public var to: SegmentGeometry
    /// For an exiting slice: its label in the previous version, which fades out as it shrinks.
    public var exitLabel: ExitLabel? = nil
    /// The second (inside) label layer's label of the previous version where the new version
    /// shows none on this segment: it fades out as the segment moves (`InsideLayer`).
    public var exitLayerLabel: ExitLabel? = nil
    /// Its own time window (staged or staggered plans); nil = the plan's delay and duration.
    public var window: TimeWindow? = nil
    /// What the segment shows at each end besides its wedge (label opacity, part of "Other").
    public var fromExtras = SegmentExtras()
    public var toExtras = SegmentExtras()
    /// Concentric rings: which drawn ring (`CompiledChart.rings`) the segment belongs to, in
    /// the plan of the whole chart (a ring that changes places is two: one leaving, one entering).
    public var ringPart: Int? = nil

    public init(id: String, kind: SegmentKind, slice: Int?, from: SegmentGeometry, to: SegmentGeometry,
                exitLabel: ExitLabel? = nil, window: TimeWindow? = nil) {
        self.id = id
        self.kind = kind
        self.slice = slice
        self.from = from
        self.to = to
        self.exitLabel = exitLabel
        self.window = window
    }
}

/// The label of a slice that leaves, with the text colour it had and its place in the
/// order labels keep their place in while it fades (`LabelRank`: `keepLabel`, priority).
public struct ExitLabel: Sendable, Hashable {
    public var text: String
    public var color: Color
    public var kept = false
    public var priority: Double = 0

    public init(text: String, color: Color) {
        self.text = text
        self.color = color
    }

    /// The label of `old`, a slice of the previous version.
    init(text: String, color: Color, rank old: SliceLayout) {
        self.init(text: text, color: color)
        kept = old.keepLabel
        priority = old.labelPriority
    }
}

/// The kind of a whole transition, as named in the manifest.
public enum TransitionKind: String, Sendable, Hashable {
    case enterGrow = "enter-grow"
    case enterFade = "enter-fade"
    /// From a previous version of the spec.
    case update = "transition"
    case none
}

/// A transition plan: segments in a FIXED angular order (the order they are stacked and
/// painted in), each with from/to geometry, and one shared timing.
public struct TransitionPlan: Sendable, Hashable {
    public var kind: TransitionKind
    /// Milliseconds.
    public var duration: Double
    public var delay: Double
    public var easing: Easing
    public var segments: [Segment]
    /// Reordered slices, drawn on top of the segments while they rotate to their new place.
    public var movers: [Segment] = []
    /// Labels that belong to no one drawn segment (the label of "Other", whose parts are
    /// separate segments): zero-width segments that only carry a label, blended like movers.
    public var floatingLabels: [Segment] = []
    /// Chart-level state at the start and at the end (`ChartPose`: start angle, labels.radius,
    /// centre text, title); `frozen(at:)` blends them.
    public var from: ChartPose
    public var to: ChartPose
    /// When the chart itself (start angle) changes, if not along the plan's delay and duration.
    public var chartWindow: TimeWindow? = nil
    /// Both versions share out their whole sweep (no `total`): at every instant the widths
    /// are rescaled to the interpolated sweep, so staged and staggered changes never open a gap.
    public var normalized = false

    public init(kind: TransitionKind, duration: Double, delay: Double, easing: Easing, from: ChartPose, to: ChartPose,
                segments: [Segment], movers: [Segment] = []) {
        self.kind = kind
        self.from = from
        self.to = to
        self.duration = duration
        self.delay = delay
        self.easing = easing
        self.segments = segments
        self.movers = movers
    }

    /// True when any segment's angles or radii change, or the labels move or change their
    /// boxes (the motion layer is needed). A change of `labels.box` alone (one that comes,
    /// goes or is restyled while nothing else changes) moves too: its boxes fade and blend,
    /// and beside the chart the columns are solved with each sample's box.
    public var movesGeometry: Bool {
        from.labelFraction != to.labelFraction || from.labelDistance != to.labelDistance || from.layerFraction != to.layerFraction
            || (from.layerScale != nil && to.layerScale != nil && from.layerScale != to.layerScale)
            || from.labelBox != to.labelBox
            || segments.contains {
            $0.from.startAngle != $0.to.startAngle || $0.from.endAngle != $0.to.endAngle
                || $0.from.outerRadius != $0.to.outerRadius || $0.from.innerRadius != $0.to.innerRadius
                || $0.from.explode != $0.to.explode
        }
    }

    /// True when any segment's opacity changes.
    public var fadesOpacity: Bool { segments.contains { $0.from.opacity != $0.to.opacity } }
}

/// Builds transition plans from layouts.
public enum Planner {
    /// The `enter` animation of a chart with no previous version.
    /// - grow: every segment starts with zero width at the sweep start; boundary k sits at
    ///   `start + E(p) * cumulative_k`, so segment k runs from `start + (a_k - start) * E` to
    ///   `start + (b_k - start) * E` (linear in the eased progress E).
    /// - fade: final geometry, opacity 0 -> 1.
    /// - none: from == to, no animation.
    public static func enter(_ layout: ChartLayout, animation: AnimationOptions) -> TransitionPlan {
        let kind: TransitionKind
        switch animation.enter {
        case .grow: kind = .enterGrow
        case .fade: kind = .enterFade
        case .none: kind = .none
        }
        let segments = layout.slices.enumerated().map { k, slice in
            let to = SegmentGeometry(startAngle: slice.startAngle, endAngle: slice.endAngle,
                                     outerRadius: slice.outerRadius, innerRadius: slice.innerRadius,
                                     color: slice.color).exploded(slice.explode)
            var from = to
            switch kind {
            case .enterGrow:
                from.startAngle = layout.startAngle
                from.endAngle = layout.startAngle
            case .enterFade:
                from.opacity = 0
            case .none, .update:
                break
            }
            return Segment(id: slice.id, kind: .enter, slice: k, from: from, to: to)
        }
        let pose = ChartPose(layout)
        var plan = TransitionPlan(kind: kind, duration: max(animation.duration, 0), delay: max(animation.delay, 0),
                                  easing: animation.easing, from: pose, to: pose, segments: segments)
        if kind == .enterGrow {
            schedule(&plan, animation: animation)
            // A growing pie is not yet its circle: its shadow fades in as it grows.
            plan.from.shadow = nil
        }
        return plan
    }
}
