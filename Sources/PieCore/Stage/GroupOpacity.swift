import PieSpec

extension Stage {
    /// `theme.opacity`: the opacity of the one group every pie (or every ring and the edges
    /// between rings) is drawn in, a track with its two ends: the first version's before the
    /// chart's window (`Stage.outlineWindow`, the start angle's and the outline's), the final
    /// one after it, eased in between. chart.css (`PieOpacityWriter`: the group's final
    /// opacity and its `from` keyframe) and `piec render`'s frames (`Instant.groupOpacity`)
    /// both read this track.
    struct GroupOpacity: Sendable {
        var from: Double
        var to: Double
        /// When the opacity changes.
        var window: TimeWindow
        var easing: Easing

        init(_ plan: TransitionPlan) {
            (from, to) = (plan.from.opacity, plan.to.opacity)
            window = Stage.outlineWindow(plan)
            easing = plan.easing
        }

        /// The two ends differ.
        var changes: Bool { from != to }

        /// The opacity at `t` ms: the first version's before the window, the final one after it.
        func at(_ t: Double) -> Double {
            guard changes, t < window.end else { return to }
            return Stage.mix(from, to, easing.value(at: window.progress(at: t)))
        }
    }
}
