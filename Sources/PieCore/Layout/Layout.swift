import PieDiagnostics
import PieSpec

/// Layout: a checked spec -> angles, radii, colours, percentages, label texts and the canvas.
public enum Layout {
    /// Space between the pie's square edge and its outer radius (room for the hover lift),
    /// in px, on top of the separator width.
    public static let pieMargin = 9.0
    public static let fontSize = 12.0

    /// Lays out `spec`. Pure and linear in the number of slices (plus a sort when asked).
    /// `pinned` maps slice ids to the colour they had in the previous version: a slice keeps
    /// its colour across versions (an explicit `color` still wins), and new slices take
    /// palette colours that no pinned slice uses. `wholeTurn`: size the canvas for the whole
    /// circle, not only the sweep (a transition whose start angle, sweep or direction changes
    /// must hold every in-between chart, not only the final one). `leaving`: px of outside label
    /// text the columns hold at least (the widest label of a slice the previous version drew
    /// beside the pie and this one removes, `Transition.leavingLabelWidth`), so a leaving
    /// label fades out whole, as the old version drew it. `legendTable`: the shared legend of
    /// `charts:` with `legend.values` (its columns, `FacetWriter`).
    public static func layout(_ source: ChartSpec, pinned: [String: Color] = [:], wholeTurn: Bool = false,
                              leaving: Double = 0, legendTable: LegendTable? = nil) -> ChartLayout {
        let grouping = OtherGrouping.group(source)
        // Rings: the whole chart is the flattened one (legend, tooltips, table); each ring is
        // placed in its band (`RingLayout`).
        let flat = source.rings.isEmpty ? nil : source.flattened
        let spec = flat ?? grouping.spec
        let chart = spec.chart
        let size = max(chart.size, 1)
        // Exploded slices move outward: the pie shrinks so they stay inside the canvas.
        let explode = spec.slices.map { max($0.explode ?? 0, 0) }.max() ?? 0
        // A shadow past the margin: the pie shrinks so it stays inside the canvas.
        let shadowReach = max(ShadowLayout.reach(spec.theme.shadow) - pieMargin, 0)
        let rim = max(size / 2 - pieMargin - max(spec.theme.stroke.width, 0) - explode - shadowReach, 1)
        // `chart.outline` takes the band inside the rim: the pie shrinks, nothing else moves.
        let outline = OutlineLayout.make(chart.outline, rim: rim)
        let outer = rim - (outline?.width ?? 0)
        let inner = min(max(chart.innerRadius, 0), 1) * outer
        var slices: [SliceLayout]
        var rings: [RingBand] = []
        if let flat {
            (slices, rings) = RingLayout.place(source, flat: flat, outer: outer, inner: inner, pinned: pinned)
        } else {
            slices = placeSlices(spec, outer: outer, inner: inner, pinned: pinned)
            // Read once: `grouping.sourceIndex` inside the loop copied the whole grouping (spec
            // included) per slice.
            let sourceIndex = grouping.sourceIndex
            for k in slices.indices { slices[k].specIndex = sourceIndex[slices[k].specIndex] }
        }
        for k in slices.indices { slices[k].labelPriority = LabelRank.priority(of: slices[k], spec.labels.priority) }
        let layer = (flat == nil ? spec.insideLayer : nil).map {
            InsideLayer.place($0, slices: &slices, spec: spec, sign: chart.direction == .clockwise ? 1 : -1, fontSize: fontSize)
        }
        let equal = slices.allSatisfy { !$0.isVisible || $0.outerRadius == outer }
        let rows = LegendRows.rows(slices, spec: flat ?? source, order: spec.legend.order, rings: rings, hasOther: grouping.group != nil)
        let legend = LegendPlacer.measure(slices, rows: rows, spec: spec, fontSize: fontSize, table: legendTable)
        let sign = chart.direction == .clockwise ? 1.0 : -1.0
        let hole = CenterText.Hole(radius: inner, start: start(chart), sweep: sweep(chart), sign: sign)
        let center = slices.isEmpty ? EmptyState.text(chart.empty, hole: hole, outer: outer)
            : CenterText.make(chart.center, slices: slices, format: spec.format, hole: hole)
        let hoverCenters = CenterText.hover(chart.hoverCenter, slices: slices, format: spec.format, hole: hole)
        let box = PieBox.fit(size: size, outer: rim, inner: inner, start: start(chart), sweep: wholeTurn ? 360 : sweep(chart), sign: sign)
            .including(center).including(hoverCenters)
        // Slices of differing radii: outside labels stand at their own rims (not past an outline).
        let wedges = outline == nil ? LabelWedges(slices.map { $0.geometry.exploded($0.explode) }, sign: sign) : nil
        let labelled = LabelRoomPlanner.padded(box, slices: slices, position: labelPosition(spec.labels), outer: rim, explode: explode,
                                               sign: sign, size: size, fontSize: fontSize, distance: spec.labels.distance,
                                               leaders: spec.labels.drawsLeaders,
                                               sweep: (start(chart), wholeTurn ? 360 : sweep(chart)), wedges: wedges,
                                               labelBox: spec.labels.box?.reach ?? 0, leaving: leaving)
        if let room = labelled.room {
            OutsideLabels.leaveOut(&slices, room: room, outer: rim, sign: sign, fontSize: fontSize, wedges: wedges)
        }
        var canvas = LegendPlacer.place(legend, box: labelled.box)
        let title = TitleBlock.make(spec, canvasWidth: canvas.width)
        if let title { canvas.makeRoom(for: title) }
        let used = rings.isEmpty ? slices.last.map(\.endAngle) ?? start(chart)
            : rings.map { $0.slices.last?.endAngle ?? start(chart) }.max(by: { abs($0 - start(chart)) < abs($1 - start(chart)) }) ?? start(chart)
        var result = ChartLayout(
            id: spec.id, width: canvas.width, height: canvas.height,
            cx: canvas.pieX + labelled.box.centerX, cy: canvas.pieY + labelled.box.centerY,
            outerRadius: outer, innerRadius: inner,
            startAngle: start(chart), sweep: sweep(chart), direction: chart.direction,
            usedEndAngle: used, background: visible(spec.theme.background),
            track: slices.isEmpty ? EmptyState.track(chart, outline: outline, background: visible(spec.theme.background)) : visible(chart.track),
            stroke: spec.theme.stroke, slices: slices, equalRadii: equal,
            legend: canvas.legend, fontSize: fontSize)
        result.title = title
        result.labelPosition = labelPosition(spec.labels)
        result.labelPriority = spec.labels.priority
        result.labelFraction = spec.labels.insideFraction
        result.labelOrientation = spec.labels.orientation
        result.labelDistance = spec.labels.distance
        result.leaderColor = spec.labels.leaderColor
        result.labelColor = spec.labels.color
        result.labelBox = spec.labels.box
        result.drawsLeaders = spec.labels.drawsLeaders
        result.labelRoom = labelled.room
        result.center = center
        result.hoverCenters = hoverCenters
        result.ink = OutsideLabels.ink(on: result.background)
        result.halfGap = PaddedWedge.halfGap(padAngle: max(chart.padAngle, 0), radius: outer)
        result.cornerRadius = max(chart.cornerRadius, 0)
        Patterns.assign(flat ?? source, to: &result)
        result.rings = rings
        result.dark = DarkTheme.make(spec.theme, layout: result)
        PieOpacity.apply(spec.theme.opacity, to: &result)
        result.locale = spec.format.locale
        result.other = grouping.group
        result.outline = outline
        result.shadow = ShadowLayout.make(spec.theme.shadow, outer: outline?.outerEdge ?? outer, inner: inner)
        result.insideLayer = layer
        // Tick labels give way to the outside labels' texts and leaders and to the inside
        // labels (`InsideLabelBoxes`: as drawn, turned ones by their envelopes).
        let placed = result
        result.grid = GridLayout.make(spec, slices: slices, outer: outer, inner: inner) {
            let (texts, leaders) = labelled.room.map { LeaderClearance.atRest(slices, room: $0, outer: rim, sign: sign, fontSize: fontSize, wedges: wedges) } ?? ([], [])
            return (texts + InsideLabelBoxes.atRest(placed), leaders)
        }
        return result
    }

