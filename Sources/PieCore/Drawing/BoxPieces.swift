import PieSpec

/// What index.html's compositor layer draws (`Strategies.CompositorBoxes`, written by
/// Codegen's `BoxLayer`): the plan's wedges as *pieces* of at most 180 degrees, each a pair of
/// angles at both ends of the transition, in paint order.
///
/// A slice is drawn from its start to the middle of the next slice that has width at both ends
/// (stacked, as the SVG's dashes: the next slice is painted over the extension, so every
/// visible boundary is one anti-aliased edge over an opaque colour, never two abutting edges
/// that let the background through). When the circle is closed at both ends, painting starts at
/// the first such slice, extended back under the last one (`mid(last) - 360`). Every drawn
/// angle is a sum of plan angles, so it is linear in the eased progress at both ends: the
/// boundaries stay exact in angle. A drawn span over 180 degrees is cut into `n` overlapping
/// pieces (each a fixed fraction of the span, so still linear), each drawn over the one before.
struct BoxPieces {
    struct Piece: Hashable, Sendable {
        var color: Color
        /// Start angle and span at the transition's start and at its end (screen degrees,
        /// 0 = 12 o'clock, clockwise).
        var from: (start: Double, span: Double)
        var to: (start: Double, span: Double)

        static func == (a: Piece, b: Piece) -> Bool {
            a.color == b.color && a.from == b.from && a.to == b.to
        }

        func hash(into h: inout Hasher) {
            h.combine(color)
            for v in [from.start, from.span, to.start, to.span] { h.combine(v) }
        }
    }

    var pieces: [Piece] = []
    /// The circle is full at one end of the transition only (an enter growing from a point).
    var closesAtOneEnd = false

    /// The pieces of `segments` (in angular order at both ends, equal radii).
    init(_ segments: [Segment]) {
        let shown = segments.filter { $0.from.span > 0 || $0.to.span > 0 }
        guard !shown.isEmpty else { return }
        func closed(_ end: KeyPath<Segment, SegmentGeometry>) -> Bool {
            Geometry.isFullCircle(shown.last![keyPath: end].endAngle - shown.first![keyPath: end].startAngle)
        }
        let closesFrom = closed(\.from), closesTo = closed(\.to)
        // An enter from one point closes at its end only: no closing extension can be linear,
        // so the closing boundary is two abutting edges (the caller covers it by a separator).
        closesAtOneEnd = closesFrom != closesTo
        let solid = shown.map { $0.from.span > 0 && $0.to.span > 0 }
        // Where the next slice with width lies: both ends if any has, else the new chart's.
        let anySolid = solid.contains(true)
        func isSolid(_ k: Int) -> Bool { anySolid ? solid[k] : shown[k].to.span > 0 }
        let closes = closesFrom && closesTo && shown.count > 1
        let first = closes ? (shown.indices.first(where: isSolid) ?? 0) : 0
        let order = Array(shown.indices[first...]) + Array(shown.indices[..<first])
        let last = order.last(where: isSolid)
        for (p, k) in order.enumerated() {
            let s = shown[k]
            var from = (start: s.from.startAngle, end: s.from.endAngle)
            var to = (start: s.to.startAngle, end: s.to.endAngle)
            if let next = order[(p + 1)...].first(where: isSolid) {
                from.end = Self.mid(shown[next].from)
                to.end = Self.mid(shown[next].to)
            }
            if closes, p == 0, let last, last != k {
                from.start = Self.mid(shown[last].from) - 360
                to.start = Self.mid(shown[last].to) - 360
            } else if closesFrom, closesTo, shown.count == 1 {
                // One full slice: its end reaches over its own start (same colour), so the
                // closing line is an edge over its own paint.
                from.end += (from.end - from.start) / 8
                to.end += (to.end - to.start) / 8
            }
            add(color: s.to.color, from: from, to: to)
        }
    }

    static func mid(_ g: SegmentGeometry) -> Double { (g.startAngle + g.endAngle) / 2 }

    /// The pieces of one drawn span: `n` of them, piece `j` from `j/n` to `(j + 1.5)/n` of the
    /// span (the last to 1), so that each is at most 180 degrees and overlaps the next.
    private mutating func add(color: Color, from: (start: Double, end: Double), to: (start: Double, end: Double)) {
        let widest = max(from.end - from.start, to.end - to.start)
        let n = widest <= 180 ? 1 : Int((widest * 1.5 / 180).rounded(.up))
        for j in 0..<n {
            let a = Double(j) / Double(n), b = min(1, (Double(j) + 1.5) / Double(n))
            func cut(_ e: (start: Double, end: Double)) -> (start: Double, span: Double) {
                let span = e.end - e.start
                return (e.start + span * a, n == 1 ? span : span * (b - a))
            }
            pieces.append(Piece(color: color, from: cut(from), to: cut(to)))
        }
    }
}
