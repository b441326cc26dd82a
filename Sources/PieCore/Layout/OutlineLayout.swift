import PieSpec

/// `chart.outline` placed: a circle about the pie's centre whose outer edge is where the rim
/// would be without it (`outerEdge`); the pie's outer radius is `outerEdge - width`, so the
/// stroke covers exactly the band between the slices' rim and the old rim, and nothing else
/// moves (canvas, outside labels, legend). One circle whatever the slices' own radii (a rose's
/// largest radius, the outermost ring, a donut's outer rim, the unexploded pie).
public struct OutlineLayout: Sendable, Hashable {
    /// Radius of the stroke's outer edge, px.
    public var outerEdge: Double
    /// Stroke width, px (the pie shrinks by it).
    public var width: Double
    /// The written colour; nil = the ink (`ChartLayout.ink`, light or dark with the theme).
    public var color: Color?

    public init(outerEdge: Double, width: Double, color: Color? = nil) {
        self.outerEdge = outerEdge
        self.width = width
        self.color = color
    }

    /// Radius of the stroke's centre line (the circle's `r`).
    public var radius: Double { outerEdge - width / 2 }

    /// The outline of `options` around a pie whose rim would be at `rim` px: at most half the
    /// rim wide, so a tiny chart keeps a pie.
    static func make(_ options: OutlineOptions?, rim: Double) -> OutlineLayout? {
        guard let options, options.width > 0 else { return nil }
        return OutlineLayout(outerEdge: rim, width: min(options.width, rim / 2), color: options.color)
    }
}