    /// `labels.position` as drawn: with `labels.radius` above 1 every label is outside.
    static func labelPosition(_ labels: LabelOptions) -> LabelPosition {
        labels.distance != nil && labels.position != .none ? .outside : labels.position
    }

    static func sweep(_ chart: ChartOptions) -> Double { min(max(chart.sweep, 0), 360) }

    /// Where the first slice starts, in chart angles (degrees from 12 o'clock in the chart's
    /// direction). `chart.startAngle` is absolute, clockwise from 12 o'clock, in both
    /// directions (as in d3, ECharts, matplotlib and Chart.js); a counterclockwise chart is
    /// drawn mirrored, so its chart angle is the negated screen angle.
    static func start(_ chart: ChartOptions) -> Double {
        chart.direction == .clockwise ? chart.startAngle : -chart.startAngle
    }

    static func visible(_ color: Color?) -> Color? {
        guard let color, color.a > 0 else { return nil }
        return color
    }

    /// Spec indices in angular order: input order, or a stable sort by value.
    static func order(_ slices: [SliceSpec], sort: SortOrder) -> [Int] {
        let indices = Array(slices.indices)
        switch sort {
        case .none: return indices
        case .ascending:
            return indices.sorted { a, b in
                slices[a].value != slices[b].value ? slices[a].value < slices[b].value : a < b
            }
        case .descending:
            return indices.sorted { a, b in
                slices[a].value != slices[b].value ? slices[a].value > slices[b].value : a < b
            }
        }
    }

