import PieSpec

/// `chart.outline` at one end of a transition (`ChartPose.outline`) or at one instant: its
/// outer edge, width and colour in both looks, each blended linearly in the chart's eased
/// progress (the CSS animation of `r`, `stroke-width` and `stroke` interpolates the same
/// numbers the same way; colours per sRGB channel).
public struct OutlinePose: Sendable, Hashable {
    /// Radius of the stroke's outer edge, px.
    public var outerEdge: Double
    /// Stroke width, px; 0 while an outline that appears or vanishes has none.
    public var width: Double
    /// The colour in the light look (the ink resolved).
    public var color: Color
    /// The colour in the dark look (`theme.dark: auto`): the dark ink, or the written colour.
    public var darkColor: Color

    public init(outerEdge: Double, width: Double, color: Color, darkColor: Color) {
        self.outerEdge = outerEdge
        self.width = width
        self.color = color
        self.darkColor = darkColor
    }

    /// The outline of `layout` at rest, nil without one.
    init?(_ layout: ChartLayout) {
        guard let o = layout.outline else { return nil }
        let light = o.color ?? layout.ink
        self.init(outerEdge: o.outerEdge, width: o.width, color: light, darkColor: o.color ?? layout.dark?.ink ?? light)
    }

    /// Radius of the stroke's centre line.
    public var radius: Double { outerEdge - width / 2 }

    /// The same outline with no width: where one that appears starts and one that vanishes ends.
    var collapsed: OutlinePose {
        var p = self
        p.width = 0
        return p
    }

    /// The outline at eased progress `e` from `a` (0) to `b` (1): an outline missing at one end
    /// is the other end's with no width (it grows from or thins to nothing where it stands).
    static func blend(_ a: OutlinePose?, _ b: OutlinePose?, at e: Double) -> OutlinePose? {
        guard let from = a ?? b?.collapsed, let to = b ?? a?.collapsed else { return nil }
        if e >= 1 { return b }
        if e <= 0 { return a ?? from }
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * e }
        return OutlinePose(outerEdge: mix(from.outerEdge, to.outerEdge), width: mix(from.width, to.width),
                           color: DarkTheme.mix(from.color, to.color, e), darkColor: DarkTheme.mix(from.darkColor, to.darkColor, e))
    }
}
