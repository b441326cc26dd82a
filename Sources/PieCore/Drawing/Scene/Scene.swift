import PieSpec

/// How a `Stage` is encoded, derived once from it: the motion layer's dashes (stacked or
/// not, their circles and starts), masks, orbits, extensions as dashes, colour circles and bands, the
/// rest layer, and the drawing plan. What is drawn and how it moves (separators, inside
/// labels, centre and title, bridges) is the stage's; `separators` and `labels` read it.
struct Scene {
    /// One stroke-dash circle of the motion layer (`.p-m<index>`).
    struct Motion {
        var index: Int
        /// Movers (reordered slices) carry their own stroke width even in a stacked layer.
        var ownWidth = false
        var color: Color
        /// Mid-radius of the ring and stroke width.
        var radius: Double
        var width: Double
        var from: Dash
        var to: Dash
        /// Length of the motion circle: the dash pattern repeats exactly once per turn
        /// (`L` on, `circumference - L` off), so a dash that runs past the circle's start
        /// point continues from it.
        var circumference: Double
    }

    /// A dash starting `angle` degrees along the motion circle (from the sweep start angle),
    /// `length` user units long. It is positioned by `stroke-dashoffset` on a circle turned
    /// once and for all to `start` (`DashStarts.swift`): Firefox re-dashes a circle turned by
    /// an animated `rotate` on every frame, and Chromium gives every element with a transform
    /// animation its own compositor layer and runs out of tile memory with a few hundred
    /// slices. A dash that covers every angle at some instant, and every element of a chart
    /// whose plan masks it (`DrawingPlan.Masks.cutouts`), is positioned by
    /// an animated `rotate(angle)` instead, starting at the circle's start point.
    struct Dash: Hashable {
        var angle: Double
        var length: Double
        /// Where the circle starts (degrees from the sweep start, a static `rotate`) when the
        /// dash is placed by `stroke-dashoffset`; nil: by an animated `rotate` (the dash starts
        /// at the circle's start). Set on both ends of a motion element and on every sampled
        /// instant of it alike.
        var start: Double? = nil
        /// When the ring changes, the circle is scaled (mid-radius = scale * radius) and its
        /// stroke width given in the circle's own units; the dash length stays an angle times
        /// the fixed radius, so angles remain exact while radii move.
        var scale: Double? = nil
        var width: Double? = nil
        /// Stroke colour at this end when the slice's colour changes.
        var color: Color? = nil
    }

    let layout: ChartLayout
    let plan: TransitionPlan
    /// CSS scope class and keyframe prefix, e.g. `piec-languages`.
    let scope: String
    /// Seam-free stacking: each slice painted from its start to the end of the used arc
    /// (`DrawingPlan.Joins.stacked`).
    var stacked: Bool { drawing.stacked }
    /// Where an SVG `<circle>`'s path starts, in chart degrees: 3 o'clock, running clockwise
    /// (SVG 2, and every engine). Motion dashes are circles of the ring's mid-radius; every
    /// dash angle is written minus this, so a dash of length L at angle a covers [a, a + L/m].
    static let circleStart = 90.0

