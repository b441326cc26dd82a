import PieJSON
import PieSpec

// The exact layer of plain wedges as strokes: a wedge between two radii is exactly the
// stroke (butt caps) of its arc on the middle circle, as wide as the ring, so a slice needs
// one arc through two points instead of an outline of two arcs through four (issue 27: the
// exact layer's paths were the largest part of chart.svg, gzipped).

extension Scene {
    /// Wedges with nothing but colour: no pattern, no explode, no shaped wedge (gaps,
    /// corners). Everything else keeps its filled outlines.
    var strokesRest: Bool {
        !layout.shapesWedges && layout.autoPatternPalette == nil
            && layout.slices.allSatisfy { !$0.isVisible || ($0.pattern == .none && $0.explode == 0) }
    }

    /// The group's stroke width: the first visible slice's ring (every slice's when stacked);
    /// a wedge of another width writes its own.
    var restStrokeWidth: Double? {
        layout.slices.first(where: \.isVisible).map { $0.outerRadius - $0.innerRadius }
    }
}

extension SVGWriter {
    /// ` fill="none"` of the group holding the strokes, with the ring's `width` when shared.
    mutating func restStrokeGroup(width: Double?) {
        out.raw(" fill=\"none\"")
        guard let width else { return }
        out.raw(" stroke-width=\"")
        out.num(width)
        out.raw("\"")
    }

    /// A wedge from `start` to `end` between `inner` and `outer` as the stroke of its middle
    /// arc (its own width unless the group's, `shared`); a full ring is a circle. A wedge
    /// without width draws nothing either way, and is left out (with its line).
    mutating func restStroke(_ color: Color, start: Double, end: Double, inner: Double, outer: Double, shared: Double?) {
        guard outer > inner else { return }
        let mid = (outer + inner) / 2
        let full = Geometry.isFullCircle(end - start)
        out.raw(full ? "<circle stroke=\"" : "<path stroke=\"")
        out.hex(color)
        if shared != outer - inner {
            out.raw("\" stroke-width=\"")
            out.num(outer - inner)
        }
        if full {
            out.raw("\" r=\"")
            out.num(mid)
        } else {
            out.raw("\" d=\"")
            out.arcStroke(start: start, end: end, radius: mid)
        }
        out.raw("\"/>\n")
    }

    /// Slice `k` painted to `end` (`restStroke`).
    mutating func restStroke(_ k: Int, end: Double, shared: Double?) {
        let slice = layout.slices[k]
        restStroke(slice.color, start: slice.startAngle, end: end, inner: slice.innerRadius, outer: slice.outerRadius,
                   shared: shared)
    }
}

extension ByteWriter {
    /// The `d` of the arc on `radius` from `start` to `end` (degrees, clockwise), in equal
    /// pieces of at most 120 degrees. Two decimals: a point moves at most 0.005 px, 0.003
    /// degree on a radius of 100 px, far below what a renderer draws (0.2 degree at rest).
    /// An arc's centre is found from its chord, and a rounded end point moves it by up to
    /// tan(span / 2) times as much (1.7 at 120 degrees): near 180 degrees, a semicircle,
    /// 0.005 px moved the whole arc 0.55 px off the centre (Chromium measured a boundary
    /// 0.27 degree off), so no piece comes near that.
    mutating func arcStroke(start: Double, end: Double, radius: Double) {
        let p = Geometry.point(angle: start, radius: radius)
        raw("M")
        num(p.x, decimals: 2)
        spacedNum(p.y, decimals: 2)
        let pieces = max(1, Int(((end - start) / 120).rounded(.up)))
        for k in 1...pieces {
            arcStroke(to: start + (end - start) * Double(k) / Double(pieces), radius: radius)
        }
    }

    private mutating func arcStroke(to angle: Double, radius: Double) {
        let p = Geometry.point(angle: angle, radius: radius)
        raw("A")
        num(radius, decimals: 2)
        raw(" ")
        num(radius, decimals: 2)
        raw(" 0 0 1")
        spacedNum(p.x, decimals: 2)
        spacedNum(p.y, decimals: 2)
    }
}
