import PieDiagnostics
import PieJSON

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
    /// One of these words or a colour (`labels.color: auto | slice | COLOR`).
    case colorOr([String])
    /// `800ms` or `0.8s`.
    case duration(maxMilliseconds: Double)
    /// A CSS easing keyword or `cubic-bezier(x1, y1, x2, y2)`.
    case easing
    /// A palette name, a list of colours or a mapping (`Keys.paletteScale`).
    case palette
    /// `none`, `auto`, a list of `Keys.hatch` mappings (or `none`), or a mapping of slice ids to them.
    case patterns
    /// `[a-z0-9-]` beginning and ending with a letter or digit (bundle ids name folders), or
    /// `[a-z0-9][a-z0-9_-]*` for slice ids.
    case identifier(allowUnderscore: Bool)
    /// A label template with `{label}`, `{value}`, `{percent}`, `{id}`.
    case template
    case object(KeyTable)
    /// A list of `minItems` to `maxItems` (nil: no upper bound) items of `of`.
    case list(of: ValueKind, minItems: Int, maxItems: Int? = nil)
    /// One of the words, or a non-empty list of distinct items of `of` (`legend.order`).
    case choiceOrList([String], of: ValueKind)
    /// One of the words, or a mapping whose keys are the table's (`chart.rose`).
    case choiceOrObject([String], KeyTable)
    /// A mapping whose keys are the table's, or a non-empty list of such mappings (`labels`:
    /// one label layer, or several).
    case objectOrList(KeyTable)
}

/// One key of a mapping: the single declaration of a spec key. Its name, what it holds,
/// whether it is required, its documentation, how a change of it is reported, and its binding:
/// where lowering stores it and how the canonical spec writes it. Its default is the field's
/// initial value in `ChartSpec`/`SliceSpec`, read back through the binding (the schema shows it).
///
/// A class: lowering hands the key to its binding for every key of every slice, and a
/// reference costs one retain where a struct of six fields cost six.
public final class KeySpec: Sendable {
    public let name: String
    public let kind: ValueKind
    public let required: Bool
    /// The default as canonical JSON; nil for required keys, sections, keys whose absence
    /// means "none", and keys whose default is not a value (a chart's `id` is the file stem).
    public let defaultValue: JSONValue?
    public let change: ChangeRule
    public let doc: String
    let bound: Bound

    init(name: String, kind: ValueKind, required: Bool, defaultValue: JSONValue?, change: ChangeRule, doc: String, bound: Bound) {
        self.name = name
        self.kind = kind
        self.required = required
        self.defaultValue = defaultValue
        self.change = change
        self.doc = doc
        self.bound = bound
    }
}

/// The keys of one mapping, by section name (`""` for the root).
public struct KeyTable: Sendable {
    public let section: String
    public let doc: String
    public let keys: [KeySpec]
    public func key(_ name: String) -> KeySpec? { keys.first { $0.name == name } }
    /// Whether `name` is a key of this table.
    func contains(_ name: String) -> Bool { index(of: name) != nil }
    public var names: [String] { keys.map(\.name) }
    /// The position of key `name` in this table (lengths compared first).
    func index(of name: String) -> Int? {
        let count = name.utf8.count
        for i in keys.indices where keys[i].name.utf8.count == count && keys[i].name == name { return i }
        return nil
    }
}

/// The spec language, version 1. Every accepted key is here; nothing else is accepted.
public enum Keys {
    /// Characters of a label, title, description or other text.
    public static let maxText = 1_000
    /// Characters of a label template (`labels.content`, `chart.center`).
    public static let maxTemplate = 200

