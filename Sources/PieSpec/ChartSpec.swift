import PieDiagnostics

/// A checked spec of format version 1: every default filled in, every value valid.
/// Plain values only; where each field came from lives in `SpecLocations`.
public struct ChartSpec: Sendable, Hashable {
    public var version: Int = 1
    /// Bundle name: `[a-z0-9-]`, 1...64 characters, default = file stem (slugged).
    public var id: String
    public var title: String?
    /// A smaller line under the title, drawn with it (`chart.showTitle`).
    public var subtitle: String?
    public var description: String?
    public var chart = ChartOptions()
    /// The labels, or the main label layer when `labels` is a list (`labelLayers`): the one
    /// beside the pie of two, else the first.
    public var labels = LabelOptions()
    /// Every label layer, in order, when `labels` is written as a list (`labels` is the main
    /// one); empty when it is one mapping (`LowerLabelLayers`).
    public var labelLayers: [LabelOptions] = []

    /// The second label layer, drawn inside the slices beside `labels` (names outside,
    /// percentages inside), or nil: of two layers, the one with `position: inside` and no
    /// `radius` above 1 (lowering accepts two layers only as one such and one beside the pie).
    public var insideLayer: LabelOptions? {
        guard labelLayers.count == 2 else { return nil }
        return labelLayers.first { $0.position == .inside && $0.distance == nil }
    }
    public var format = FormatOptions()
    public var legend = LegendOptions()
    public var theme = ThemeOptions()
    public var animation = AnimationOptions()
    public var slices: [SliceSpec] = []
    /// Concentric rings (`rings:`), inside out; empty for a chart of `slices`/`data`, which
    /// then holds no ring. With rings, `slices` is empty (`RingSpec`, `flattened`).
    public var rings: [RingSpec] = []
    /// Several charts in one bundle (`charts:`, `Facets.swift`); empty for a chart of its
    /// own slices or rings, which then has neither `charts` nor `layout`.
    public var charts: [FacetSpec] = []
    /// How the charts are placed (`layout:`); nil without `charts`.
    public var layout: FacetLayout?

    public init(id: String) { self.id = id }
}

/// One ring of a chart of concentric rings: its own slices, tiling their own sweep in their
/// own radial band. Slice ids are unique within a ring; the same id in two rings is the same
/// category (same colour).
public struct RingSpec: Sendable, Hashable {
    /// Identity across versions: a ring matches the previous version's ring of the same id.
    public var id: String
    public var label: String
    public var slices: [SliceSpec] = []
    /// The ring's own band (`rings[].band`): inner and outer radius as fractions of the
    /// chart's outer radius, 0 <= inner < outer <= 1; nil = an equal share of what the rings
    /// without a band leave (every ring has one or none does: E0332).
    public var band: [Double]?
    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }
}

extension ChartSpec {
    /// A chart of rings as one list of slices (inside out, each ring's in its order), for what
    /// lists every slice (legend, tooltips, data table, manifest, change report): the id
    /// `ring/slice` (`/` is in no id, so it is unique and names the ring), the label
    /// `Ring: Slice` (`Slice` alone when the ring's label is empty), `renamedFrom` within the
    /// ring. A chart without rings is itself.
    public var flattened: ChartSpec {
        guard !rings.isEmpty else { return self }
        var flat = self
        flat.rings = []
        flat.slices = rings.flatMap { ring in
            ring.slices.map { s in
                var f = s
                f.id = ChartSpec.ringSliceID(ring: ring.id, slice: s.id)
                f.label = ring.label.isEmpty ? s.label : ring.label + ": " + s.label
                f.renamedFrom = s.renamedFrom.map { ChartSpec.ringSliceID(ring: ring.id, slice: $0) }
                return f
            }
        }
        return flat
    }

    /// The id of slice `slice` of ring `ring` in `flattened`.
    public static func ringSliceID(ring: String, slice: String) -> String { ring + "/" + slice }
}

