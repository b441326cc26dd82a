import PieSpec

extension Stage {
    /// `theme.shadow`'s track: its two ends (`ChartPose.shadow`). When the shadow is the same
    /// at both ends but for its sectors (`ShadowPose.wedges`: the explode moves, or exploded
    /// slices move) and the slices' motion is the eased mix of their two ends, the shadow
    /// slides: each slice's sector turns, resizes and moves with the slice (`slides`), so the
    /// sectors tile the circle at every instant as the slices tile the sweep and no point is
    /// shaded twice. Otherwise (the shadow itself changes, it comes or goes, slices reorder,
    /// a staged or normalised plan whose wedges are sampled) the two ends cross-fade in the
    /// chart's window with the plan's easing (an enter that grows fades its shadow in).
    /// `ShadowWriter` draws it in every output.
    struct Shadow {
        /// One drawn circle: its shadow and the opacity of its circle.
        struct Circle {
            var shadow: ShadowPose
            var opacity: Double
        }

        /// One slice's sector while it slides, on screen: its first angle and span (degrees),
        /// its middle angle and its explode (px), at both ends. At eased progress e each is
        /// the mix of its ends, as the slice's own are (`SegmentGeometry.blended`).
        struct Slide: Equatable {
            /// The segment it is the shadow of (`plan.segments`).
            var index: Int
            var start: (from: Double, to: Double)
            var span: (from: Double, to: Double)
            var middle: (from: Double, to: Double)
            var explode: (from: Double, to: Double)

            static func == (a: Slide, b: Slide) -> Bool {
                a.index == b.index && a.start == b.start && a.span == b.span && a.middle == b.middle && a.explode == b.explode
            }

            /// The sector at eased progress `e`.
            func at(_ e: Double) -> ShadowWedge {
                let start = Stage.mix(start.from, start.to, e), span = Stage.mix(span.from, span.to, e)
                let pull = Geometry.point(angle: Stage.mix(middle.from, middle.to, e), radius: Stage.mix(explode.from, explode.to, e))
                return ShadowWedge(start: start, end: start + span, x: pull.x, y: pull.y)
            }
        }

        var from: ShadowPose?
        var to: ShadowPose?
        /// When the shadow changes: the chart's window (the outline's and the opacity's).
        var window: TimeWindow
        var easing: Easing
        /// The sliding sectors, in angular order; empty when the shadow cross-fades or rests.
        var slides: [Slide] = []

        init(_ plan: TransitionPlan) {
            from = plan.from.shadow
            to = plan.to.shadow
            window = Stage.outlineWindow(plan)
            easing = plan.easing
            if animates { slides = Self.slides(plan, from: from, to: to, window: window) }
        }

        /// Whether the two ends differ in a window of some length.
        var animates: Bool { from != to && window.length > 0 }

        /// Whether the shadow slides with its slices (else it cross-fades while it changes).
        var slide: Bool { !slides.isEmpty }

        /// The circles at `t` ms after load: the final shadow at rest; while it slides, one
        /// shadow of the slices' sectors at that instant; while it cross-fades, the first
        /// end's at 1 - e and the last end's at e (e the eased progress of the window).
        func at(_ t: Double) -> [Circle] {
            guard animates, t < window.end else { return to.map { [Circle(shadow: $0, opacity: 1)] } ?? [] }
            let e = t <= window.start ? 0 : easing.value(at: window.progress(at: t))
            if slide, var now = to {
                now.wedges = slides.map { $0.at(e) }
                return [Circle(shadow: now, opacity: 1)]
            }
            var drawn: [Circle] = []
            if let from { drawn.append(Circle(shadow: from, opacity: 1 - e)) }
            if let to { drawn.append(Circle(shadow: to, opacity: e)) }
            return drawn
        }

        /// The sliding sectors of `plan`, or none (cross-fade): only when the shadows differ
        /// in their sectors alone, no slice is reordered over the others, every drawn segment
        /// is at each instant the eased mix of its two ends (checked at a quarter, half and
        /// three quarters of the window: then the CSS keyframes of a sector, from its first
        /// end to its last with the chart's easing, are it), and the sectors at both ends,
        /// runs joined, are the ends' own (`ShadowWedge.tiled`).
        static func slides(_ plan: TransitionPlan, from: ShadowPose?, to: ShadowPose?, window: TimeWindow) -> [Slide] {
            guard let from, let to, from.sign == to.sign, !from.wedges.isEmpty || !to.wedges.isEmpty, plan.movers.isEmpty,
                  window.length > 0 else { return [] }
            var bare = (from: from, to: to)
            bare.from.wedges = []
            bare.to.wedges = []
            guard bare.from == bare.to else { return [] }
            let sign = to.sign
            let first = plan.frozen(at: window.start), last = plan.frozen(at: window.end)
            var slides: [Slide] = []
            for (k, s) in plan.segments.enumerated() where Stage.draws(s) {
                let a = first.segments[k].from, b = last.segments[k].from
                func screen(_ g: SegmentGeometry) -> (start: Double, span: Double, middle: Double) {
                    let w = ShadowWedge.slice(start: g.startAngle, end: g.endAngle, explode: 0, sign: sign)
                    return (w.start, w.end - w.start, sign * (g.startAngle + g.endAngle) / 2)
                }
                let p = screen(a), q = screen(b)
                slides.append(Slide(index: k, start: (p.start, q.start), span: (p.span, q.span), middle: (p.middle, q.middle),
                                    explode: (a.explode, b.explode)))
            }
            guard !slides.isEmpty else { return [] }
            for f in [0.25, 0.5, 0.75] {
                let now = plan.frozen(at: window.start + window.length * f), e = plan.easing.value(at: f)
                for slide in slides {
                    let g = now.segments[slide.index].from
                    let want = ShadowWedge.slice(start: g.startAngle, end: g.endAngle, explode: g.explode, sign: sign)
                    let got = slide.at(e)
                    let pull = g.explode > 0 ? (x: want.x, y: want.y) : (x: 0.0, y: 0.0)
                    guard abs(got.start - want.start) < 1e-6, abs(got.end - want.end) < 1e-6,
                          abs(got.x - pull.x) < 1e-6, abs(got.y - pull.y) < 1e-6 else { return [] }
                }
            }
            func rest(_ e: Double, _ pose: ShadowPose) -> Bool {
                let sectors = slides.map { (wedge: $0.at(e), exploded: Stage.mix($0.explode.from, $0.explode.to, e) > 0) }
                let tiled = pose.wedges.isEmpty ? [ShadowWedge(start: sectors[0].wedge.start, end: sectors[0].wedge.start + 360, x: 0, y: 0)]
                    : pose.wedges
                let joined = ShadowWedge.tiled(sectors)
                guard joined.count == tiled.count else { return false }
                return zip(joined, tiled).allSatisfy { a, b in
                    let turn = ((a.start - b.start) / 360).rounded() * 360
                    return abs(a.start - b.start - turn) < 1e-6 && abs(a.end - b.end - turn) < 1e-6
                        && abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6
                }
            }
            guard rest(0, from), rest(1, to) else { return [] }
            return slides
        }
    }
}
