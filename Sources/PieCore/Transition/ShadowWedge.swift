import PieSpec

/// One sector of `theme.shadow` under a pie with exploded slices (`ShadowPose.wedges`), in
/// screen space centred on the pie (degrees from 12 o'clock, clockwise on screen; a
/// counterclockwise chart's sectors are mirrored here, as the shadow is drawn outside the
/// pie's mirror). Each exploded slice casts its own sector, moved by its explode (`x`, `y`)
/// as the slice is; each run of slices that are not exploded shares one sector, unmoved. Every
/// sector is the shadow's circle cut along the two rays of its slices' edges and filled with
/// the circle's radial gradient moved with it, so the rim fades as the whole pie's does and
/// the cut edges are hard, as the gaps between the slices are. A slice of at most 180 degrees
/// moved along its middle angle stays inside its own angles, one of more than 180 outside
/// the others' (their complement is convex): no two sectors overlap, so no point is shaded
/// twice.
public struct ShadowWedge: Sendable, Hashable {
    /// Screen angles, `start` < `end`, `end - start` <= 360.
    public var start: Double
    public var end: Double
    /// Px the sector is moved right and down (the slice's explode).
    public var x: Double
    public var y: Double

    /// The sectors of `layout`'s shadow; empty (one circle) when no visible slice is exploded.
    static func of(_ layout: ChartLayout) -> [ShadowWedge] {
        let visible = layout.slices.filter(\.isVisible)
        guard visible.contains(where: { $0.explode > 0 }) else { return [] }
        let sign = layout.screenSign
        return tiled(visible.map { s in
            (slice(start: s.startAngle, end: s.endAngle, explode: s.explode, sign: sign), s.explode > 0)
        })
    }

    /// The sector of one slice from `start` to `end` (chart angles) moved by `explode` px along
    /// its middle, on screen (`sign`: `ChartLayout.screenSign`).
    static func slice(start: Double, end: Double, explode: Double, sign: Double) -> ShadowWedge {
        let pull = explode > 0 ? Geometry.point(angle: sign * (start + end) / 2, radius: explode) : (x: 0, y: 0)
        let a = sign * start, b = sign * end
        return ShadowWedge(start: min(a, b), end: max(a, b), x: pull.x, y: pull.y)
    }

    /// The slices' sectors in angular order (each with whether it is exploded) as the shadow
    /// at rest cuts them: each run of slices that are not exploded joined into one sector.
    static func tiled(_ slices: [(wedge: ShadowWedge, exploded: Bool)]) -> [ShadowWedge] {
        var wedges: [ShadowWedge] = []
        for (wedge, exploded) in slices {
            // Slices that are not exploded join the run before them (angles are contiguous).
            if !exploded, let last = wedges.last, last.x == 0, last.y == 0, let joined = last.joined(wedge) {
                wedges[wedges.count - 1] = joined
            } else {
                wedges.append(wedge)
            }
        }
        // The last run and the first meet across the sweep's start.
        if wedges.count > 1, let first = wedges.first, let last = wedges.last, first.x == 0, first.y == 0, last.x == 0, last.y == 0,
           let joined = last.joined(first) {
            wedges.removeFirst()
            wedges[wedges.count - 1] = joined
        }
        return wedges
    }

    /// `self` and `next` as one sector when they share an edge (in either direction, or a
    /// turn apart), else nil.
    private func joined(_ next: ShadowWedge) -> ShadowWedge? {
        for turn in [-360.0, 0, 360] {
            if abs(end - (next.start + turn)) < 1e-9 { return ShadowWedge(start: start, end: next.end + turn, x: x, y: y) }
            if abs(start - (next.end + turn)) < 1e-9 { return ShadowWedge(start: next.start + turn, end: end, x: x, y: y) }
        }
        return nil
    }

    /// Whether the sector is the whole circle.
    public var isFull: Bool { Geometry.isFullCircle(end - start) }
}