    public static let chart = KeyTable(section: "chart", doc: "Geometry of the pie or donut.", keys: [
        .number("size", \ChartOptions.size, min: 16, max: 4096, "Side of the square holding the pie, in px; the legend adds room beside it."),
        .number("innerRadius", \ChartOptions.innerRadius, min: 0, max: 0.95, "Hole radius as a fraction of the outer radius: 0 = pie, (0, 0.95] = donut."),
        .number("startAngle", \ChartOptions.startAngle, min: -360, max: 360, "Where the first slice starts: degrees clockwise from 12 o'clock, in both directions (90 = 3 o'clock)."),
        .number("sweep", \ChartOptions.sweep, min: 0, max: 360, exclusiveMin: true, "Degrees covered by the slices: 360 = full circle, 180 = half-circle gauge."),
        .choice("direction", \ChartOptions.direction, "Direction in which slices follow each other."),
        .number("total", \ChartOptions.total, min: 0, max: 1e15, exclusiveMin: true, "When set, each slice spans value/total of the sweep and the rest shows the track."),
        .color("track", \ChartOptions.track, "Background ring over the whole sweep (gauges, progress)."),
        .choice("sort", \ChartOptions.sort, "Slice order: input order (none), ascending or descending by value."),
        .template("center", \ChartOptions.center, "Centre text of a donut (needs innerRadius > 0), fitted to the hole; tokens: {total} = sum of the values, and {label} {value} {percent} {id} of the largest slice."),
        .template("hoverCenter", \ChartOptions.hoverCenter,
                  "While a slice (or, in index.html, its legend row) is hovered or focused, the hole shows this template filled for that slice instead of `center` (needs innerRadius > 0), fitted to the hole like `center`; tokens: {label} {value} {percent} {id} of that slice, {total}. CSS only: index.html and chart.svg opened or inlined; chart.svg as an `<img>` and static renderers show `center`."),
        .number("padAngle", \ChartOptions.padAngle, min: 0, max: 45, omitDefault: true,
                "Gap between adjacent slices, in degrees: a band of constant width (the chord of padAngle at the outer radius) around each boundary; replaces the separators. Slices narrower than the gap vanish."),
        .number("cornerRadius", \ChartOptions.cornerRadius, min: 0, max: 1000, omitDefault: true,
                "Rounded slice corners, in px; clamped per slice to half the ring width and to what fits in the slice's angle."),
        .number("ringGap", \ChartOptions.ringGap, min: 0, max: 100, omitDefault: true,
                "A chart of rings: space between neighbouring rings, in px (the rings' equal bands share what is left; where two rings' own `band`s touch, half is taken from each); replaces the separator circles between rings; at most what leaves every ring 1 px wide."),
        // Its changes are the slices that join Other (merges) or leave it (splits).
        .optionalSection("other", other, \ChartOptions.other, change: .silent,
                         "Group small slices into one \"Other\" slice (id `other`, drawn last)."),
        .number("minAngle", \ChartOptions.minAngle, min: 0, max: 90,
                "Degrees: every non-zero slice is drawn at least this wide, the others shrink to fit; percentages keep the true values."),
        .boolean("showTitle", \ChartOptions.showTitle, omitDefault: true, change: .reported(sentence: false),
                 "Draw `title` and `subtitle` above the chart in chart.svg (the canvas grows for them); false when the page around the chart shows the title."),
        .custom("rose", \ChartOptions.rose, .choiceOrObject(RoseMode.words, rose), omitDefault: true,
                "Polar area (rose) chart: each slice's radius shows its value. area: every slice gets the same angle and wedge areas are proportional to the values (radius grows with the square root); radius: the same angles, the radius linear in the value; a mapping `{angles, radius}` chooses each (`{angles: value}` keeps a pie's angles by value, so angle and radius both show the value); none: an ordinary pie or donut. Percentages stay the values' true shares.",
                lower: { l, node, _, at, c in if let m = l.roseMode(node, path: at.path) { c.rose = m } },
                json: { (mode: RoseMode) in mode.canonical }),
        .optionalSection("grid", grid, \ChartOptions.grid, change: .reported(as: "grid", sentence: false),
                         "A polar grid for a rose chart (needs `rose` and sweep: 360): circles at values of the radius scale under the wedges, with tick labels over them; they move with the scale between versions."),
        .optionalSection("outline", outline, \ChartOptions.outline, change: .reported(as: "outline", sentence: false),
                         "A circle around the whole pie (Mermaid's outer stroke): the pie shrinks by its width, so its outer edge is where the rim was; around the outermost ring, a donut's outer rim, a rose's largest radius; needs sweep: 360."),
        .text("empty", \ChartOptions.empty, maxLength: maxText, omitDefault: true, change: .reported(sentence: false),
              "Text of an empty chart (`slices: []`, or a data file without rows), drawn where the centre text goes (the middle of a pie) over the track (`track`, else a neutral one; none under an `outline`); \"\": no text."),
    ])

    /// `chart.rose` written as a mapping: read by `Lowering.roseMode` into a `RoseMode`.
    public static let rose = KeyTable(section: "chart.rose", doc: "A rose chart chosen by its angles and its radius.", keys: [
        .input("angles", .choice(RoseMode.angleWords), default: .string("equal"),
               "equal: every slice gets the same angle; value: angles by value, as in a pie (`total` and `minAngle` apply)."),
        .input("radius", .choice(RoseMode.radiusWords), default: .string("area"),
               "area: the radius grows with the square root of the value (r² - inner² ∝ value); linear: the radius is linear in the value (r - inner ∝ value). The largest value reaches the outer radius."),
    ])

    /// `chart.grid` (`Grid.swift`).
    public static let grid = KeyTable(section: "chart.grid", doc: "A polar grid for a rose chart.", keys: [
        .custom("circles", \GridOptions.circles, .choiceOrList(["auto"], of: .number(min: 0, max: 1e15, exclusiveMin: true)),
                change: .reported(as: "grid", sentence: false),
                "auto: round values (1, 2 or 5 times a power of ten apart, 3 to 7 circles) up to the largest value; or a list of values, each drawn as the circle a slice of that value would reach (a value above the largest slice's is left out with warning E0611).",
                lower: { l, node, key, at, g in if let c = l.gridCircles(node, key, path: at.path) { g.circles = c } },
                json: { (circles: GridOptions.Circles) in GridOptions.canonical(circles) }),
        .boolean("labels", \GridOptions.labels, change: .reported(as: "grid", sentence: false),
                 "A tick label on each circle (its value with `format`'s prefix, suffix and locale), just right of 12 o'clock over the wedges."),
    ])

    /// `chart.outline` (`Outline.swift`).
    public static let outline = KeyTable(section: "chart.outline", doc: "A circle around the whole pie.", keys: [
        .number("width", \OutlineOptions.width, min: 0, max: OutlineOptions.maxWidth, exclusiveMin: true, change: .reported(as: "outline", sentence: false),
                "Width of the outline in px; the pie shrinks by it."),
        .color("color", \OutlineOptions.color, change: .reported(as: "outline", sentence: false),
               "Colour of the outline; default: the ink (the outside labels' colour, light or dark with the theme); a colour written here is used in both themes."),
    ])

