import PieDiagnostics
import PieSpec

/// E0610: a written label colour (`labels.color`, a slice's `labelColor`) that contrasts less
/// than `minContrast` with what its label is drawn on: its slice for a label inside, the
/// background for one outside (a transparent chart: a white page), and the dark variant's
/// background too where the chart has one (a written colour is used in both themes). A
/// warning, never an error: the chart is drawn as written. One per written colour, located at
/// it: a slice's `labelColor`, or `labels.color` with the slices it fails on in a note.
///
/// E0612: `labels.color: slice` draws each outside label in its slice's colour, on the
/// background (and the dark variant's: slice colours are data and stay there); one warning
/// at `labels.color` for the slices whose colour contrasts less than `minContrast` there.
/// Inside labels under `slice` take the automatic colour and never fail.
public enum LabelColorWarnings {
    public static let lowContrast = DiagnosticCode("E0610")
    public static let lowSliceContrast = DiagnosticCode("E0612")
    /// WCAG's minimum for large text and graphics; a label smaller than that still needs it.
    public static let minContrast = 3.0
    static let maxNamed = 8

    public static let catalog: [CodeInfo] = [
        CodeInfo("E0610", "a label colour contrasts too little with what it is drawn on", """
            A colour written in `labels.color` or a slice's `labelColor` is used as is, for \
            labels inside their slice and beside the pie alike, in the light and the dark \
            theme. piec warns when it contrasts less than 3:1 (WCAG's minimum for large text) \
            with what a label is drawn on: its slice for a label inside, the chart's \
            background (a white page when transparent) and the dark variant's background for \
            a label outside. Choose a darker or lighter colour, `labels.color: auto` (black or \
            white on each slice, the ink beside the pie), or `theme.dark: none` when the chart \
            has no dark look.
            """),
        CodeInfo("E0612", "a slice's colour is too faint for its label beside the chart", """
            With `labels.color: slice` each label beside the chart is drawn in its own \
            slice's colour, on the chart's background (a white page when transparent) and, \
            where the chart has a dark look, on the dark variant's background too: slice \
            colours are data and stay the same in both themes. piec warns when a slice's \
            colour contrasts less than 3:1 (WCAG's minimum for large text) with one of them, \
            naming the slices. Darken or lighten those slices' colours, give them a \
            `labelColor` of their own, write `labels.color: auto` (the ink beside the pie), \
            or `theme.dark: none` when the chart has no dark look.
            """),
    ]

    /// One failure: the slice and what its label is drawn on.
    struct Failure {
        var slice: SliceLayout
        var color: Color
        var background: Color
        var on: String
        var ratio: Double
    }

    /// The warnings for `layout`'s written label colours, located with `locations`.
    static func make(_ layout: ChartLayout, locations: LabelWarnings.Locations) -> [Diagnostic] {
        var own: [Diagnostic] = []
        var shared: [Failure] = []
        for s in layout.slices {
            guard let color = s.ownLabelColor, s.labelText != nil, let failure = worst(s, color: color, layout: layout) else { continue }
            let isOther = s.id == OtherOptions.id && layout.other != nil
            if !isOther, let range = locations.labelColor(s.specIndex) {
                own.append(.warning(lowContrast, "the label colour of `\(LabelWarnings.name(s))` contrasts \(ratio(failure.ratio)):1 with \(failure.on)",
                                    at: range, notes: ["\(color.hex) on \(failure.background.hex); labels need at least 3:1"], help: help))
            } else {
                shared.append(failure)
            }
        }
        let slice = sliceColors(layout, locations: locations)
        guard let first = shared.first else { return own + slice }
        var names = shared.prefix(maxNamed).map { "`\(LabelWarnings.name($0.slice))` (\(ratio($0.ratio)):1 on \($0.background.hex))" }.joined(separator: ", ")
        if shared.count > maxNamed { names += " and \(shared.count - maxNamed) more" }
        let message = shared.count == 1 ? "`labels.color` contrasts \(ratio(first.ratio)):1 with \(first.on)"
            : "`labels.color` contrasts less than 3:1 with what \(shared.count) labels are drawn on"
        return own + [.warning(lowContrast, message, at: locations.labelColor, notes: ["\(first.color.hex) is drawn as is; too faint: " + names],
                               help: help)] + slice
    }

    /// E0612 for `labels.color: slice`: the outside labels without a colour of their own whose
    /// slice's colour fails on the background, one warning at `labels.color`.
    static func sliceColors(_ layout: ChartLayout, locations: LabelWarnings.Locations) -> [Diagnostic] {
        guard layout.labelColor == .slice else { return [] }
        let failures = layout.slices.compactMap { s -> Failure? in
            guard s.ownLabelColor == nil, s.labelText != nil, s.labelOutside else { return nil }
            return worst(s, color: s.color, layout: layout)
        }
        guard let first = failures.first else { return [] }
        var names = failures.prefix(maxNamed).map { "`\(LabelWarnings.name($0.slice))` (\($0.color.hex), \(ratio($0.ratio)):1 on \($0.background.hex))" }
            .joined(separator: ", ")
        if failures.count > maxNamed { names += " and \(failures.count - maxNamed) more" }
        let message = failures.count == 1
            ? "`labels.color: slice` draws the label of `\(LabelWarnings.name(first.slice))` \(ratio(first.ratio)):1 against \(first.on)"
            : "`labels.color: slice` draws \(failures.count) labels less than 3:1 against what they are drawn on"
        return [.warning(lowSliceContrast, message, at: locations.labelColor,
                         notes: ["a label beside the chart takes its slice's colour; too faint: " + names],
                         help: "give those slices a darker or lighter `color` or their own `labelColor`, or write `labels.color: auto` (the ink beside the pie)")]
    }

    static let help = "choose a colour that contrasts at least 3:1, or write `auto` (black or white on each slice, the ink beside the pie)"

    /// The lowest contrast of `s`'s label in `color` under 3:1, or nil.
    static func worst(_ s: SliceLayout, color: Color, layout: ChartLayout) -> Failure? {
        var grounds: [(Color, String)] = []
        if s.labelOutside {
            grounds.append((layout.background ?? Color(r: 255, g: 255, b: 255), layout.background == nil ? "a white page" : "the background"))
            if let dark = layout.dark { grounds.append((dark.background, "the dark theme's background")) }
        } else {
            // A label inside is drawn on its box (`labels.box`) where there is one.
            grounds.append(layout.labelBox.map { ($0.fill, "its box") } ?? (s.color, "its slice"))
        }
        let rated = grounds.map { (ground: $0, ratio: Color.contrast(color, $0.0)) }
        guard let low = rated.min(by: { $0.ratio < $1.ratio }), low.ratio < minContrast else { return nil }
        return Failure(slice: s, color: color, background: low.ground.0, on: low.ground.1, ratio: low.ratio)
    }

    /// A contrast ratio to one decimal, rounded down (2.96 is `2.9`, never `3.0`).
    static func ratio(_ r: Double) -> String { formatNumber((r * 10).rounded(.down) / 10, decimals: 1) }
}
