import PieSpec

/// `chart.grid` at one end of a transition: the circles of that version's scale and their
/// colours. Two ends are drawn as pairs (`pairs`): every value of either end is one circle,
/// which at an end without it stands where that end's scale puts its value, transparent, so
/// circles move with the scale and those that come or go fade while they move; a tick label
/// that gives way at one end only fades out or in on its own (`Circle.textOpacity`).
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
        /// The tick label's opacity: 1 where this end has the circle and its tick label
        /// (none gave way, `GridLayout.giveWay`), else 0.
        public var textOpacity: Double = 1

        /// Whether the tick label fades on its own (it gives way at one end while its circle
        /// stays): it goes in the first half of the window and comes in the second
        /// (`Stage.Grid.at`), so at neither end does a tick label that gives way show.
        static func givesWay(_ p: (from: Circle, to: Circle)) -> Bool {
            p.from.textOpacity != p.from.opacity || p.to.textOpacity != p.to.opacity
        }
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
            // The new end's text, else the old one's: a tick label that gives way at one end
            // fades there (`textOpacity` 0); one shown at neither end is no text.
            let shown = (own.0?.text != nil, own.1?.text != nil)
            let text = shown.0 || shown.1 ? own.1?.text ?? own.0?.text : nil
            func end(_ pose: GridPose?, _ circle: GridLayout.Circle?, shows: Bool, other: GridPose?) -> Circle {
                if let circle { return Circle(value: v, radius: circle.radius, opacity: 1, text: text, textOpacity: shows ? 1 : 0) }
                let scale = pose ?? other!
                return Circle(value: v, radius: scale.grid.radius(v), opacity: 0, text: text, textOpacity: 0)
            }
            return (end(a, own.0, shows: shown.0, other: b), end(b, own.1, shows: shown.1, other: a))
        }
    }
}
