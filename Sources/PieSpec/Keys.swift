import PieDiagnostics

/// What a key's value must be. One table drives lowering, validation messages and the JSON Schema.
public indirect enum ValueKind: Sendable {
    /// Any scalar, read as text (a plain `NO` stays "NO").
    case text(maxLength: Int)
    /// A plain decimal number within bounds (`exclusiveMin` makes the lower bound open).
    case number(min: Double, max: Double, exclusiveMin: Bool = false)
    case integer(min: Int, max: Int)
    /// `true` or `false` (nothing else: no `yes`, `on` or `1`).
    case boolean
    case choice([String])
    case color
    /// `800ms` or `0.8s`.
    case duration(maxMilliseconds: Double)
    /// A CSS easing keyword or `cubic-bezier(x1, y1, x2, y2)`.
    case easing
    /// A palette name or a list of colours.
    case palette
    /// `[a-z0-9-]` beginning and ending with a letter or digit (bundle ids name folders), or
    /// `[a-z0-9][a-z0-9_-]*` for slice ids.
    case identifier(allowUnderscore: Bool)
    /// A label template with `{label}`, `{value}`, `{percent}`, `{id}`.
    case template
    case object(KeyTable)
    case list(of: ValueKind, minItems: Int)
}

/// One key of a mapping: its name, what it holds, whether it is required, its default and docs.
public struct KeySpec: Sendable {
    public let name: String
    public let kind: ValueKind
    public let required: Bool
    public let defaultValue: JSONValue?
    public let doc: String
    init(_ name: String, _ kind: ValueKind, required: Bool = false, default defaultValue: JSONValue? = nil, _ doc: String) {
        self.name = name
        self.kind = kind
        self.required = required
        self.defaultValue = defaultValue
        self.doc = doc
    }
}

/// The keys of one mapping, by section name (`""` for the root).
public struct KeyTable: Sendable {
    public let section: String
    public let doc: String
    public let keys: [KeySpec]
    public func key(_ name: String) -> KeySpec? { keys.first { $0.name == name } }
    /// Whether `name` is a key of this table (lengths compared first; no `KeySpec` copied).
    func contains(_ name: String) -> Bool {
        let count = name.utf8.count
        for i in keys.indices where keys[i].name.utf8.count == count && keys[i].name == name { return true }
        return false
    }
    public var names: [String] { keys.map(\.name) }
}

/// The spec language, version 1. Every accepted key is here; nothing else is accepted.
public enum Keys {
    public static let maxText = 1_000

    public static let chart = KeyTable(section: "chart", doc: "Geometry of the pie or donut.", keys: [
        KeySpec("size", .number(min: 16, max: 4096), default: .int(320), "Side of the square holding the pie, in px; the legend adds room beside it."),
        KeySpec("innerRadius", .number(min: 0, max: 0.95), default: .int(0), "Hole radius as a fraction of the outer radius: 0 = pie, (0, 0.95] = donut."),
        KeySpec("startAngle", .number(min: -360, max: 360), default: .int(0), "Where the first slice starts: degrees clockwise from 12 o'clock, in both directions (90 = 3 o'clock)."),
        KeySpec("sweep", .number(min: 0, max: 360, exclusiveMin: true), default: .int(360), "Degrees covered by the slices: 360 = full circle, 180 = half-circle gauge."),
        KeySpec("direction", .choice(Direction.allCases.map(\.rawValue)), default: .string("clockwise"), "Direction in which slices follow each other."),
        KeySpec("total", .number(min: 0, max: 1e15, exclusiveMin: true), "When set, each slice spans value/total of the sweep and the rest shows the track."),
        KeySpec("track", .color, "Background ring over the whole sweep (gauges, progress)."),
        KeySpec("sort", .choice(SortOrder.allCases.map(\.rawValue)), default: .string("none"), "Slice order: input order (none), ascending or descending by value."),
        KeySpec("center", .template, "Centre text of a donut (needs innerRadius > 0), fitted to the hole; tokens: {total} = sum of the values, and {label} {value} {percent} {id} of the largest slice."),
        KeySpec("padAngle", .number(min: 0, max: 45), default: .int(0),
                "Gap between adjacent slices, in degrees: a band of constant width (the chord of padAngle at the outer radius) around each boundary; replaces the separators. Slices narrower than the gap vanish."),
        KeySpec("cornerRadius", .number(min: 0, max: 1000), default: .int(0),
                "Rounded slice corners, in px; clamped per slice to half the ring width and to what fits in the slice's angle."),
        KeySpec("other", .object(other), "Group small slices into one \"Other\" slice (id `other`, drawn last)."),
        KeySpec("minAngle", .number(min: 0, max: 90), default: .int(0),
                "Degrees: every non-zero slice is drawn at least this wide, the others shrink to fit; percentages keep the true values."),
        KeySpec("showTitle", .boolean, default: .bool(true),
                "Draw `title` and `subtitle` above the chart in chart.svg (the canvas grows for them); false when the page around the chart shows the title."),
    ])