    /// `stroke-dashoffset` that starts dash `d` at its angle on its circle, which starts at
    /// `d.start` (the circle is turned by `rotate(start - circleStart)`).
    static func dashOffset(_ d: Dash, circumference: Double) -> Double {
        let along = d.angle - (d.start ?? circleStart)
        return along == 0 ? 0 : -circumference * along / 360
    }
    /// Angles or radii move: the motion layer animates and the exact layer waits.
    var moves: Bool { stage.moves }
    /// Opacity changes only: the whole plot fades.
    var fades: Bool { stage.fades }
    var motion: [Motion] = []
    /// What is drawn and how it moves, as values (`Stage`): this scene encodes it.
    var stage: Stage
    typealias Separator = Stage.Separator
    typealias Label = Stage.Label
    var separators: [Separator] { stage.separators }
    /// Whether separator `b` is wrapped in a group whose keyframes hide it where it is not
    /// due (`Stage.Separator.window`, `StyleWriter.separatorSteps`): eased keyframes only (a
    /// sampled plan's instants say it in the line's own opacity).
    func steps(_ b: Separator) -> Bool { b.window != nil && stage.sampling == .eased }
    var labels: [Label] { stage.labels }
    /// Rest state: where each visible slice's exact wedge ends (own end unless stacked).
    var restEnds: [Double] = []
    /// Outside labels, leader lines and centre text (only on the scene of the whole plan).
    var ink = InkScene()
    /// Gaps and rounded corners (`CornerMask.swift`): one mask per motion element where the
    /// plan masks them (`DrawingPlan.Masks.cutouts`), from the stage's cuts (`Stage.cuts`).
    var cutouts: [Cutout] = []
    /// The rest shape per slice (nil = a plain wedge): the stage's (`Stage.restShapes`).
    var restShapes: [PaddedWedge?] { stage.restShapes }
    /// Where each wedge track's run of joined wedges ends (`Stage.runEnds`) where the plan draws
    /// a run as one wedge (`DrawingPlan.joinsRuns`), read by the dashes, their masks and the
    /// frames alike; nil where each wedge is drawn on its own.
    var runEnds: [Int?]? { drawing.joinsRuns ? stage.runEnds : nil }
    /// Whether index.html's hover wedges (`.p-in`) only take the pointer at rest and show while
    /// a slice is pointed at: where slices keep their own alphas (a translucent slice colour
    /// after lowering, `SliceAlphas`), they lie over the rest layer, and both painted would
    /// composite each slice's alpha twice.
    var hoverWedgesHiddenAtRest: Bool { layout.slices.contains { !$0.color.isOpaque } }
    /// The stage's explode orbits where the plan draws them (`DrawingPlan.Orbits.groups`), one
    /// per motion element, in its order.
    var orbits: [Stage.Orbit] = []
    /// Per-slice radius (a rose), where slices cannot be stacked: every slice but the last is
    /// extended, right after it is painted, from its middle to the middle of the next slice
    /// that has width, at the smaller of their radii (and of any thin slice between), in its
    /// colour; the next slice is painted over it. So each boundary has one anti-aliased edge,
    /// the later slice's, over an opaque paint of the earlier one, as in stacking (two
    /// abutting edges let 0.2 of the background through). The closing boundary of a full
    /// circle is underlaid from the other side: the first slice, extended back to the middle
    /// of the last, at the very bottom. `Bridge.after` is the motion element (or rest slice)
    /// it follows; nil = the bottom. In motion (`.p-u<k>`) the ends and the radius are exact
    /// at both ends and at every sample; between, the radius is the interpolated smaller
    /// radius, which never exceeds either slice (the minimum of linear functions is concave).
    struct Bridge {
        var after: Int?
        var dash: Motion
        var exact = true
    }
    /// An extension joins different slices at the two ends: the plan is written as sampled
    /// keyframes (`StyleWriter.writeSampled`), each sample exact.
    /// So is a ring whose width and middle radius change in different proportions (a rose's
    /// radius changing on a donut, a pie becoming a donut): the circle's scale and its stroke
    /// width (in the circle's units) are each linear, but their product, the outer radius,
    /// is not; each sample is exact.
    var sampled: Bool { underlays.contains { !$0.exact } || motion.contains(where: Scene.warps) }
    static func warps(_ m: Motion) -> Bool {
        guard m.from.scale != nil, let width = m.from.width else { return false }
        return abs(width - m.width) > 1e-9 * max(m.width, 1)
    }
    var underlays: [Bridge] = []
    /// The motion layer by colour (`DrawingPlan.colourCircles`, `DrawingPlan.Wedges.colourCircles`):
    /// when not empty, `motion[0]` is drawn alone and these circles draw every other motion
    /// element. The whole transition's scene keeps the plan's; a sampled instant's has none.
    var colourCircles: [ColourCircle] = []
    /// The separators while the chart moves (`DrawingPlan.separatorBands`); when not empty, the
    /// separator layer stands hidden meanwhile and its lines do not move.
    var separatorBands: [ColourCircle] = []
    var restUnderlays: [(after: Int?, geometry: SegmentGeometry)] = []
    /// How this scene is drawn (`DrawingPlan.choose`), chosen once for the whole transition.
    var drawing = DrawingPlan.unchosen