    /// Changes of these keys show as slices that join or leave Other, and as the Other slice's
    /// own label, colour and value.
    public static let other = KeyTable(section: "chart.other", doc: "Grouping of small slices into \"Other\".", keys: [
        .integer("maxSlices", \OtherOptions.maxSlices, min: 2, max: 100_000, change: .silent,
                 "The most slices drawn, Other included: beyond the maxSlices - 1 largest, slices join Other."),
        .number("minPercent", \OtherOptions.minPercent, min: 0, max: 100, change: .silent, "Slices below this percentage of the total join Other."),
        .text("label", \OtherOptions.label, maxLength: maxText, change: .silent, "Label of the grouped slice."),
        .color("color", \OtherOptions.color, opaque: true, change: .silent, "Colour of the grouped slice (opaque)."),
    ])

    public static let labels = KeyTable(section: "labels", doc: "Text drawn on the slices.", keys: [
        .template("content", \LabelOptions.content, change: .reported(sentence: false), "Label template; tokens: {label} {value} {percent} {id} {total}."),
        .choice("position", \LabelOptions.position, change: .reported(sentence: false),
                "inside: on the slice; outside: beside the pie with leader lines; auto: inside when the text fits in its slice, else outside; none: no labels."),
        .number("minPercent", \LabelOptions.minPercent, min: 0, max: 100, change: .reported(sentence: false), "No label on slices smaller than this percentage."),
        .number("radius", \LabelOptions.radius, min: 0, max: 2, change: .reported(sentence: false),
                "Where inside labels sit across the ring: 0 = its inner edge, 1 = its outer edge; default 0.5 on a donut, 0.62 of the radius on a pie. Above 1 (to 2): every label outside the pie, centred at this many times its radius, without a leader line."),
        .number("size", \LabelOptions.size, min: 6, max: 32, change: .reported(sentence: false),
                "Font size of the labels, in px (6 to 32; default 12, the chart's); the fit of each label inside its slice is measured at this size. Drawn on the inside layer of a `labels` list only (E0363)."),
        .custom("color", \LabelOptions.color, .colorOr(["auto", "slice"]), omitDefault: true, change: .reported(sentence: false),
                "Colour of the label text: auto (black or white on the slice, the ink beside it, light or dark with the theme), slice (outside labels in their slice's colour; a label inside its slice keeps the auto colour, so `slice` is refused with `position: inside`) or an opaque colour, used in both themes (a warning when it contrasts less than 3:1 with what it is drawn on). Leader lines keep `leaderColor`.",
                lower: { l, node, _, at, o in if let c = l.labelColor(node, path: at.path) { o.color = c } },
                json: { (color: LabelColor) in .string(color.text) }),
        .choice("leaderColor", \LabelOptions.leaderColor, change: .reported(sentence: false),
                "Colour of outside labels' leader lines: ink (the colour of the outside labels, light or dark with the theme) or slice (each line in its slice's colour); not with `position: inside` unless a slice keeps its label (`keepLabel`).",
                appliesWhen: { $0.position != .inside }),
        .choice("leader", \LabelOptions.leader, change: .reported(sentence: false),
                "Leader lines of outside labels: line (from the slice to its label) or none; default line, none when `radius` is above 1; not with `position: inside` unless a slice keeps its label (`keepLabel`)."),
        .choice("priority", \LabelOptions.priority, omitDefault: true, change: .reported(sentence: false),
                "Which labels go first when not every label fits beside the chart: value: the smallest slices' first; order: the slices written last first. Labels of slices with `keepLabel: true` go last either way."),
        .choice("orientation", \LabelOptions.orientation, omitDefault: true, change: .reported(sentence: false),
                "How inside labels are turned: horizontal (upright), radial (along the radius through the label, reading outwards; half a turn more on the left half, so never upside down) or tangential (along the arc; half a turn more on the bottom half). The turned box must fit its slice like an upright one. Outside labels stay horizontal: refused with `position: outside` or `none` and with `radius` above 1; under `position: auto` only the labels inside turn."),
        .optionalSection("detail", labelDetail, \LabelOptions.detail, change: .reported(sentence: false),
                         "A second label line under `content` with its own size and colour (e.g. the value under the name)."),
        .optionalSection("box", labelBox, \LabelOptions.box, change: .reported(sentence: false),
                         "A rounded box behind each label, inside its slice or beside the chart at the end of its leader; the box (text and padding) is what must fit in the slice, and beside the chart what stacks, grows the canvas and clears the other labels and leaders. Refused for labels at a distance (`radius` above 1) and with `position: none`."),
    ])