    public static let other = KeyTable(section: "chart.other", doc: "Grouping of small slices into \"Other\".", keys: [
        KeySpec("maxSlices", .integer(min: 2, max: 100_000), "The most slices drawn, Other included: beyond the maxSlices - 1 largest, slices join Other."),
        KeySpec("minPercent", .number(min: 0, max: 100), default: .int(0), "Slices below this percentage of the total join Other."),
        KeySpec("label", .text(maxLength: maxText), default: .string("Other"), "Label of the grouped slice."),
        KeySpec("color", .color, default: .string(OtherOptions.defaultColor.hex), "Colour of the grouped slice (opaque)."),
    ])

    public static let labels = KeyTable(section: "labels", doc: "Text drawn on the slices.", keys: [
        KeySpec("content", .template, default: .string("{label} {percent}"), "Label template; tokens: {label} {value} {percent} {id} {total}."),
        KeySpec("position", .choice(LabelPosition.allCases.map(\.rawValue)), default: .string("inside"), "inside: on the slice; outside: beside the pie with leader lines; auto: inside when the text fits in its slice, else outside; none: no labels."),
        KeySpec("minPercent", .number(min: 0, max: 100), default: .int(3), "No label on slices smaller than this percentage."),
        KeySpec("radius", .number(min: 0, max: 1),
                "Where inside labels sit across the ring: 0 = its inner edge, 1 = its outer edge; default 0.5 on a donut, 0.62 of the radius on a pie."),
    ])

    public static let format = KeyTable(section: "format", doc: "Number formatting.", keys: [
        KeySpec("decimals", .integer(min: 0, max: 6), default: .int(1), "Decimals of {percent}; percentages always sum to exactly 100."),
        KeySpec("prefix", .text(maxLength: 32), default: .string(""), "Text before {value}, e.g. \"$\"."),
        KeySpec("suffix", .text(maxLength: 32), default: .string(""), "Text after {value}, e.g. \" MB\"."),
        KeySpec("locale", .choice(NumberLocale.codes), default: .string("en-US"),
                "Decimal and grouping separators of the numbers shown (labels, legend, tooltips, table, sentences); machine outputs stay plain."),
    ])

    public static let legend = KeyTable(section: "legend", doc: "The legend beside the chart.", keys: [
        KeySpec("position", .choice(LegendPosition.allCases.map(\.rawValue)), default: .string("right"), "Where the legend goes, or none."),
        KeySpec("title", .text(maxLength: maxText), "A heading above the legend's rows."),
        KeySpec("values", .choice(LegendValues.allCases.map(\.rawValue)), default: .string("percent"),
                "What each row shows after its label: none, value, percent, or both (value and percent)."),
    ])

    public static let stroke = KeyTable(section: "theme.stroke", doc: "Separators between slices.", keys: [
        KeySpec("color", .color, default: .string("#ffffff"), "Colour of the separators."),
        KeySpec("width", .number(min: 0, max: 20), default: .int(1), "Width of the separators in px; 0 = none."),
    ])

    public static let theme = KeyTable(section: "theme", doc: "Colours.", keys: [
        KeySpec("palette", .palette, default: .string("default"), "A palette name (\(Palettes.names.joined(separator: ", "))) or a list of colours; okabe-ito, tol-bright, tol-muted and viridis are colour-blind-safe."),
        KeySpec("stroke", .object(stroke), "Separators between slices."),
        KeySpec("background", .color, default: .string("transparent"), "Background of the whole chart."),
        KeySpec("dark", .choice(DarkMode.allCases.map(\.rawValue)), default: .string("auto"),
                "auto: a prefers-color-scheme: dark variant (dark background or light text, dark separators and track); none: one look."),
        KeySpec("darkBackground", .color, "Background of the dark variant (default #18181b); also the separators' colour when they match the light background."),
        KeySpec("patterns", .choice(PatternMode.allCases.map(\.rawValue)), default: .string("none"),
                "auto: a fill pattern over each slice's colour (by the colour's place in the palette), for colour-blind readers and print; none: plain colours."),
    ])

