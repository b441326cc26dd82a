import PieJSON
import PieSpec

// The bytes of the exact layer's strokes (`Scene.restStrokeWidth`, `DrawingPlan.Rest.strokes`).

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
        out.paint(color, "stroke-opacity")
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
    /// pieces of at most 120 degrees. An arc's centre, and so the direction of a stroke's butt
    /// caps (the slice's edges), is found from its chord: a rounded end point turns them by up
    /// to its rounding over the chord's length (radians), and, near 180 degrees, moves the
    /// centre by up to tan(span / 2) times the rounding (a semicircle's 0.005 px moved the arc
    /// 0.55 px, a boundary 0.27 degree off in Chromium), so no piece comes near that. The
    /// points of a piece have as many decimals as keep that turn within 1e-3 radian (0.06
    /// degree): two for a chord of 5 px and more, one more for each tenfold shorter (with two
    /// for every chord, a 500-slice pie's 1 px chords put boundaries 0.29 degree off at rest in
    /// Firefox and WebKitGTK).
    mutating func arcStroke(start: Double, end: Double, radius: Double) {
        let pieces = max(1, Int(((end - start) / 120).rounded(.up)))
        let span = (end - start) / Double(pieces)
        let p = Geometry.point(angle: start, radius: radius)
        let q = Geometry.point(angle: start + span, radius: radius)
        let decimals = ByteWriter.arcDecimals(chord: ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot())
        raw("M")
        num(p.x, decimals: decimals)
        spacedNum(p.y, decimals: decimals)
        for k in 1...pieces {
            arcStroke(to: start + span * Double(k), radius: radius, decimals: decimals)
        }
    }

    /// Decimals for the points of an arc piece whose chord is `chord` long: rounding (half a
    /// unit of the last decimal) at most 1e-3 of the chord, at least two, at most six.
    static func arcDecimals(chord: Double) -> Int {
        var decimals = 2
        var rounding = 0.005
        while decimals < 6, rounding > chord * 1e-3 {
            decimals += 1
            rounding /= 10
        }
        return decimals
    }

    private mutating func arcStroke(to angle: Double, radius: Double, decimals: Int) {
        let p = Geometry.point(angle: angle, radius: radius)
        raw("A")
        num(radius, decimals: decimals)
        raw(" ")
        num(radius, decimals: decimals)
        raw(" 0 0 1")
        spacedNum(p.x, decimals: decimals)
        spacedNum(p.y, decimals: decimals)
    }
}