    /// `labels.box` (`LabelBox.swift`): a box behind each label.
    public static let labelBox = KeyTable(section: "labels.box", doc: "A rounded box behind each label.", keys: [
        .color("fill", \LabelBoxOptions.fill, opaque: true, change: .reported(sentence: false),
               "Colour of the box (opaque), used in both themes; an automatic label colour is black or white on it."),
        .color("stroke", \LabelBoxOptions.stroke, opaque: true, change: .reported(sentence: false),
               "Colour of the box's 1 px border (opaque), used in both themes; default: no border."),
        .number("radius", \LabelBoxOptions.radius, min: 0, max: LabelBoxOptions.maxRadius, change: .reported(sentence: false),
                "Px of the rounding of the box's corners (at most half the box's smaller side)."),
        .number("padding", \LabelBoxOptions.padding, min: 0, max: LabelBoxOptions.maxPadding, change: .reported(sentence: false),
                "Px between the text and the box's edge on every side; the box must fit inside the slice."),
    ])

    /// `labels.detail`: lines drawn under each label's `content`, smaller and lighter.
    public static let labelDetail = KeyTable(section: "labels.detail", doc: "A second label line with its own size and colour.", keys: [
        .template("content", \LabelDetailOptions.content, change: .reported(sentence: false),
                  "Template of the detail line(s) under the label; same tokens as labels.content; a line break makes more lines."),
        .number("size", \LabelDetailOptions.size, min: 0.5, max: 2, change: .reported(sentence: false),
                "Font size of the detail as a ratio of the label's font size."),
        .color("color", \LabelDetailOptions.color, opaque: true, change: .reported(sentence: false),
               "Colour of the detail (opaque), used as is (no contrast promised); default: the label's own colour, lighter (75% opacity, more where needed to keep a contrast of 4.5:1)."),
    ])

    public static let format = KeyTable(section: "format", doc: "Number formatting.", keys: [
        .integer("decimals", \FormatOptions.decimals, min: 0, max: 6, change: .reported(sentence: false), "Decimals of {percent}; percentages sum to exactly 100 unless `percent` is `each`."),
        .choice("percent", \FormatOptions.percent, omitDefault: true, change: .reported(sentence: false),
                "How percentages are rounded to `decimals` (labels, legend, tooltips, table, sentences, manifest, `piec diff`): exact-sum: by largest remainder, so the shown percentages sum to exactly 100; each: every share rounded on its own to the nearest, halves up (as Mermaid does), so the sum may be off (33 + 33 + 33 = 99)."),
        .text("prefix", \FormatOptions.prefix, maxLength: 32, change: .reported(sentence: false), "Text before {value}, e.g. \"$\"."),
        .text("suffix", \FormatOptions.suffix, maxLength: 32, change: .reported(sentence: false), "Text after {value}, e.g. \" MB\"."),
        .custom("locale", \FormatOptions.locale, .choice(NumberLocale.codes), change: .reported(sentence: false),
                "Decimal and grouping separators of the numbers shown (labels, legend, tooltips, table, sentences); machine outputs stay plain.",
                lower: { l, node, key, at, f in if let x = l.choice(node, key, path: at.path) { f.locale = NumberLocale.named(x)! } },
                json: { (locale: NumberLocale) in .string(locale.code) }),
    ])

    public static let legend = KeyTable(section: "legend", doc: "The legend beside the chart.", keys: [
        .choice("position", \LegendOptions.position, change: .reported(sentence: false), "Where the legend goes, or none."),
        .text("title", \LegendOptions.title, maxLength: maxText, change: .reported(sentence: false), "A heading above the legend's rows."),
        .choice("values", \LegendOptions.values, omitDefault: true, change: .reported(sentence: false),
                "What each row shows after its label: none, value, percent, or both (value and percent). With `charts:` (the same default, percent): a column per chart, headed by its title, with that chart's value of the row's id (a dash where the chart lacks it)."),
        .custom("order", \LegendOptions.order, .choiceOrList(LegendOrder.words, of: .identifier(allowUnderscore: true)), omitDefault: true,
                change: .reported(sentence: false),
                "Order of the rows: slices (the slices' order, after `chart.sort`; rings inside out), value (largest value first, ties in slice order), reverse (the slices' order backwards; rings: the outer ring first, each ring's slices in their order), or a list of slice ids (those rows first, in that order, the others after them in slice order). Other's row is always last. With `charts:`: slices is the order the charts first hold the ids, value each id's sum over every chart holding it, largest first. The rows are the final chart's: they change at once when a version changes, as they always do.",
                lower: { l, node, _, at, legend in if let order = l.legendOrder(node, path: at.path) { legend.order = order } },
                json: { (order: LegendOrder) in
                    switch order {
                    case .slices: .string("slices")
                    case .value: .string("value")
                    case .reverse: .string("reverse")
                    case .ids(let ids): .array(ids.map(JSONValue.string))
                    }
                }),
    ])

    public static let stroke = KeyTable(section: "theme.stroke", doc: "Separators between slices.", keys: [
        .color("color", \StrokeOptions.color, change: .reported(as: "stroke"), "Colour of the separators."),
        .number("width", \StrokeOptions.width, min: 0, max: 20, change: .reported(as: "stroke"), "Width of the separators in px; 0 = none."),
    ])

