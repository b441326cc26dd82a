import PieSpec

/// Where each motion circle starts: in every chart of one ring of stacked dashes without gap
/// or corner masks (`Strategies.OffsetDashes.belowLimit`), and in every chart with more
/// motion elements than the rotated dashes' gate (`Strategies.OffsetDashes`).
/// Firefox re-dashes a circle turned by an animated `rotate` on every frame: an 8-slice
/// change ran at 34 ms a frame (p50) and a 32-slice one at 150 ms, against 16.6 and 16.4 ms
/// with offsets (bench/browser/frames.py); masks are turned with their dash, and roses,
/// extensions and changing rings showed the engines' arc-length error, so those charts keep
/// the rotated dashes up to the limit.
///
/// A dash is then placed by an animated `stroke-dashoffset` on a circle turned once and for
/// all by a static `rotate` attribute: no element has a transform animation (Chromium ran out
/// of compositor tile memory with a few hundred, commit ce148c7; with the 501 dashes of the
/// 500-slice browser test all rotated, Firefox ESR timed out seeking them). Skia draws
/// a dash that runs across its circle's start point as a stroke as wide as the circle with a
/// sliver of the wrong colour near the centre, so the start is put where the dash never is:
/// `DashReach.startLead` before the lowest place the dash reaches, or, when the arc that no instant of
/// the dash covers is narrower than two leads, in its middle (the dash's two ends are each
/// linear in the eased progress, so together they sweep one arc, from the lowest start to the
/// highest end over the easing's whole range, overshoot included; a sampled plan is linear or
/// eased between its samples, each pair of samples sweeping such an arc). A dash that sweeps
/// the whole circle but whose start never moves (the first slice of a stacked full circle)
/// starts where the circle starts. Any other dash (one that moves and covers every angle at
/// some instant) keeps an animated `rotate`, as with few elements.
extension Scene {
    /// The least free arc (degrees) a static start is put in: the start then lies more than
    /// any rounding of a written offset away from every end of its dash.
    static let startClearance = 0.01

    /// Gives every motion element and extension its static circle start, where it has one.
    /// Called where the plan's wedges are offset dashes or colour circles (`DrawingPlan`).
    mutating func placeDashStarts() {
        // The instants the keyframes are written at (`StyleWriter.writeSampled`).
        var instants: [Scene] = []
        if drawing.sampledKeyframes {
            let times = Strategies.SampledKeyframes.times(plan, drawing.keyframes)
            instants = times.map { Scene(at: $0, of: self) }
        }
        let ease = DashReach.range(of: plan.easing)
        for k in motion.indices {
            let states = (instants.isEmpty ? [motion[k].from] : instants.map { $0.motion[k].from }) + [motion[k].to]
            let start = Scene.staticStart(states, circumference: motion[k].circumference, ease: ease)
            (motion[k].from.start, motion[k].to.start) = (start, start)
        }
        for k in underlays.indices {
            let u = underlays[k].dash
            let states = (instants.isEmpty ? [u.from] : instants.map { $0.underlays[k].dash.from }) + [u.to]
            let start = Scene.staticStart(states, circumference: u.circumference, ease: ease)
            (underlays[k].dash.from.start, underlays[k].dash.to.start) = (start, start)
        }
    }

    /// A sampled instant's elements start where the whole transition's do.
    mutating func takeDashStarts(of whole: Scene) {
        for k in motion.indices where k < whole.motion.count {
            (motion[k].from.start, motion[k].to.start) = (whole.motion[k].to.start, whole.motion[k].to.start)
        }
        for k in underlays.indices where k < whole.underlays.count {
            let start = whole.underlays[k].dash.to.start
            (underlays[k].dash.from.start, underlays[k].dash.to.start) = (start, start)
        }
    }

    /// The static start (degrees from the sweep start) of a dash that passes through `states`
    /// in order, each pair joined by the easing over `ease`; nil when it has none.
    static func staticStart(_ states: [Dash], circumference: Double, ease: ClosedRange<Double>) -> Double? {
        guard let first = states.first, circumference > 0 else { return nil }
        func end(_ d: Dash) -> Double { d.angle + 360 * d.length / circumference }
        var low = first.angle, high = end(first)
        for (a, b) in zip(states, states.dropFirst()) {
            low = min(low, DashReach.reach(from: a.angle, to: b.angle, ease: ease).lowerBound)
            high = max(high, DashReach.reach(from: end(a), to: end(b), ease: ease).upperBound)
        }
        let free = 360 - (high - low)
        if free >= 2 * DashReach.startLead { return low - DashReach.startLead }
        if free >= startClearance { return low - free / 2 }
        if states.allSatisfy({ $0.angle == first.angle }), high - first.angle <= 360 + 1e-9 { return first.angle }
        return nil
    }
}
