import PieSpec

/// The motion layer by colour (`DrawingPlan.Wedges.colourCircles`): slice 0 alone and one
/// circle per colour and half turn (`Budgets.colourSector`) for the others. Given offset
/// dashes and one eased window: stacked plain opaque dashes of one ring that keeps its radius,
/// each keeping its colour, without masks, extensions, movers, orbits or patterns, at least
/// `Budgets.colourCircleElements` elements, and a colour that two slices share. `choose` then
/// builds the circles (`circles(_:)`, carried by the plan as `DrawingPlan.colourCircles`) and
/// keeps them only where they are fewer than the elements they replace.
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
extension Strategies {
    enum ColourCircles: DrawingStrategy {
        static let decision = "wedges"
        static let name = "colourCircles"
        static let gates = ["colourCircleElements", "colourSector"]

        static func draws(_ tracks: some DrawnTracks) -> Bool {
            let layout = tracks.stage.layout
            guard OffsetDashes.belowLimit(tracks), tracks.stage.plan.movers.isEmpty, !tracks.hasOrbits,
                  tracks.motionCount >= Budgets.colourCircleElements, layout.autoPatternPalette == nil,
                  layout.slices.allSatisfy({ $0.pattern == .none }) else { return false }
            var colours = Set<Color>()
            for k in 1..<tracks.motionCount {
                guard let colour = tracks.colour(ofMotion: k) else { return false }
                colours.insert(colour)
            }
            return colours.count < tracks.motionCount - 1
        }

        /// A dash of a gathered circle at one end of the transition: degrees from the sweep start.
        typealias DashSpan = (low: Double, high: Double)

        /// The colour circles of motion elements 1 and on of `tracks`, a stage `draws` has
        /// accepted (see the type's comment); empty when a circle's dashes would reach round
        /// past its start.
        static func circles(_ tracks: some DrawnTracks) -> [DrawingPlan.Circle] {
            let stage = tracks.stage, items = 1..<tracks.motionCount
            let circumference = tracks.circumference(ofMotion: 0), sweepStart = stage.layout.startAngle
            var colour: [Color] = []
            for k in items {
                guard let c = tracks.colour(ofMotion: k) else { return [] }
                colour.append(c)
            }
            func colourOf(_ k: Int) -> Color { colour[k - 1] }
            var rank: [Color: Int] = [:]
            var colours: [Color] = []
            for k in items where rank[colourOf(k)] == nil {
                rank[colourOf(k)] = colours.count
                colours.append(colourOf(k))
            }
            // Runs of consecutive slices of one colour: (first, last) motion elements.
            var runs: [(first: Int, last: Int)] = []
            for k in items {
                if let r = runs.last, colourOf(r.last) == colourOf(k) { runs[runs.count - 1].last = k } else { runs.append((k, k)) }
            }
            // Each run's dash at both ends, degrees from the sweep start.
            func spans(_ end: KeyPath<Segment, SegmentGeometry>) -> [DashSpan] {
                func g(_ k: Int) -> SegmentGeometry { stage.plan.segments[tracks.segment(ofMotion: k)][keyPath: end] }
                func middle(_ k: Int) -> Double { (g(k).startAngle + g(k).endAngle) / 2 - sweepStart }
                return runs.map { r in
                    let c = rank[colourOf(r.first)]!
                    var low = g(r.first).startAngle - sweepStart, high = g(r.last).endAngle - sweepStart
                    if r.first > items.lowerBound, rank[colourOf(r.first - 1)]! > c { low = middle(r.first - 1) }
                    if r.last + 1 < items.upperBound, rank[colourOf(r.last + 1)]! > c { high = middle(r.last + 1) }
                    return (low, max(low, high))
                }
            }
            let from = spans(\.from), to = spans(\.to)
            let dashes = runs.indices.map { (group: rank[colourOf(runs[$0].first)]!, from: from[$0], to: to[$0]) }
            guard let circles = gather(dashes, circumference: circumference, easing: stage.plan.easing) else { return [] }
            // Painted colour by colour (the order colours first appear), sector by sector.
            return circles.sorted { ($0.group, $0.sector) < ($1.group, $1.sector) }.enumerated().map { n, c in
                DrawingPlan.Circle(index: n, color: colours[c.group], start: c.start, from: c.from, to: c.to)
            }
        }

        /// Dashes gathered onto circles: each `group`'s dashes in order, a new circle where a
        /// dash's lowest reach (over the easing's whole range, overshoot included) lies more
        /// than `Budgets.colourSector` degrees past the lowest of its circle's (one circle where
        /// a group's dashes lie within a half turn); each circle starts `DashReach.startLead`
        /// behind the lowest reach of its dashes, and its `stroke-dasharray` at each end is an
        /// empty dash, then gap and dash per dash (in the order given, which must be the
        /// angular order), then a whole turn. Nil when a circle's dashes would reach round past
        /// its start.
        static func gather(_ dashes: [(group: Int, from: DashSpan, to: DashSpan)], circumference: Double,
                           easing: Easing) -> [(group: Int, sector: Int, start: Double, from: [Double], to: [Double])]? {
            let ease = DashReach.range(of: easing), startLead = DashReach.startLead
            // Each group's open circle, and how many circles it has had.
            var open: [Int: Int] = [:], opened: [Int: Int] = [:]
            var keys: [(group: Int, sector: Int)] = [], starts: [Double] = [], highs: [Double] = []
            var circleOfDash: [Int] = []
            circleOfDash.reserveCapacity(dashes.count)
            for d in dashes {
                let low = DashReach.reach(from: d.from.low, to: d.to.low, ease: ease).lowerBound
                let high = DashReach.reach(from: d.from.high, to: d.to.high, ease: ease).upperBound
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
}
