import PieJSON
import PieSpec

/// `theme.opacity` in every output: the pie's slices, separators and track (one pie, or every
/// ring and the edges between rings) inside one group `.p-op` at the final opacity, so what
/// overlaps in motion (stacked dashes, bridges, seams) is composited opaque first and made
/// translucent once: no pixel is darker than the one blend. A change of opacity moves from the
/// first version's in the chart's window with the plan's easing (a `from` keyframe written by
/// `KeyframesWriter`); a `piec render` frame draws the same blend (`at`). Charts opaque at both
/// ends write nothing: whether the pie is translucent is the scene's plan's
/// (`DrawingPlan.Opacity`).
enum PieOpacityWriter {
    /// When the opacity changes: the chart's window (the start angle's and the outline's).
    static func window(_ plan: TransitionPlan) -> TimeWindow { Stage.outlineWindow(plan) }

    /// The opacity at `t` ms: the first version's before the window, the final one after it.
    static func at(_ plan: TransitionPlan, t: Double) -> Double {
        let w = window(plan)
        guard plan.from.opacity != plan.to.opacity, t < w.end else { return plan.to.opacity }
        return Stage.mix(plan.from.opacity, plan.to.opacity, plan.easing.value(at: w.progress(at: t)))
    }

    /// Opens the group (nothing where the plan draws the pie opaque); `close` ends it.
    static func open(_ scene: Scene, into out: inout ByteWriter) {
        guard scene.drawing.opacity == .translucent else { return }
        out.open("g", ClassPrefix.opacity)
        out.raw("\" opacity=\"")
        out.num(scene.plan.to.opacity)
        out.raw("\">\n")
    }

    static func close(_ scene: Scene, into out: inout ByteWriter) {
        guard scene.drawing.opacity == .translucent else { return }
        out.raw("</g>\n")
    }

    /// `keyframes` go to the top level, `rules` into the chart's scope block; both empty
    /// unless the opacity changes.
    static func css(_ scene: Scene) -> (keyframes: [UInt8], rules: [UInt8]) {
        let plan = scene.plan
        guard plan.from.opacity != plan.to.opacity, window(plan).length > 0 else { return ([], []) }
        var keyframes = ByteWriter(capacity: 96), rules = ByteWriter(capacity: 160)
        let name = KeyframesName(scene.scope, "op")
        KeyframesWriter.block(name, into: &keyframes) {
            KeyframesWriter.frame("from", into: &$0) {
                $0.raw("opacity:")
                $0.num(plan.from.opacity)
            }
        }
        KeyframesWriter.motion(into: &rules) {
            $0.raw(".p-op{")
            KeyframesWriter.animation(name, over: window(plan), easing: plan.easing, linear: false, into: &$0)
            $0.raw("}\n")
        }
        return (keyframes.bytes, rules.bytes)
    }

    /// A chart of rings draws its plot from a still scene: it carries both ends' opacity,
    /// window and easing from `plan`.
    static func carry(_ plan: TransitionPlan, into still: inout TransitionPlan) {
        still.from.opacity = plan.from.opacity
        still.to.opacity = plan.to.opacity
        guard plan.from.opacity != plan.to.opacity else { return }
        still.chartWindow = window(plan)
        still.easing = plan.easing
    }
}
