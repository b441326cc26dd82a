import PieSpec

/// The chart-level tracks of a stage besides the outline's and the shadow's
/// (`OutlineTrack.swift`, `ShadowTrack.swift`): `chart.grid`'s circles and the
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
        /// Where tick labels hide in motion to keep clear of the labels beside the pie
        /// (`keepClear`, `TickClearance.swift`); nil where none has to.
        var clearance: Clearance? = nil

        /// Each tick label's factor at the sample instants: 1 shown as its track says, 0 hidden;
        /// linear between them, held before the first and after the last.
        struct Clearance: Hashable {
            /// ms after load.
            var times: [Double]
            /// `factors[k][j]`: circle k at `times[j]` (every circle, 1 throughout where it never hides).
            var factors: [[Double]]

            /// Whether circle `k`'s tick label is hidden at some instant.
            func hides(_ k: Int) -> Bool { factors[k].contains { $0 < 1 } }

            /// Circle `k`'s factor at `t` ms.
            func factor(_ k: Int, at t: Double) -> Double {
                let f = factors[k]
                guard let first = times.first, let last = times.last, t > first else { return f.first ?? 1 }
                guard t < last, let j = times.firstIndex(where: { $0 > t }), j > 0 else { return f.last ?? 1 }
                let u = (t - times[j - 1]) / max(times[j] - times[j - 1], 1e-9)
                return f[j - 1] + (f[j] - f[j - 1]) * u
            }
        }

        /// The grid of `plan`, nil without one at either end.
        init?(_ plan: TransitionPlan) {
            guard let pose = plan.to.grid ?? plan.from.grid else { return nil }
            self.pose = pose
            circles = GridPose.pairs(plan.from.grid, plan.to.grid)
            window = Stage.outlineWindow(plan)
            easing = plan.easing
        }

        /// The circles at `t` ms after load: each track's ends mixed at the eased progress of
        /// its window; the new ends at and after the window's end. A tick label that gives way
        /// at one end (`GridPose.Circle.givesWay`) fades out in the window's first half, or in
        /// in its second, eased over that half (chart.css's `50%` keyframe): at the end where
        /// it gives way, and in the half next to it, it is gone. A tick label's opacity is
        /// then multiplied by its clearance factor (`Clearance.factor`: where it hides in motion).
        func at(_ t: Double) -> [GridPose.Circle] {
            let p = t >= window.end ? 1 : window.progress(at: t)
            let e = p >= 1 ? 1 : easing.value(at: p)
            func mix(_ x: Double, _ y: Double) -> Double { e >= 1 ? y : x + (y - x) * e }
            return circles.enumerated().map { k, c in
                var circle = GridPose.Circle(value: c.to.value, radius: mix(c.from.radius, c.to.radius),
                                             opacity: mix(c.from.opacity, c.to.opacity), text: c.to.text)
                circle.textOpacity = GridPose.Circle.givesWay(c) ? Self.halfFade(c.from.textOpacity, c.to.textOpacity, at: p, easing)
                    : circle.opacity
                if let clearance { circle.textOpacity *= clearance.factor(k, at: t) }
                return circle
            }
        }

        /// A fade from `a` to `b` at window progress `p`: down in the first half, up in the
        /// second, each half eased as a keyframe interval is.
        static func halfFade(_ a: Double, _ b: Double, at p: Double, _ easing: Easing) -> Double {
            guard a != b else { return b }
            let q = b < a ? min(p * 2, 1) : max(p * 2 - 1, 0)
            let e = q <= 0 ? 0 : q >= 1 ? 1 : easing.value(at: q)
            return a + (b - a) * e
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
