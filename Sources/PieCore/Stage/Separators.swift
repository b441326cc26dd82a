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
        /// The eased progress at which the line is due (`dueProgress`: both its slices' outer
        /// arcs at least three line widths there); nil: throughout. Outside it the line is
        /// hidden, a step at each crossing (Codegen's `.p-bv<index>` keyframes at the times
        /// `dueSwitches` gives). A line not due at the end is `motionOnly`. Exact for a plan
        /// of one eased window; a sampled plan's line is hidden where its instant's stage has
        /// it not due (`fromOpacity` 0), this window only marking that it may be.
        var window: [ClosedRange<Double>]? = nil

        /// Whether the line is due at eased progress `e`.
        func due(at e: Double) -> Bool { window.map { w in w.contains { $0.contains(e) } } ?? true }
    }

    /// Radial lines at the start of every visible slice, plus the end of the last one unless
    /// the slices close a full circle (then the start line is shared); none for one full slice.
    /// No line touches a slice whose outer arc is under three line widths, at any instant
    /// (`DueRule`): there the lines would cover the slice (a chart of 10,000 slivers would
    /// turn white).
    /// `shape`: for a sampled instant (`plan` is the instant), the whole transition, whose
    /// lines are kept with their indices (a line the instant has no edge for is hidden then,
    /// not dropped: an element's keyframes must come from its own states).
    static func separatorItems(_ plan: TransitionPlan, shape: TransitionPlan? = nil, whole known: [Separator]? = nil,
                                       layout: ChartLayout) -> [Separator] {
        var lines = separatorLines(plan, layout: layout, whole: shape)
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
    static func wide(_ g: SegmentGeometry, width: Double) -> Bool {
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

    private static func separatorLines(_ plan: TransitionPlan, layout: ChartLayout, whole: TransitionPlan? = nil) -> [Separator] {
        let width = layout.stroke.width
        guard width > 0, layout.stroke.color.a > 0 else { return [] }
        let indices = plan.segments.indices.filter { shown(plan.segments[$0].to) }
        let visible = indices.map { plan.segments[$0] }
        guard let first = visible.first, let last = visible.last else { return [] }
        let full = Geometry.isFullCircle(last.to.endAngle - first.to.startAngle)
        if full, visible.count == 1 { return [] }
        let rule = DueRule(plan: plan, width: width, whole: whole)
        var result: [Separator] = []
        for (i, k) in indices.enumerated() {
            let s = plan.segments[k]
            let p = i > 0 ? indices[i - 1] : (full ? indices[indices.count - 1] : k)
            let previous = plan.segments[p]
            guard let due = rule.due(k, p) else { continue }
            var line = Stage.line(at: s, after: previous, index: result.count, boundary: i)
            if i > 0, s.toExtras.inOther, previous.toExtras.inOther { line.toOpacity = 0 }
            rule.apply(due, to: &line)
            result.append(line)
        }
        let movesEnd = plan.kind != .none && last.from.endAngle != last.to.endAngle
        if !full || movesEnd, let due = rule.due(indices[indices.count - 1], full ? indices[0] : indices[indices.count - 1]) {
            let outer = full ? max(last.to.outerRadius, first.to.outerRadius) : last.to.outerRadius
            var line = Separator(index: result.count, boundary: -1, inner: last.to.innerRadius, outer: outer,
                                 from: last.from.endAngle, to: last.to.endAngle, motionOnly: full)
            if last.from.innerRadius != line.inner || last.from.outerRadius != last.to.outerRadius {
                (line.fromInner, line.fromOuter) = (last.from.innerRadius, last.from.outerRadius)
            }
            rule.apply(due, to: &line)
            result.append(line)
        }
        if plan.kind == .update { result += leavingLines(plan, layout: layout, boundaries: visible.count, rule: rule, ending: result) }
        return result
    }

    /// The rule "no line touches a slice whose outer arc is under three line widths", at
    /// every instant of an update (an enter tests its end only): a slice's arc is, along one eased window, a quadratic in the eased
    /// progress (its angle and outer radius each linear in it), so each line is due on a set of
    /// intervals of that progress (`wideProgress`). A slice that enters or leaves is judged
    /// at its end with an angle, so only lines between slices that are there at both ends and
    /// cross the width mid-motion get windows. `whole`: the transition when `plan` is the stage
    /// of one of its sampled instants (frozen there: `from` is the instant), whose lines are
    /// all kept (the whole transition decides which exist) and hidden where the instant has
    /// them not due; whether a slice enters or leaves is the whole transition's (at an instant
    /// an entering slice has an angle), so the instants and the whole agree.
    struct DueRule {
        let plan: TransitionPlan
        let width: Double
        let whole: TransitionPlan?
        var instant: Bool { whole != nil }
        let range: ClosedRange<Double>
        let uniform: Bool

        init(plan: TransitionPlan, width: Double, whole: TransitionPlan?) {
            (self.plan, self.width, self.whole) = (plan, width, whole)
            // An enter keeps the rule at its end (its lines, with no old chart to match, are
            // as before: every slice grows from one point, and index.html's boxes need them).
            range = plan.kind == .update ? Stage.easedRange(plan.easing) : 1...1
            uniform = plan.isUniform
        }

        /// Where slice `k` of the plan is wide: at its end with an angle (the whole
        /// transition's) if it enters or leaves, else along `range` (`wideProgress`).
        func wide(_ k: Int) -> [ClosedRange<Double>] {
            let s = plan.segments[k]
            let ends = whole.map { $0.segments[k] } ?? s
            if ends.from.span <= 0 || ends.to.span <= 0 {
                return Stage.wide(ends.from.span > 0 ? ends.from : ends.to, width: width) ? [range] : []
            }
            return Stage.wideProgress(s, width: width, over: range)
        }

        /// Where the line between slices `p` (before) and `k` of the plan is due; nil where it
        /// is never drawn. A plan not on one eased window (sampled) keeps a line either slice
        /// is ever wide for: its instants decide.
        func due(_ k: Int, _ p: Int) -> [ClosedRange<Double>]? {
            let a = wide(k), b = wide(p)
            let both = Stage.intersect(a, b)
            if instant { return both }
            if both.isEmpty, uniform || a.isEmpty || b.isEmpty { return nil }
            return both
        }

        /// The line's window where it is not due throughout, `motionOnly` where it is not due
        /// at the end; a sampled instant's line hidden where it is not due at the instant.
        func apply(_ due: [ClosedRange<Double>], to line: inout Separator) {
            guard plan.kind == .update else { return }
            let contains = { (e: Double) in due.contains { $0.contains(e) } }
            // The end is the same at every instant: an instant's line is motion-only as the whole's.
            if !contains(1) { line.motionOnly = true }
            if instant {
                if !contains(0) { line.fromOpacity = 0 }
                return
            }
            if !(due.count == 1 && due[0] == range) { line.window = due }
        }
    }

    /// The eased progress in `range` at which wedge `s` (its `from` to its `to`, both with an
    /// angle) is `wide` or has no angle at all: its outer arc `k (a + b e)(c + d e)` against three line
    /// widths, whose roots split `range` into pieces, each tested at its middle.
    static func wideProgress(_ s: Segment, width: Double, over range: ClosedRange<Double>) -> [ClosedRange<Double>] {
        let k = Double.pi / 180
        let a = s.from.span, b = s.to.span - s.from.span, c = s.from.outerRadius, d = s.to.outerRadius - s.from.outerRadius
        let qa = k * b * d, qb = k * (a * d + b * c), qc = k * a * c - 3 * width
        var roots: [Double] = []
        if abs(qa) <= 1e-12 * (abs(qb) + abs(qc)) {
            if qb != 0 { roots = [-qc / qb] }
        } else {
            let disc = qb * qb - 4 * qa * qc
            if disc >= 0 {
                let q = -0.5 * (qb + (qb < 0 ? -1 : 1) * disc.squareRoot())
                roots = q == 0 ? [0] : [q / qa, qc / q]
            }
        }
        let points = [range.lowerBound] + roots.filter { $0 > range.lowerBound && $0 < range.upperBound }.sorted() + [range.upperBound]
        var result: [ClosedRange<Double>] = []
        for (p, q) in zip(points, points.dropFirst()) {
            guard wide(s.from.blended(to: s.to, at: (p + q) / 2), width: width) else { continue }
            if let l = result.last, l.upperBound == p { result[result.count - 1] = l.lowerBound...q } else { result.append(p...q) }
        }
        if points.count == 1, wide(s.from.blended(to: s.to, at: points[0]), width: width) { result = [range] }
        // Where its angle is 0 (an overshooting easing takes it through 0) the slice is not
        // there: the line beside it is the boundary of its neighbours.
        if b != 0, case let e = -a / b, range.contains(e), !result.contains(where: { $0.contains(e) }) {
            result.append(e...e)
            result.sort { $0.lowerBound < $1.lowerBound }
        }
        return result
    }

    /// The intervals in both lists (each sorted and disjoint).
    static func intersect(_ a: [ClosedRange<Double>], _ b: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
        var result: [ClosedRange<Double>] = [], i = 0, j = 0
        while i < a.count, j < b.count {
            let lo = max(a[i].lowerBound, b[j].lowerBound), hi = min(a[i].upperBound, b[j].upperBound)
            if lo <= hi { result.append(lo...hi) }
            if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
        }
        return result
    }

    /// The cubic-bezier of `easing` at its parameter `u`: one coordinate, from its two
    /// control values (the curve runs from 0 to 1).
    private static func bezier(_ u: Double, _ p1: Double, _ p2: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u
    }

    /// The parameters in (0, 1) where the easing's progress curve turns (its derivative
    /// `p1 + (2 p2 - 4 p1) u + (3 p1 - 3 p2 + 1) u^2`, times 3, is zero).
    private static func turns(_ p1: Double, _ p2: Double) -> [Double] {
        let qa = 3 * p1 - 3 * p2 + 1, qb = 2 * p2 - 4 * p1, qc = p1
        var roots: [Double] = []
        if abs(qa) < 1e-12 {
            if qb != 0 { roots = [-qc / qb] }
        } else {
            let disc = qb * qb - 4 * qa * qc
            if disc >= 0 { roots = [(-qb - disc.squareRoot()) / (2 * qa), (-qb + disc.squareRoot()) / (2 * qa)] }
        }
        return roots.filter { $0 > 0 && $0 < 1 }.sorted()
    }

    /// The eased progress the easing reaches: [0, 1] and its overshoot (at its turns).
    static func easedRange(_ easing: Easing) -> ClosedRange<Double> {
        let values = turns(easing.y1, easing.y2).map { bezier($0, easing.y1, easing.y2) }
        return min(0, values.min() ?? 0)...max(1, values.max() ?? 1)
    }

    /// A line due on `window` (eased progress) along its plan's easing: whether it is due at
    /// the start and the fractions of the window's time (0 to 1, rising) at which it appears
    /// or goes (0: just after the start). The progress curve is monotone between its turns; on each piece every end of
    /// `window` is crossed once at most, found by bisection, its time the curve's x there.
    static func dueSwitches(_ window: [ClosedRange<Double>], easing: Easing) -> (start: Bool, at: [Double]) {
        let due = { (e: Double) in window.contains { $0.contains(e) } }
        let levels = window.flatMap { [$0.lowerBound, $0.upperBound] }
        let pieces = [0.0] + turns(easing.y1, easing.y2) + [1.0]
        var times: [Double] = []
        for (p, q) in zip(pieces, pieces.dropFirst()) {
            let yp = bezier(p, easing.y1, easing.y2), yq = bezier(q, easing.y1, easing.y2)
            for level in levels where (yp - level) * (yq - level) < 0 {
                var lo = p, hi = q
                for _ in 0..<80 {
                    let m = (lo + hi) / 2
                    if (bezier(m, easing.y1, easing.y2) - level) * (yp - level) > 0 { lo = m } else { hi = m }
                }
                let x = bezier((lo + hi) / 2, easing.x1, easing.x2)
                if x > 0, x < 1 { times.append(x) }
            }
        }
        // Each piece between crossings (the first from 0: a line due only at the very start,
        // beside a slice that enters, goes at once) has one state, read at its middle.
        times = [0] + times.sorted()
        let start = due(0)
        var state = start, switches: [Double] = []
        for (k, x) in times.enumerated() {
            let next = k + 1 < times.count ? times[k + 1] : 1
            guard next > x else { continue }
            let now = due(easing.value(at: (x + next) / 2))
            if now != state { switches.append(x); state = now }
        }
        return (start, switches)
    }

    /// A slice that leaves keeps the line at its start while it goes (while both its slices are
    /// at least three line widths wide: `DueRule`) to where the slice
    /// closes, which is the next line's place in the new chart (where the new chart has no line
    /// there, it fades out). The new chart has no boundary of its own for it, so it is shown
    /// only while moving (`motionOnly`). Its boundary is `boundaries` + its order among the
    /// slices that leave, the same at every instant (`to` is). A sampled instant (`rule`)
    /// keeps all, the whole transition deciding which exist. Not for rings
    /// (a ring that changes places leaves as a whole).
    private static func leavingLines(_ plan: TransitionPlan, layout: ChartLayout, boundaries: Int, rule: DueRule,
                                     ending lines: [Separator]) -> [Separator] {
        guard plan.segments.allSatisfy({ $0.ringPart == nil }) else { return [] }
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
            // An instant keeps the line of a slice that has already closed, where it closed
            // (as the whole transition's line, which ends there).
            guard rule.instant || shown(s.from), let due = rule.due(k, previous ?? k) else { continue }
            var line = Stage.line(at: s, after: p, index: lines.count + result.count, boundary: boundaries + order, motionOnly: true)
            if !ends.contains(key(line.to)) { line.toOpacity = 0 }
            line.leaves = true
            rule.apply(due, to: &line)
            result.append(line)
        }
        return result
    }
}
