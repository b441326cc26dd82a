import PieSpec

/// Chart-level state that animates, as one value at each end of a transition
/// (`TransitionPlan.from`/`to`) blended by one function, `blended(to:at:)`. A frame at any
/// instant (`TransitionPlan.frozen(at:)`) is the blend at the chart's eased progress; the
/// writers draw each field from the two ends (a number moves, a text that differs cross-fades).
///
/// Adding an animated chart-level key: its field in `ChartSpec` and its table line (PieSpec),
/// the value the layout places (`ChartLayout`), a field here read from the layout in
/// `init(_:)`, one line in `blended(to:at:)`, and its drawing in Codegen.
public struct ChartPose: Sendable, Hashable {
    /// Where the first boundary sits (chart degrees).
    public var startAngle: Double
    /// `labels.radius`, resolved, when either version sets it (inside labels then move across
    /// the ring); nil when neither does (each geometry's default, `SegmentGeometry.labelRadius`).
    public var labelFraction: Double?
    /// `labels.radius` above 1 (outside labels at a distance); when both versions set one,
    /// the labels move between the two distances.
    public var labelDistance: Double?
    /// The donut's centre text; a change cross-fades.
    public var center: CenterText?
    /// The title block; lines that change cross-fade.
    public var title: TitleBlock?
    /// `chart.outline`; nil when this end has none (`OutlinePose.blend`).
    public var outline: OutlinePose?
    /// `chart.grid` at this end; nil without one. Its circles move between the two ends'
    /// scales (`GridPose.pairs`), which the writers read from both ends.
    public var grid: GridPose?
    /// `labels.orientation` (the fit and turn of inside labels at this end); a change keeps
    /// this end's until the end, like a text (each label's turn moves between its two ends).
    public var labelOrientation: LabelOrientation = .horizontal
    /// `theme.opacity` of the pie at this end (1 = opaque); it moves linearly in the chart's
    /// window (`PieOpacityWriter`).
    public var opacity: Double = 1
    /// `labels.box` at this end (the fit of inside labels there); its colours, border,
    /// padding and rounding blend (`LabelBoxPose.blend`).
    public var labelBox: LabelBoxPose? = nil
    /// `theme.shadow` at this end; nil without one. Two ends that differ cross-fade or slide
    /// (`Stage.Shadow`); a blend keeps this end's until the end, like a text.
    public var shadow: ShadowPose? = nil
    /// The inside label layer's `radius` at this end (`InsideLayer.fraction`; nil = each
    /// geometry's default): its labels move across the ring from the old end's to the new.
    public var layerFraction: Double? = nil
    /// The inside label layer's text size at this end over the chart's font size
    /// (`InsideLayer.scale`); nil without the layer. Between two ends with the layer it moves
    /// linearly, so its labels grow or shrink (`Stage.Label.fromScale`) rather than jump.
    public var layerScale: Double? = nil

    public init(startAngle: Double, labelFraction: Double? = nil, labelDistance: Double? = nil, center: CenterText? = nil,
                title: TitleBlock? = nil, outline: OutlinePose? = nil, grid: GridPose? = nil) {
        self.startAngle = startAngle
        self.labelFraction = labelFraction
        self.labelDistance = labelDistance
        self.center = center
        self.title = title
        self.outline = outline
        self.grid = grid
    }

    /// The pose of `layout` at rest. `resolvesLabelFraction`: give `labelFraction` its
    /// default when the layout leaves it nil (the other end of the transition sets one).
    init(_ layout: ChartLayout, resolvesLabelFraction: Bool = false) {
        self.init(startAngle: layout.startAngle,
                  labelFraction: resolvesLabelFraction ? layout.labelFraction ?? SegmentGeometry.defaultLabelFraction(innerRadius: layout.innerRadius)
                                                       : layout.labelFraction,
                  labelDistance: layout.labelDistance, center: layout.center, title: layout.title, outline: OutlinePose(layout),
                  grid: GridPose(layout))
        labelOrientation = layout.labelOrientation
        opacity = layout.opacity
        labelBox = layout.labelBox.map(LabelBoxPose.init)
        shadow = ShadowPose(layout)
        layerFraction = layout.insideLayer?.fraction
        layerScale = layout.insideLayer?.scale
    }

