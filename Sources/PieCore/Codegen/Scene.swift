import PieSpec

/// Everything the SVG and CSS writers draw, derived once from a layout and a plan: the
/// motion layer's dashes, the separators and the labels, each with its from and to state.
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
    /// slices. A dash that covers every angle at some instant, and up to
    /// `Budgets.rotatedDashes` elements of a chart with gap or corner masks, is positioned by
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

    /// A radial separator line (`.p-b<index>`) from `inner` to `outer`. `motionOnly` marks
    /// the moving end of a closing circle (at rest it would double the line at the start) and
    /// the start of a slice that leaves: shown while animating, hidden at rest.
    struct Separator {
        var index: Int
        /// Which boundary it is, the same at every instant: the visible slice whose start it
        /// marks (by position), or -1 for the end of the last one.
        var boundary: Int
        var inner: Double
        var outer: Double
        var from: Double
        var to: Double
        var motionOnly = false
        /// Ring at the start of the transition when it differs (pie to donut, resize): the
        /// line is then drawn as a unit ray, translated to the inner radius and scaled to the
        /// ring's width, both linear.
        var fromInner: Double? = nil
        var fromOuter: Double? = nil
        /// 0 when the previous chart has no boundary at this line's start angle (e.g. a single
        /// full slice that splits): the line fades in instead of cutting the old chart.
        var fromOpacity: Double = 1
        /// 0 when the new chart has no boundary here (inside "Other"): the line fades out.
        var toOpacity: Double = 1
        /// The start of a slice that leaves (`leavingLines`): shown only while moving.
        var leaves = false
    }

    /// A label (`.p-l<index>`) at `radius` on screen angles `from` -> `to` (already signed).
    struct Label {
        var index: Int
        var text: String
        var color: Color
        /// The text's colour at the start where it blends (`SegmentExtras.labelColor`), else nil.
        var fromColor: Color? = nil
        var radius: Double
        var fromRadius: Double
        var from: Double
        var to: Double
        var fromOpacity: Double
        /// 0 for the label of a slice that leaves (it fades out while its slice shrinks).
        var toOpacity: Double = 1
        /// The text's turn inside its group at each end (`LabelTurn.inner`): `-to` and
        /// `-from` upright (the counter-turn); a turned label's within half a turn of each other.
        var turn: Double = 0
        var fromTurn: Double = 0
    }

    let layout: ChartLayout
    let plan: TransitionPlan
    /// CSS scope class and keyframe prefix, e.g. `piec-languages`.
    let scope: String
    /// Seam-free stacking: each slice painted from its start to the end of the used arc.
    let stacked: Bool
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
    let moves: Bool
    /// Opacity changes only: the whole plot fades.
    let fades: Bool
    var motion: [Motion] = []
    var separators: [Separator] = []
    var labels: [Label] = []
    /// Rest state: where each visible slice's exact wedge ends (own end unless stacked).
    var restEnds: [Double] = []
    /// Outside labels, leader lines and centre text (only on the scene of the whole plan).
    var ink = InkScene()
    /// Gaps and rounded corners (`CornerMask.swift`): one mask per motion element, the rest
    /// shape per slice (nil = a plain wedge), and explode orbits.
    var cutouts: [Cutout] = []
    var restShapes: [PaddedWedge?] = []
    var orbits: [Orbit] = []
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
    /// The motion layer by colour (`ColourDashes.swift`, `DrawingPlan.Wedges.colourCircles`):
    /// when not empty, `motion[0]` is drawn alone and these circles draw every other motion element.
    var colourCircles: [ColourCircle] = []
    /// The separators while the chart moves (`Scene.separatorBands`); when not empty, the
    /// separator layer stands hidden meanwhile and its lines do not move.
    var separatorBands: [ColourCircle] = []
    var restUnderlays: [(after: Int?, geometry: SegmentGeometry)] = []
    /// How this scene is drawn (`DrawingPlan.choose`), chosen once for the whole transition.
    var drawing = DrawingPlan.unchosen

    /// `shape` decides which segments have elements (the plan itself unless sampling: a
    /// sampled instant's scene must keep the element set of the whole transition).
    init(layout: ChartLayout, plan: TransitionPlan, shape: TransitionPlan? = nil, wholeSeparators: [Separator]? = nil) {
        self.layout = layout
        self.plan = plan
        scope = "piec-" + layout.id
        // Gaps, corners and explode cut or move single slices: each slice gets its own dash.
        stacked = layout.equalRadii && Scene.oneRing(shape ?? plan) && layout.slices.allSatisfy { !$0.isVisible || $0.color.isOpaque }
            && !layout.shapesWedges && !Scene.explodes(shape ?? plan)
        moves = plan.kind != .none && (shape ?? plan).movesGeometry
        fades = plan.kind != .none && !moves && (shape ?? plan).fadesOpacity
        if moves {
            motion = Scene.motionItems(plan, shape: shape ?? plan, stacked: stacked, sweepStart: layout.startAngle)
            cutouts = Scene.cutouts(plan, layout: layout, motion: motion)
            orbits = Scene.orbits(plan, shape: shape ?? plan, sweepStart: layout.startAngle, motion: motion)
        }
        if layout.shapesWedges { restShapes = Scene.restShapes(layout) }
        // Patterned slices are left out: an extension would cover the marks of its slice.
        let bridged = !stacked && !layout.shapesWedges && !Scene.explodes(plan) && layout.autoPatternPalette == nil
            && layout.slices.allSatisfy { !$0.isVisible || ($0.color.isOpaque && $0.pattern == .none) }
        if moves, bridged { underlays = Scene.underlayItems(plan, shape: shape ?? plan, sweepStart: layout.startAngle) }
        // The gap replaces the separators.
        separators = layout.halfGap > 0 ? [] : Scene.separatorItems(plan, shape: shape, whole: wholeSeparators, layout: layout)
        labels = Scene.labelItems(plan, modes: shape ?? plan, layout: layout, animated: moves)
        if shape == nil {
            ink = InkScene(layout: layout, plan: plan, moves: moves)
            // Every drawing decision, once (`DrawingPlan.choose`); an instant's scene takes its whole's.
            let chosen = DrawingPlan.choose(self)
            (drawing, colourCircles, separatorBands) = (chosen.plan, chosen.circles, chosen.bands)
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
        restEnds = stacked ? Scene.paintEnds(visible, closed: Scene.closes(visible)) : visible.map(\.endAngle)
        if bridged {
            // Slices with an angle but no ring (a rose's 0) stay in the list: an extension
            // stops at them instead of covering their empty place.
            let rest = layout.slices.indices.filter { layout.slices[$0].span > 0 }
            let spanned = rest.map { layout.slices[$0].geometry }
            restUnderlays = Scene.bridges(from: spanned, to: spanned, closed: Scene.closes(spanned)).compactMap {
                $0.to.span > 0 && $0.to.outerRadius > $0.to.innerRadius ? ($0.after.map { rest[$0] }, $0.to) : nil
            }
        }
    }

    /// The scene of one instant of `whole`'s transition (`plan`: `whole.plan.frozen(at:)`), with
    /// the whole transition's elements.
    init(instant plan: TransitionPlan, of whole: Scene) {
        self.init(layout: whole.layout, plan: plan, shape: whole.plan, wholeSeparators: whole.separators)
        drawing = whole.drawing
        takeDashStarts(of: whole)
    }

    /// The extensions between `from` and `to` (the same segments in angular order at the two
    /// ends of a transition; equal at rest): (after, from geometry, to geometry), `after` an
    /// index into the segments or nil for the closing one (only when both ends close the
    /// circle). At each end an extension runs from its slice's middle to the middle of the
    /// next slice that has width there, at the smallest radius in between; a slice without
    /// width there, or with none after it, has an empty one (never an edge of its colour at a
    /// boundary). The closing one joins the last and the first slice that have width.
    /// `exact`: the extension joins the same slices at both ends, so its ends and radius are
    /// linear in between; otherwise (slices that appear or vanish next to it) only sampled
    /// instants are exact (`Scene.sampled`).
    /// `whole`: for a sampled instant (`from` is the instant), the two ends of the whole
    /// transition, which decide whether the closing extension exists (an instant's scene keeps
    /// the element set of the whole transition); where the instant has no slices with width to
    /// join, it joins the places of those the whole transition joins at its start.
    static func bridges(from: [SegmentGeometry], to: [SegmentGeometry], closed: Bool,
                        whole: (from: [SegmentGeometry], to: [SegmentGeometry])? = nil)
        -> [(after: Int?, from: SegmentGeometry, to: SegmentGeometry, exact: Bool)] {
        let n = from.count
        guard n > 1 else { return [] }
        func mid(_ g: SegmentGeometry) -> Double { (g.startAngle + g.endAngle) / 2 }
        func ring(_ g: SegmentGeometry, _ start: Double, _ end: Double, outer: Double, inner: Double) -> SegmentGeometry {
            SegmentGeometry(startAngle: start, endAngle: end, outerRadius: outer, innerRadius: inner, color: g.color)
        }
        func target(_ gs: [SegmentGeometry], _ i: Int) -> Int? {
            gs[i].span > 0 ? (i + 1..<n).first(where: { gs[$0].span > 0 }) : nil
        }
        func ext(_ gs: [SegmentGeometry], _ i: Int, to j: Int?) -> SegmentGeometry {
            let g = gs[i]
            guard let j else { return ring(g, mid(g), mid(g), outer: g.outerRadius, inner: g.innerRadius) }
            let span = gs[i...j]
            return ring(g, mid(g), mid(gs[j]), outer: span.map(\.outerRadius).min()!, inner: span.map(\.innerRadius).max()!)
        }
        /// Both ends' extensions of slice i, and whether they join the same slices. Where one
        /// end has nothing to join but its slice sits where the other end's target sits (all
        /// growing from one point, as in an enter animation), that end takes the other's
        /// target: an empty extension of the right radius, linear to the other end.
        func pair(_ i: Int) -> (SegmentGeometry, SegmentGeometry, Bool) {
            var t0 = target(from, i), t1 = target(to, i)
            if t0 == nil, let j = t1, mid(from[i]) == mid(from[j]) { t0 = j }
            if t1 == nil, let j = t0, mid(to[i]) == mid(to[j]) { t1 = j }
            return (ext(from, i, to: t0), ext(to, i, to: t1), t0 == t1)
        }
        var result: [(after: Int?, from: SegmentGeometry, to: SegmentGeometry, exact: Bool)] = []
        func ends(_ gs: [SegmentGeometry]) -> (Int, Int)? {
            guard let f = gs.indices.first(where: { gs[$0].span > 0 }), let l = gs.indices.last(where: { gs[$0].span > 0 }), f != l else { return nil }
            return (l, f)
        }
        if closed, let start = ends(whole?.from ?? from), let end = ends(whole?.to ?? to) {
            let (l0, f0) = ends(from) ?? start, (l1, f1) = ends(to) ?? end
            func closing(_ gs: [SegmentGeometry], _ l: Int, _ f: Int) -> SegmentGeometry {
                let near = [l0, f0, l1, f1].map { gs[$0] }
                return ring(gs[f], mid(gs[l]) - 360, mid(gs[f]), outer: near.map(\.outerRadius).min()!, inner: near.map(\.innerRadius).max()!)
            }
            result.append((nil, closing(from, l0, f0), closing(to, l1, f1), l0 == l1 && f0 == f1))
        }
        for i in 0..<(n - 1) {
            let (f, t, exact) = pair(i)
            result.append((i, f, t, exact))
        }
        return result
    }

    /// The moving extensions, as dashes `.p-u<k>`, each after its motion element.
    private static func underlayItems(_ plan: TransitionPlan, shape: TransitionPlan, sweepStart: Double) -> [Bridge] {
        // Segments with an angle but no ring at either end (a rose's 0) take part, so that
        // extensions stop at them; an extension left with no ring is a dash of width 0 (kept:
        // a sampled instant's scene must have the same elements as the whole transition).
        let indices = shape.segments.indices.filter { shape.segments[$0].from.span > 0 || shape.segments[$0].to.span > 0 }
        let drawn = indices.map { (offset: $0, element: plan.segments[$0]) }
        // Whether the circle closes is the whole transition's (a sampled instant of a staged
        // plan may have no slice with width at all).
        let whole = (from: indices.map { shape.segments[$0].from }, to: indices.map { shape.segments[$0].to })
        let closed = closes(whole.from) && closes(whole.to)
        let bridges = bridges(from: drawn.map(\.element.from), to: drawn.map(\.element.to), closed: closed, whole: whole)
        return bridges.enumerated().map { k, b in
            var segment = drawn[b.after ?? 0].element
            (segment.from, segment.to) = (b.from, b.to)
            return Bridge(after: b.after.map { drawn[$0].offset },
                          // Drawn at its final radius as before (`origin` = its end): a bridge's ends come
                          // from each instant's neighbours, not from one circle for the whole transition.
                          dash: motion(index: k, segment, origin: segment.to, fromEnd: nil, toEnd: nil, sweepStart: sweepStart),
                          exact: b.exact)
        }
    }

    /// Whether every drawn segment has one outer radius at the start and one at the end (so
    /// stacking applies in motion too: a rose turning back into a pie has equal radii only
    /// at the end).
    static func oneRing(_ plan: TransitionPlan) -> Bool {
        let segments = drawn(plan)
        guard let first = segments.first?.element else { return true }
        return segments.allSatisfy {
            abs($0.element.from.outerRadius - first.from.outerRadius) < 1e-9 && abs($0.element.to.outerRadius - first.to.outerRadius) < 1e-9
        }
    }

    /// The segments that draw something in either state, in the plan's angular order.
    static func drawn(_ plan: TransitionPlan) -> [(offset: Int, element: Segment)] {
        plan.segments.enumerated().filter { _, s in
            (s.from.span > 0 && s.from.outerRadius > s.from.innerRadius)
                || (s.to.span > 0 && s.to.outerRadius > s.to.innerRadius)
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
            return (geometries[j].startAngle + geometries[j].endAngle) / 2
        }
    }

    /// Whether the visible final slices close a full circle (with more than one slice).
    static func closes(_ geometries: [SegmentGeometry]) -> Bool {
        guard geometries.count > 1, let first = geometries.first, let last = geometries.last else { return false }
        return Geometry.isFullCircle(last.endAngle - first.startAngle)
    }

    private static func motionItems(_ plan: TransitionPlan, shape: TransitionPlan, stacked: Bool,
                                    sweepStart: Double) -> [Motion] {
        let drawn = drawn(shape).map { (offset: $0.offset, element: plan.segments[$0.offset]) }
        // Each end closes the circle or not on its own (a sweep that changes from 360 to 180
        // closes only at the start): the first segment underlays the closing boundary there.
        let closedFrom = closes(drawn.map(\.element.from)), closedTo = closes(drawn.map(\.element.to))
        // Between versions only: in an enter animation every segment grows from nothing.
        let thin = plan.kind != .update ? nil
            : drawn.map { shape.segments[$0.offset].from.span <= 0 || shape.segments[$0.offset].to.span <= 0 }
        let fromEnds = paintEnds(drawn.map(\.element.from), closed: closedFrom, thin: thin)
        let toEnds = paintEnds(drawn.map(\.element.to), closed: closedTo, thin: thin)
        var items = drawn.enumerated().map { i, item in
            motion(index: item.offset, item.element, origin: shape.segments[item.offset].from,
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

    /// Radial lines at the start of every visible slice, plus the end of the last one unless
    /// the slices close a full circle (then the start line is shared); none for one full slice.
    /// No line touches a slice whose outer arc is under three line widths: there the lines
    /// would cover the slice (a chart of 10,000 slivers would turn white).
    /// `shape`: for a sampled instant (`plan` is the instant), the whole transition, whose
    /// lines are kept with their indices (a line the instant has no edge for is hidden then,
    /// not dropped: an element's keyframes must come from its own states).
    private static func separatorItems(_ plan: TransitionPlan, shape: TransitionPlan? = nil, whole known: [Separator]? = nil,
                                       layout: ChartLayout) -> [Separator] {
        var lines = separatorLines(plan, layout: layout, gateLeaving: shape == nil)
        guard plan.kind == .update else { return lines }
        // Boundaries of the previous chart: where a visible slice starts or ends, unless one
        // slice fills the whole circle (then it has no radial line at all).
        let visible = plan.segments.filter { shown($0.from) }
        let single = visible.count == 1 && Geometry.isFullCircle(visible[0].from.span)
        let key = angleKey
        var edges = Set<Int>()
        if !single { for s in visible { edges.insert(key(s.from.startAngle)); edges.insert(key(s.from.endAngle)) } }
        // Parts of the old "Other" meet without a boundary.
        for (a, b) in zip(visible, visible.dropFirst()) where a.fromExtras.inOther && b.fromExtras.inOther { edges.remove(key(a.from.endAngle)) }
        for i in lines.indices where !edges.contains(key(lines[i].from)) { lines[i].fromOpacity = 0 }
        // A leaving slice's line where the old chart had none (inside the old "Other").
        if shape == nil { lines.removeAll { $0.leaves && $0.fromOpacity == 0 } }
        if let shape {
            let whole = known ?? separatorItems(shape, layout: layout)
            // Boundary (-1 for the closing end) -> the whole transition's index; -1 = not drawn.
            var index = [Int](repeating: -1, count: (whole.map(\.boundary).max() ?? -1) + 2)
            for line in whole { index[line.boundary + 1] = line.index }
            return lines.compactMap { line in
                let k = line.boundary + 1 < index.count ? index[line.boundary + 1] : -1
                // A line of the instant alone (a closing line that only float noise makes
                // move) is drawn by no element: its index could be another line's.
                guard k >= 0 else { return nil }
                var line = line
                line.index = k
                return line
            }
        }
        return lines.filter { $0.fromOpacity > 0 || $0.toOpacity > 0 }.enumerated().map { k, line in
            var line = line
            line.index = k
            return line
        }
    }

    /// Whether a wedge shows (an angle and a ring), the test of a visible slice at either end.
    private static func shown(_ g: SegmentGeometry) -> Bool { g.span > 0 && g.outerRadius > g.innerRadius }

    /// Whether a wedge is wide enough for lines at its sides: an outer arc of three line widths.
    private static func wide(_ g: SegmentGeometry, width: Double) -> Bool {
        Geometry.arcLength(degrees: g.span, radius: g.outerRadius) >= 3 * width
    }

    /// The line at the start of `s`, after `previous`: across both rings at the end (and at the
    /// start, when that ring differs), from where `s` starts to where it ends up starting.
    private static func line(at s: Segment, after previous: Segment, index: Int, boundary: Int, motionOnly: Bool = false) -> Separator {
        var line = Separator(index: index, boundary: boundary, inner: min(s.to.innerRadius, previous.to.innerRadius),
                             outer: max(s.to.outerRadius, previous.to.outerRadius),
                             from: s.from.startAngle, to: s.to.startAngle, motionOnly: motionOnly)
        let fromInner = min(s.from.innerRadius, previous.from.innerRadius)
        let fromOuter = max(s.from.outerRadius, previous.from.outerRadius)
        if fromInner != line.inner || fromOuter != line.outer { (line.fromInner, line.fromOuter) = (fromInner, fromOuter) }
        return line
    }

    /// An angle as a whole number of thousandths of a degree in [0, 360): equal keys, one place.
    private static func angleKey(_ a: Double) -> Int {
        Int(((a.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) * 1000).rounded()) % 360_000
    }

    private static func separatorLines(_ plan: TransitionPlan, layout: ChartLayout, gateLeaving: Bool = true) -> [Separator] {
        let width = layout.stroke.width
        guard width > 0, layout.stroke.color.a > 0 else { return [] }
        let visible = plan.segments.filter { shown($0.to) }
        guard let first = visible.first, let last = visible.last else { return [] }
        let full = Geometry.isFullCircle(last.to.endAngle - first.to.startAngle)
        if full, visible.count == 1 { return [] }
        func wide(_ s: Segment) -> Bool { Scene.wide(s.to, width: width) }
        var result: [Separator] = []
        for (i, s) in visible.enumerated() {
            let previous = i > 0 ? visible[i - 1] : (full ? last : s)
            guard wide(s), wide(previous) else { continue }
            var line = Scene.line(at: s, after: previous, index: result.count, boundary: i)
            if i > 0, s.toExtras.inOther, previous.toExtras.inOther { line.toOpacity = 0 }
            result.append(line)
        }
        let movesEnd = plan.kind != .none && last.from.endAngle != last.to.endAngle
        if !full || movesEnd, wide(last), !full || wide(first) {
            let outer = full ? max(last.to.outerRadius, first.to.outerRadius) : last.to.outerRadius
            var line = Separator(index: result.count, boundary: -1, inner: last.to.innerRadius, outer: outer,
                                 from: last.from.endAngle, to: last.to.endAngle, motionOnly: full)
            if last.from.innerRadius != line.inner || last.from.outerRadius != last.to.outerRadius {
                (line.fromInner, line.fromOuter) = (last.from.innerRadius, last.from.outerRadius)
            }
            result.append(line)
        }
        if plan.kind == .update { result += leavingLines(plan, layout: layout, boundaries: visible.count, gate: gateLeaving, ending: result) }
        return result
    }

    /// A slice that leaves keeps the line at its start while it goes: from where the old chart
    /// drew it (both its slices at least three line widths wide there) to where the slice
    /// closes, which is the next line's place in the new chart (where the new chart has no line
    /// there, it fades out). The new chart has no boundary of its own for it, so it is shown
    /// only while moving (`motionOnly`). Its boundary is `boundaries` + its order among the
    /// slices that leave, the same at every instant (`to` is). `gate`: false for a sampled
    /// instant, whose lines are kept only where the whole transition has them. Not for rings
    /// (a ring that changes places leaves as a whole).
    private static func leavingLines(_ plan: TransitionPlan, layout: ChartLayout, boundaries: Int, gate: Bool,
                                     ending lines: [Separator]) -> [Separator] {
        guard plan.segments.allSatisfy({ $0.ringPart == nil }) else { return [] }
        let width = layout.stroke.width
        let key = angleKey
        let old = plan.segments.indices.filter { shown(plan.segments[$0].from) }
        guard let first = old.first, let last = old.last, old.count > 1 else { return [] }
        let full = Geometry.isFullCircle(plan.segments[last].from.endAngle - plan.segments[first].from.startAngle)
        let ends = Set(lines.filter { $0.toOpacity > 0 }.map { key($0.to) })
        var result: [Separator] = [], order = 0
        var previous: Int? = full ? last : nil
        for k in plan.segments.indices {
            let s = plan.segments[k]
            defer { if shown(s.from) { previous = k } }
            guard !shown(s.to) else { continue }
            defer { order += 1 }
            let p = plan.segments[previous ?? k]
            // An instant keeps the line of a slice that has already closed, where it closed.
            guard !gate || (shown(s.from) && wide(s.from, width: width) && wide(p.from, width: width)) else { continue }
            var line = Scene.line(at: s, after: p, index: lines.count + result.count, boundary: boundaries + order, motionOnly: true)
            if !ends.contains(key(line.to)) { line.toOpacity = 0 }
            line.leaves = true
            result.append(line)
        }
        return result
    }

    /// Inside labels. A label drawn outside in both states lives in the ink layer; one that
    /// changes between inside and outside (`auto`) fades out here while it fades in there.
    /// `modes` is the whole plan: whether a label is inside or outside at each end never
    /// depends on the sampled instant (a sampled scene keeps the element set).
    private static func labelItems(_ plan: TransitionPlan, modes: TransitionPlan, layout: ChartLayout, animated: Bool) -> [Label] {
        let sign = layout.screenSign
        var result: [Label] = []
        // At the end, where the layout put the label (`LabelFit.spot`: the default spot or the
        // nearest where it fits); at the start, where the old version put it.
        // The text's turn in its group (`LabelTurn.inner`) rides along.
        func spot(_ g: SegmentGeometry, _ text: String, from: Bool = false) -> (angle: Double, radius: Double, turn: Double) {
            let fraction = from ? plan.from.labelFraction ?? layout.labelFraction : layout.labelFraction
            let orientation = from ? plan.from.labelOrientation : layout.labelOrientation
            let at = LabelFit.drawnSpot(text, geometry: g, fontSize: layout.fontSize, sign: sign, fraction: fraction, orientation: orientation)
            let drawn = at.drawn(on: g, sign: sign)
            return (drawn.angle, drawn.radius, LabelTurn.inner(spot: sign * at.angle, drawn: drawn.angle, orientation))
        }
        // The start's turn within half a turn of the end's, so a turned label turns the short way.
        func near(_ turn: Double, _ end: Double) -> Double {
            guard layout.labelOrientation != .horizontal || plan.from.labelOrientation != .horizontal else { return turn }
            var d = (turn - end).truncatingRemainder(dividingBy: 360)
            if d > 180 { d -= 360 } else if d <= -180 { d += 360 }
            return end + d
        }
        // Where a label is at the transition's start: inside its slice, outside, or hidden
        // (`inside` and it does not fit the old slice: it fades in).
        func fromMode(_ text: String, _ g: SegmentGeometry) -> LabelMode {
            LabelFit.mode(layout.labelPosition, text: text, geometry: g, fontSize: layout.fontSize, sign: sign,
                          fraction: modes.from.labelFraction ?? layout.labelFraction, orientation: modes.from.labelOrientation)
        }
        for (s, m) in zip(plan.segments + plan.movers + plan.floatingLabels, modes.segments + modes.movers + modes.floatingLabels) {
            if let exit = s.exitLabel, animated {
                if fromMode(exit.text, m.from) != .inside { continue }
                let (from, to) = (spot(s.from, exit.text, from: true), spot(s.to, exit.text))
                result.append(Label(index: result.count, text: exit.text, color: exit.color, radius: to.radius,
                                    fromRadius: from.radius, from: from.angle, to: to.angle, fromOpacity: 1, toOpacity: 0,
                                    turn: to.turn, fromTurn: near(from.turn, to.turn)))
                continue
            }
            guard let k = s.slice, let text = layout.slices[k].labelText else { continue }
            let toOutside = layout.slices[k].labelOutside
            let from = animated && m.from.span > 0 ? fromMode(text, m.from) : (toOutside ? .outside : .inside)
            if toOutside, from != .inside { continue }
            let end = spot(s.to, text), start = animated ? spot(s.from, text, from: true) : end
            let color = layout.slices[k].textColor
            result.append(Label(index: result.count, text: text, color: color,
                                fromColor: animated && m.fromExtras.labelColor != nil ? s.fromExtras.labelColor ?? color : nil,
                                radius: end.radius, fromRadius: start.radius, from: start.angle, to: end.angle,
                                fromOpacity: animated ? (from != .inside ? 0 : s.fromExtras.labelOpacity ?? (s.from.span <= 0 ? 0 : 1)) : 1,
                                toOpacity: toOutside ? 0 : 1, turn: end.turn, fromTurn: near(start.turn, end.turn)))
        }
        return result
    }
}
