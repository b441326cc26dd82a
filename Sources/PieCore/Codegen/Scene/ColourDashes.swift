import PieSpec

/// The motion layer with one circle per colour instead of one per slice, where a chart's
/// colours repeat (more slices than its palette has colours).
///
/// Chromium restyles every animated element on every frame: at 64 slices piec's 65 dashes and
/// 64 separators cost 30 ms a frame (p95, 4x throttling) where Chart.js took 16; the same
/// motion drawn as 10 circles, one per colour, each the dashes of all its slices in one
/// animated `stroke-dasharray`, took 12 ms, and at 512 slices 27 ms against 205
/// (bench/browser/experiments/cost.py, variant `colour`).
///
/// Drawing: slice 0 stays its own element, at the bottom, under the whole circle (as in every
/// stacked motion layer). Every other slice is a dash of its colour's circle; the circles are
/// painted in the order their colours first appear. At each boundary the slice whose colour is
/// painted lower runs on under its neighbour to the neighbour's middle, so every boundary is
/// one anti-aliased edge over opaque paint, as in stacking; runs of one colour are one dash.
/// Each circle starts at the sweep start; its pattern is an empty dash, then gap and dash per
/// run, then a gap of a whole turn, the same count at both ends. Every entry is a difference
/// of boundaries and middles, each linear in the eased progress, so CSS's entry-by-entry
/// interpolation keeps every boundary exact (one eased window only).
extension Scene {
    struct ColourCircle {
        var index: Int
        var color: Color
        /// Where the circle starts, degrees from the sweep start (a static `rotate`).
        var start: Double
        /// The `stroke-dasharray` entries at the start and at the end of the transition.
        var from: [Double]
        var to: [Double]
        /// A band of separators (`separatorBands`): its circle's radius and stroke width, its
        /// stroke the separator layer's colour.
        var band: (radius: Double, width: Double)? = nil
    }

    /// The colour circles of `motion[1...]` (see the type's comment); empty when a circle's
    /// dashes would reach round past its start.
    static func colourCircles(_ scene: Scene) -> [ColourCircle] {
        let items = scene.motion[1...]
        let circumference = scene.motion[0].circumference, sweepStart = scene.layout.startAngle
        var rank: [Color: Int] = [:]
        var colours: [Color] = []
        for m in items where rank[m.color] == nil {
            rank[m.color] = colours.count
            colours.append(m.color)
        }
        // Runs of consecutive slices of one colour: (first, last) positions in `items`.
        var runs: [(first: Int, last: Int)] = []
        for k in items.indices {
            if let r = runs.last, items[r.last].color == items[k].color { runs[runs.count - 1].last = k } else { runs.append((k, k)) }
        }
        // Each run's dash at both ends, degrees from the sweep start.
        func spans(_ end: KeyPath<Segment, SegmentGeometry>) -> [DashSpan] {
            func g(_ k: Int) -> SegmentGeometry { scene.plan.segments[items[k].index][keyPath: end] }
            func middle(_ k: Int) -> Double { (g(k).startAngle + g(k).endAngle) / 2 - sweepStart }
            return runs.map { r in
                let c = rank[items[r.first].color]!
                var low = g(r.first).startAngle - sweepStart, high = g(r.last).endAngle - sweepStart
                if r.first > items.startIndex, rank[items[r.first - 1].color]! > c { low = middle(r.first - 1) }
                if r.last + 1 < items.endIndex, rank[items[r.last + 1].color]! > c { high = middle(r.last + 1) }
                return (low, max(low, high))
            }
        }
        let from = spans(\.from), to = spans(\.to)
        let dashes = runs.indices.map { (group: rank[items[runs[$0].first].color]!, from: from[$0], to: to[$0]) }
        guard let circles = gather(dashes, circumference: circumference, easing: scene.plan.easing) else { return [] }
        // Painted colour by colour (the order colours first appear), sector by sector.
        return circles.sorted { ($0.group, $0.sector) < ($1.group, $1.sector) }.enumerated().map { n, c in
            ColourCircle(index: n, color: colours[c.group], start: c.start, from: c.from, to: c.to)
        }
    }

    /// A dash of a gathered circle at one end of the transition: degrees from the sweep start.
    typealias DashSpan = (low: Double, high: Double)