    /// `shape` decides which segments have elements (the plan itself unless sampling: a
    /// sampled instant's scene must keep the element set of the whole transition); `output`:
    /// what the scene is written into (`DrawingPlan.Output`).
    init(layout: ChartLayout, plan: TransitionPlan, shape: TransitionPlan? = nil, wholeSeparators: [Separator]? = nil,
         output: DrawingPlan.Output = .bundle) {
        self.init(stage: Stage(layout: layout, plan: plan, shape: shape, wholeSeparators: wholeSeparators), shape: shape, output: output)
    }

    /// The scene that encodes `stage` for `output` (`shape`: the whole transition when `stage`
    /// is a sampled instant's, `Stage.instant(_:)`; `whole`: then that transition's plan, which
    /// the instant takes instead of choosing).
    init(stage: Stage, shape: TransitionPlan?, output: DrawingPlan.Output, whole: DrawingPlan? = nil) {
        self.stage = stage
        let layout = stage.layout, plan = stage.plan
        self.layout = layout
        self.plan = plan
        scope = "piec-" + layout.id
        // How the wedges meet and whether they are masked: the stage's (`DrawingPlan.choose`).
        drawing = whole ?? DrawingPlan.choose(stage, output, whole: shape)
        if moves {
            let runEnds = self.runEnds
            motion = Scene.motionItems(plan, shape: shape ?? plan, stacked: drawing.stacked, runEnds: runEnds,
                                       sweepStart: layout.startAngle)
            if drawing.masks == .cutouts { cutouts = Scene.cutouts(stage, motion: motion, runEnds: runEnds) }
            if drawing.orbits == .groups { orbits = stage.orbits }
        }
        if moves, drawing.bridged { underlays = Scene.underlayItems(stage, sweepStart: layout.startAngle) }
        if shape == nil {
            // The labels beside the pie, sampled where the sampled keyframes are (the grid's
            // tick labels kept clear of them once the sampling is decided, `keepTicksClear`).
            let samples = moves ? Strategies.SampledKeyframes.sampleTimes(plan) : []
            self.stage.place(Stage.Outside(stage, samples: samples))
            ink = InkScene(stage: self.stage)
            // Every other drawing decision, once (`DrawingPlan.choose`); an instant's scene takes its whole's.
            drawing.choose(self)
            (colourCircles, separatorBands) = (drawing.colourCircles, drawing.separatorBands)
            self.stage.sampling = drawing.sampledKeyframes ? .exact : .eased
            self.stage.keepTicksClear(samples: samples, minShown: Budgets.tickMinShown, sweep: Strategies.SampledKeyframes.tickSweep)
            if moves, drawing.placesDashStarts { placeDashStarts() }
        }
        // Field by field: `slices.filter(\.isVisible)` copied every visible slice first.
        var visible: [SegmentGeometry] = []
        visible.reserveCapacity(layout.slices.count)
        for k in layout.slices.indices where layout.slices[k].isVisible {
            visible.append(SegmentGeometry(startAngle: layout.slices[k].startAngle, endAngle: layout.slices[k].endAngle,
                                           outerRadius: layout.slices[k].outerRadius,
                                           innerRadius: layout.slices[k].innerRadius, color: layout.slices[k].color))
        }
        restEnds = drawing.stacked ? Scene.paintEnds(visible, closed: Stage.closes(visible)) : visible.map(\.endAngle)
        if drawing.bridged {
            // Slices with an angle but no ring (a rose's 0) stay in the list: an extension
            // stops at them instead of covering their empty place.
            let rest = layout.slices.indices.filter { layout.slices[$0].span > 0 }
            let spanned = rest.map { layout.slices[$0].geometry }
            restUnderlays = Stage.bridges(from: spanned, to: spanned, closed: Stage.closes(spanned)).compactMap {
                $0.to.span > 0 && $0.to.outerRadius > $0.to.innerRadius ? ($0.after.map { rest[$0] }, $0.to) : nil
            }
        }
    }