    /// Final colour of each slice in spec order: explicit `color`, else the palette by id.
    static func colors(_ spec: ChartSpec, pinned: [String: Color] = [:]) -> [Color] {
        var colors = Palettes.assign(ids: spec.slices.map(\.id), values: spec.slices.map(\.value), palette: spec.theme.palette, pinned: pinned)
        for (i, slice) in spec.slices.enumerated() {
            if let c = slice.color { colors[i] = c }
        }
        return colors
    }

    /// `outside`: a label may go outside the pie (not on a ring, whose labels stay in its band).
    /// `spans` (a sunburst's ring with parents, `Sunburst.spans`): each slice's angles by spec
    /// index, and the order of the slices, given instead of shared out by value.
    static func placeSlices(_ spec: ChartSpec, outer: Double, inner: Double, pinned: [String: Color],
                            outside: Bool = true, spans: (order: [Int], angles: [(start: Double, end: Double)])? = nil) -> [SliceLayout] {
        let chart = spec.chart
        let order = spans?.order ?? order(spec.slices, sort: chart.sort)
        let colors = colors(spec, pinned: pinned)
        let values = order.map { max(spec.slices[$0].value, 0) }
        let sum = values.reduce(0, +)
        let largest = chart.rose == .none ? 0 : values.max() ?? 0
        let denominator = max(chart.total ?? sum, sum)
        let units = Percentages.units(values, denominator: denominator, decimals: spec.format.decimals, rounding: spec.format.percent)
        let sweep = sweep(chart)
        let widths = chart.minAngle > 0 && denominator > 0
            ? MinAngle.widths(values, arc: sweep * sum / denominator, minAngle: chart.minAngle) : nil
        var angle = 0.0
        var result: [SliceLayout] = []
        result.reserveCapacity(order.count)
        var cumulative = 0.0
        let sign = chart.direction == .clockwise ? 1.0 : -1.0
        let first = start(chart)
        for (k, index) in order.enumerated() {
            let s = spec.slices[index]
            var start = first + (denominator > 0 ? sweep * cumulative / denominator : 0)
            cumulative += values[k]
            var end = first + (denominator > 0 ? sweep * cumulative / denominator : 0)
            if let widths {
                start = first + angle
                angle += widths[k]
                end = first + angle
            }
            if chart.total == nil || denominator == sum, k == order.count - 1, sum > 0 {
                end = first + sweep
            }
            if let spans { (start, end) = spans.angles[index] }
            if values[k] == 0 { end = start }
            // A slice whose own radius is below a donut's hole has no ring: its outer radius is
            // the hole's (width 0), never less, so no later width is negative.
            var outerRadius = max(min(max(s.radius ?? 1, 0), 1) * outer, inner)
            if chart.rose != .none {
                if chart.rose.equalAngles { (start, end) = RoseGeometry.angles(k, of: order.count, first: first, sweep: sweep) }
                outerRadius = RoseGeometry.radius(values[k], largest: largest, mode: chart.rose, outer: outer, inner: inner)
            }
            let percentText = Percentages.text(units: units[k], decimals: spec.format.decimals)
            var slice = SliceLayout(
                id: s.id, label: s.label, value: values[k], description: s.description, specIndex: index,
                percentText: percentText, color: colors[index], textColor: TextInk.on(colors[index]),
                startAngle: start, endAngle: max(end, start),
                outerRadius: outerRadius, innerRadius: inner, labelText: nil)
            slice.setLabelColor(s.labelColor ?? spec.labels.color.written, box: spec.labels.box?.fill)
            slice.explode = max(s.explode ?? 0, 0)
            slice.keepLabel = s.keepLabel
            let share = denominator > 0 ? values[k] / denominator * 100 : 0
            // A kept label is shown under `minPercent` too, and outside when it fits nowhere inside.
            if spec.labels.position != .none, slice.isVisible, share >= spec.labels.minPercent || s.keepLabel {
                let text = labelText(spec, slice: slice, total: sum)
                switch LabelFit.mode(labelPosition(spec.labels), text: text, geometry: slice.geometry, fontSize: fontSize, sign: sign,
                                     fraction: spec.labels.insideFraction, keep: s.keepLabel && outside, orientation: spec.labels.orientation,
                                     box: spec.labels.box?.reach ?? 0) {
                case .inside: slice.labelText = text
                case .outside: (slice.labelText, slice.labelOutside) = (text, true)
                case .hidden: slice.labelLeftOut = .doesNotFit
                }
            }
            result.append(slice)
        }
        return result
    }

