import PieDiagnostics
import PieSpec

/// The labels a chart leaves out, as warnings located at the slices (never errors: the chart
/// is drawn, and the legend, tooltips and data table still list every slice):
/// - E0603: `inside` (or a ring) and the text does not fit inside its slice;
/// - E0604: `outside` or `auto` and more labels than fit beside the chart: the labels first in
///   `LabelRank` order (`labels.priority`) keep theirs.
/// Kept labels (`keepLabel`) left out are reported one by one (`KeptLabelWarnings`, E0351).
/// One warning per kind and chart, at the first slice left out (its `label`), with a label
/// at each further one and their names in a note: the `maxNamed` largest, in spec order (a
/// chart hides labels under `labels.minPercent`, 3 % by default, so at most 33 slices).
public enum LabelWarnings {
    public static let doesNotFit = DiagnosticCode("E0603")
    public static let noRoom = DiagnosticCode("E0604")
    static let maxNamed = 40

    public static let catalog: [CodeInfo] = [
        CodeInfo("E0603", "a label does not fit inside its slice", """
            With `labels.position: inside` (and on rings, whose labels are always inside), \
            piec draws a label only when its whole text box fits inside its slice: between \
            the slice's two edges and its inner and outer radius, at its middle angle or, \
            slid along the slice, at any other. A label that fits nowhere in its slice is \
            left out rather than drawn over the neighbouring slices; the legend, the tooltips \
            and the data table still show the slice. Use `labels.position: auto` to draw such \
            labels outside, shorten `labels.content`, or set `labels.minPercent` to leave small \
            slices unlabelled on purpose.
            """),
        CodeInfo("E0604", "outside labels do not fit beside the chart", """
            With `labels.position: outside` or `auto`, labels beside the chart are stacked one \
            line apart on each side; the canvas grows for them up to the chart's size again. \
            When more labels than that fit on a side, the labels of slices with \
            `keepLabel: true` stay, then the largest slices' (or, with `labels.priority: order`, \
            the slices written first) and the others are left out (the legend, the tooltips and the data table still show \
            them). Raise `labels.minPercent`, group small slices with `chart.other`, or make \
            `chart.size` larger. With `labels.radius` above 1 each label stands on its slice's \
            middle angle; one that would overlap a label placed before it is moved outward up to \
            three half lines, and is left out when that does not clear it.
            """),
    ]

    /// Where the warnings point: each slice's `label` (or the whole item) in spec order, rings'
    /// slices one ring after the other, and `chart.other`. Kept from loading to generation
    /// instead of the whole `SpecLocations` (100,000 slices: 3 MB rather than 23 MB).
    public struct Locations: Sendable {
        var slices: [SourceRange?] = []
        var other: SourceRange?
        /// `labels.color`, and the slices' own `labelColor` by spec index (few have one).
        var labelColor: SourceRange?
        var labelColors: [Int: SourceRange] = [:]
        /// Slices' `keepLabel` values by spec index (E0351).
        var keeps: [Int: SourceRange] = [:]

        public init() {}

        public init(_ locations: SpecLocations) {
            slices = locations.slices.map { $0.field("label")?.value ?? $0.item }
            other = locations.value("chart.other")
            labelColor = locations.value("labels.color")
            for (i, s) in locations.slices.enumerated() {
                if let range = s.field("labelColor")?.value { labelColors[i] = range }
                if let range = s.field("keepLabel")?.value { keeps[i] = range }
            }
        }

        func labelColor(_ index: Int) -> SourceRange? { labelColors[index] }

        func keep(_ index: Int) -> SourceRange? { keeps[index] }

        func slice(_ index: Int) -> SourceRange? { index >= 0 && index < slices.count ? slices[index] : nil }
    }

    /// The warnings for `layout`'s left-out labels, located with `locations`.
    public static func make(_ layout: ChartLayout, locations: Locations) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for reason in [LabelOmission.doesNotFit, .noRoom] {
            // Kept labels left out have their own warning each (`KeptLabelWarnings`).
            let all = layout.slices.indices.filter { layout.slices[$0].labelLeftOut == reason && !layout.slices[$0].keepLabel }
            let largest = all.count <= maxNamed ? all
                : all.sorted { layout.slices[$0].value != layout.slices[$1].value ? layout.slices[$0].value > layout.slices[$1].value : $0 < $1 }
                    .prefix(maxNamed).sorted { layout.slices[$0].specIndex < layout.slices[$1].specIndex }
            let left = largest.map { layout.slices[$0] }
            guard let first = left.first else { continue }
            let place = { (s: SliceLayout) in
                s.id == OtherOptions.id && layout.other != nil ? locations.other : locations.slice(s.specIndex)
            }
            let labels = left.dropFirst().compactMap { s in
                place(s).map { DiagnosticLabel(range: $0, message: "`\(name(s))` left out too") }
            }
            var names = left.map { "`\(name($0))`" }.joined(separator: ", ")
            if all.count > left.count { names += " and \(all.count - left.count) smaller ones" }
            let rings = !layout.rings.isEmpty
            let message: String, help: String
            switch reason {
            case .doesNotFit:
                message = all.count == 1 ? "the label of `\(name(first))` does not fit inside its slice and is left out"
                    : "\(all.count) labels do not fit inside their slices and are left out"
                help = rings ? "shorten `labels.content`, or set `labels.minPercent` to leave small slices unlabelled on purpose"
                    : "`labels.position: auto` draws labels that do not fit outside; or shorten `labels.content`"
            case .noRoom:
                let around = layout.labelDistance == nil ? "beside" : "around"
                message = all.count == 1 ? "the label of `\(name(first))` does not fit \(around) the chart and is left out"
                    : "\(all.count) labels do not fit \(around) the chart and are left out"
                help = layout.labelDistance == nil ? "raise `labels.minPercent`, group small slices with `chart.other`, or make `chart.size` larger"
                    : "raise `labels.minPercent`, group small slices with `chart.other`, or set `labels.radius` to 1 or less (labels beside the chart)"
            }
            let kept = layout.slices.contains(where: \.keepLabel) ? "kept labels and " : ""
            let keepers = layout.labelPriority == .order ? "the slices written first" : "the largest slices"
            let note = (reason == .noRoom ? "\(kept)\(keepers) keep their labels; left out: " : "left out: ") + names
                + " (\(layout.stillShownBy) still show them)"
            result.append(.warning(reason == .doesNotFit ? doesNotFit : noRoom, message, at: place(first),
                                   labels: labels, notes: [note], help: help))
        }
        return result + KeptLabelWarnings.make(layout, locations: locations) + LabelColorWarnings.make(layout, locations: locations)
    }

    /// A slice's label on one line, at most 40 characters, control characters replaced.
    static func name(_ s: SliceLayout) -> String {
        let line = TextLines.joined(s.label)
        let short = line.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(line.unicodeScalars.prefix(40))) + "…" : line
        return String(String.UnicodeScalarView(short.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }
}

extension ChartLayout {
    /// What still shows a slice whose label is left out, as the warnings' notes say it: the
    /// legend only when one is drawn (`legend.position: none` draws none).
    var stillShownBy: String { legend.position == .none ? "the tooltips and data table" : "the legend, tooltips and data table" }
}
