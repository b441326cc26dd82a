import PieSpec

/// Everything the SVG and CSS writers draw, derived once from a layout and a plan: the
/// motion layer's dashes, the separators and the labels, each with its from and to state.
struct Scene {
    /// One stroke-dash circle of the motion layer (`.p-m<index>`).
    struct Motion {
        var index: Int
        var color: Color
        /// Mid-radius of the ring and stroke width.
        var radius: Double
        var width: Double
        var from: Dash
        var to: Dash
        /// Gap after the dash: the circumference, so one dash is drawn per turn.
        /// Length of the motion circle: the dash pattern repeats exactly once per turn
        /// (`L` on, `circumference - L` off), so a dash that runs past the circle's start
        /// point continues from it.
        var circumference: Double
    }

    /// A dash starting `offset` user units along the motion circle (which starts at the sweep
    /// start angle), `length` user units long. Positioned by `stroke-dashoffset`, not by an
    /// animated `rotate()`: Chromium gives every element with a transform animation its own
    /// compositor layer, which runs out of tile memory with a few hundred slices.
    struct Dash: Hashable {
        var offset: Double
        var length: Double
    }

    /// A radial separator line (`.p-b<index>`) from `inner` to `outer`. `motionOnly` marks
    /// the moving end of a closing circle: shown while animating, hidden at rest (where it
    /// would double the line at the start).
    struct Separator {
        var index: Int
        var inner: Double
        var outer: Double
        var from: Double
        var to: Double
        var motionOnly = false
    }

    /// A label (`.p-l<index>`) at `radius` on screen angles `from` -> `to` (already signed).
    struct Label {
        var index: Int
        var text: String
        var color: Color
        var radius: Double
        var from: Double
        var to: Double
        var fromOpacity: Double
    }

    let layout: ChartLayout
    let plan: TransitionPlan
    /// CSS scope class and keyframe prefix, e.g. `piec-languages`.
    let scope: String
    /// Seam-free stacking: each slice painted from its start to the end of the used arc.
    let stacked: Bool
    /// Angles or radii move: the motion layer animates and the exact layer waits.
    let moves: Bool
    /// Opacity changes only: the whole plot fades.
    let fades: Bool
    var motion: [Motion] = []
    var separators: [Separator] = []
    var labels: [Label] = []
    /// Rest state: where each visible slice's exact wedge ends (own end unless stacked).
    var restEnds: [Double] = []

