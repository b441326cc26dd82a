import PieDiagnostics
import PieSpec

/// One slice placed on the chart, in angular (display) order.
public struct SliceLayout: Sendable, Hashable {
    public var id: String
    public var label: String
    public var value: Double
    public var description: String?
    /// Position of the slice in the spec's `slices` list.
    public var specIndex: Int
    /// Percentage with exactly `format.decimals` decimals, without `%` (e.g. `"42.5"`).
    public var percentText: String
    public var color: Color
    /// The colour of the label inside the slice: `ownLabelColor`, else black or white,
    /// whichever contrasts more with `color` (`setLabelColor`).
    public var textColor: Color
    /// A written label colour (the slice's `labelColor`, else a colour in `labels.color`),
    /// inside and outside alike; nil = automatic.
    public var ownLabelColor: Color? = nil
    /// Chart angles (degrees from 12 o'clock in the chart's direction, absolute).
    public var startAngle: Double
    public var endAngle: Double
    public var outerRadius: Double
    public var innerRadius: Double
    /// Label text from `labels.content`, or nil when the slice shows no label.
    public var labelText: String?
    /// The label is drawn outside the pie with a leader line (`outside`, or `auto` when it
    /// does not fit in the slice).
    public var labelOutside = false
    /// Why the slice shows no label although it would have one (`labelText` is then nil):
    /// reported by `piec build` (`LabelWarnings`).
    public var labelLeftOut: LabelOmission? = nil
    /// Px the slice is moved outward along its middle angle (`slices[].explode`).
    public var explode: Double = 0
    /// `keepLabel: true`: shown under `labels.minPercent`, outside when it does not fit
    /// inside, and placed before every label that is not kept (`LabelRank`).
    public var keepLabel = false
    /// Larger first when not every label fits (`labels.priority`: the value, or minus the
    /// spec index); kept labels come before all others whatever this says.
    public var labelPriority: Double = 0
    /// Fill pattern over the colour (`Patterns`); `.none` = plain colour.
    public var pattern: SlicePattern = .none
    /// The second label layer's text inside the slice (`InsideLayer`), or nil.
    public var layerText: String? = nil
    /// The second layer's label would be shown but does not fit inside the slice.
    public var layerLeftOut = false
    /// The second layer's written text colour; nil = automatic (`layerInk`).
    public var layerColor: Color? = nil

    /// Sets `ownLabelColor` and the inside label's colour it makes: black or white on `box`
    /// (a `labels.box` fill behind the text), else on the slice.
    mutating func setLabelColor(_ own: Color?, box: Color? = nil) {
        ownLabelColor = own
        textColor = own ?? TextInk.on(box ?? color)
    }

    public var span: Double { endAngle - startAngle }
    public var midAngle: Double { (startAngle + endAngle) / 2 }
    /// A zero value (or a ring of no width) draws nothing: no path, separator or label.
    public var isVisible: Bool { span > 0 && outerRadius > innerRadius }
    /// `{value}`-style text of the value (no prefix/suffix).
    public var valueText: String { formatNumber(value) }
    /// The slice as a transition end state.
    public var geometry: SegmentGeometry {
        SegmentGeometry(startAngle: startAngle, endAngle: endAngle, outerRadius: outerRadius, innerRadius: innerRadius, color: color)
    }
}

/// The placed chart: canvas size, the pie's centre and radii, sweep, slices, legend.
public struct ChartLayout: Sendable, Hashable {
    public var id: String
    public var width: Double
    public var height: Double
    /// Centre of the pie in px from the top-left of the canvas.
    public var cx: Double
    public var cy: Double
    public var outerRadius: Double
    public var innerRadius: Double
    public var startAngle: Double
    public var sweep: Double
    public var direction: Direction
    /// Chart angle where the last slice ends (start + sweep unless `total` leaves a remainder).
    public var usedEndAngle: Double
    public var background: Color?
    public var track: Color?
    public var stroke: StrokeOptions
    /// Slices in angular order (after `sort`), zero-valued ones included.
    public var slices: [SliceLayout]
    /// True when every visible slice has the chart's outer radius (seam-free stacking applies).
    public var equalRadii: Bool
    public var legend: LegendLayout
    public var fontSize: Double
    /// The title and subtitle drawn above the chart (`chart.showTitle`), or nil.
    public var title: TitleBlock? = nil
    public var labelPosition: LabelPosition = .inside
    /// `labels.priority`: which labels stay when not every label fits.
    public var labelPriority: LabelPriority = .value
    /// `labels.radius`: where inside labels sit across the ring; nil = the default.
    public var labelFraction: Double? = nil
    /// `labels.orientation`: how inside labels are turned (`LabelTurn`).
    public var labelOrientation: LabelOrientation = .horizontal
    /// `labels.radius` above 1: outside labels stand on their slices' middle angles at this
    /// many times the outer radius (`RadialLabels`); nil = in columns beside the pie.
    public var labelDistance: Double? = nil
    /// `labels.leaderColor`: outside labels' leader lines in the ink colour or their slice's.
    public var leaderColor: LeaderColor = .ink
    /// `labels.color`: with `slice`, outside labels take their slice's colour.
    public var labelColor: LabelColor = .auto
    /// `labels.box`: a box behind each inside label, part of its fit; nil = none.
    public var labelBox: LabelBoxOptions? = nil
    /// Px a label's box reaches beyond its text (`LabelBoxOptions.reach`), 0 without one.
    public var labelBoxReach: Double { labelBox?.reach ?? 0 }
    /// `labels.leader`: outside labels draw leader lines.
    public var drawsLeaders = true
    /// Where outside labels may go (pie coordinates); nil unless `labels.position` is
    /// `outside` or `auto`.
    public var labelRoom: LabelRoom? = nil
    /// The donut's centre text (`chart.center`).
    public var center: CenterText? = nil
    /// index.html's centre text while slice k is hovered or focused (`chart.hoverCenter`),
    /// per slice; empty without the key, nil for a slice whose filled text is empty.
    public var hoverCenters: [CenterText?] = []
    /// Colour of text drawn on the background: outside labels, leader lines, centre text.
    public var ink = Color(r: 0x33, g: 0x33, b: 0x33)
    /// Half the width of the gap between slices (`chart.padAngle`, see `PaddedWedge`), px.
    public var halfGap: Double = 0
    /// `chart.cornerRadius` in px (clamped per slice when drawn).
    public var cornerRadius: Double = 0