    /// The scene of the instant `t` ms after load of `whole`'s transition (its stage's
    /// `instant(at:)`), with the whole transition's elements: what sampled keyframes write.
    init(at t: Double, of whole: Scene) {
        self.init(instant: whole.stage.instant(at: t), of: whole)
    }

    /// The scene of one instant of `whole`'s transition (`plan`: its stage's exact state there).
    init(instant plan: TransitionPlan, of whole: Scene) {
        self.init(instant: whole.stage.instant(plan), of: whole)
    }

    private init(instant stage: Stage, of whole: Scene) {
        self.init(stage: stage, shape: whole.plan, output: whole.drawing.output, whole: whole.drawing)
        takeDashStarts(of: whole)
    }

    /// The moving extensions (the stage's extension tracks), as dashes `.p-u<k>`, each after
    /// its motion element; an extension left with no ring is a dash of width 0 (kept: a
    /// sampled instant's scene must have the same elements as the whole transition).
    private static func underlayItems(_ stage: Stage, sweepStart: Double) -> [Bridge] {
        stage.extensions.enumerated().map { k, e in
            var segment = stage.plan.segments[e.owner]
            (segment.from, segment.to) = (e.from, e.to)
            return Bridge(after: e.after,
                          // Drawn at its final radius as before (`origin` = its end): a bridge's ends come
                          // from each instant's neighbours, not from one circle for the whole transition.
                          dash: motion(index: k, segment, origin: segment.to, fromEnd: nil, toEnd: nil, sweepStart: sweepStart),
                          exact: e.exact)
        }
    }

    /// Where each stacked segment's paint ends: in the middle of its successor (hidden under
    /// it, and never on another edge), the last at its own end. When the final state closes a
    /// full circle the first segment runs to the end of the used arc, so it underlays the
    /// boundary between the last and the first slice. All of these are linear in the eased
    /// progress, like the boundaries themselves. `thin[k]` marks a segment that has no width
    /// at one end of the transition (it grows from or shrinks to nothing): a paint end skips
    /// over it to the middle of the next segment, so the two neighbours of a zero-width
    /// segment never just abut (which would show an anti-aliased seam between them).
    /// A thin segment at the end where it has no width is painted to its own end (nothing):
    /// painted on, it would show its colour along its successor's anti-aliased edge (a
    /// hairline); from there its paint end still moves linearly to where it is painted at the
    /// other end, always past its own end and short of its successor's.
    static func paintEnds(_ geometries: [SegmentGeometry], closed: Bool, thin: [Bool]? = nil) -> [Double] {
        let usedEnd = geometries.map(\.endAngle).max() ?? 0
        return geometries.indices.map { i in
            if i == geometries.count - 1 { return geometries[i].endAngle }
            if let thin, thin[i], geometries[i].span <= 0, !(i == 0 && closed) { return geometries[i].endAngle }
            if i == 0, closed { return usedEnd }
            var j = i + 1
            while let thin, j < geometries.count - 1, thin[j] { j += 1 }
            if thin != nil, geometries[j].span <= 0 {
                // Only zero-width segments follow to the end (a full replacement's new slices at
                // its start): the middle of the last later segment with width hides this paint
                // end; with none, its own end. Running on to the closing boundary would lay this
                // colour under the last slice's anti-aliased edge there.
                guard let k = (i + 1 ... j).last(where: { geometries[$0].span > 0 }) else { return geometries[i].endAngle }
                return (geometries[k].startAngle + geometries[k].endAngle) / 2
            }
            return (geometries[j].startAngle + geometries[j].endAngle) / 2
        }
    }

