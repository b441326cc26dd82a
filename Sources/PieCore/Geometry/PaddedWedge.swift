#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// A point relative to the chart centre, SVG user space (y down).
struct Point: Equatable {
    var x: Double
    var y: Double
    static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }
    var length: Double { (x * x + y * y).squareRoot() }
}

/// One command of a path outline.
enum PathOp: Equatable {
    case move(Point)
    case line(Point)
    /// `A r r 0 large sweep to`; `sweep` = clockwise on screen.
    case arc(radius: Double, large: Bool, sweep: Bool, to: Point)
    case close
}

/// Padded, rounded wedges (`chart.padAngle`, `chart.cornerRadius`).
///
/// Definition. The gap around a boundary between two slices is every point within `h` of the
/// boundary's ray (from the centre to the rim), `h` = half the chord of `padAngle` at the
/// chart's outer radius: a band of constant width `2h` with parallel edges, plus a disc of
/// radius `h` at the centre. A slice is its wedge minus the gaps at its two boundaries (an
/// open end of a partial sweep has none); a slice narrower than the gap vanishes, never drawn
/// inverted. Corners are rounded by circles tangent to the edge and the arc: an outer corner
/// circle has its centre `R - c` from the centre and `h + c` from the boundary, an inner one
/// `r + c` and `h + c` (r = the inner radius, at least `h`). A pie slice of less than 180
/// degrees ends in the point where its two edges meet; a larger one has a notch of radius `h`.
/// `c` is clamped per slice: at most half the ring width, and both corner circles of an arc
/// must fit in the slice's angle (see `corner(_:)`).
struct PaddedWedge: Equatable {
    /// Chart angles in degrees, start < end.
    var start: Double
    var end: Double
    var inner: Double
    var outer: Double
    /// Half gap width at the start and end boundary (0 at an open end).
    var startGap: Double
    var endGap: Double
    var cornerRadius: Double

    /// Half the gap width for `padAngle` degrees on a chart of outer radius `radius`.
    static func halfGap(padAngle: Double, radius: Double) -> Double {
        guard padAngle > 0 else { return 0 }
        return radius * sin(min(padAngle, 180) / 2 * Double.pi / 180)
    }

    var span: Double { end - start }
    /// The effective inner radius: the centre disc of radius h is gap.
    var innerEdge: Double { max(inner, startGap, endGap) }

    /// Angle (degrees from the boundary) of a point at `distance` from the centre whose distance
    /// from the boundary line is `offset`; nil when no such point exists.
    static func offsetAngle(_ offset: Double, at distance: Double) -> Double? {
        guard distance > 0, offset <= distance else { return nil }
        return asin(min(offset / distance, 1)) * 180 / Double.pi
    }

    /// Angular room on a circle of `radius`: the span minus both edges' offsets (nil if none).
    private func room(radius: Double, extra c: Double, outward: Bool) -> Double? {
        let d = outward ? radius - c : radius + c
        guard let a0 = Self.offsetAngle(startGap + c, at: d), let a1 = Self.offsetAngle(endGap + c, at: d) else { return nil }
        return span - a0 - a1
    }

    /// The whole slice is gap (or has no ring).
    var vanishes: Bool {
        guard span > 0, outer > innerEdge else { return true }
        guard let r = room(radius: outer, extra: 0, outward: true) else { return true }
        return r <= 1e-9
    }

    /// Whether the inner edge is an arc (else the edges meet in a point: `tip`).
    var hasInnerArc: Bool {
        guard innerEdge > 0, let r = room(radius: innerEdge, extra: 0, outward: false) else { return false }
        return r > 1e-9
    }

    /// Where the two offset edges meet (the tip of a narrow pie slice).
    var tip: Point {
        let n0 = Self.normal(start, towardsIncreasing: true), n1 = Self.normal(end, towardsIncreasing: false)
        // Solve P·n0 = h0, P·n1 = h1.
        let det = n0.x * n1.y - n0.y * n1.x
        guard abs(det) > 1e-12 else { return Self.at(angle: (start + end) / 2, radius: startGap) }
        return Point(x: (startGap * n1.y - endGap * n0.y) / det, y: (n0.x * endGap - n1.x * startGap) / det)
    }

