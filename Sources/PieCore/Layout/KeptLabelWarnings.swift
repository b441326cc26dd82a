import PieDiagnostics
import PieSpec

/// E0351: a slice with `keepLabel: true` whose label is still not drawn. A kept label goes
/// outside with a leader when it does not fit inside and is the last to be left out, so this
/// is rare: a ring's label that fits nowhere in its band, more kept labels than fit beside the
/// chart, a slice of value 0 (nothing to label), or a slice grouped into Other. One warning
/// per such slice, located at its `keepLabel` (never drawn half: the label is left out, and
/// the legend, tooltips and data table still show the slice). These slices are not named
/// again by E0603/E0604.
public enum KeptLabelWarnings {
    public static let notPlaced = DiagnosticCode("E0351")

    public static let catalog: [CodeInfo] = [
        CodeInfo("E0351", "a kept label cannot be placed", """
            A slice with `keepLabel: true` has its label shown even under \
            `labels.minPercent`, drawn outside with a leader line when it fits nowhere inside \
            its slice (also with `labels.position: inside`), and left out only after every \
            label that is not kept. When it still cannot be drawn whole, piec leaves it out \
            and says why, at the slice's `keepLabel`: on a ring it does not fit inside its \
            slice (a ring's labels never go outside); more kept labels than fit beside the \
            chart; the slice's value is 0; or `chart.other` grouped the slice into Other. The \
            legend, the tooltips and the data table still show the slice. Keep fewer labels, \
            shorten `labels.content`, make `chart.size` larger, or lower \
            `chart.other.minPercent`.
            """),
    ]

    /// The warnings for `layout`'s kept labels that are not drawn, in spec order.
    static func make(_ layout: ChartLayout, locations: LabelWarnings.Locations) -> [Diagnostic] {
        guard layout.labelPosition != .none else { return [] }
        var found: [(index: Int, diagnostic: Diagnostic)] = []
        for s in layout.slices where s.keepLabel && s.labelText == nil {
            let grouped = s.id == OtherOptions.id && layout.other != nil
            guard !grouped, let range = locations.keep(s.specIndex) else { continue }
            let name = "`\(LabelWarnings.name(s))`"
            let (message, help): (String, String)
            switch s.labelLeftOut {
            case .doesNotFit?:
                message = "the kept label of \(name) does not fit inside its slice of the ring"
                help = "shorten `labels.content`: a ring's labels stay inside its band"
            case .noRoom?:
                let around = layout.labelDistance == nil ? "beside" : "around"
                message = "the kept label of \(name) does not fit \(around) the chart, even before the labels that are not kept"
                help = "keep fewer labels, shorten `labels.content`, or make `chart.size` larger"
            case nil:
                message = "\(name) keeps its label but its slice is not drawn"
                help = "a slice of value 0 has no wedge to label; remove `keepLabel` or give it a value"
            }
            found.append((s.specIndex, .warning(notPlaced, message, at: range,
                                                notes: ["\(layout.stillShownBy) still show it"], help: help)))
        }
        for m in layout.other?.members ?? [] where m.keepLabel {
            guard let range = locations.keep(m.specIndex) else { continue }
            found.append((m.specIndex, .warning(notPlaced, "`\(m.label)` keeps its label but `chart.other` groups it into Other", at: range,
                                                notes: ["Other's label stands for its members"],
                                                help: "lower `chart.other.minPercent` (or raise `maxSlices`) so that it stays a slice of its own")))
        }
        return found.sorted { $0.index < $1.index }.map(\.diagnostic)
    }
}
