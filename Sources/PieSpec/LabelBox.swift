import PieDiagnostics

/// `labels.box`: a rounded box drawn behind each label's text (Chart.js datalabels'
/// `backgroundColor`, `borderColor` and `borderRadius`, ECharts' label `backgroundColor`).
/// The box is the label for the fit: its text grown by `padding` on every side (and half the
/// stroke's width) must lie in its slice with `LabelFit.padding` to spare, and turns with a
/// turned label; beside the chart the boxes are what stack in the columns, grow the canvas and
/// clear each other and the leaders, and a leader ends at its box's edge; at a distance
/// (`labels.radius` above 1) the boxes are what stand beyond the circle and clear each other,
/// the leaders and the slices. Colours are used as written in both themes, as a written
/// label colour is; an automatic label colour is black or white on `fill`. Where no label is
/// drawn (`labels.position: none`) a box is an error (E0352).
public struct LabelBoxOptions: Sendable, Hashable {
    public var fill = Color(r: 255, g: 255, b: 255)
    /// The 1 px border's colour; nil: no border.
    public var stroke: Color?
    /// Px of the corners' rounding (clamped to half the box's smaller side when drawn).
    public var radius: Double = 3
    /// Px between the text and the box's edge.
    public var padding: Double = 3
    /// Px of the border, when there is one.
    public static let strokeWidth = 1.0
    public static let maxPadding = 20.0
    public static let maxRadius = 20.0

    public init() {}

    /// Px the box reaches beyond the text on every side: `padding` and half the border.
    public var reach: Double { padding + (stroke == nil ? 0 : LabelBoxOptions.strokeWidth / 2) }
}

/// Codes of `labels.box` (E0352-E0355).
public enum LabelBoxDiagnostics {
    public static let boxOutside = DiagnosticCode("E0352")
    public static let catalog: [CodeInfo] = [
        CodeInfo("E0352", "label boxes need labels to draw", """
            `labels.box` draws a box behind each label, inside its slice, in the columns \
            beside the chart at the end of its leader (`labels.position: outside` or `auto`, a \
            kept label that goes outside), or beyond the circle labels at a distance stand on \
            (`labels.radius` above 1), and the box is what must fit there. With \
            `labels.position: none` no label is drawn, so a box would draw nothing: remove \
            `box`, or show the labels.
            """),
    ]
}

extension Lowering {
    /// A box is refused where no label is drawn (E0352).
    mutating func validateLabelBox(_ spec: ChartSpec) {
        guard spec.labels.box != nil, !readsRecordedSpec, let range = locations.key("labels.box") else { return }
        let position = spec.rings.isEmpty ? spec.labels.position : LabelPosition.inside
        guard position == .none else { return }
        let why = "`labels.position: none` draws no labels", key = locations.value("labels.position")
        error(LabelBoxDiagnostics.boxOutside, "`labels.box` draws no boxes here: \(why)", at: range,
              labels: key.map { [DiagnosticLabel(range: $0, message: "no labels here")] } ?? [],
              notes: ["a box is part of the label's fit, inside its slice, beside the chart or at a distance"],
              help: "remove `box`, or show the labels")
    }
}