    /// The pose at eased progress `e` from `self` (0) to `other` (1): numbers move linearly,
    /// texts keep this end's value until the end (their writers cross-fade the two).
    public func blended(to other: ChartPose, at e: Double) -> ChartPose {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * e }
        var pose = ChartPose(startAngle: mix(startAngle, other.startAngle),
                         labelFraction: labelFraction.flatMap { a in other.labelFraction.map { mix(a, $0) } } ?? labelFraction,
                         labelDistance: labelDistance.flatMap { a in other.labelDistance.map { mix(a, $0) } }
                             ?? (e >= 1 ? other.labelDistance : labelDistance),
                         center: e >= 1 ? other.center : center,
                         title: e >= 1 ? other.title : title,
                         outline: OutlinePose.blend(outline, other.outline, at: e),
                         // One end's circles: an instant's circles are both mixed (`Stage.Grid`).
                         grid: e >= 1 ? other.grid : grid)
        pose.labelOrientation = e >= 1 ? other.labelOrientation : labelOrientation
        pose.opacity = mix(opacity, other.opacity)
        pose.labelBox = LabelBoxPose.blend(labelBox, other.labelBox, at: e)
        pose.shadow = e >= 1 ? other.shadow : shadow
        pose.layerFraction = e >= 1 ? other.layerFraction : layerFraction
        pose.layerScale = layerScale.flatMap { a in other.layerScale.map { mix(a, $0) } } ?? other.layerScale
        return pose
    }
}

/// What a segment shows at one end besides its wedge (`Segment.from`/`to`): state that a
/// feature adds, blended like the wedge by one function.
public struct SegmentExtras: Sendable, Hashable {
    /// Opacity of the segment's label; nil = the default (1, or 0 where the segment has no
    /// width). 0 for a slice that comes out of "Other" or a ring that appears.
    public var labelOpacity: Double? = nil
    /// The segment is a member's part of "Other" here: no separator is drawn between two such
    /// parts (`OtherTransition`).
    public var inOther = false
    /// The colour of the segment's label inside it and beside the pie; nil = the final
    /// layout's throughout. Set at both ends where a written or slice-coloured label colour
    /// changes (`Planner.labelColors`): an automatic colour keeps its final value.
    public var labelColor: Color? = nil
    public var outsideLabelColor: Color? = nil
    /// `outsideLabelColor` in the dark look, set at both ends where one end is the ink (no
    /// colour of its own: it follows the theme) and the dark look's ink differs from the
    /// light one's; nil: the dark look blends `outsideLabelColor` too.
    public var outsideLabelDarkColor: Color? = nil
    /// Opacity of the segment's label of the second (inside) label layer (`InsideLayer`):
    /// 1 where that version shows it, else 0; nil = the default (as `labelOpacity`).
    public var layerOpacity: Double? = nil

    public init(labelOpacity: Double? = nil, inOther: Bool = false) {
        self.labelOpacity = labelOpacity
        self.inOther = inOther
    }

    /// The extras at eased progress `e` from `self` to `other`.
    public func blended(to other: SegmentExtras, at e: Double) -> SegmentExtras {
        var x = SegmentExtras(labelOpacity: labelOpacity.flatMap { a in other.labelOpacity.map { a + ($0 - a) * e } } ?? labelOpacity,
                              inOther: e >= 1 ? other.inOther : inOther)
        x.labelColor = labelColor.flatMap { a in other.labelColor.map { DarkTheme.mix(a, $0, e) } } ?? labelColor
        x.outsideLabelColor = outsideLabelColor.flatMap { a in other.outsideLabelColor.map { DarkTheme.mix(a, $0, e) } } ?? outsideLabelColor
        x.outsideLabelDarkColor = outsideLabelDarkColor.flatMap { a in other.outsideLabelDarkColor.map { DarkTheme.mix(a, $0, e) } }
            ?? outsideLabelDarkColor
        x.layerOpacity = layerOpacity.flatMap { a in other.layerOpacity.map { a + ($0 - a) * e } } ?? layerOpacity
        return x
    }
}
