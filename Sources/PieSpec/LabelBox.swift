import PieDiagnostics

/// `labels.box`: a rounded box drawn behind each label's text (Chart.js datalabels'
/// `backgroundColor`, `borderColor` and `borderRadius`, ECharts' label `backgroundColor`).
/// The box is the label for the fit: its text grown by `padding` on every side (and half the
/// stroke's width) must lie in its slice with `LabelFit.padding` to spare, and turns with a
/// turned label; beside the chart the boxes are what stack in the columns, grow the canvas and
/// clear each other and the leaders, and a leader ends at its box's edge. Colours are used as
/// written in both themes, as a written label colour is; an automatic label colour is black
/// or white on `fill`. Labels at a distance (`labels.radius` above 1) have no box (E0352).
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
        CodeInfo("E0352", "label boxes are drawn inside slices and in the columns beside the chart", """
            `labels.box` draws a box behind each label, inside its slice or in the columns \
            beside the chart at the end of its leader (`labels.position: outside` or `auto`, a \
            kept label that goes outside), and the box is what must fit there. Labels at a \
            distance (`labels.radius` above 1) stand on their slices' rays, placed by their \
            text alone: piec refuses a box there rather than draw boxes that overlap, and with \
            `labels.position: none`, where it would draw nothing. Remove `labels.radius`, or \
            remove `box`.
            """),
    ]
}

extension Lowering {
    /// A box is refused where no label is drawn, and for labels at a distance (E0352).
    mutating func validateLabelBox(_ spec: ChartSpec) {
        guard spec.labels.box != nil, !readsRecordedSpec, let range = locations.key("labels.box") else { return }
        let position = spec.rings.isEmpty ? spec.labels.position : LabelPosition.inside
        let why: String, key: SourceRange?
        if position == .none {
            (why, key) = ("`labels.position: none` draws no labels", locations.value("labels.position"))
        } else if spec.labels.distance != nil {
            (why, key) = ("`labels.radius` above 1 stands every label on its slice's ray", locations.value("labels.radius"))
        } else {
            return
        }
        error(LabelBoxDiagnostics.boxOutside, "`labels.box` draws no boxes here: \(why)", at: range,
              labels: key.map { [DiagnosticLabel(range: $0, message: position == .none ? "no labels here" : "labels at a distance here")] } ?? [],
              notes: ["a box is part of the label's fit, inside its slice or in the columns beside the chart"],
              help: position == .none ? "remove `box`, or show the labels" : "remove `labels.radius`, or remove `box`")
    }
}
