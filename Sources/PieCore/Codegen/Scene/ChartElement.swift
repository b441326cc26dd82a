import PieJSON
import PieSpec

/// A chart-level element drawn under the slices, first inside the pie's translucent group
/// (`PieOpacityWriter`): its track (its two ends in the plan, read at an instant by `at`) and
/// its one drawing in each output. chart.svg (`SVGWriter`), the stylesheet (`StyleWriter`), a
/// `piec render` frame (`FramePose`, `FrameWriter`) and a chart of rings' still plot
/// (`BundleWriter.ringsWhole`) draw every element of `ChartElements.all` and name none, so a
/// new element is one type conforming here and one line in that list.
protocol ChartElement {
    /// What a frame draws of the element at one instant.
    associatedtype Instant
    /// The element at `t` ms after load: its two ends blended as the CSS animates them.
    static func at(_ plan: TransitionPlan, t: Double) -> Instant
    /// chart.svg's markup: the final state (static renderers and reduced motion see it).
    static func svg(_ scene: Scene, into out: inout ByteWriter)
    /// `keyframes` go to the top level, `rules` into the chart's scope block; both empty for
    /// a chart without the element at either end.
    static func css(_ scene: Scene) -> (keyframes: [UInt8], rules: [UInt8])
    /// A frame's markup of `now` in the look `dark` asks for; `scope` names its ids (nil for a
    /// chart of rings, whose plot has no one scope).
    static func frame(_ now: Instant, scope: String?, dark: Bool, into out: inout ByteWriter)
    /// A chart of rings draws its plot from a still plan: the element's ends, window and
    /// easing are carried into it from `plan`.
    static func carry(_ plan: TransitionPlan, into still: inout TransitionPlan)
}

/// The chart-level elements, in drawing order (each output iterates this list).
enum ChartElements {
    static var all: [any ChartElement.Type] { [ShadowWriter.self] }

    /// One element at one instant, ready to be drawn into a frame.
    struct Drawn {
        let draw: (_ scope: String?, _ dark: Bool, _ out: inout ByteWriter) -> Void
    }

    /// Every element at `t` ms after load.
    static func at(_ plan: TransitionPlan, t: Double) -> [Drawn] {
        func one<E: ChartElement>(_ e: E.Type) -> Drawn {
            let now = e.at(plan, t: t)
            return Drawn { e.frame(now, scope: $0, dark: $1, into: &$2) }
        }
        return all.map { one($0) }
    }

    /// Every element of a frame (`at`), in order.
    static func frame(_ drawn: [Drawn], scope: String?, dark: Bool, into out: inout ByteWriter) {
        for d in drawn { d.draw(scope, dark, &out) }
    }

    /// Every element's markup in chart.svg, in order.
    static func svg(_ scene: Scene, into out: inout ByteWriter) {
        for e in all { e.svg(scene, into: &out) }
    }

    /// Every element's keyframes and rules, each part in the list's order.
    static func css(_ scene: Scene) -> (keyframes: [UInt8], rules: [UInt8]) {
        var keyframes: [UInt8] = [], rules: [UInt8] = []
        for e in all {
            let part = e.css(scene)
            keyframes += part.keyframes
            rules += part.rules
        }
        return (keyframes, rules)
    }

    /// Every element carried from `plan` into a chart of rings' still plan.
    static func carry(_ plan: TransitionPlan, into still: inout TransitionPlan) {
        for e in all { e.carry(plan, into: &still) }
    }
}
