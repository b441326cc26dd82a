import PieJSON
import PieSpec

/// `theme.opacity` in every output: the pie's slices, separators and track (one pie, or every
/// ring and the edges between rings) inside one group `.p-op` at the final opacity, so what
/// overlaps in motion (stacked dashes, bridges, seams) is composited opaque first and made
/// translucent once: no pixel is darker than the one blend. A change of opacity moves from the
/// first version's in the chart's window with the plan's easing (a `from` keyframe written by
/// `KeyframesWriter`): what moves is the stage's track (`Stage.GroupOpacity`), which a
/// `piec render` frame reads too. Charts opaque at both ends write nothing: whether the pie is
/// translucent is the scene's plan's (`DrawingPlan.Opacity`).
enum PieOpacityWriter {
    /// Opens the group (nothing where the plan draws the pie opaque); `close` ends it.
    static func open(_ scene: Scene, into out: inout ByteWriter) {
        guard scene.drawing.opacity == .translucent else { return }
        out.open("g", ClassPrefix.opacity)
        out.raw("\" opacity=\"")
        out.num(scene.stage.groupOpacity.to)
        out.raw("\">\n")
    }

    static func close(_ scene: Scene, into out: inout ByteWriter) {
        guard scene.drawing.opacity == .translucent else { return }
        out.raw("</g>\n")
    }

    /// `keyframes` go to the top level, `rules` into the chart's scope block; both empty
    /// unless the opacity changes.
    static func css(_ scene: Scene) -> (keyframes: [UInt8], rules: [UInt8]) {
        let track = scene.stage.groupOpacity
        guard track.changes, track.window.length > 0 else { return ([], []) }
        var keyframes = ByteWriter(capacity: 96), rules = ByteWriter(capacity: 160)
        let name = KeyframesName(scene.scope, "op")
        KeyframesWriter.block(name, into: &keyframes) {
            KeyframesWriter.frame("from", into: &$0) {
                $0.raw("opacity:")
                $0.num(track.from)
            }
        }
        KeyframesWriter.motion(into: &rules) {
            $0.raw(".p-op{")
            KeyframesWriter.animation(name, over: track.window, easing: track.easing, linear: false, into: &$0)
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
        still.chartWindow = Stage.outlineWindow(plan)
        still.easing = plan.easing
    }
}