    public static let animation = KeyTable(section: "animation", doc: "How the chart animates.", keys: [
        KeySpec("duration", .duration(maxMilliseconds: 60_000), default: .string("800ms"), "Length of the animation: 800ms or 0.8s."),
        KeySpec("easing", .easing, default: .string("ease-in-out"), "A CSS easing: linear, ease, ease-in, ease-out, ease-in-out or cubic-bezier(x1, y1, x2, y2)."),
        KeySpec("delay", .duration(maxMilliseconds: 60_000), default: .string("0ms"), "Wait before the animation starts."),
        KeySpec("enter", .choice(EnterAnimation.allCases.map(\.rawValue)), default: .string("grow"), "How a chart with no previous version appears."),
        KeySpec("stages", .choice(AnimationStages.allCases.map(\.rawValue)), default: .string("single"),
                "single: every change at once; staged: removals, then resizes and moves, then inserts (each a third of the duration)."),
        KeySpec("stagger", .duration(maxMilliseconds: 2_000), default: .string("0ms"),
                "Delay between the starts of successive slices' changes, in angular order."),
    ])

    public static let slice = KeyTable(section: "slices[]", doc: "One slice.", keys: [
        KeySpec("id", .identifier(allowUnderscore: true), "Identity across versions: [a-z0-9][a-z0-9_-]*, unique; default = slug of the label."),
        KeySpec("label", .text(maxLength: maxText), required: true, "Text shown for the slice."),
        KeySpec("value", .number(min: 0, max: 1e15), required: true, "The slice's value: a plain decimal number, >= 0."),
        KeySpec("color", .color, "Colour of the slice (opaque); otherwise from the palette, stable per id."),
        KeySpec("radius", .number(min: 0, max: 1, exclusiveMin: true), "Outer radius as a fraction of the chart's (variable-radius pies)."),
        KeySpec("explode", .number(min: 0, max: 200), "Moves the slice outward along its middle angle, in px (the canvas grows to keep it inside)."),
        KeySpec("description", .text(maxLength: maxText), "Accessible description of the slice."),
        KeySpec("renamedFrom", .list(of: .identifier(allowUnderscore: true), minItems: 1),
                "Ids this slice had in earlier versions, so a rename animates as an update."),
        KeySpec("pattern", .choice(PatternKind.allCases.map(\.rawValue)), "Fill pattern over the slice's colour; overrides theme.patterns."),
    ])

    public static let data = KeyTable(section: "data", doc: "Slices read from a CSV or JSON file: one slice per row.", keys: [
        KeySpec("file", .text(maxLength: 1_024), required: true,
                "Path of a .csv (header row required) or .json (an array of objects) file, relative to the spec, inside the spec's repository."),
        KeySpec("label", .text(maxLength: 256), default: .string("label"), "Column holding each slice's label."),
        KeySpec("value", .text(maxLength: 256), default: .string("value"), "Column holding each slice's value (a plain decimal number, >= 0)."),
        KeySpec("id", .text(maxLength: 256), "Column holding each slice's id; default = slug of the label."),
        KeySpec("color", .text(maxLength: 256), "Column holding each slice's colour (an empty cell: from the palette)."),
        KeySpec("description", .text(maxLength: 256), "Column holding each slice's accessible description (an empty cell: none)."),
    ])

    public static let root = KeyTable(section: "", doc: "A piec chart spec.", keys: [
        KeySpec("piec", .integer(min: 1, max: 1), required: true, "Spec format version; this piec reads version 1."),
        KeySpec("id", .identifier(allowUnderscore: false), "Names the bundle folder: [a-z0-9-], not beginning or ending with -, at most 64; default = the file stem."),
        KeySpec("title", .text(maxLength: maxText), "Title of the chart: its accessible name, drawn above the chart unless chart.showTitle is false."),
        KeySpec("subtitle", .text(maxLength: maxText), "A second, smaller line under the title (drawn with it)."),
        KeySpec("description", .text(maxLength: maxText), "Accessible description of the chart."),
        KeySpec("chart", .object(chart), "Geometry."),
        KeySpec("labels", .object(labels), "Slice labels."),
        KeySpec("format", .object(format), "Number formatting."),
        KeySpec("legend", .object(legend), "Legend."),
        KeySpec("theme", .object(theme), "Colours."),
        KeySpec("animation", .object(animation), "Animation."),
        KeySpec("slices", .list(of: .object(slice), minItems: 1), "The slices, in order (or `data`: exactly one of the two)."),
        KeySpec("data", .object(data), "Slices from a CSV or JSON file, one per row, instead of `slices` (exactly one of the two)."),
    ])

    /// Every table, for "belongs in `chart`" hints.
    public static let all: [KeyTable] = [root, chart, other, labels, format, legend, theme, stroke, animation, slice, data]

    /// Keys of PRODUCT's full language that this version does not implement yet: rejected
    /// (never accepted and ignored) with a message that says so.
    public static let planned: [String: String] = [
        "width": "chart", "height": "chart",
    ]
}