public enum Direction: String, Sendable, Hashable, CaseIterable { case clockwise, counterclockwise }
public enum SortOrder: String, Sendable, Hashable, CaseIterable { case none, ascending, descending }
/// `inside`: on the slice; `outside`: beyond the outer radius with a leader line; `auto`: inside
/// when the text fits in its slice, else outside; `none`: no labels.
public enum LabelPosition: String, Sendable, Hashable, CaseIterable { case inside, outside, auto, none }
/// How inside label text is turned (`labels.orientation`): `horizontal` (upright), `radial`
/// (along the radius through its anchor, reading outwards, half a turn more on the left half)
/// or `tangential` (along the arc, half a turn more on the bottom half): never upside down.
public enum LabelOrientation: String, Sendable, Hashable, CaseIterable { case horizontal, radial, tangential }
/// The colour of outside labels' leader lines: `ink` (the outside labels' colour) or `slice`
/// (each its slice's colour).
public enum LeaderColor: String, Sendable, Hashable, CaseIterable { case ink, slice }
/// Which labels keep their place when not every label fits (`labels.priority`): `value` (the
/// larger slice's first), `order` (the slice written first in the spec first). Labels of
/// slices with `keepLabel: true` come before all others either way.
public enum LabelPriority: String, Sendable, Hashable, CaseIterable { case value, order }
/// The colour of label text (`labels.color`): `auto` (black or white on the slice, the ink
/// beside the pie), `slice` (outside labels in their slice's colour, inside ones `auto`), or one
/// opaque colour for every label, in both themes.
public enum LabelColor: Sendable, Hashable {
    case auto, slice
    case color(Color)
    /// The colour when one is written, else nil.
    public var written: Color? { if case .color(let c) = self { c } else { nil } }
    /// As the spec writes it: `auto`, `slice` or the colour's hex.
    public var text: String {
        switch self {
        case .auto: "auto"
        case .slice: "slice"
        case .color(let c): c.hex
        }
    }
}
/// Whether outside labels get a leader line to their slice.
public enum LeaderLine: String, Sendable, Hashable, CaseIterable { case line, none }
public enum LegendPosition: String, Sendable, Hashable, CaseIterable { case none, top, right, bottom, left }
public enum EnterAnimation: String, Sendable, Hashable, CaseIterable { case grow, fade, none }
/// `single`: every change at once; `staged`: removals, then resizes and moves, then inserts.
public enum AnimationStages: String, Sendable, Hashable, CaseIterable { case single, staged }

public struct ChartOptions: Sendable, Hashable {
    /// Side of the square that holds the pie, in px (the legend adds room beside it).
    public var size: Double = 320
    /// Fraction of the outer radius: 0 = pie, (0, 1) = donut.
    public var innerRadius: Double = 0
    /// Degrees, 0 = 12 o'clock, measured in `direction`.
    public var startAngle: Double = 0
    /// Degrees covered by the slices (and the track), (0, 360].
    public var sweep: Double = 360
    public var direction: Direction = .clockwise
    /// When set, a slice spans value/total of the sweep and the rest shows the track.
    public var total: Double?
    /// Background ring over the whole sweep.
    public var track: Color?
    public var sort: SortOrder = .none
    /// Centre text of a donut (a template with `{total}` and the largest slice's tokens).
    public var center: LabelTemplate?
    /// index.html: the centre text while a slice (or its legend row) is hovered or focused,
    /// filled with that slice's tokens (`chart.hoverCenter`).
    public var hoverCenter: LabelTemplate?
    /// Degrees of gap between adjacent slices (>= 0); see `Keys.chart`.
    public var padAngle: Double = 0
    /// Px of corner rounding (>= 0), clamped per slice.
    public var cornerRadius: Double = 0
    /// Px of space between neighbouring rings of a chart of rings (`chart.ringGap`).
    public var ringGap: Double = 0
    /// Degrees: every visible slice is drawn at least this wide (see `OtherOptions` too).
    public var minAngle: Double = 0
    /// Grouping of small slices into one "Other" slice; nil = no grouping.
    public var other: OtherOptions?
    /// Draw the title and subtitle above the chart in chart.svg.
    public var showTitle = true
    /// Polar area (rose): equal angles, radius by value (`LowerRose.swift`).
    public var rose: RoseMode = .none
    /// Circles at values of a rose's radius scale (`Grid.swift`); nil = none.
    public var grid: GridOptions?
    /// A circle around the whole pie (`Outline.swift`); nil = none.
    public var outline: OutlineOptions?
    /// The text an empty chart (no slices: `slices: []`, a data file without rows) shows
    /// where the centre text goes; "" = none.
    public var empty: String = ChartOptions.defaultEmpty
    public static let defaultEmpty = "No data"
    public init() {}
}