    public static let theme = KeyTable(section: "theme", doc: "Colours.", keys: [
        .custom("palette", \ThemeOptions.palette, .palette, change: .reported(sentence: false),
                "A palette name (\(Palettes.names.joined(separator: ", "))) or a list of colours; okabe-ito, tol-bright, tol-muted and viridis are colour-blind-safe; or a mapping `{scale, by, domain, reverse}`: each slice's colour read from a sequential scale by its value (or its place in order), blending between versions as the value changes.",
                lower: { l, node, _, at, th in if let p = l.palette(node, path: at.path) { th.palette = p } },
                json: { (palette: Palette) in
                    switch palette {
                    case .named(let name): .string(name)
                    case .list(let colors): .array(colors.map { .string($0.hex) })
                    case .scale(let scale): scale.canonical
                    }
                }),
        .section("stroke", stroke, \ThemeOptions.stroke, "Separators between slices."),
        .custom("background", \ThemeOptions.background, .color, change: .reported(sentence: false), "Background of the whole chart.",
                lower: { l, node, _, at, th in if let c = l.color(node, path: at.path) { th.background = c.a == 0 ? nil : c } },
                json: { (background: Color?) in .string(background?.hex ?? "transparent") }),
        .choice("dark", \ThemeOptions.dark, change: .reported(sentence: false),
                "auto: a prefers-color-scheme: dark variant (dark background or light text, dark separators and track); none: one look."),
        .custom("darkBackground", \ThemeOptions.darkBackground, .color, change: .reported(sentence: false),
                "Background of the dark variant (default #18181b); also the separators' colour when they match the light background.",
                lower: { l, node, _, at, th in l.darkBackground(node, path: at.path, into: &th) },
                json: { (dark: Color?) in dark.map { .string($0.hex) } }),
        .custom("patterns", \ThemeOptions.patterns, .patterns, change: .reported(sentence: false),
                "auto: a fill pattern over each slice's colour (by the colour's place in the palette), for colour-blind readers and print; none: plain colours; a list of hatch patterns (keys in `theme.patterns[]`, or `none`), one per slice id in order (more entries than slices: warning E0615); or a mapping of slice ids to them, which keeps each pattern with its slice when slices are added or reordered.",
                lower: { l, node, _, at, th in if let p = l.patterns(node, path: at.path) { th.patterns = p } },
                json: { (patterns: PatternMode) in patterns.canonical }),
        .number("opacity", \ThemeOptions.opacity, min: 0.1, max: 1, omitDefault: true, change: .reported(sentence: false),
                "Opacity of the whole pie (slices, separators, track), 0.1 to 1: the page shows through, and the pie stays one layer in motion, so overlaps never darken. Labels, legend swatches follow; texts stay opaque."),
        .choice("children", \ThemeOptions.children, omitDefault: true, change: .reported(sentence: false),
                "A sunburst's children (slices with a `parent`): palette: palette colours by id, like every slice; tint: tints of their parent's colour, lighter in their order (the first child 15% towards white, the last 60%; an only child 30%), so each branch reads as one family; a slice's own `color` still wins. A child that moves to another parent blends to its new tint. E0375 when the spec has no slice with a `parent`."),
        .optionalSection("shadow", shadow, \ThemeOptions.shadow, change: .reported(as: "shadow", sentence: false),
                         "A drop shadow under the whole pie (or every ring): one circle, an annulus for a donut, filled with a radial gradient whose edges fade over `blur`, moved by `offset`; no SVG filter, so every browser and static renderer draws the same pixels. It lies inside the pie's translucent layer (`opacity`), so it never shows through the slices; the pie shrinks so the shadow stays inside the canvas. Under exploded slices the circle is cut along their edges and each exploded slice's sector moves with it (not inside `chart.outline`: E0376); a changed explode slides with its slices (other changes cross-fade). Needs a pie whose outline is otherwise one circle (E0373)."),
    ])

    /// `theme.shadow` (`Shadow.swift`).
    public static let shadow = KeyTable(section: "theme.shadow", doc: "A drop shadow under the whole pie.", keys: [
        .number("blur", \ShadowOptions.blur, min: 0, max: ShadowOptions.maxBlur, change: .reported(as: "shadow", sentence: false),
                "Px on each side of the pie's edge over which the shadow fades (a Gaussian edge of that radius, as CSS's blur radius); 0: a hard edge."),
        .custom("offset", \ShadowOptions.offset, .list(of: .number(min: -ShadowOptions.maxOffset, max: ShadowOptions.maxOffset), minItems: 2, maxItems: 2),
                change: .reported(as: "shadow", sentence: false),
                "`[x, y]`: how far the shadow lies right and down of the pie, in px (-40 to 40).",
                lower: { l, node, key, at, s in if let o = l.shadowOffset(node, key, path: at.path) { s.offset = o } },
                json: { (offset: [Double]) in .array(offset.map { .number($0, decimals: 6) }) }),
        .color("color", \ShadowOptions.color, change: .reported(as: "shadow", sentence: false),
               "Colour of the shadow, alpha included; default: black at 30% (50% in the dark look); a colour written here is used in both looks."),
    ])

    /// One user hatch pattern of `theme.patterns` (a list item or a slice id's value): read
    /// by `Lowering.patterns` (`Hatch.swift`).
    public static let hatch = KeyTable(section: "theme.patterns[]", doc: "One hatch pattern: its marks combine as matplotlib's hatch characters do.", keys: [
        .input("lines", .integer(min: 0, max: 179),
               "Parallel lines at this angle, whole degrees counter-clockwise from horizontal: 0 draws `-`, 45 `/`, 90 `|`, 135 `\\` (E0385 outside 0 to 179)."),
        .input("crosses", .boolean, default: .bool(false),
               "Lines at right angles to `lines` too (with `lines: 45` matplotlib's `x`; alone, at 0 and 90 degrees, its `+`)."),
        .input("dots", .boolean, default: .bool(false), "A dot in the middle of each tile (matplotlib's `.`)."),
        .input("circles", .boolean, default: .bool(false), "A small ring in the middle of each tile (matplotlib's `o`)."),
        .input("density", .integer(min: 1, max: 3), default: .int(1),
               "How close the marks are, 1 to 3 (E0386): every 16, 12 or 8 px, as matplotlib repeats a hatch character; the marks keep their size."),
    ])

