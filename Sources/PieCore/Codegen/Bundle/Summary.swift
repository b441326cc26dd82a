import PieDiagnostics
import PieSpec

/// Plain-language text about a chart: the SVG `<desc>`, tooltips, and the "what changed"
/// sentence of index.html.
public enum Summary {
    /// Slices named in a generated description before "and N more".
    public static let describedSlices = 12

    /// The spec's description, or "Title: Swift 42.5%, Go 12.0%, and 3 more." in slice order
    /// ("Title: the chart is empty." without slices).
    public static func description(_ spec: ChartSpec, layout: ChartLayout) -> String {
        if let d = spec.description, !d.isEmpty { return d }
        var text = (spec.title.flatMap { $0.isEmpty ? nil : $0 } ?? spec.id) + ":"
        if layout.isEmpty { return text + " the chart is empty." }
        // Appended piece by piece (no temporary String per slice).
        for (i, slice) in layout.slices.prefix(describedSlices).enumerated() {
            text += i == 0 ? " " : ", "
            text += TextLines.joined(slice.label)
            text += " "
            text += spec.format.locale.format(plain: slice.percentText)
            text += spec.format.locale.percentSign
        }
        if layout.slices.count > describedSlices {
            text += ", and " + String(layout.slices.count - describedSlices) + " more"
        }
        return text + "."
    }

    /// `{value}` text: prefix + number + suffix.
    public static func value(_ slice: SliceLayout, format: FormatOptions) -> String {
        Layout.shownValue(slice, format: format)
    }

    /// "Swift: 42.5 (42.5%)".
    /// index.html's tooltip of a slice: its line and, under it, the slice's description.
    static func tooltipWithDetail(_ slice: SliceLayout, format: FormatOptions) -> Tooltip {
        Tooltip(line: tooltip(slice, format: format), detail: slice.description.flatMap { $0.isEmpty ? nil : TextLines.joined($0) })
    }

    public static func tooltip(_ slice: SliceLayout, format: FormatOptions) -> String {
        // Appended in place: `label: prefix value suffix (percent%)`, no temporary Strings.
        var text = TextLines.joined(slice.label)
        text.reserveCapacity(slice.label.utf8.count + format.prefix.utf8.count + format.suffix.utf8.count + 32)
        text += ": "
        text += format.prefix
        text += format.locale.format(plain: slice.valueText)
        text += format.suffix
        text += " ("
        text += format.locale.format(plain: slice.percentText)
        text += format.locale.percentSign
        text += ")"
        return text
    }

    /// The enter sentence: "First version: 5 slices, largest Swift at 42.5%." (or "5 equal
    /// slices" / "all zero" / "an empty chart").
    public static func enterSentence(_ layout: ChartLayout) -> String {
        if layout.isEmpty { return "First version: an empty chart." }
        let n = layout.slices.count
        let counted = String(n) + (n == 1 ? " slice" : " slices")
        var largest: SliceLayout?
        for slice in layout.slices where slice.value > (largest?.value ?? 0) { largest = slice }
        guard let largest else { return "First version: " + counted + (n > 0 ? ", all zero." : ".") }
        let percent = layout.locale.percent(plain: largest.percentText)
        if n == 1 { return "First version: 1 slice, " + TextLines.joined(largest.label) + " at " + percent + "." }
        if layout.slices.allSatisfy({ $0.value == largest.value }) {
            return "First version: " + String(n) + " equal slices."
        }
        return "First version: " + counted + ", largest " + TextLines.joined(largest.label) + " at " + percent + "."
    }
}

/// A slice's tooltip in index.html: its line (`label: value (percent%)`) and, under it, the
/// slice's description (`description`, a data file's summed rows, Other's members); the
/// aria-label of the slice and of its legend row reads both.
struct Tooltip: Sendable {
    var line: String
    var detail: String?
    var ariaLabel: String { detail.map { line + ". " + $0 } ?? line }
}