/// `chart.other`: slices below `minPercent` of the total, and beyond the `maxSlices - 1`
/// largest when there are more than `maxSlices`, are drawn as one slice `other`, last.
public struct OtherOptions: Sendable, Hashable {
    /// The most slices drawn, Other included; nil = no limit.
    public var maxSlices: Int?
    /// Slices below this share (percent of the total) join Other; 0 = none by share.
    public var minPercent: Double = 0
    public var label: String = "Other"
    /// Colour of Other: a neutral grey unless given.
    public var color: Color = OtherOptions.defaultColor
    public static let defaultColor = Color(r: 0x9c, g: 0xa3, b: 0xaf)
    /// The id of the grouped slice (a user slice may not use it while grouping is on).
    public static let id = "other"
    public init() {}
}

public struct LabelOptions: Sendable, Hashable {
    public var content = LabelTemplate.defaultContent
    public var position: LabelPosition = .auto
    /// No label on slices smaller than this percentage.
    public var minPercent: Double = 3
    /// Where inside labels sit across the ring (0 inner edge, 1 outer edge); nil = the
    /// middle of a donut's ring, 0.62 of a pie's radius. Above 1: every label sits outside the
    /// pie at this many times its outer radius (`distance`).
    public var radius: Double?
    /// The font size of the labels, px; nil = the chart's (`Layout.fontSize`). Drawn on the
    /// inside label layer only (`LowerLabelLayers`, E0363 elsewhere).
    public var size: Double?
    /// The colour of the label text (a slice's `labelColor` overrides it).
    public var color: LabelColor = .auto
    /// The colour of outside labels' leader lines.
    public var leaderColor: LeaderColor = .ink
    /// Leader lines of outside labels; nil = `line`, or `none` with `radius` above 1.
    public var leader: LeaderLine?
    /// `radius` when it is above 1: labels outside at this many times the outer radius.
    public var distance: Double? { radius.flatMap { $0 > 1 ? $0 : nil } }
    /// `radius` when it is at most 1: where inside labels sit across the ring.
    public var insideFraction: Double? { radius.flatMap { $0 <= 1 ? $0 : nil } }
    /// Whether outside labels draw leader lines.
    public var drawsLeaders: Bool { (leader ?? (distance == nil ? .line : .none)) == .line }
    /// `labels.detail`: a second label line of its own size and colour; nil = none.
    public var detail: LabelDetailOptions?
    /// Which labels go first when not every label fits (kept labels last).
    public var priority: LabelPriority = .value
    /// How inside labels are turned; outside labels are always horizontal.
    public var orientation: LabelOrientation = .horizontal
    /// `labels.box`: a box behind each (inside) label; nil = none.
    public var box: LabelBoxOptions?
    public init() {}
}

/// `labels.detail`: the line(s) drawn under each label's `content`, at `size` times the
/// label's font size, in `color` (nil: the label's own colour, at `defaultOpacity` where the contrast allows).
public struct LabelDetailOptions: Sendable, Hashable {
    public var content = LabelTemplate.defaultDetail
    public var size: Double = 0.85
    public var color: Color?
    /// Opacity of a detail drawn in its label's own colour.
    public static let defaultOpacity = 0.75
    public init() {}
}

public struct FormatOptions: Sendable, Hashable {
    /// Decimals of `{percent}` (fixed: `12.0%`); percentages sum to exactly 100 unless
    /// `percent` is `each`.
    public var decimals: Int = 1
    /// How percentages are rounded to `decimals`.
    public var percent: PercentRounding = .exactSum
    /// Text around `{value}`.
    public var prefix: String = ""
    public var suffix: String = ""
    /// Decimal and grouping separators of the numbers people read (never the manifest's).
    public var locale: NumberLocale = .enUS
    public init() {}
}

public struct LegendOptions: Sendable, Hashable {
    public var position: LegendPosition = .right
    /// A heading above the rows.
    public var title: String?
    public var values: LegendValues = .percent
    /// The order of the rows (`LegendOrder`).
    public var order: LegendOrder = .slices
    public init() {}
}

