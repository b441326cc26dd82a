import PieDiagnostics

/// `labels.box`: a rounded box drawn behind each label's text (Chart.js datalabels'
/// `backgroundColor`, `borderColor` and `borderRadius`, ECharts' label `backgroundColor`).
/// The box is the label for the fit: its text grown by `padding` on every side (and half the
/// stroke's width) must lie in its slice with `LabelFit.padding` to spare, and turns with a
/// turned label. Colours are used as written in both themes, as a written label colour is;
/// an automatic label colour is black or white on `fill`. Boxes are drawn behind inside
/// labels only: a label beside the chart would get one nowhere, so a box is refused where a
/// label can go outside (E0352).
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
        CodeInfo("E0352", "label boxes are drawn inside slices only", """
            `labels.box` draws a box behind each label inside its slice, and the box is what \
            must fit there. Labels beside the chart (`labels.position: outside` or `auto`, \
            `labels.radius` above 1, or a label kept with `keepLabel: true` that goes outside \
            when it does not fit) have no box: piec refuses the key there rather than draw some \
            labels boxed and others not, and with `labels.position: none`, where it would draw \
            nothing. Write `labels.position: inside`, or remove `box`.
            """),
    ]
}

extension Lowering {
    /// A box is refused wherever a label can be drawn beside the chart (E0352).
    mutating func validateLabelBox(_ spec: ChartSpec) {
        guard spec.labels.box != nil, !readsRecordedSpec, let range = locations.key("labels.box") else { return }
        let keeps = spec.rings.isEmpty ? spec.slices.indices.filter { spec.slices[$0].keepLabel } : []
        let onRings = !spec.rings.isEmpty
        let position = onRings ? LabelPosition.inside : spec.labels.position
        let why: String, key: SourceRange?
        if position == .none {
            (why, key) = ("`labels.position: none` draws no labels", locations.value("labels.position"))
        } else if spec.labels.distance != nil {
            (why, key) = ("`labels.radius` above 1 draws every label beside the chart", locations.value("labels.radius"))
        } else if position == .outside || position == .auto {
            (why, key) = ("`labels.position: \(position.rawValue)` draws labels beside the chart", locations.value("labels.position"))
        } else if let k = keeps.first {
            let at = k < locations.slices.count ? locations.slices[k].field("keepLabel")?.value : nil
            (why, key) = ("a kept label that does not fit inside goes beside the chart", at)
        } else {
            return
        }
        error(LabelBoxDiagnostics.boxOutside, "`labels.box` draws boxes behind inside labels only: \(why)", at: range,
              labels: key.map { [DiagnosticLabel(range: $0, message: position == .none ? "no labels here" : "labels beside the chart here")] } ?? [],
              notes: ["a box is part of the label's fit inside its slice; labels beside the chart have none"],
              help: keeps.isEmpty || position != .inside ? "write `labels.position: inside`, or remove `box`" : "remove `keepLabel`, or remove `box`")
    }
}
