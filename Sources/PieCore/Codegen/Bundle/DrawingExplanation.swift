import PieSpec

/// The drawing plan a bundle was written with, per drawn part, for `piec build --explain`.
public struct DrawingExplanation: Sendable, Hashable {
    /// `chart`, or `ring <k>` (from 1, innermost first) for a chart of rings.
    public var part: String
    /// The decisions in order: (`wedges`, `offsetDashes`), (`separators`, `lines`), ...
    public var decisions: [Decision]

    public struct Decision: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    /// The plans `BundleWriter` draws `chart` with (the same scenes, chosen for the same
    /// output): the chart's, then each ring's. Without index.html (`svgOnly`) the page is `svg`.
    public static func of(_ chart: CompiledChart, spec: ChartSpec, svgOnly: Bool) -> [DrawingExplanation] {
        let (scene, rings) = BundleWriter.scenes(spec: spec, layout: chart.layout, plan: chart.plan, rings: chart.rings,
                                                 output: svgOnly ? .svg : .bundle)
        func explained(_ part: String, _ scene: Scene) -> DrawingExplanation {
            DrawingExplanation(part: part, decisions: scene.drawing.summary.map { Decision(name: $0.0, value: $0.1) })
        }
        return [explained("chart", scene)] + rings.enumerated().map { explained("ring \($0.offset + 1)", $0.element) }
    }

    /// `wedges offsetDashes, separators lines, keyframes shared, rest strokes, page boxes`.
    public var text: String {
        decisions.map { $0.name + " " + $0.value }.joined(separator: ", ")
    }
}
