import PieDiagnostics
import PieJSON

/// `chart.outline`: a circle around the whole pie (Mermaid's `pieOuterStrokeWidth` and
/// `pieOuterStrokeColor`). The pie shrinks by `width` so that the outline's outer edge lands
/// where the rim was: nothing else moves (canvas, outside labels, legend). It is one circle
/// at the chart's outer radius: around the outermost ring, the outer rim of a donut (not the
/// hole), the largest radius of a rose, the unexploded pie. A partial sweep is refused (E0330).
public struct OutlineOptions: Sendable, Hashable {
    /// Px, > 0.
    public var width: Double = OutlineOptions.defaultWidth
    /// nil = the ink (the colour of outside labels, light or dark with the theme).
    public var color: Color?
    public static let defaultWidth = 2.0
    public static let maxWidth = 40.0
    public init(width: Double = OutlineOptions.defaultWidth, color: Color? = nil) {
        self.width = width
        self.color = color
    }
}

/// Codes of `chart.outline` (E0330-E0339).
public enum OutlineDiagnostics {
    public static let needsCircle = DiagnosticCode("E0330")
    public static let catalog: [CodeInfo] = [
        CodeInfo("E0330", "an outline needs a full circle", """
            `chart.outline` draws one circle around the whole pie. A partial sweep (`chart.sweep` \
            below 360, a gauge) has no whole circle to go around, and an outline of the sweep's \
            outer arc alone is not drawn: set `sweep: 360` or remove `outline`.
            """),
    ]
}

extension Lowering {
    /// An outline is a whole circle: a partial sweep is refused rather than drawn wrong.
    mutating func validateOutline(_ spec: ChartSpec) {
        guard spec.chart.outline != nil, spec.chart.sweep < 360 else { return }
        let sweep = locations.value("chart.sweep").map { [DiagnosticLabel(range: $0, message: "the sweep is partial here")] } ?? []
        error(OutlineDiagnostics.needsCircle, "`chart.outline` needs a full circle: `sweep` is \(formatNumber(spec.chart.sweep))",
              at: locations.key("chart.outline"), labels: sweep,
              help: "set `chart.sweep: 360`, or remove `outline`")
    }
}
