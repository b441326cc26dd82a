import PieSpec

extension Stage {
    /// `theme.shadow`'s track: its two ends (`ChartPose.shadow`), which cross-fade in the
    /// chart's window with the plan's easing when they differ (an enter that grows fades its
    /// shadow in). `ShadowWriter` draws it in every output.
    struct Shadow {
        /// One drawn circle: its shadow and the opacity of its circle.
        struct Circle {
            var shadow: ShadowPose
            var opacity: Double
        }

        var from: ShadowPose?
        var to: ShadowPose?
        /// When the shadow changes: the chart's window (the outline's and the opacity's).
        var window: TimeWindow
        var easing: Easing

        init(_ plan: TransitionPlan) {
            from = plan.from.shadow
            to = plan.to.shadow
            window = Stage.outlineWindow(plan)
            easing = plan.easing
        }

        /// Whether the two ends differ in a window of some length.
        var animates: Bool { from != to && window.length > 0 }

        /// The circles at `t` ms after load: the final shadow at rest; while it changes, the
        /// first end's at 1 - e and the last end's at e (e the eased progress of the window).
        func at(_ t: Double) -> [Circle] {
            guard animates, t < window.end else { return to.map { [Circle(shadow: $0, opacity: 1)] } ?? [] }
            let e = t <= window.start ? 0 : easing.value(at: window.progress(at: t))
            var drawn: [Circle] = []
            if let from { drawn.append(Circle(shadow: from, opacity: 1 - e)) }
            if let to { drawn.append(Circle(shadow: to, opacity: e)) }
            return drawn
        }
    }
}
