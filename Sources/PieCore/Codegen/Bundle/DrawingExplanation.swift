import PieSpec

/// The drawing plan a bundle was written with, per drawn part, for `piec build --explain`.
public struct DrawingExplanation: Sendable, Hashable {
    /// `chart`, or `ring <k>` (from 1, innermost first) for a chart of rings.
    public var part: String
    /// Every decision of the plan in its fixed order (`DrawingPlan.decisions`): (`output`,
    /// `bundle`, why), (`joins`, `stacked`, why), ..., (`page`, `svg`, why), (`pageReason`, ...).
    public var decisions: [Decision]

    public struct Decision: Sendable, Hashable {
        public var name: String
        public var value: String
        /// What the value draws and the condition or gate that chose it.
        public var reason: String
    }

    /// The plans `BundleWriter` draws `chart` with (the same scenes, chosen for the same
    /// output): the chart's, then each ring's. Without index.html (`svgOnly`) the page is `svg`.
    public static func of(_ chart: CompiledChart, spec: ChartSpec, svgOnly: Bool) -> [DrawingExplanation] {
        let (scene, rings) = BundleWriter.scenes(spec: spec, layout: chart.layout, plan: chart.plan, rings: chart.rings,
                                                 output: svgOnly ? .svg : .bundle)
        func explained(_ part: String, _ scene: Scene) -> DrawingExplanation {
            DrawingExplanation(part: part, decisions: scene.drawing.decisions.map { Decision(name: $0.name, value: $0.value, reason: $0.reason) })
        }
        return [explained("chart", scene)] + rings.enumerated().map { explained("ring \($0.offset + 1)", $0.element) }
    }

    /// One line per decision, `NAME VALUE: REASON` (no newline).
    public var lines: [String] {
        decisions.map { $0.name + " " + $0.value + ": " + $0.reason }
    }
}
