import PieSpec

/// When one segment changes: from `start` ms after load, for `length` ms, along the plan's easing.
public struct TimeWindow: Sendable, Hashable {
    public var start: Double
    public var length: Double
    public init(start: Double, length: Double) {
        self.start = start
        self.length = length
    }
    public var end: Double { start + length }

    /// Linear progress 0...1 at `t` ms after load.
    public func progress(at t: Double) -> Double {
        if length <= 0 { return t >= start ? 1 : 0 }
        return min(max((t - start) / length, 0), 1)
    }
}

extension Easing {
    /// The CSS cubic-bezier timing function: solves x(u) = p for u (Newton, then bisection)
    /// and returns y(u). Exact to 1e-7 in progress.
    public func value(at p: Double) -> Double {
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        func coord(_ u: Double, _ a: Double, _ b: Double) -> Double {
            let v = 1 - u
            return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u
        }
        func slope(_ u: Double, _ a: Double, _ b: Double) -> Double {
            let v = 1 - u
            return 3 * v * v * a + 6 * v * u * (b - a) + 3 * u * u * (1 - b)
        }
        var u = p
        for _ in 0..<8 {
            let dx = coord(u, x1, x2) - p
            if abs(dx) < 1e-9 { return coord(u, y1, y2) }
            let d = slope(u, x1, x2)
            if abs(d) < 1e-6 { break }
            u -= dx / d
        }
        var lo = 0.0, hi = 1.0
        u = p
        for _ in 0..<60 {
            let x = coord(u, x1, x2)
            if abs(x - p) < 1e-9 { break }
            if x < p { lo = u } else { hi = u }
            u = (lo + hi) / 2
        }
        return coord(u, y1, y2)
    }
}

extension TransitionPlan {
    /// A segment's window: its own, or the plan's delay and duration.
    public func window(of segment: Segment) -> TimeWindow {
        segment.window ?? TimeWindow(start: delay, length: duration)
    }

    /// All segments change along one window (the common case): two keyframes with the
    /// easing are then exact.
    public var isUniform: Bool {
        chartWindow == nil && segments.allSatisfy { $0.window == nil } && movers.allSatisfy { $0.window == nil }
    }

    /// From the first change's start to the last change's end.
    public var timeline: TimeWindow {
        let windows = (segments + movers).map(window(of:)) + [chartWindow ?? TimeWindow(start: delay, length: duration)]
        let start = windows.map(\.start).min() ?? delay
        let end = windows.map(\.end).max() ?? delay + duration
        return TimeWindow(start: start, length: end - start)
    }

    /// The exact state at `t` ms after load: the chart's pose blended at the chart's eased
    /// progress, each segment's wedge and extras at its own; each segment's width follows its
    /// own window and the boundaries are running sums from the chart's start angle, so the
    /// segments always tile the sweep. Returns a plan whose `from` states (the chart's and
    /// every segment's) are that instant (`to` unchanged).
    public func frozen(at t: Double) -> TransitionPlan {
        var plan = self
        let chartE = easing.value(at: (chartWindow ?? TimeWindow(start: delay, length: duration)).progress(at: t))
        plan.from = from.blended(to: to, at: chartE)
        var cursor = plan.from.startAngle
        let progress = segments.map { easing.value(at: window(of: $0).progress(at: t)) }
        var widths = zip(segments, progress).map { s, e in s.from.span + (s.to.span - s.from.span) * e }
        if normalized {
            let fromSum = segments.reduce(0) { $0 + $1.from.span }, toSum = segments.reduce(0) { $0 + $1.to.span }
            let target = fromSum + (toSum - fromSum) * chartE
            let sum = widths.reduce(0, +)
            if sum > 0 { widths = widths.map { $0 * target / sum } }
        }
        for i in plan.segments.indices {
            let s = segments[i]
            let e = progress[i]
            let width = widths[i]
            var g = s.from.blended(to: s.to, at: e)
            g.startAngle = cursor
            g.endAngle = cursor + width
            cursor += width
            plan.segments[i].from = g
            plan.segments[i].fromExtras = s.fromExtras.blended(to: s.toExtras, at: e)
        }
        for i in plan.movers.indices { plan.movers[i].freeze(at: easing.value(at: window(of: movers[i]).progress(at: t))) }
        for i in plan.floatingLabels.indices {
            plan.floatingLabels[i].freeze(at: easing.value(at: window(of: floatingLabels[i]).progress(at: t)))
        }
        return plan
    }
}

extension TransitionPlan {
    /// `frozen(at:)` without rescaling the widths to the sweep.
    func unscaled(at t: Double) -> TransitionPlan {
        var plan = self
        plan.normalized = false
        return plan.frozen(at: t)
    }
}

extension Segment {
    /// Its state at eased progress `e`, as its `from` (wedge and extras; `to` unchanged).
    mutating func freeze(at e: Double) {
        from = from.blended(to: to, at: e)
        fromExtras = fromExtras.blended(to: toExtras, at: e)
    }
}