    /// Unit normal of the boundary ray at `angle`, pointing towards increasing (or decreasing) angles.
    static func normal(_ angle: Double, towardsIncreasing: Bool) -> Point {
        let a = angle * Double.pi / 180
        let n = Point(x: cos(a), y: sin(a))
        return towardsIncreasing ? n : n * -1
    }

    static func at(angle: Double, radius: Double) -> Point {
        let p = Geometry.point(angle: angle, radius: radius)
        return Point(x: p.x, y: p.y)
    }

    /// The corner radius this slice can carry at its outer (or inner) arc: at most
    /// `cornerRadius`, half the ring width, and small enough that both corner circles fit.
    func corner(outerArc: Bool) -> Double {
        let limit = min(cornerRadius, max(outer - innerEdge, 0) / 2)
        guard limit > 0 else { return 0 }
        let radius = outerArc ? outer : innerEdge
        func fits(_ c: Double) -> Bool { (room(radius: radius, extra: c, outward: outerArc) ?? -1) >= 0 }
        if fits(limit) { return limit }
        guard fits(0) else { return 0 }
        var lo = 0.0, hi = limit
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if fits(mid) { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// Corner tangent points at one boundary: on the edge, and on the arc of `radius`.
    /// `startSide` picks the start boundary; `outward` an outer corner.
    func cornerPoints(startSide: Bool, radius: Double, c: Double, outward: Bool) -> (edge: Point, arc: Point) {
        let h = startSide ? startGap : endGap
        let angle = startSide ? start : end
        let d = outward ? radius - c : radius + c
        let along = max(d * d - (h + c) * (h + c), 0).squareRoot()
        let u = Self.at(angle: angle, radius: 1), n = Self.normal(angle, towardsIncreasing: startSide)
        let centre = n * (h + c) + u * along
        let edge = n * h + u * along
        let arc = centre * (radius / max(d, 1e-12))
        return (edge, arc)
    }

    /// The outline, clockwise: start edge, outer arc with its corners, end edge, inner arc (or
    /// the tip), back. Empty when the slice vanishes.
    func outline() -> [PathOp] {
        guard !vanishes else { return [] }
        var ops: [PathOp] = []
        let co = corner(outerArc: true)
        let s0 = cornerPoints(startSide: true, radius: outer, c: co, outward: true)
        let s1 = cornerPoints(startSide: false, radius: outer, c: co, outward: true)
        ops.append(.move(s0.edge))
        if co > 0 { ops.append(.arc(radius: co, large: false, sweep: true, to: s0.arc)) }
        ops.append(.arc(radius: outer, large: Self.angleBetween(s0.arc, s1.arc) > 180, sweep: true, to: s1.arc))
        if co > 0 { ops.append(.arc(radius: co, large: false, sweep: true, to: s1.edge)) }
        if hasInnerArc {
            let r = innerEdge, ci = corner(outerArc: false)
            let e1 = cornerPoints(startSide: false, radius: r, c: ci, outward: false)
            let e0 = cornerPoints(startSide: true, radius: r, c: ci, outward: false)
            ops.append(.line(e1.edge))
            if ci > 0 { ops.append(.arc(radius: ci, large: false, sweep: true, to: e1.arc)) }
            ops.append(.arc(radius: r, large: Self.angleBetween(e0.arc, e1.arc) > 180, sweep: false, to: e0.arc))
            if ci > 0 { ops.append(.arc(radius: ci, large: false, sweep: true, to: e0.edge)) }
        } else {
            ops.append(.line(tip))
        }
        ops.append(.close)
        return ops
    }

    /// Clockwise angle in degrees from `a` to `b` (0..<360), both relative to the centre.
    static func angleBetween(_ a: Point, _ b: Point) -> Double {
        let t0 = atan2(a.x, -a.y), t1 = atan2(b.x, -b.y)
        var d = (t1 - t0) * 180 / Double.pi
        while d < 0 { d += 360 }
        while d >= 360 { d -= 360 }
        return d
    }
}

