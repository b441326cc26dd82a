import PieJSON
import PieSpec

/// index.html's compositor motion: while the chart moves, HTML boxes turned by the individual
/// `rotate` property draw the wedges and separators, which Chromium animates on its compositor
/// (no main-thread work per frame; the chart keeps moving while a script blocks the page).
/// chart.svg is untouched: its exact SVG motion is the only one static viewers and `<img>` see.
///
/// The boxes are the plan's (`DrawingPlan.boxes`, laid out by `Strategies.CompositorBoxes`).
/// A piece (`BoxPieces`) is four nested boxes, each the whole wrapper (the SVG's own box) turned
/// about the chart's centre: `.p-k<n>` turned by `rotate: start`, a clip right of the centre
/// (angles 0-180), a box turned by `rotate: span` and clipped left of the centre, and the disc
/// (for a donut a ring: a border as wide as the ring around a transparent interior, so nothing
/// of the page's colour is drawn). The two clips intersect in the wedge [start, start + span].
/// Engines round a box's position and size to whole pixels but not a clip or a transform, so
/// the boundaries (clips through the exact centre) stay exact when the page scales the chart
/// to fractions of a pixel; only the disc, which makes the radii, is a box of its own. Both
/// angles are linear in the eased progress, so the boundaries are exact in angle in every
/// engine. A separator that starts with a piece rides in its turning box; others are thin
/// boxes turned about the chart's centre.
///
/// Timing: the SVG's pie (`.p-pie`) is hidden for the motion by one group animation; its motion
/// layer is `display:none` and its separators do not animate. The boxes keep the final state for
/// the plan's hold (`DrawingPlan.Boxes.hold`) after the motion (so the exact rest layer is shown beneath them before they go: no
/// empty frame if the main thread is late), then the layer's `scale` returns to its base, 0. Under
/// `prefers-reduced-motion` nothing of this runs and the layer stays at scale 0. Lengths are in
/// container query units of the chart's wrapper (`cqw`), so the boxes follow the SVG when the
/// page scales it down.
struct BoxLayer {
    typealias Separator = Strategies.CompositorBoxes.Separator

    let scope: String
    let pieces: [BoxPieces.Piece]
    /// Whether piece n carries the separator at its start: a line that starts with the piece at
    /// both ends rides in its turning box (no layer or animation of its own).
    let carries: [Bool]
    /// The separators that are boxes of their own (`.p-j<index>`).
    let separators: [Separator]
    let layout: ChartLayout
    let line: TimeWindow
    let easing: Easing
    /// How long the boxes stay after the motion, ms.
    let hold: Double

    /// The layer of `scene`, a scene whose plan draws index.html by boxes
    /// (`DrawingPlan.Page.boxes`, the boxes in `DrawingPlan.boxes`); nil where it does not.
    init?(_ scene: Scene) {
        guard scene.drawing.page == .boxes, let boxes = scene.drawing.boxes else { return nil }
        scope = scene.scope
        pieces = boxes.pieces
        carries = boxes.carries
        separators = boxes.separators
        layout = scene.layout
        line = scene.plan.timeline
        easing = scene.plan.easing
        hold = boxes.hold
    }

    /// `<div class="p-fx">`, the wrapper of the SVG and the layer (before the inline SVG).
    func open(into out: inout ByteWriter) {
        out.open("div", ClassPrefix.boxWrapper)
        out.raw("\">\n")
    }

    /// The layer's boxes and the wrapper's end (after the inline SVG).
    func markup(into out: inout ByteWriter) {
        out.open("div", ClassPrefix.boxes)
        out.raw("\" aria-hidden=\"true\">")
        for k in pieces.indices {
            out.open("i", ClassPrefix.boxPiece)
            out.int(k)
            out.raw(carries[k] ? "\"><i><i><i></i></i></i><b></b></i>" : "\"><i><i><i></i></i></i></i>")
        }
        for b in separators {
            out.open("b", ClassPrefix.boxSeparator)
            out.int(b.index)
            out.raw("\"></b>")
        }
        out.raw("</div>\n</div>\n")
    }
}
