import PieJSON
import PieSpec

/// index.html's compositor motion: while the chart moves, HTML boxes turned by the individual
/// `rotate` property draw the wedges and separators, which Chromium animates on its compositor
/// (no main-thread work per frame; the chart keeps moving while a script blocks the page).
/// chart.svg is untouched: its exact SVG motion is the only one static viewers and `<img>` see.
///
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
/// `Budgets.boxHold` ms after the motion (so the exact rest layer is shown beneath them before they go: no
/// empty frame if the main thread is late), then the layer's `scale` returns to its base, 0. Under
/// `prefers-reduced-motion` nothing of this runs and the layer stays at scale 0. Lengths are in
/// container query units of the chart's wrapper (`cqw`), so the boxes follow the SVG when the
/// page scales it down.
struct BoxLayer {
    struct Separator {
        var index: Int
        var from: Double
        var to: Double
        var fromOpacity: Double
        var toOpacity: Double
    }

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

    /// The layer of `scene`, a scene whose plan draws index.html by boxes
    /// (`DrawingPlan.Page.boxes`: `Strategies.CompositorBoxes` has found every wedge and
    /// separator one exact `rotate` per box, within `Budgets.turningBoxes`).
    init(_ scene: Scene) {
        let (drawn, lines, riders) = Self.pieces(scene)
        let carried = Set(riders.compactMap { $0 })
        scope = scene.scope
        pieces = drawn.pieces
        carries = riders.map { $0 != nil }
        separators = lines.indices.filter { !carried.contains($0) }.map { lines[$0] }
        layout = scene.layout
        line = scene.plan.timeline
        easing = scene.plan.easing
    }

    /// The turning boxes the layer of `scene` takes (two per piece, one per separator a piece
    /// does not carry), nil when its pieces close the circle at one end only and no separator
    /// covers the closing line (`DrawnTracks.boxCount`).
    static func count(_ scene: Scene) -> Int? {
        let (drawn, lines, riders) = pieces(scene)
        guard !drawn.closesAtOneEnd || !lines.isEmpty else { return nil }
        return 2 * drawn.pieces.count + lines.count - riders.compactMap { $0 }.count
    }

    /// The pieces of `scene`'s plan, its separators and the separator each piece carries.
    private static func pieces(_ scene: Scene) -> (BoxPieces, [Separator], [Int?]) {
        let drawn = BoxPieces(scene.plan.segments)
        let lines = scene.separators.map {
            Separator(index: $0.index, from: $0.from, to: $0.to, fromOpacity: $0.fromOpacity, toOpacity: $0.toOpacity)
        }
        return (drawn, lines, riders(lines, on: drawn.pieces))
    }

    /// For each piece, the separator (position in `lines`) it carries: one that does not fade,
    /// at the piece's start at both ends, when no piece painted later starts before it at
    /// either end (else a later piece could cover part of the line).
    static func riders(_ lines: [Separator], on pieces: [BoxPieces.Piece]) -> [Int?] {
        var free = Array(lines.indices.filter { lines[$0].fromOpacity == 1 && lines[$0].toOpacity == 1 })
        return pieces.indices.map { n in
            let p = pieces[n]
            guard let k = free.firstIndex(where: { lines[$0].from == p.from.start && lines[$0].to == p.to.start }),
                  pieces[(n + 1)...].allSatisfy({ $0.from.start >= p.from.start && $0.to.start >= p.to.start }) else { return nil }
            return free.remove(at: k)
        }
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