/// `format.percent`: `exactSum` gives every slice its share rounded so that the shown
/// percentages sum to exactly 100 (largest remainder); `each` rounds every share on its own
/// to the nearest (halves away from zero), as Mermaid does, so the sum may be off by a little.
public enum PercentRounding: String, Sendable, Hashable, CaseIterable {
    case exactSum = "exact-sum"
    case each
}

/// `legend.order`: the order of the legend's rows. `slices`: the slices' order (after
/// `chart.sort`; in a chart of rings, inside out); `value`: by value, largest first (ties in
/// slice order); `reverse`: the slices' order backwards (rings: the outer ring first, each
/// ring's slices in their order); `ids`: those slice ids first, in that order, the others
/// after them in slice order. Other's row is always last.
public enum LegendOrder: Sendable, Hashable {
    case slices, value, reverse
    case ids([String])

    /// The words `legend.order` takes besides a list of ids.
    public static let words = ["slices", "value", "reverse"]
}

/// What a legend row shows after its label (`both`: the value, then the percentage).
public enum LegendValues: String, Sendable, Hashable, CaseIterable { case none, value, percent, both }

public enum Palette: Sendable, Hashable {
    /// A built-in palette by name (see `Palettes.names`).
    case named(String)
    /// An explicit list of colours, cycled.
    case list([Color])
    /// Colours read from a sequential scale by value or order (`PaletteScale`).
    case scale(PaletteScale)
}

public struct StrokeOptions: Sendable, Hashable {
    public var color: Color = Color(r: 255, g: 255, b: 255)
    /// Width of the separators between slices, px; 0 = none.
    public var width: Double = 1
    public init() {}
}

public struct ThemeOptions: Sendable, Hashable {
    public var palette: Palette = .named("default")
    public var stroke = StrokeOptions()
    /// nil = transparent.
    public var background: Color?
    /// `prefers-color-scheme: dark` variant (ThemeModes.swift).
    public var dark: DarkMode = .auto
    /// Background of the dark variant; nil = piec's dark grey (see `DarkTheme`).
    public var darkBackground: Color?
    public var patterns: PatternMode = .none
    /// `theme.opacity`: the opacity of the whole pie (slices, separators and track drawn as
    /// one opaque group, then made translucent, so overlapping dashes never add up); 1 = opaque.
    public var opacity: Double = 1
    /// `theme.shadow`: a drop shadow under the whole pie (`Shadow.swift`), or nil.
    public var shadow: ShadowOptions?
    /// `theme.children`: a sunburst's children in palette colours or tints of their parent's.
    public var children: ChildColors = .palette
    public init() {}
}

/// A CSS cubic-bezier easing; `css` is the canonical text written to the output.
public struct Easing: Sendable, Hashable {
    public var css: String
    public var x1: Double, y1: Double, x2: Double, y2: Double
    public init(css: String, x1: Double, y1: Double, x2: Double, y2: Double) {
        self.css = css
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }
    public static let named: [(String, Easing)] = [
        ("linear", Easing(css: "linear", x1: 0, y1: 0, x2: 1, y2: 1)),
        ("ease", Easing(css: "ease", x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)),
        ("ease-in", Easing(css: "ease-in", x1: 0.42, y1: 0, x2: 1, y2: 1)),
        ("ease-out", Easing(css: "ease-out", x1: 0, y1: 0, x2: 0.58, y2: 1)),
        ("ease-in-out", Easing(css: "ease-in-out", x1: 0.42, y1: 0, x2: 0.58, y2: 1)),
    ]
    public static let easeInOut = named[4].1
}

public struct AnimationOptions: Sendable, Hashable {
    /// Milliseconds.
    public var duration: Double = 800
    public var easing: Easing = .easeInOut
    /// Milliseconds.
    public var delay: Double = 0
    public var enter: EnterAnimation = .grow
    public var stages: AnimationStages = .single
    /// Milliseconds between the starts of successive slices' changes (0 = all together).
    public var stagger: Double = 0
    public init() {}
}

