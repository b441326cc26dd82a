import PieSpec

/// The chart-level tracks of a stage besides the outline: `chart.grid`'s circles and the
/// separators between rings, each a track with its two ends, read at an instant by `at(_:)`,
/// written as keyframes by `GridWriter` and `RingEdgeWriter`.
extension Stage {
    /// `chart.grid`: one track per circle (and its tick label) with its two ends
    /// (`GridPose.pairs`: a circle that comes or goes stands on the other end's scale,
    /// transparent), moving in the chart's window with the plan's easing.
    struct Grid {
        /// How the circles are drawn (colours): the new version's grid, else the old one's.
        var pose: GridPose
        var circles: [(from: GridPose.Circle, to: GridPose.Circle)]
        /// When the circles move: the chart's window (the start angle's and the outline's).
        var window: TimeWindow
        var easing: Easing

        /// The grid of `plan`, nil without one at either end.
        init?(_ plan: TransitionPlan) {
            guard let pose = plan.to.grid ?? plan.from.grid else { return nil }
            self.pose = pose
            circles = GridPose.pairs(plan.from.grid, plan.to.grid)
            window = Stage.outlineWindow(plan)
            easing = plan.easing
        }

        /// The circles at `t` ms after load: each track's ends mixed at the eased progress of
        /// its window; the new ends at and after the window's end.
        func at(_ t: Double) -> [GridPose.Circle] {
            let e = t >= window.end ? 1 : easing.value(at: window.progress(at: t))
            func mix(_ x: Double, _ y: Double) -> Double { e >= 1 ? y : x + (y - x) * e }
            return circles.map { p in
                GridPose.Circle(value: p.to.value, radius: mix(p.from.radius, p.to.radius), opacity: mix(p.from.opacity, p.to.opacity),
                                text: p.to.text)
            }
        }
    }

    /// A separator between rings at an instant: a circle (an arc of `sweep` degrees) of `radius`.
    typealias RingEdgeInstant = (radius: Double, opacity: Double, sweep: Double)

    /// The separators between rings at `t` ms after load (those drawn: some opacity, arc and
    /// radius): each edge's two ends at the edges' progress (`RingEdges.progress`).
    static func ringEdges(_ edges: RingEdges?, at t: Double) -> [RingEdgeInstant] {
        guard let edges else { return [] }
        let e = edges.progress(at: t)
        return edges.edges.map { $0.at(e) }.filter { $0.opacity > 0 && $0.sweep > 0 && $0.radius > 0 }
    }
}
