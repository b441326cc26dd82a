import PieSpec

extension DrawingPlan {
    /// One circle the plan draws instead of many elements: a colour circle
    /// (`Strategies.ColourCircles`, `.p-n<index>`) or a separator band (`Strategies.SeparatorBands`,
    /// `band` set). Built by the strategy that chose it; Codegen writes it as it is.
    struct Circle: Hashable, Sendable {
        /// A band of separators: its circle's radius and stroke width (its stroke the separator
        /// layer's colour).
        struct Band: Hashable, Sendable {
            var radius: Double
            var width: Double
        }

        var index: Int
        var color: Color
        /// Where the circle starts, degrees from the sweep start (a static `rotate`).
        var start: Double
        /// The `stroke-dasharray` entries at the start and at the end of the transition.
        var from: [Double]
        var to: [Double]
        var band: Band? = nil
    }
}
