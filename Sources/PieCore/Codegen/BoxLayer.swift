import PieJSON
import PieSpec

/// index.html's compositor motion: while the chart moves, HTML boxes turned by the individual
/// `rotate` property draw the wedges and separators, which Chromium animates on its compositor
/// (no main-thread work per frame; the chart keeps moving while a script blocks the page).
/// chart.svg is untouched: its exact SVG motion is the only one static viewers and `<img>` see.
///
/// A piece (`BoxPieces`) is an `overflow:hidden` half-plane box (`.p-k<n>`, the right half of
/// the chart's square, angles 0-180) turned by `rotate: start`, holding a half-disc turned by
/// `rotate: span`: their intersection is the wedge [start, start + span]. A donut's half-disc is
/// a half-annulus (a border as wide as the ring around a transparent interior), so nothing of the
/// page's colour is drawn. Both angles are linear in the eased progress, so the boundaries are
/// exact in angle in every engine. A separator is a thin box turned about the chart's centre.
///
/// Timing: the SVG's pie (`.p-pie`) is hidden for the motion by one group animation; its motion
/// layer is `display:none` and its separators do not animate. The boxes keep the final state for
/// `hold` ms after the motion (so the exact rest layer is shown beneath them before they go: no
/// empty frame if the main thread is late), then the layer's `scale` returns to its base, 0. Under
/// `prefers-reduced-motion` nothing of this runs and the layer stays at scale 0. Lengths are in
/// container query units of the chart's wrapper (`cqw`), so the boxes follow the SVG when the
/// page scales it down.
struct BoxLayer {
    /// At most this many boxes (two per piece, one per separator): each is a composited layer,
    /// and at 512 slices (1,026 layers) Chromium's compositor presented no frame in the second.
    static let maxBoxes = 256
    /// How long the boxes stay after the motion, ms.
    static let hold = 200.0

    struct Separator {
        var index: Int
        var from: Double
        var to: Double
        var fromOpacity: Double
        var toOpacity: Double
    }

    let scope: String
    let pieces: [BoxPieces.Piece]
    let separators: [Separator]
    let layout: ChartLayout
    let line: TimeWindow
    let easing: Easing

    /// The layer of `scene`, or nil when its motion is not one exact `rotate` per box: a plan
    /// that is not one eased window, slices that change radius, colour or opacity, gaps,
    /// rounded corners, explode, patterns, rose or rings, a track, a counterclockwise chart,
    /// moving inside or outside labels, a changing outline, or more than `maxBoxes` boxes.
    init?(_ scene: Scene) {
        let layout = scene.layout, plan = scene.plan
        guard scene.moves, plan.isUniform, !scene.sampled, plan.movers.isEmpty, plan.duration > 0,
              scene.labels.isEmpty, scene.cutouts.isEmpty, scene.orbits.isEmpty, scene.underlays.isEmpty,
              layout.direction == .clockwise, layout.track == nil, !layout.shapesWedges, layout.equalRadii,
              layout.autoPatternPalette == nil, layout.outerRadius > layout.innerRadius, layout.width > 0 else { return nil }
        guard plan.segments.allSatisfy({ Self.plain($0, layout) }),
              layout.slices.allSatisfy({ $0.pattern == .none && $0.color.isOpaque }) else { return nil }
        guard scene.separators.allSatisfy({ $0.fromInner == nil && $0.inner == layout.innerRadius && $0.outer == layout.outerRadius })
        else { return nil }
        let drawn = BoxPieces(plan.segments)
        guard !drawn.closesAtOneEnd || !scene.separators.isEmpty,
              2 * drawn.pieces.count + scene.separators.count <= Self.maxBoxes else { return nil }
        guard InkStyle.css(scene).keyframes.isEmpty, OutlineWriter.css(scene).keyframes.isEmpty else { return nil }
        scope = scene.scope
        pieces = drawn.pieces
        separators = scene.separators.map {
            Separator(index: $0.index, from: $0.from, to: $0.to, fromOpacity: $0.fromOpacity, toOpacity: $0.toOpacity)
        }
        self.layout = layout
        line = plan.timeline
        easing = plan.easing
    }

    /// A segment the boxes draw exactly: the chart's radii, one colour, opaque, not exploded.
    private static func plain(_ s: Segment, _ layout: ChartLayout) -> Bool {
        [s.from, s.to].allSatisfy { g in
            g.outerRadius == layout.outerRadius && g.innerRadius == layout.innerRadius && g.opacity == 1 && g.explode == 0
        } && s.from.color == s.to.color && s.to.color.isOpaque
    }

    /// `<div class="p-fx">`, the wrapper of the SVG and the layer (before the inline SVG).
    func open(into out: inout ByteWriter) {
        out.raw("<div class=\"p-fx\">\n")
    }

    /// The layer's boxes and the wrapper's end (after the inline SVG).
    func markup(into out: inout ByteWriter) {
        out.raw("<div class=\"p-bx\" aria-hidden=\"true\">")
        for k in pieces.indices {
            out.raw("<i class=\"p-k")
            out.int(k)
            out.raw("\"><i></i></i>")
        }
        for b in separators {
            out.raw("<b class=\"p-j")
            out.int(b.index)
            out.raw("\"></b>")
        }
        out.raw("</div>\n</div>\n")
    }
}