public struct SliceSpec: Sendable, Hashable {
    /// Identity across versions: `[a-z0-9][a-z0-9_-]*`, unique; default = slug of label.
    public var id: String
    public var label: String
    /// Finite, >= 0.
    public var value: Double
    /// nil = from the palette, stable per id.
    public var color: Color?
    /// Outer radius as a fraction of the chart's outer radius, (0, 1]; nil = 1.
    public var radius: Double?
    /// Px the slice moves outward along its middle angle; nil = 0.
    public var explode: Double?
    public var description: String?
    /// Ids this slice had in earlier versions: the diff matches it to the old slice (an update
    /// that animates, not a remove plus an insert).
    public var renamedFrom: [String] = []
    /// Fill pattern over the colour; nil = from `theme.patterns`.
    public var pattern: PatternKind?
    /// Colour of the slice's label text (opaque); nil = `labels.color`.
    public var labelColor: Color?
    /// The slice's label is shown even under `labels.minPercent`, outside with a leader when it
    /// does not fit inside, and is the last to go when not every label fits.
    public var keepLabel = false
    /// A sunburst (`rings[].slices[].parent`): the id of the slice of the ring inside whose
    /// angle this slice shares with its siblings; nil = none (`Sunburst.swift`).
    public var parent: String?
    public init(id: String, label: String, value: Double) {
        self.id = id
        self.label = label
        self.value = value
    }
}

/// Where each field of a spec came from, keyed by a path such as `chart.innerRadius`,
/// `slices[2].value`, `slices[2]` (the whole item). `value(_:)` gives the value's range,
/// `key(_:)` the key's range. Paths under `slices[i]` live in `slices` (one small record per
/// slice, so a spec of 100,000 slices does not build 400,000 path strings); every other path
/// is in `sections` (a few dozen, written once per spec and rarely read: a list searched
/// linearly, no path string built and hashed per key).
public struct SpecLocations: Sendable, Hashable {
    /// One known key outside `slices`: `section` (`""` at the top level, else e.g. `chart`)
    /// and `name` make its path `section.name`.
    public struct Field: Sendable, Hashable {
        public var section: String
        public var name: String
        public var key: SourceRange
        public var value: SourceRange

        /// Whether this field's path is `path` (compared without building the path).
        func hasPath(_ path: String) -> Bool {
            if section.isEmpty { return name == path }
            let p = path.utf8, s = section.utf8, n = name.utf8
            guard p.count == s.count + 1 + n.count, p.starts(with: s) else { return false }
            let rest = p.dropFirst(s.count)
            return rest.first == UInt8(ascii: ".") && rest.dropFirst().elementsEqual(n)
        }
    }
    /// Known keys outside `slices`, in the order they were lowered.
    public var sections: [Field] = []
    /// The locations of `slices[i]`, in source order.
    public var slices: [SliceLocations] = []
    public init() {}

    public func value(_ path: String) -> SourceRange? {
        guard let (index, field) = recordedSlice(path) else { return section(path)?.value }
        guard let field else { return slices[index].item }
        return slices[index].field(field)?.value
    }

    public func key(_ path: String) -> SourceRange? {
        guard let (index, field) = recordedSlice(path) else { return section(path)?.key }
        guard let field else { return slices[index].item }
        return slices[index].field(field)?.key
    }

    /// The last field recorded at `path` (a later record replaces an earlier one).
    private func section(_ path: String) -> Field? {
        sections.last { $0.hasPath(path) }
    }

    /// `slices[i]` -> (i, nil), `slices[i].name` -> (i, name) when slice i is recorded.
    private func recordedSlice(_ path: String) -> (Int, String?)? {
        Self.slicePath(path).flatMap { $0.0 >= 0 && $0.0 < slices.count ? $0 : nil }
    }

    private static func slicePath(_ path: String) -> (Int, String?)? {
        let prefix = "slices["
        guard path.hasPrefix(prefix), let close = path.firstIndex(of: "]"),
              let index = Int(path[path.index(path.startIndex, offsetBy: prefix.count)..<close]) else { return nil }
        let rest = path[path.index(after: close)...]
        if rest.isEmpty { return (index, nil) }
        guard rest.first == "." else { return nil }
        return (index, String(rest.dropFirst()))
    }
}

/// Where one slice item and each of its known keys came from.
public struct SliceLocations: Sendable, Hashable {
    /// One known key of the slice: its name, the key's range and the value's range.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var key: SourceRange
        public var value: SourceRange
    }
    /// The whole item (`slices[i]`).
    public var item: SourceRange
    /// Known keys in source order (at most a handful, so a linear search).
    public var fields: [Field] = []
    public init(item: SourceRange) { self.item = item }
    public func field(_ name: String) -> Field? { fields.first { $0.name == name } }
}