    init(layout: ChartLayout, plan: TransitionPlan) {
        self.layout = layout
        self.plan = plan
        scope = "piec-" + layout.id
        stacked = layout.equalRadii && layout.slices.allSatisfy { !$0.isVisible || $0.color.isOpaque }
        moves = plan.kind != .none && plan.movesGeometry
        fades = plan.kind != .none && !moves && plan.fadesOpacity
        if moves { motion = Scene.motionItems(plan, stacked: stacked, sweepStart: layout.startAngle) }
        separators = Scene.separatorItems(plan, layout: layout)
        labels = Scene.labelItems(plan, layout: layout, animated: moves)
        let visible = layout.slices.filter(\.isVisible).map {
            SegmentGeometry(startAngle: $0.startAngle, endAngle: $0.endAngle, outerRadius: $0.outerRadius,
                            innerRadius: $0.innerRadius, color: $0.color)
        }
        restEnds = stacked ? Scene.paintEnds(visible, closed: Scene.closes(visible)) : visible.map(\.endAngle)
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
    /// progress, like the boundaries themselves.
    static func paintEnds(_ geometries: [SegmentGeometry], closed: Bool) -> [Double] {
        let usedEnd = geometries.map(\.endAngle).max() ?? 0
        return geometries.indices.map { i in
            if i == geometries.count - 1 { return geometries[i].endAngle }
            if i == 0, closed { return usedEnd }
            return (geometries[i + 1].startAngle + geometries[i + 1].endAngle) / 2
        }
    }

    /// Whether the visible final slices close a full circle (with more than one slice).
    static func closes(_ geometries: [SegmentGeometry]) -> Bool {
        guard geometries.count > 1, let first = geometries.first, let last = geometries.last else { return false }
        return Geometry.isFullCircle(last.endAngle - first.startAngle)
    }

    private static func motionItems(_ plan: TransitionPlan, stacked: Bool, sweepStart: Double) -> [Motion] {
        let drawn = drawn(plan)
        let closed = closes(drawn.map(\.element.to))
        let fromEnds = paintEnds(drawn.map(\.element.from), closed: closed)
        let toEnds = paintEnds(drawn.map(\.element.to), closed: closed)
        return drawn.enumerated().map { i, item in
            let (k, s) = item
            let radius = (s.to.outerRadius + s.to.innerRadius) / 2
            func dash(_ g: SegmentGeometry, paintEnd: Double) -> Dash {
                let end = stacked ? paintEnd : g.endAngle
                return Dash(offset: Geometry.arcLength(degrees: g.startAngle - sweepStart, radius: radius),
                            length: Geometry.arcLength(degrees: max(end - g.startAngle, 0), radius: radius))
            }
            return Motion(index: k, color: s.to.color, radius: radius, width: s.to.outerRadius - s.to.innerRadius,
                          from: dash(s.from, paintEnd: fromEnds[i]), to: dash(s.to, paintEnd: toEnds[i]),
                          circumference: Geometry.arcLength(degrees: 360, radius: radius))
        }
    }

    /// Radial lines at the start of every visible slice, plus the end of the last one unless
    /// the slices close a full circle (then the start line is shared); none for one full slice.
    /// No line touches a slice whose outer arc is under three line widths: there the lines
    /// would cover the slice (a chart of 10,000 slivers would turn white).
    private static func separatorItems(_ plan: TransitionPlan, layout: ChartLayout) -> [Separator] {
        let width = layout.stroke.width
        guard width > 0, layout.stroke.color.a > 0 else { return [] }
        let visible = plan.segments.filter { $0.to.span > 0 && $0.to.outerRadius > $0.to.innerRadius }
        guard let first = visible.first, let last = visible.last else { return [] }
        let full = Geometry.isFullCircle(last.to.endAngle - first.to.startAngle)
        if full, visible.count == 1 { return [] }
        func wide(_ s: Segment) -> Bool { Geometry.arcLength(degrees: s.to.span, radius: s.to.outerRadius) >= 3 * width }
        var result: [Separator] = []
        for (i, s) in visible.enumerated() {
            let previous = i > 0 ? visible[i - 1] : (full ? last : s)
            guard wide(s), wide(previous) else { continue }
            result.append(Separator(index: result.count, inner: min(s.to.innerRadius, previous.to.innerRadius),
                                    outer: max(s.to.outerRadius, previous.to.outerRadius),
                                    from: s.from.startAngle, to: s.to.startAngle))
        }
        let movesEnd = plan.kind != .none && last.from.endAngle != last.to.endAngle
        if !full || movesEnd, wide(last), !full || wide(first) {
            let outer = full ? max(last.to.outerRadius, first.to.outerRadius) : last.to.outerRadius
            result.append(Separator(index: result.count, inner: last.to.innerRadius, outer: outer,
                                    from: last.from.endAngle, to: last.to.endAngle, motionOnly: full))
        }
        return result
    }

    private static func labelItems(_ plan: TransitionPlan, layout: ChartLayout, animated: Bool) -> [Label] {
        let sign = layout.screenSign
        var result: [Label] = []
        for s in plan.segments {
            guard let k = s.slice, let text = layout.slices[k].labelText else { continue }
            let r = s.to.innerRadius > 0 ? (s.to.innerRadius + s.to.outerRadius) / 2 : s.to.outerRadius * 0.62
            let fromMid = (s.from.startAngle + s.from.endAngle) / 2
            let toMid = (s.to.startAngle + s.to.endAngle) / 2
            result.append(Label(index: result.count, text: text, color: layout.slices[k].textColor, radius: r,
                                from: sign * fromMid, to: sign * toMid,
                                fromOpacity: animated && s.from.span <= 0 ? 0 : 1))
        }
        return result
    }
}
