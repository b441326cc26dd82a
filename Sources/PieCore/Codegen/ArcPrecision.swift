import PieJSON

/// How many decimals the end points of an exact wedge's arc need. A renderer draws an arc
/// command as the circle of the given radius through the two written (rounded) end points, its
/// centre found from them (SVG 2, F.6.5): near a half turn the centre is ill-conditioned (a
/// 0.001 error of an end point moves it by up to half a unit at radius 150), so the angle of
/// the points alone does not decide. An arc gets the fewest decimals (1 to 3) whose drawn
/// circle stays within `pointAngleTolerance` worth of length of the exact one; 3 when none
/// does (what every arc was written with before).
extension ByteWriter {
    /// Degrees a point of an exact wedge may be off by rounding, as a length at its radius
    /// (the browser tests hold a boundary at rest to 0.2 degree, an edge to 0.5 px; the
    /// engines' own error is about 0.05 degree).
    static let pointAngleTolerance = 0.03

    /// Decimals of the arc from `from` to `to` (degrees) on `radius` and of its two end points,
    /// split as `arcs` splits it.
    static func decimals(radius: Double, from: Double, to: Double) -> Int {
        let tolerance = radius * pointAngleTolerance * .pi / 180
        let ends = abs(to - from) > arcSplitSpan ? [from, (from + to) / 2, to] : [from, to]
        for d in 1...2 where 0.5.squareRoot() * unit(d) <= tolerance {
            let fits = zip(ends, ends.dropFirst()).allSatisfy { a, b in
                drawnError(radius: radius, from: a, to: b, decimals: d) <= tolerance
            }
            if fits { return d }
        }
        return 3
    }

    /// Above this span (degrees) an arc is written as two, so its end never meets its start.
    static let arcSplitSpan = 359.0

    private static func unit(_ d: Int) -> Double { d == 1 ? 0.1 : d == 2 ? 0.01 : 0.001 }

    /// An upper bound of how far the circle a renderer draws through the rounded end points
    /// lies from the exact circle: its centre's distance from the origin plus its change of
    /// radius (F.6.5's centre, the radius scaled up when the points are too far apart).
    static func drawnError(radius: Double, from: Double, to: Double, decimals d: Int) -> Double {
        let scale = 1 / unit(d)
        func rounded(_ v: Double) -> Double { (v * scale).rounded(.toNearestOrAwayFromZero) / scale }
        let p = Geometry.point(angle: from, radius: radius), q = Geometry.point(angle: to, radius: radius)
        let x1 = rounded(p.x), y1 = rounded(p.y), x2 = rounded(q.x), y2 = rounded(q.y)
        let hx = (x1 - x2) / 2, hy = (y1 - y2) / 2
        let half = hx * hx + hy * hy
        guard half > 0 else { return .infinity }
        var r = radius
        if half > r * r { r = half.squareRoot() }
        // Large arc and sweep flags differ exactly when the centre is on the left of the chord.
        let large = abs(to - from) > 180, clockwise = to >= from
        var coefficient = (max(0, r * r - half) / half).squareRoot()
        if large == clockwise { coefficient = -coefficient }
        let cx = coefficient * hy + (x1 + x2) / 2, cy = -coefficient * hx + (y1 + y2) / 2
        return (cx * cx + cy * cy).squareRoot() + (r - radius)
    }
}