    /// Dashes gathered onto circles: each `group`'s dashes in order, a new circle where a
    /// dash's lowest reach (over the easing's whole range, overshoot included) lies more than
    /// a half turn (`Budgets.colourSector`) past the lowest of its circle's (one circle where a group's
    /// dashes lie within a half turn); each circle starts `startLead` behind the
    /// lowest reach of its dashes, and its
    /// `stroke-dasharray` at each end is an empty dash, then gap and dash per dash (in the
    /// order given, which must be the angular order), then a whole turn. Nil when a circle's
    /// dashes would reach round past its start.
    static func gather(_ dashes: [(group: Int, from: DashSpan, to: DashSpan)], circumference: Double,
                       easing: Easing) -> [(group: Int, sector: Int, start: Double, from: [Double], to: [Double])]? {
        let ease = Scene.range(of: easing)
        // Each group's open circle, and how many circles it has had.
        var open: [Int: Int] = [:], opened: [Int: Int] = [:]
        var keys: [(group: Int, sector: Int)] = [], starts: [Double] = [], highs: [Double] = []
        var circleOfDash: [Int] = []
        circleOfDash.reserveCapacity(dashes.count)
        for d in dashes {
            let low = reach(from: d.from.low, to: d.to.low, ease: ease).lowerBound
            let high = reach(from: d.from.high, to: d.to.high, ease: ease).upperBound
            if open[d.group].map({ low - starts[$0] > Budgets.colourSector }) ?? true {
                open[d.group] = keys.count
                keys.append((d.group, opened[d.group, default: 0]))
                opened[d.group, default: 0] += 1
                starts.append(low)
                highs.append(high)
            }
            let c = open[d.group]!
            circleOfDash.append(c)
            starts[c] = min(starts[c], low)
            highs[c] = max(highs[c], high)
        }
        for c in starts.indices {
            starts[c] -= startLead
            if highs[c] - starts[c] > 360 - startLead { return nil }
        }
        func entries(_ span: KeyPath<(group: Int, from: DashSpan, to: DashSpan), DashSpan>) -> [[Double]] {
            func at(_ degrees: Double) -> Double { (degrees / 360 * circumference * 1000).rounded() / 1000 }
            var lists = keys.map { _ in [0.0] }, ends = keys.map { _ in 0.0 }
            for (i, d) in dashes.enumerated() {
                let c = circleOfDash[i], s = d[keyPath: span]
                let a = max(at(s.low - starts[c]), ends[c]), b = max(at(s.high - starts[c]), a)
                lists[c].append(a - ends[c])
                lists[c].append(b - a)
                ends[c] = b
            }
            return lists.map { $0 + [circumference] }
        }
        let from = entries(\.from), to = entries(\.to)
        return keys.indices.map { (keys[$0].group, keys[$0].sector, starts[$0], from[$0], to[$0]) }
    }
}

extension Scene {
    /// The separators as dashes of circles (`ColourCircle.band`), drawn over the colour
    /// circles while the chart moves, instead of one turning line each: the separator layer
    /// stands hidden meanwhile (`StyleWriter.showHide`). A dash of one circle is a thin wedge,
    /// not a line of one width, so the ring is cut into bands at most `Budgets.bandRatio` times as far
    /// out as in (a line's width within 0.88-1.14 of its own across each band; a pie's middle,
    /// inside a tenth of its radius, one band). Lines that would touch or overlap in one
    /// pattern at any instant go on separate circles (`bandGroups`), and each circle covers
    /// lines that start within a half turn, 1 degree behind the lowest (`Budgets.colourSector`). Only
    /// where every separator is a plain line across the ring that neither fades nor stretches
    /// (`Strategies.SeparatorBands`, asked first).

    static func separatorBands(_ scene: Scene, firstIndex: Int) -> [ColourCircle] {
        // Plain opaque lines that neither fade nor stretch, each across the motion ring: asked
        // by `Strategies.SeparatorBands.draws` before these are built.
        guard let (inner, outer) = scene.motionRing else { return [] }
        let low = max(inner, outer / 10)
        // Inwards from the outer edge, each band `Budgets.bandRatio` times as far out as in, the last
        // ending at `low`.
        var edges = [outer]
        while edges[0] / Budgets.bandRatio > low + 1e-9 { edges.insert(edges[0] / Budgets.bandRatio, at: 0) }
        edges.insert(low, at: 0)
        if inner < low { edges.insert(inner, at: 0) }
        let width = scene.layout.stroke.width, ease = Scene.range(of: scene.plan.easing)
        // In angular order at both ends (lines never pass each other): a leaving slice's line
        // comes after the others in `separators`.
        let ordered = scene.separators.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
        var circles: [ColourCircle] = []
        for (a, b) in zip(edges, edges.dropFirst()) {
            let radius = (a + b) / 2
            let half = width / 2 / radius * 180 / Double.pi
            let dashes = Scene.bandGroups(ordered.map { s -> (from: DashSpan, to: DashSpan) in
                let f = s.from - scene.layout.startAngle, t = s.to - scene.layout.startAngle
                return ((f - half, f + half), (t - half, t + half))
            }, ease: ease)
            guard let gathered = gather(dashes, circumference: 2 * Double.pi * radius, easing: scene.plan.easing) else { return [] }
            // Half turn by half turn, then group by group.
            for c in gathered.sorted(by: { ($0.sector, $0.group) < ($1.sector, $1.group) }) {
                circles.append(ColourCircle(index: firstIndex + circles.count, color: scene.layout.stroke.color, start: c.start,
                                            from: c.from, to: c.to, band: (radius, b - a)))
            }
        }
        return circles
    }

    /// Each line (its dash at both ends, in angular order) on the first circle, or group, whose
    /// last line it stays clear of at every instant, overshoot included: the gap between them
    /// is linear in the eased progress, so its lowest is its `reach` over the easing's range
    /// (both ends and the easing's extremes). A gap is an entry of the pattern, and an engine clamps a negative one to
    /// zero, which would move every dash after it. Most changes keep every line on one
    /// circle per band and half turn; a slice that enters or leaves puts the line beside it
    /// on a second (where two alternating circles took twice as many elements).
    static func bandGroups(_ lines: [(from: DashSpan, to: DashSpan)], ease: ClosedRange<Double>)
        -> [(group: Int, from: DashSpan, to: DashSpan)] {
        var last: [(from: DashSpan, to: DashSpan)] = []
        return lines.map { line in
            let group = last.firstIndex { prior in
                reach(from: line.from.low - prior.from.high, to: line.to.low - prior.to.high, ease: ease).lowerBound > 0
            } ?? last.count
            if group == last.count { last.append(line) } else { last[group] = line }
            return (group, line.from, line.to)
        }
    }
}
