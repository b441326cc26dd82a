#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// An axis-aligned text box against a ring sector, exactly: whether every point of the box
/// lies in the sector between two chart angles and two radii (`inner` may be 0, the span up
/// to a whole turn). Pie coordinates: px from the centre, y down; chart angles are degrees
/// from 12 o'clock in the chart's direction (`sign` +1 clockwise, -1 counterclockwise).
///
/// - outer radius: the disc is convex, so the four corners decide;
/// - inner radius: the box's nearest point to the centre must be at least `inner` away;
/// - the two rays: a sector of at most 180 degrees is convex (the four corners decide); a
///   wider one is the turn minus a convex wedge, which the box must not reach: no corner
///   inside that wedge and neither of its rays through the box.
public struct SectorBox: Sendable, Hashable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// A box of `width` x `height` centred on (x, y), grown by `pad` on every side.
    public init(centerX x: Double, y: Double, width: Double, height: Double, pad: Double = 0) {
        self.init(minX: x - width / 2 - pad, minY: y - height / 2 - pad, maxX: x + width / 2 + pad, maxY: y + height / 2 + pad)
    }

    var corners: [(x: Double, y: Double)] { [(minX, minY), (maxX, minY), (minX, maxY), (maxX, maxY)] }

    /// Whether the box lies in the sector [start, end] x [inner, outer].
    public func isInside(start: Double, end: Double, inner: Double, outer: Double, sign: Double) -> Bool {
        let span = end - start
        guard span > 0, outer > inner else { return false }
        // Mirror a counterclockwise chart, so chart angles run clockwise on screen.
        let box = sign > 0 ? self : SectorBox(minX: -maxX, minY: minY, maxX: -minX, maxY: maxY)
        let corners = box.corners
        for c in corners where c.x * c.x + c.y * c.y > outer * outer { return false }
        if inner > 0 {
            let nx = min(max(0, box.minX), box.maxX), ny = min(max(0, box.minY), box.maxY)
            if nx * nx + ny * ny < inner * inner { return false }
        }
        if span >= 360 - 1e-9 { return true }
        if span <= 180 {
            return corners.allSatisfy { SectorBox.sine(from: start, to: $0) >= -1e-9 && SectorBox.sine($0, to: end) >= -1e-9 }
        }
        // The wedge left out, from `end` to `start + 360`, is convex.
        let a = end, b = start + 360
        if corners.contains(where: { SectorBox.sine(from: a, to: $0) > 1e-9 && SectorBox.sine($0, to: b) > 1e-9 }) { return false }
        return !box.isCrossed(byRayAt: a) && !box.isCrossed(byRayAt: b)
    }

    /// Unit vector of a chart angle on a clockwise screen (0 = up).
    static func direction(_ angle: Double) -> (x: Double, y: Double) {
        let r = angle * Double.pi / 180
        return (sin(r), -cos(r))
    }

    /// sin(θ - angle) times the point's distance, θ the point's angle: >= 0 when the point is
    /// at most 180 degrees clockwise from `angle`.
    static func sine(from angle: Double, to p: (x: Double, y: Double)) -> Double {
        let u = direction(angle)
        return u.x * p.y - u.y * p.x
    }

    /// sin(angle - θ) times the point's distance.
    static func sine(_ p: (x: Double, y: Double), to angle: Double) -> Double {
        -sine(from: angle, to: p)
    }

    /// Whether the ray from the centre at `angle` passes through the box's interior.
    func isCrossed(byRayAt angle: Double) -> Bool {
        let u = SectorBox.direction(angle)
        var lo = 0.0, hi = Double.infinity
        for (o, lower, upper) in [(u.x, minX, maxX), (u.y, minY, maxY)] {
            if abs(o) < 1e-12 {
                if lower >= 0 || upper <= 0 { return false }
                continue
            }
            let t1 = lower / o, t2 = upper / o
            lo = max(lo, min(t1, t2))
            hi = min(hi, max(t1, t2))
        }
        return hi - lo > 1e-9
    }
}