    /// The motion elements: one per drawn segment (`Stage.drawn`), then the movers. `runEnds`
    /// (`Stage.runEnds`, where the plan joins runs): a run's first element is the dash of the
    /// whole run (to its last part's end), its later parts empty dashes at their starts.
    private static func motionItems(_ plan: TransitionPlan, shape: TransitionPlan, stacked: Bool, runEnds: [Int?]?,
                                    sweepStart: Double) -> [Motion] {
        let drawn = Stage.drawn(shape).map { (offset: $0.offset, element: plan.segments[$0.offset]) }
        // Each end closes the circle or not on its own (a sweep that changes from 360 to 180
        // closes only at the start): the first segment underlays the closing boundary there.
        let closedFrom = Stage.closes(drawn.map(\.element.from)), closedTo = Stage.closes(drawn.map(\.element.to))
        // Between versions only: in an enter animation every segment grows from nothing.
        let thin = plan.kind != .update ? nil
            : drawn.map { shape.segments[$0.offset].from.span <= 0 || shape.segments[$0.offset].to.span <= 0 }
        let fromEnds = paintEnds(drawn.map(\.element.from), closed: closedFrom, thin: thin)
        let toEnds = paintEnds(drawn.map(\.element.to), closed: closedTo, thin: thin)
        var items = drawn.enumerated().map { i, item in
            var element = item.element
            if let runEnds, i < runEnds.count {
                let last = runEnds[i].map { drawn[$0].element } ?? element
                element.from.endAngle = runEnds[i] == nil ? element.from.startAngle : last.from.endAngle
                element.to.endAngle = runEnds[i] == nil ? element.to.startAngle : last.to.endAngle
            }
            return motion(index: item.offset, element, origin: shape.segments[item.offset].from,
                   fromEnd: stacked ? fromEnds[i] : nil, toEnd: stacked ? toEnds[i] : nil, sweepStart: sweepStart)
        }
        for (j, mover) in plan.movers.enumerated() {
            let origin = j < shape.movers.count ? shape.movers[j].from : mover.from
            var m = motion(index: plan.segments.count + j, mover, origin: origin, fromEnd: nil, toEnd: nil, sweepStart: sweepStart)
            m.ownWidth = true
            items.append(m)
        }
        return items
    }

    /// One stroke-dash circle from `s.from` to `s.to`, painted to `fromEnd`/`toEnd` when stacked.
    /// `origin`: the segment's geometry at the start of the whole transition (`s.from` is a
    /// sampled instant's when the plan is sampled).
    private static func motion(index: Int, _ s: Segment, origin: SegmentGeometry, fromEnd: Double?, toEnd: Double?,
                               sweepStart: Double) -> Motion {
        // The circle is drawn at its final radius and scaled from the start's. A slice that
        // shrinks into the centre of a pie (a rose slice whose value becomes 0) has no final
        // circle to scale: it is drawn at the transition's start (the same circle in every
        // sampled instant) and scaled down to 0 (it vanished at the first frame before).
        let originRadius = (origin.outerRadius + origin.innerRadius) / 2
        let toCentre = (s.to.outerRadius + s.to.innerRadius) / 2 <= 0 && originRadius > 0
        let final = toCentre ? origin : s.to
        let radius = (final.outerRadius + final.innerRadius) / 2
        // An extension across rings of different radii can be left with no ring (outer below
        // inner): width 0, never negative (a negative stroke-width is invalid; engines draw
        // their default 1 px instead of nothing).
        let width = max(final.outerRadius - final.innerRadius, 0)
        func dash(_ g: SegmentGeometry, paintEnd: Double?) -> Dash {
            let end = paintEnd ?? g.endAngle
            return Dash(angle: g.startAngle - sweepStart,
                        length: Geometry.arcLength(degrees: max(end - g.startAngle, 0), radius: radius))
        }
        var from = dash(s.from, paintEnd: fromEnd), to = dash(s.to, paintEnd: toEnd)
        let fromRadius = (s.from.outerRadius + s.from.innerRadius) / 2
        let fromWidth = max(s.from.outerRadius - s.from.innerRadius, 0)
        if toCentre {
            let scale = fromRadius / radius
            from.scale = scale
            if scale > 1e-9 { from.width = fromWidth / scale }
            to.scale = 0
        } else if radius > 0, fromRadius != radius || fromWidth != width {
            let scale = max(fromRadius, 1e-3) / radius
            from.scale = scale
            from.width = fromWidth / scale
            to.scale = 1
        }
        if s.from.color != s.to.color { from.color = s.from.color }
        return Motion(index: index, color: s.to.color, radius: radius, width: width, from: from, to: to,
                      circumference: Geometry.arcLength(degrees: 360, radius: radius))
    }
}
