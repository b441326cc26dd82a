import PieSpec

/// `chart.grid` at one end of a transition: the circles of that version's scale and their
/// colours. Two ends are drawn as pairs (`pairs`): every value of either end is one circle,
/// which at an end without it stands where that end's scale puts its value, transparent, so
/// circles move with the scale and those that come or go fade while they move.
public struct GridPose: Sendable, Hashable {
    public var grid: GridLayout
    /// The circles' stroke and the tick labels' text, light and dark look (`theme.dark: auto`).
    public var line: Color
    public var darkLine: Color
    public var text: Color
    public var darkText: Color
    /// The tick labels' halo: the background (white on a transparent chart).
    public var halo: Color
    public var darkHalo: Color

    /// One circle at an instant.
    public struct Circle: Sendable, Hashable {
        public var value: Double
        public var radius: Double
        public var opacity: Double
        public var text: String?
    }

    /// The grid of `layout` at rest, nil without one.
    init?(_ layout: ChartLayout) {
        guard let grid = layout.grid else { return nil }
        self.grid = grid
        let background = layout.background ?? Color(r: 255, g: 255, b: 255)
        line = DarkTheme.mix(background, layout.ink, 0.25)
        text = layout.ink
        halo = background
        let dark = layout.dark
        darkText = dark?.ink ?? text
        darkHalo = dark?.background ?? halo
        darkLine = dark.map { DarkTheme.mix($0.background, $0.ink, 0.25) } ?? line
    }

    /// The circles of both ends, ascending by value: each end's own at opacity 1, the other
    /// end's values placed on its scale at opacity 0 (an end without a grid: where the other
    /// end puts them). Empty when neither end has a grid.
    static func pairs(_ a: GridPose?, _ b: GridPose?) -> [(from: Circle, to: Circle)] {
        let values = Set((a?.grid.circles ?? []).map(\.value) + (b?.grid.circles ?? []).map(\.value)).sorted()
        return values.map { v in
            let own = (a?.grid.circles.first { $0.value == v }, b?.grid.circles.first { $0.value == v })
            // The new end's text where it has the circle (nil where its tick label gave way).
            let text = own.1.map(\.text) ?? own.0?.text
            func end(_ pose: GridPose?, _ circle: GridLayout.Circle?, other: GridPose?) -> Circle {
                if let circle { return Circle(value: v, radius: circle.radius, opacity: 1, text: text) }
                let scale = pose ?? other!
                return Circle(value: v, radius: scale.grid.radius(v), opacity: 0, text: text)
            }
            return (end(a, own.0, other: b), end(b, own.1, other: a))
        }
    }
}
