#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// The slices at one instant that outside labels keep off when the slices' outer radii differ
/// (a rose, slices with their own `radius`): such a label stands just beyond its own slice's
/// rim (`OutsideLabels.place`, `RadialLabels.place`), which may lie inside the chart's outer
/// circle, so its text and its leader must clear every slice there, or it stands beyond the
/// chart's rim as in a pie of one radius.
///
/// Tests are on the sectors as drawn (moved by their explode) in pie coordinates (px from the
/// centre, y down): a box grown by `LabelFit.padding` has no point of its outline (1 px apart)
/// strictly inside a sector and holds none of a sector's corners or arc extremes; a leader has
/// no point (1 px apart) strictly inside a sector.
public struct LabelWedges: Sendable, Hashable {
    /// The visible slices (chart angles, explode included).
    var wedges: [SegmentGeometry]
    /// The largest outer radius of the wedges: a slice whose outer radius is below it has a
    /// rim of its own.
    var outer: Double
    /// +1 clockwise, -1 counterclockwise.
    var sign: Double

    /// The visible wedges of `geometries` when their outer radii differ; nil when all are
    /// alike (every label stands beyond the chart's rim, also while a whole pie grows or
    /// shrinks between versions).
    public init?(_ geometries: [SegmentGeometry], sign: Double) {
        let visible = geometries.filter { $0.span > 0 && $0.outerRadius > $0.innerRadius }
        let outer = visible.map(\.outerRadius).max() ?? 0
        guard visible.contains(where: { $0.outerRadius < outer - 1e-9 }) else { return nil }
        (wedges, self.outer, self.sign) = (visible, outer, sign)
    }

    /// Whether a label of slice `g` stands at its own rim (its outer radius is below the chart's).
    func isOwn(_ g: SegmentGeometry) -> Bool { g.outerRadius < outer - 1e-9 }

    /// Whether screen point (x, y) lies strictly inside a wedge.
    func hits(_ x: Double, _ y: Double) -> Bool {
        wedges.contains { w in
            let p = local(x, y, w)
            let r = (p.x * p.x + p.y * p.y).squareRoot()
            guard r < w.outerRadius - 1e-6, r > w.innerRadius + 1e-6 else { return false }
            return inside(angle: atan2(p.x, -p.y) * 180 / Double.pi, w)
        }
    }

    /// Whether `box` (screen, pie coordinates) grown by `LabelFit.padding` clears every wedge.
    public func clears(_ box: SectorBox) -> Bool {
        let pad = LabelFit.padding
        let b = SectorBox(minX: box.minX - pad, minY: box.minY - pad, maxX: box.maxX + pad, maxY: box.maxY + pad)
        // The box's nearest point to the centre: wedges that end before it cannot meet it.
        let nx = min(max(0, b.minX), b.maxX), ny = min(max(0, b.minY), b.maxY)
        let near = (nx * nx + ny * ny).squareRoot()
        for w in wedges where w.outerRadius + w.explode > near {
            let one = LabelWedges(unchecked: [w], outer: outer, sign: sign)
            for p in LabelWedges.outline(b) where one.hits(p.x, p.y) { return false }
            for p in corners(w) where p.x > b.minX && p.x < b.maxX && p.y > b.minY && p.y < b.maxY { return false }
        }
        return true
    }

    /// Whether the leader piece `s` clears every wedge (its first point excepted: a tick starts
    /// on its slice's rim).
    public func clears(_ s: OutsideLabels.Segment) -> Bool {
        let n = max(Int(s.length.rounded(.up)), 1)
        let u = (x: cos(s.angle * Double.pi / 180), y: sin(s.angle * Double.pi / 180))
        for k in 1...n {
            let t = s.length * Double(k) / Double(n)
            if hits(s.x + u.x * t, s.y + u.y * t) { return false }
        }
        return true
    }

    private init(unchecked wedges: [SegmentGeometry], outer: Double, sign: Double) {
        (self.wedges, self.outer, self.sign) = (wedges, outer, sign)
    }

    /// Screen point -> the wedge's own frame: explode undone, mirrored so chart angles run clockwise.
    private func local(_ x: Double, _ y: Double, _ w: SegmentGeometry) -> (x: Double, y: Double) {
        let shift = Geometry.point(angle: sign * (w.startAngle + w.endAngle) / 2, radius: w.explode)
        return (sign * (x - shift.x), y - shift.y)
    }

    private func inside(angle a: Double, _ w: SegmentGeometry) -> Bool {
        if w.span >= 360 - 1e-9 { return true }
        var d = (a - w.startAngle).truncatingRemainder(dividingBy: 360)
        if d < 0 { d += 360 }
        return d > 1e-9 && d < w.span - 1e-9
    }

    /// A wedge's corners and the extremes of its outer arc, in screen pie coordinates.
    private func corners(_ w: SegmentGeometry) -> [(x: Double, y: Double)] {
        var angles = [w.startAngle, w.endAngle]
        var q = (w.startAngle / 90).rounded(.up) * 90
        while q < w.endAngle { angles.append(q); q += 90 }
        let shift = Geometry.point(angle: sign * (w.startAngle + w.endAngle) / 2, radius: w.explode)
        var points: [(x: Double, y: Double)] = []
        for a in angles {
            for r in [w.innerRadius, w.outerRadius] where r > 0 || a == angles[0] {
                let p = Geometry.point(angle: sign * a, radius: r)
                points.append((p.x + shift.x, p.y + shift.y))
            }
        }
        return points
    }

    /// Points along a box's outline, at most 1 px apart.
    static func outline(_ b: SectorBox) -> [(x: Double, y: Double)] {
        let nx = max(1, Int((b.maxX - b.minX).rounded(.up))), ny = max(1, Int((b.maxY - b.minY).rounded(.up)))
        var points: [(x: Double, y: Double)] = []
        points.reserveCapacity(2 * (nx + ny + 1))
        for i in 0...nx {
            let x = b.minX + (b.maxX - b.minX) * Double(i) / Double(nx)
            points.append((x, b.minY))
            points.append((x, b.maxY))
        }
        for j in 1..<max(ny, 1) {
            let y = b.minY + (b.maxY - b.minY) * Double(j) / Double(ny)
            points.append((b.minX, y))
            points.append((b.maxX, y))
        }
        return points
    }
}