    /// `theme.palette` written as a mapping: read by `Lowering.paletteScale` (`PaletteScale.swift`).
    public static let paletteScale = KeyTable(section: "theme.palette", doc: "Colours from a sequential scale, by value or by order.", keys: [
        .input("scale", .choice(PaletteScale.names), required: true,
               "The scale: viridis, magma and plasma (perceptually uniform, colour-blind-safe; matplotlib's) or ColorBrewer's blues, greens, greys, oranges, reds and purples (light to dark)."),
        .input("by", .choice(PaletteScale.By.allCases.map(\.rawValue)), default: .string("value"),
               "value: a slice's value places it on the scale (within `domain`); order: the first slice at the scale's start, the last at its end. A chart of rings takes `order` only (E0382)."),
        .input("domain", .list(of: .number(min: -1e15, max: 1e15), minItems: 2),
               "The values at the scale's two ends, low then high (E0381); values outside take the end colour. Default: the slices' smallest and largest value, so colours shift when those change; fix it to keep a value's colour across versions."),
        .input("reverse", .boolean, default: .bool(false), "Read the scale from its end to its start (dark to light for the ColorBrewer scales)."),
    ])

    public static let animation = KeyTable(section: "animation", doc: "How the chart animates.", keys: [
        .duration("duration", \AnimationOptions.duration, maxMilliseconds: 60_000, change: .reported(sentence: false), "Length of the animation: 800ms or 0.8s."),
        .custom("easing", \AnimationOptions.easing, .easing, change: .reported(sentence: false),
                "A CSS easing: linear, ease, ease-in, ease-out, ease-in-out or cubic-bezier(x1, y1, x2, y2).",
                lower: { l, node, _, at, a in if let x = l.easing(node, path: at.path) { a.easing = x } },
                json: { (easing: Easing) in .string(easing.css) }),
        .duration("delay", \AnimationOptions.delay, maxMilliseconds: 60_000, change: .reported(sentence: false), "Wait before the animation starts."),
        .choice("enter", \AnimationOptions.enter, change: .reported(sentence: false), "How a chart with no previous version appears."),
        .choice("stages", \AnimationOptions.stages, change: .reported(sentence: false),
                "single: every change at once; staged: removals, then resizes and moves, then inserts (each a third of the duration)."),
        .duration("stagger", \AnimationOptions.stagger, maxMilliseconds: 2_000, change: .reported(sentence: false),
                  "Delay between the starts of successive slices' changes, in angular order."),
    ])

    /// A slice's changes are reported per slice (`ChangeReport`): `value` first, then the
    /// other reported keys in this order; a changed `id` is a rename.
    public static let slice = KeyTable(section: "slices[]", doc: "One slice.", keys: [
        // Its default (a slug of the label) is filled in by `Lowering.lowerSlice`.
        .identifier("id", \SliceSpec.id, allowUnderscore: true, documentsDefault: false, change: .silent,
                    "Identity across versions: [a-z0-9][a-z0-9_-]*, unique; default = slug of the label."),
        .text("label", \SliceSpec.label, maxLength: maxText, required: true, "Text shown for the slice."),
        .number("value", \SliceSpec.value, min: 0, max: 1e15, required: true, "The slice's value: a plain decimal number, >= 0."),
        .color("color", \SliceSpec.color, opaque: true, "Colour of the slice (opaque); otherwise from the palette, stable per id."),
        .number("radius", \SliceSpec.radius, min: 0, max: 1, exclusiveMin: true, "Outer radius as a fraction of the chart's (variable-radius pies)."),
        .number("explode", \SliceSpec.explode, min: 0, max: 200, "Moves the slice outward along its middle angle, in px (the canvas grows to keep it inside)."),
        .text("description", \SliceSpec.description, maxLength: maxText, "Description of the slice: index.html shows it as a second line of the slice's tooltip, in its aria-label and in a column of the data table."),
        .custom("renamedFrom", \SliceSpec.renamedFrom, .list(of: .identifier(allowUnderscore: true), minItems: 1), change: .silent,
                "Ids this slice had in earlier versions, so a rename animates as an update.",
                lower: { l, node, _, at, s in s.renamedFrom = l.renamedFrom(node, path: at.path) },
                json: { (ids: [String]) in ids.isEmpty ? nil : .array(ids.map(JSONValue.string)) }),
        .choice("pattern", \SliceSpec.pattern, "Fill pattern over the slice's colour; overrides theme.patterns."),
        .color("labelColor", \SliceSpec.labelColor, opaque: true,
               "Colour of this slice's label text (opaque), inside or outside; overrides `labels.color`."),
        .boolean("keepLabel", \SliceSpec.keepLabel, omitDefault: true, change: .reported(sentence: false),
                 "Keep this slice's label: shown even under `labels.minPercent`, outside with a leader line when it does not fit inside (also with `position: inside`), and the last to be left out when not every label fits (a warning when it still cannot be placed)."),
        .identifier("parent", \SliceSpec.parent, allowUnderscore: true, change: .reported(sentence: false),
                    "A chart of rings (a sunburst): the id of a slice of the ring inside; this slice and its siblings share that slice's angle in proportion to their values (warning E0616 when they add up to another value than their parent's). Every slice of a ring has a parent or none does, and every slice of the ring inside has a child."),
    ])

