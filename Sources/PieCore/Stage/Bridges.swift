import PieSpec

/// Which segments draw something, whether they close the circle, and the extensions
/// (bridges) that join slices of different radii, at the two ends of a transition.
extension Stage {
    /// The extensions between `from` and `to` (the same segments in angular order at the two
    /// ends of a transition; equal at rest): (after, from geometry, to geometry), `after` an
    /// index into the segments or nil for the closing one (only when both ends close the
    /// circle). At each end an extension runs from its slice's middle to the middle of the
    /// next slice that has width there, at the smallest radius in between; a slice without
    /// width there, or with none after it, has an empty one (never an edge of its colour at a
    /// boundary). The closing one joins the last and the first slice that have width.
    /// `exact`: the extension joins the same slices at both ends, so its ends and radius are
    /// linear in between; otherwise (slices that appear or vanish next to it) only sampled
    /// instants are exact (`Scene.sampled`).
    /// `whole`: for a sampled instant (`from` is the instant), the two ends of the whole
    /// transition, which decide whether the closing extension exists (an instant's scene keeps
    /// the element set of the whole transition); where the instant has no slices with width to
    /// join, it joins the places of those the whole transition joins at its start.
    static func bridges(from: [SegmentGeometry], to: [SegmentGeometry], closed: Bool,
                        whole: (from: [SegmentGeometry], to: [SegmentGeometry])? = nil)
        -> [(after: Int?, from: SegmentGeometry, to: SegmentGeometry, exact: Bool)] {
        let n = from.count
        guard n > 1 else { return [] }
        func mid(_ g: SegmentGeometry) -> Double { (g.startAngle + g.endAngle) / 2 }
        func ring(_ g: SegmentGeometry, _ start: Double, _ end: Double, outer: Double, inner: Double) -> SegmentGeometry {
            SegmentGeometry(startAngle: start, endAngle: end, outerRadius: outer, innerRadius: inner, color: g.color)
        }
        func target(_ gs: [SegmentGeometry], _ i: Int) -> Int? {
            gs[i].span > 0 ? (i + 1..<n).first(where: { gs[$0].span > 0 }) : nil
        }
        func ext(_ gs: [SegmentGeometry], _ i: Int, to j: Int?) -> SegmentGeometry {
            let g = gs[i]
            guard let j else { return ring(g, mid(g), mid(g), outer: g.outerRadius, inner: g.innerRadius) }
            let span = gs[i...j]
            return ring(g, mid(g), mid(gs[j]), outer: span.map(\.outerRadius).min()!, inner: span.map(\.innerRadius).max()!)
        }
        /// Both ends' extensions of slice i, and whether they join the same slices. Where one
        /// end has nothing to join but its slice sits where the other end's target sits (all
        /// growing from one point, as in an enter animation), that end takes the other's
        /// target: an empty extension of the right radius, linear to the other end.
        func pair(_ i: Int) -> (SegmentGeometry, SegmentGeometry, Bool) {
            var t0 = target(from, i), t1 = target(to, i)
            if t0 == nil, let j = t1, mid(from[i]) == mid(from[j]) { t0 = j }
            if t1 == nil, let j = t0, mid(to[i]) == mid(to[j]) { t1 = j }
            return (ext(from, i, to: t0), ext(to, i, to: t1), t0 == t1)
        }
        var result: [(after: Int?, from: SegmentGeometry, to: SegmentGeometry, exact: Bool)] = []
        func ends(_ gs: [SegmentGeometry]) -> (Int, Int)? {
            guard let f = gs.indices.first(where: { gs[$0].span > 0 }), let l = gs.indices.last(where: { gs[$0].span > 0 }), f != l else { return nil }
            return (l, f)
        }
        if closed, let start = ends(whole?.from ?? from), let end = ends(whole?.to ?? to) {
            let (l0, f0) = ends(from) ?? start, (l1, f1) = ends(to) ?? end
            func closing(_ gs: [SegmentGeometry], _ l: Int, _ f: Int) -> SegmentGeometry {
                let near = [l0, f0, l1, f1].map { gs[$0] }
                return ring(gs[f], mid(gs[l]) - 360, mid(gs[f]), outer: near.map(\.outerRadius).min()!, inner: near.map(\.innerRadius).max()!)
            }
            result.append((nil, closing(from, l0, f0), closing(to, l1, f1), l0 == l1 && f0 == f1))
        }
        for i in 0..<(n - 1) {
            let (f, t, exact) = pair(i)
            result.append((i, f, t, exact))
        }
        return result
    }

    /// The segments that draw something in either state, in the plan's angular order.
    static func drawn(_ plan: TransitionPlan) -> [(offset: Int, element: Segment)] {
        plan.segments.enumerated().filter { draws($0.element) }
    }

    /// Whether the visible final slices close a full circle (with more than one slice).
    static func closes(_ geometries: [SegmentGeometry]) -> Bool {
        guard geometries.count > 1, let first = geometries.first, let last = geometries.last else { return false }
        return Geometry.isFullCircle(last.endAngle - first.startAngle)
    }
}
