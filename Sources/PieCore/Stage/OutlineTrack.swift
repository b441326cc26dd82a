import PieSpec

extension Stage {
    /// `chart.outline`'s track: its two ends (`ChartPose.outline`), blended in the chart's
    /// window with the plan's easing (`OutlinePose.blend`: an outline missing at one end grows
    /// from or thins to no width where the other stands). `OutlineWriter` draws it in every
    /// output.
    struct Outline {
        var from: OutlinePose?
        var to: OutlinePose?
        /// When the outline changes: the chart's window (`Stage.outlineWindow`).
        var window: TimeWindow
        var easing: Easing

        init(_ plan: TransitionPlan) {
            from = plan.from.outline
            to = plan.to.outline
            window = Stage.outlineWindow(plan)
            easing = plan.easing
        }

        /// Whether the two ends differ (an enter's are the same).
        var animates: Bool { from != to }

        /// The outline drawn at rest: the final one, or (an outline that vanishes) the first
        /// one with no width, which the animation thins out.
        var rest: OutlinePose? { to ?? from?.collapsed }

        /// The outline at `t` ms after load: the two ends blended at the window's eased
        /// progress, as `TransitionPlan.frozen(at:)` blends the whole pose.
        func at(_ t: Double) -> OutlinePose? {
            OutlinePose.blend(from, to, at: easing.value(at: window.progress(at: t)))
        }
    }
}