    /// A slice of a ring, as the schema and the key reference show it: the keys of `slices[]`
    /// but the two a ring's band decides. A ring's slices are lowered by `slice` all the same,
    /// so a `radius` or `explode` written there gets E0318, which says why.
    public static let ringSlice = KeyTable(section: "rings[].slices[]", doc: "One slice of a ring: the keys of `slices[]` but `radius` and `explode`, which the ring's band decides.",
                                           keys: slice.keys.filter { $0.name != "radius" && $0.name != "explode" })

    /// One ring of `rings:`. Its slices are `slices[]` items (same checks; `ringSlice`'s keys).
    public static let ring = KeyTable(section: "rings[]", doc: "One ring of concentric rings.", keys: [
        // Its default (a slug of the label) is filled in by `Lowering.lowerRing`.
        .identifier("id", \RingSpec.id, allowUnderscore: true, documentsDefault: false, change: .silent,
                    "Identity across versions: [a-z0-9][a-z0-9_-]*, unique among the rings; default = slug of the label."),
        .text("label", \RingSpec.label, maxLength: maxText, required: true, change: .silent,
              "Name of the ring: the legend, tooltips and data table show it before each of its slices (`Ring: Slice`); an empty label shows the slice's alone."),
        // Slices are reported one by one (`ChangeReport`, as `ring/slice`).
        .custom("slices", \RingSpec.slices, .list(of: .object(ringSlice), minItems: 1), required: true, documentsDefault: false, change: .silent,
                "The ring's slices, in order: items as in the top-level `slices` but `radius` and `explode`; ids unique within the ring.",
                lower: { l, node, _, _, r in r.slices = l.lowerSlices(node, emptyAllowed: false) },
                json: { (slices: [SliceSpec]) in .array(slices.map { .object(Keys.slice.canonical($0)) }) },
                write: { r, name, j in slice.writeCanonicalList(r.pointee.slices, named: name, into: &j) }),
        .custom("band", \RingSpec.band, .list(of: .number(min: 0, max: 1), minItems: 2), documentsDefault: false, change: .silent,
                "The ring's own band, `[inner, outer]`: its radii as fractions of the chart's outer radius (0 = centre, 1 = rim), inner below outer, outside the hole (`chart.innerRadius`) and beyond the band of the ring inside; every ring has a band or none does (then the bands are equal). `chart.ringGap` is taken out where two bands touch, half from each. Bands that change between versions move.",
                lower: { l, node, _, at, r in r.band = l.ringBand(node, path: at.path) },
                json: { (band: [Double]?) in band.map { .array($0.map { JSONValue.number($0) }) } }),
    ])

    /// Read by `Lowering.lowerData` (the columns to take), not stored: the canonical spec holds
    /// the slices read from the file.
    public static let data = KeyTable(section: "data", doc: "Slices read from a CSV or JSON file: one slice per row.", keys: [
        .input("file", .text(maxLength: 1_024), required: true,
               "Path of a .csv (header row required) or .json (an array of objects) file, relative to the spec, inside the spec's repository."),
        .input("label", .text(maxLength: 256), default: .string("label"), "Column holding each slice's label."),
        .input("value", .text(maxLength: 256), default: .string("value"), "Column holding each slice's value (a plain decimal number, >= 0)."),
        .input("id", .text(maxLength: 256), "Column holding each slice's id; default = slug of the label."),
        .input("color", .text(maxLength: 256), "Column holding each slice's colour (an empty cell: from the palette)."),
        .input("description", .text(maxLength: 256), "Column holding each slice's description (an empty cell: none); see the slice key `description`."),
        .input("aggregate", .choice(["none", "sum", "count"]), default: .string("none"),
               "How rows become slices: none: one slice per row; sum: rows with the same id (the `id` column, else the label's slug) are one slice whose value is the sum of theirs; count: one slice per id whose value is its number of rows (no value column is read). A summed or counted slice's description says how many rows it holds."),
        .input("bin", .object(dataBin),
               "Slices are the bins of a numeric column (a histogram as a pie): one slice per bin that holds rows, in order, labelled `from–to`, its value the number of rows; `label`, `value`, `id`, `color` and `aggregate` are not read with it."),
    ])

    /// `data.bin`: read by `Lowering.lowerData` like the rest of `data`.
    public static let dataBin = KeyTable(section: "data.bin", doc: "Bins of a numeric column: one slice per bin holding rows.", keys: [
        .input("field", .text(maxLength: 256), required: true, "Column holding the numbers to bin (plain decimals)."),
        .input("step", .number(min: 0, max: 1e15, exclusiveMin: true), required: true,
               "Width of a bin: bins start at the multiples of `step` (0, 10, 20, ... for 10); a number on a boundary goes to the bin it starts."),
    ])