    /// Fills a label template: `{value}` = prefix + number + suffix, `{percent}` = fixed + `%`,
    /// Both numbers in `format.locale`; `{total}` = prefix + `total` + suffix. A `{value}` or
    /// `{total}` whose template text already says the unit goes without it: the suffix is left
    /// out when the text right after the token begins with it (`"{total} GB"` with
    /// `suffix: " GB"` reads `315 GB`, not `315 GB GB`), the prefix when the text right before
    /// ends with it (spaces around either aside).
    public static func render(_ template: LabelTemplate, slice: SliceLayout, format: FormatOptions, total: Double = 0) -> String {
        var out = ""
        let parts = template.parts
        for (i, part) in parts.enumerated() {
            let number: String
            switch part {
            case .text(let t): out += t; continue
            case .token(.label): out += slice.label; continue
            case .token(.id): out += slice.id; continue
            case .token(.percent): out += format.locale.percent(plain: slice.percentText); continue
            case .token(.value): number = format.locale.format(plain: slice.valueText)
            case .token(.total): number = format.locale.format(plain: formatNumber(total))
            }
            let before = i > 0 ? parts[i - 1] : nil, after = i + 1 < parts.count ? parts[i + 1] : nil
            out += (said(format.prefix, before, atEnd: true) ? "" : format.prefix) + number
                + (said(format.suffix, after, atEnd: false) ? "" : format.suffix)
        }
        return out
    }

    /// Whether template text `part` already says `unit` where the number meets it: at its end
    /// (a prefix, text before the token) or its start (a suffix, text after).
    private static func said(_ unit: String, _ part: LabelTemplate.Part?, atEnd: Bool) -> Bool {
        let u = unit.trimmingSpaces
        guard !u.isEmpty, case .text(let t)? = part else { return false }
        return atEnd ? t.trimmingSpaces.hasSuffix(u) : t.trimmingSpaces.hasPrefix(u)
    }

    /// `{value}` as people read it: prefix + the value in `format.locale` + suffix (`1.234,5 €`).
    public static func shownValue(_ slice: SliceLayout, format: FormatOptions) -> String {
        format.prefix + format.locale.format(plain: slice.valueText) + format.suffix
    }
}

extension String {
    /// The string without spaces (U+0020, no-break and narrow no-break spaces) at either end.
    var trimmingSpaces: Substring {
        let space: (Character) -> Bool = { $0 == " " || $0 == "\u{A0}" || $0 == "\u{202F}" }
        var s = Substring(self)
        while let c = s.first, space(c) { s = s.dropFirst() }
        while let c = s.last, space(c) { s = s.dropLast() }
        return s
    }
}
