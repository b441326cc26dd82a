import PieSpec

/// The separators between the rings of a chart of rings: `theme.stroke` drawn as a circle
/// where two rings meet (the white edge matplotlib's and Chart.js's nested rings draw), as the
/// radial separators between the slices of each ring are. One per ring part's outer edge
/// (`RingPart`), shown at an end of the transition where that edge lies between two rings:
/// not at the rim or the hole, not where the ring has no width (a ring growing in or
/// shrinking away, whose edge lies on its neighbour's), so a chart at rest has exactly one
/// circle per pair of neighbouring rings. While the bands move, every edge has a ring of some
/// width on both sides, so it is shown throughout: hidden at an end, it appears just after
/// the start or goes at the very end, never half faded. None without a stroke (`width: 0`) or with `padAngle` (the gap replaces
/// the separators, as in a pie).
///
/// Each circle covers the chart's sweep (its whole length on a gauge, including what a ring
/// with `chart.total` leaves empty). Its radius moves with the bands, in the same eased
/// progress (bands only move in a transition whose rings all share one window); a growing
/// `enter` draws it as an arc growing with the slices (uniform timing: the same eased line),
/// or shows it when the rings have grown (staged or staggered enter), and `enter: fade` fades
/// it with the rings. Every value is linear in the eased progress, so CSS draws it exactly.
public struct RingEdge: Sendable, Hashable {
    public var fromRadius: Double
    public var radius: Double
    public var fromOpacity: Double
    public var opacity: Double
    /// Degrees covered at each end: the chart's sweep, 0 at the start of a growing enter.
    public var fromSweep: Double
    public var sweep: Double
    /// The opacity blends between the ends (`enter: fade`) instead of being 1 in between.
    public var fades = false

    /// The edge at eased progress `e`.
    public func at(_ e: Double) -> (radius: Double, opacity: Double, sweep: Double) {
        if e >= 1 { return (radius, opacity, sweep) }
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * e }
        let shown = e <= 0 ? fromOpacity : fades ? mix(fromOpacity, opacity) : 1
        return (mix(fromRadius, radius), shown, mix(fromSweep, sweep))
    }

    /// Whether anything changes between the two ends.
    public var moves: Bool { fromRadius != radius || fromOpacity != opacity || fromSweep != sweep }
}

/// The ring edges of a chart and when they move.
public struct RingEdges: Sendable, Hashable {
    public var edges: [RingEdge] = []
    /// When they move, and how: eased over `window`, or (`stepAtEnd`) the from-state held to
    /// the window's end (the separators of a staged or staggered growing enter).
    public var window = TimeWindow(start: 0, length: 0)
    public var easing = Easing.easeInOut
    public var stepAtEnd = false

    /// The edges of the ring parts `plans` (their plans, inside out then the rings that shrink
    /// away, as `CompiledChart.rings`) of the chart `layout`.
    public init(plans: [TransitionPlan], layout: ChartLayout) {
        guard plans.count > 1, layout.stroke.width > 0, layout.halfGap == 0 else { return }
        let ends = plans.map { plan -> (from: (Double, Double), to: (Double, Double))? in
            guard let s = plan.segments.first else { return nil }
            return ((s.from.innerRadius, s.from.outerRadius), (s.to.innerRadius, s.to.outerRadius))
        }
        let fromRim = ends.compactMap { $0?.from.1 }.max() ?? 0, toRim = ends.compactMap { $0?.to.1 }.max() ?? 0
        let first = plans[0]
        let grows = first.kind == .enterGrow, fades = first.kind == .enterFade
        let uniform = plans.allSatisfy(\.isUniform)
        window = TimeWindow(start: first.delay, length: first.duration)
        easing = first.easing
        if grows, !uniform {
            let lines = plans.map(\.timeline)
            let end = lines.map(\.end).max() ?? 0
            window = TimeWindow(start: 0, length: end)
            stepAtEnd = true
        }
        let fromHole = ends.compactMap { $0?.from.0 }.min() ?? 0, toHole = ends.compactMap { $0?.to.0 }.min() ?? 0
        // Between two rings: another ring starts at this edge (none across a `chart.ringGap`).
        func shown(_ band: (Double, Double), hole: Double, rim: Double, from: Bool) -> Double {
            let touches = ends.contains { e in e.map { abs((from ? $0.from.0 : $0.to.0) - band.1) < 1e-9 } ?? false }
            return band.1 - band.0 > 1e-9 && band.1 < rim - 1e-9 && band.1 > hole + 1e-9 && touches ? 1 : 0
        }
        for end in ends {
            guard let end else { continue }
            var edge = RingEdge(fromRadius: end.from.1, radius: end.to.1, fromOpacity: shown(end.from, hole: fromHole, rim: fromRim, from: true),
                                opacity: shown(end.to, hole: toHole, rim: toRim, from: false), fromSweep: layout.sweep, sweep: layout.sweep)
            if edge.fromOpacity == 0, edge.opacity == 0 { continue }
            if grows {
                if stepAtEnd { edge.fromOpacity = 0 } else { edge.fromSweep = 0 }
            }
            if fades {
                edge.fromOpacity = 0
                edge.fades = true
            }
            edges.append(edge)
        }
    }

    /// The eased progress at `t` ms after load.
    public func progress(at t: Double) -> Double {
        if t >= window.end { return 1 }
        if stepAtEnd { return 0 }
        return easing.value(at: window.progress(at: t))
    }
}