    public static let root = KeyTable(section: "", doc: "A piec chart spec.", keys: [
        .custom("piec", \ChartSpec.version, .integer(min: 1, max: 1), required: true, change: .silent, "Spec format version; this piec reads version 1.",
                lower: { l, node, key, _, spec in l.lowerVersion(node, key) },
                json: { (version: Int) in .int(version) }),
        // The id names the bundle: another id is another bundle, not a change of this one.
        .identifier("id", \ChartSpec.id, allowUnderscore: false, documentsDefault: false, change: .silent,
                    "Names the bundle folder: [a-z0-9-], not beginning or ending with -, at most 64; default = the file stem."),
        .text("title", \ChartSpec.title, maxLength: maxText, change: .reported(sentence: false),
              "Title of the chart: its accessible name, drawn above the chart unless chart.showTitle is false."),
        .text("subtitle", \ChartSpec.subtitle, maxLength: maxText, change: .reported(sentence: false), "A second, smaller line under the title (drawn with it)."),
        .text("description", \ChartSpec.description, maxLength: maxText, change: .reported(sentence: false), "Accessible description of the chart."),
        .section("chart", chart, \ChartSpec.chart, "Geometry."),
        .labelLayers("labels", labels, "Slice labels: one mapping of these keys, or a list of label layers (each such a mapping) laid out together, matched by their place in the list between versions: two layers, one beside the pie (every key but size, E0363) and one inside the slices (its content, minPercent, radius, size and color; E0358)."),
        .section("format", format, \ChartSpec.format, "Number formatting."),
        .section("legend", legend, \ChartSpec.legend, "Legend."),
        .section("theme", theme, \ChartSpec.theme, "Colours."),
        .section("animation", animation, \ChartSpec.animation, "Animation."),
        // Slices are reported one by one (`ChangeReport`).
        // Left out of a chart of rings, which holds its slices in `rings`; `[]` in an empty chart.
        .make(ChartSpec.self, "slices", .list(of: .object(slice), minItems: 0), documentsDefault: false, change: .silent,
              "The slices, in order (or `data`: exactly one of the two); `[]` draws an empty chart (`chart.empty`).",
              lower: { l, node, _, _, spec in spec.slices = l.lowerSlices(node, emptyAllowed: true) },
              json: { spec in spec.slices.isEmpty && (!spec.rings.isEmpty || !spec.charts.isEmpty) ? nil : .array(spec.slices.map { .object(Keys.slice.canonical($0)) }) },
              write: { spec, name, j in
                  if spec.pointee.slices.isEmpty {
                      guard spec.pointee.rings.isEmpty, spec.pointee.charts.isEmpty else { return }
                      j.key(name)
                      j.value(.array([]))
                  } else {
                      slice.writeCanonicalList(spec.pointee.slices, named: name, into: &j)
                  }
              }),
        // Read by `Lowering.lowerData`; the canonical spec holds the slices it read.
        .input("data", .object(data), "Slices from a CSV or JSON file, one per row, instead of `slices` (exactly one of the two)."),
        // Instead of `slices`/`data`; its slices are reported one by one (`ChangeReport`).
        .custom("rings", \ChartSpec.rings, .list(of: .object(ring), minItems: 1), documentsDefault: false, change: .silent,
                "Concentric rings, inside out, instead of `slices`/`data`: each ring tiles its own sweep with its own slices (a ring with `parent`s: its parents' angles) in its own `band`, else an equal band between the hole and the outer radius.",
                lower: { l, node, _, _, spec in spec.rings = l.lowerRings(node) },
                json: { (rings: [RingSpec]) in rings.isEmpty ? nil : .array(rings.map { .object(Keys.ring.canonical($0)) }) },
                write: { spec, name, j in ring.writeCanonicalList(spec.pointee.rings, named: name, into: &j) }),
        // Instead of `slices`/`data`/`rings`: each chart is lowered as a spec of the shared
        // keys and its own (`Facets.swift`); its slices are reported chart by chart.
        .custom("charts", \ChartSpec.charts, .list(of: .object(facet), minItems: 1), documentsDefault: false, change: .silent,
                "Several charts in one bundle, instead of `slices`/`data`/`rings`: each with its own `id`, `title` and `slices` or `rings`, placed in a grid (`layout`) under the one title, legend (one colour per slice id across the charts) and description; every other key is shared by all of them.",
                lower: { l, node, _, _, spec in spec.charts = l.lowerFacets(node) },
                json: { (charts: [FacetSpec]) in charts.isEmpty ? nil : .array(charts.map { .object(Keys.facet.canonical($0)) }) }),
        .optionalSection("layout", facetLayout, \ChartSpec.layout, change: .silent,
                         "With `charts`: how the charts are placed in the bundle."),
    ])

    /// Every table, for "belongs in `chart`" hints.
    public static let all: [KeyTable] = [root, chart, rose, grid, other, outline, labels, labelDetail, labelBox, format, legend, theme, shadow, paletteScale, hatch, stroke, animation, slice, data, dataBin, ring, facet, facetLayout]

    /// Keys of PRODUCT's full language that this version does not implement yet: rejected
    /// (never accepted and ignored) with a message that says so.
    public static let planned: [String: String] = [
        "width": "chart", "height": "chart",
    ]
}