    /// Padded or rounded wedges (`PaddedWedge`) instead of plain ones.
    public var shapesWedges: Bool { halfGap > 0 || cornerRadius > 0 }
    /// The `prefers-color-scheme: dark` variant, nil with `theme.dark: none` (`DarkTheme`).
    public var dark: DarkTheme? = nil
    /// The palette patterns follow under `theme.patterns: auto`, else nil (`Patterns`).
    public var autoPatternPalette: [Color]? = nil
    /// `format.locale`: how shown numbers read (`Layout.shown…`), never machine outputs.
    public var locale: NumberLocale = .enUS
    /// The slices `chart.other` grouped into the slice `other` (last), or nil.
    public var other: OtherGroup? = nil
    /// Concentric rings (`rings:`), inside out; empty for a chart of one set of slices.
    /// `slices` then holds every ring's slices one ring after the other (`RingLayout`).
    public var rings: [RingBand] = []
    /// `theme.opacity`: the pie drawn as one group at this opacity (1 = opaque).
    public var opacity: Double = 1
    /// `chart.outline`: a circle around the pie, or nil.
    public var outline: OutlineLayout? = nil
    /// `theme.shadow`: a drop shadow under the whole pie, or nil.
    public var shadow: ShadowLayout? = nil
    /// `chart.grid`: circles at values of a rose's radius scale, or nil.
    public var grid: GridLayout? = nil
    /// The second label layer, inside the slices (`labels` as a list), or nil.
    public var insideLayer: InsideLayer? = nil

    /// The colour of slice `k`'s label when it is outside, or nil for the ink (which follows
    /// the theme): its own written colour, else its slice's under `labels.color: slice`, else
    /// in a box (`labels.box`) black or white on the box's fill.
    public func outsideLabelColor(_ k: Int) -> Color? {
        slices[k].ownLabelColor ?? (labelColor == .slice ? slices[k].color : labelBox.map { TextInk.on($0.fill) })
    }

    /// The radius outside labels stand off: the outline's outer edge, else the outer radius.
    public var labelRim: Double { outline?.outerEdge ?? outerRadius }

    /// +1 clockwise, -1 counterclockwise: a chart angle `a` is at screen angle `s * a`.
    public var screenSign: Double { direction == .clockwise ? 1 : -1 }
}

/// The legend beside the pie: rows of swatch + label + percent, in `legend.order` (`LegendRows`).
public struct LegendLayout: Sendable, Hashable {
    public struct Item: Sendable, Hashable {
        /// Index into `ChartLayout.slices`, or nil for the "more" row.
        public var slice: Int?
        /// The other slices this row stands for (a chart of rings: the same id drawn alike in
        /// several rings, `LegendRows`); its swatch and label are `slice`'s.
        public var also: [Int] = []
        /// Row origin relative to the legend origin (top-left of the swatch row).
        public var x: Double
        public var y: Double
        public var label: String
        public var percent: String
        /// Where the percent text starts (left aligned) or ends (right aligned, `alignEnd`).
        public var percentX: Double
        /// A legend of `charts:` with `legend.values` (`LegendTable`): this row's text in each
        /// chart's column, each right-aligned at `LegendLayout.heads[j].x`; empty otherwise.
        public var cells: [String] = []
    }
    /// A column of a table legend (`LegendTable`): its head and where its texts end.
    public struct Head: Sendable, Hashable {
        public var text: String
        public var x: Double
    }
    public var position: LegendPosition
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var items: [Item]
    /// Percent column right-aligned (vertical legends).
    public var alignEnd: Bool
    /// `legend.title`, drawn bold above the rows (its row is included in `height`).
    public var title: String? = nil
    /// A table legend's column heads (`LegendTable`), on a row of their own under the title
    /// (included in `height`); none otherwise.
    public var heads: [Head] = []

    public static let none = LegendLayout(position: .none, x: 0, y: 0, width: 0, height: 0, items: [], alignEnd: false)
}
