import PieSpec

/// The separators of a stage: which boundaries have a line at each end of the transition,
/// where each line fades (a boundary the other version does not have), and the lines of
/// slices that leave. What they look like in CSS or SVG is Codegen's.
extension Stage {
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

    /// Radial lines at the start of every visible slice, plus the end of the last one unless
    /// the slices close a full circle (then the start line is shared); none for one full slice.
    /// No line touches a slice whose outer arc is under three line widths: there the lines
    /// would cover the slice (a chart of 10,000 slivers would turn white).
    /// `shape`: for a sampled instant (`plan` is the instant), the whole transition, whose
    /// lines are kept with their indices (a line the instant has no edge for is hidden then,
    /// not dropped: an element's keyframes must come from its own states).
    static func separatorItems(_ plan: TransitionPlan, shape: TransitionPlan? = nil, whole known: [Separator]? = nil,
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
        func wide(_ s: Segment) -> Bool { Stage.wide(s.to, width: width) }
        var result: [Separator] = []
        for (i, s) in visible.enumerated() {
            let previous = i > 0 ? visible[i - 1] : (full ? last : s)
            guard wide(s), wide(previous) else { continue }
            var line = Stage.line(at: s, after: previous, index: result.count, boundary: i)
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
            var line = Stage.line(at: s, after: p, index: lines.count + result.count, boundary: boundaries + order, motionOnly: true)
            if !ends.contains(key(line.to)) { line.toOpacity = 0 }
            line.leaves = true
            result.append(line)
        }
        return result
    }
}
