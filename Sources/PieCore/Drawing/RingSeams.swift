import PieSpec

/// Where two rings meet without a separator between them, each band's anti-aliased edge lies
/// on the same circle, and the two partial coverages let the background through (measured in
/// librsvg at 1x, three rings of one colour on magenta: 32 % of the background on the circle
/// between two rings; with an underlap of 0.5 px still 7.7 %, as a pixel's coverage filter is
/// a pixel wide; with 1 px, 0.5 %). So, as slices of one ring are stacked, a ring is drawn
/// `underlap` px past its outer edge, under
/// the ring outside it, which is painted later and covers it: the only edge left there is the
/// outer ring's, over an opaque paint of the inner one. A drawing decision, like stacking the
/// slices of one ring (`DrawingPlan.Joins`): Codegen writes the rings it returns.
///
/// Only for drawing (the layouts and plans the manifest and the change report read keep the
/// true bands), at each end of the transition where the ring has width, the ring painted next
/// to it outside (`RingPart` order: inside out, then the rings that shrink away) starts at its
/// outer edge, is at least `underlap` wide, and covers at least the ring's angles (no
/// `chart.total` leaving it short). Not with separators (the circle of `RingEdges` covers the
/// edge), nor where the chart cuts its wedges (`Stage.cuts`: the gaps and rounded corners, whose
/// notches in the outer ring would show the underlap).
/// Between the ends the bands tile the disc, so what is painted past the edge stays under
/// later rings while the motion has it at both ends.
enum RingSeams {
    static let underlap = 1.0

    /// The ring parts' layouts and plans as drawn.
    static func drawn(_ parts: [RingPart], chart: ChartLayout) -> [(layout: ChartLayout, plan: TransitionPlan)] {
        let drawn = parts.map { (layout: $0.layout, plan: $0.plan) }
        guard parts.count > 1, chart.stroke.width <= 0, !chart.shapesWedges else { return drawn }
        func band(_ plan: TransitionPlan, from: Bool) -> (inner: Double, outer: Double, span: Double)? {
            guard let s = plan.segments.first else { return nil }
            let g = from ? s.from : s.to
            let span = plan.segments.reduce(0) { $0 + max((from ? $1.from : $1.to).span, 0) }
            return (g.innerRadius, g.outerRadius, span)
        }
        func extends(_ k: Int, from: Bool) -> Bool {
            guard let own = band(parts[k].plan, from: from), own.outer - own.inner > 1e-9 else { return false }
            return parts.indices.contains { j in
                guard j > k, let next = band(parts[j].plan, from: from) else { return false }
                return abs(next.inner - own.outer) < 1e-9 && next.outer - next.inner >= underlap && next.span >= own.span - 1e-9
            }
        }
        return drawn.enumerated().map { k, part in
            // The rest layer where the final chart has a seam there; the motion only where both
            // ends have one (the bands tile in every frame between), not where a `ringGap`
            // opens or closes, which would uncover it.
            let atTo = extends(k, from: false), moving = atTo && extends(k, from: true)
            guard atTo else { return part }
            var (layout, plan) = part
            if moving {
                for i in plan.segments.indices {
                    plan.segments[i].from.outerRadius += underlap
                    plan.segments[i].to.outerRadius += underlap
                }
                for i in plan.movers.indices {
                    plan.movers[i].from.outerRadius += underlap
                    plan.movers[i].to.outerRadius += underlap
                }
            }
            layout.outerRadius += underlap
            for i in layout.slices.indices { layout.slices[i].outerRadius += underlap }
            return (layout, plan)
        }
    }
}
