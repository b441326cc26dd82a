/// The separators as dashes of a few band circles over the colour circles while the chart
/// moves (`DrawingPlan.Separators.bands`), each band at most `Budgets.bandRatio` times as far
/// out as in and each circle's lines within a half turn (`Budgets.colourSector`): where the
/// wedges are colour circles and every separator is a plain opaque line across the motion
/// ring that neither fades nor stretches. `choose` builds the bands (`bands(_:firstIndex:)`,
/// carried by the plan as `DrawingPlan.separatorBands`) and keeps them only where they are
/// fewer than the lines and could be gathered on circles at all.
///
/// The separator layer stands hidden meanwhile (Codegen's `StyleWriter.showHide`). A dash of
/// one circle is a thin wedge, not a line of one width, so the ring is cut into bands at most
/// `Budgets.bandRatio` times as far out as in (a line's width within 0.88-1.14 of its own
/// across each band; a pie's middle, inside a tenth of its radius, one band). Lines that would
/// touch or overlap in one pattern at any instant go on separate circles (`bandGroups`), and
/// each circle covers lines that start within `Budgets.colourSector` degrees,
/// `DashReach.startLead` behind the lowest.
extension Strategies {
    enum SeparatorBands: DrawingStrategy {
        static let decision = "separators"
        static let name = "bands"
        static let gates = ["bandRatio", "colourSector"]

        static func draws(_ tracks: some DrawnTracks) -> Bool {
            let stage = tracks.stage, stroke = stage.layout.stroke
            guard let ring = tracks.motionRing else { return false }
            return !stage.separators.isEmpty && stroke.width > 0 && stroke.color.isOpaque
                && stage.separators.allSatisfy {
                    $0.fromOpacity == 1 && $0.toOpacity == 1 && $0.fromInner == nil && $0.fromOuter == nil && $0.window == nil
                        && abs($0.inner - ring.inner) < 1e-6 && abs($0.outer - ring.outer) < 1e-6
                }
        }

        /// The band circles of `tracks`' separators, numbered from `firstIndex` (after the
        /// colour circles), asked where `draws` holds; empty where a circle's lines would
        /// reach round past its start.
        static func bands(_ tracks: some DrawnTracks, firstIndex: Int) -> [DrawingPlan.Circle] {
            let stage = tracks.stage, layout = stage.layout
            guard let (inner, outer) = tracks.motionRing else { return [] }
            let low = max(inner, outer / 10)
            // Inwards from the outer edge, each band `Budgets.bandRatio` times as far out as
            // in, the last ending at `low`.
            var edges = [outer]
            while edges[0] / Budgets.bandRatio > low + 1e-9 { edges.insert(edges[0] / Budgets.bandRatio, at: 0) }
            edges.insert(low, at: 0)
            if inner < low { edges.insert(inner, at: 0) }
            let width = layout.stroke.width, ease = DashReach.range(of: stage.plan.easing)
            // In angular order at both ends (lines never pass each other): a leaving slice's
            // line comes after the others in `separators`.
            let ordered = stage.separators.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
            var circles: [DrawingPlan.Circle] = []
            for (a, b) in zip(edges, edges.dropFirst()) {
                let radius = (a + b) / 2
                let half = width / 2 / radius * 180 / Double.pi
                let dashes = bandGroups(ordered.map { s -> (from: ColourCircles.DashSpan, to: ColourCircles.DashSpan) in
                    let f = s.from - layout.startAngle, t = s.to - layout.startAngle
                    return ((f - half, f + half), (t - half, t + half))
                }, ease: ease)
                guard let gathered = ColourCircles.gather(dashes, circumference: 2 * Double.pi * radius, easing: stage.plan.easing)
                else { return [] }
                // Half turn by half turn, then group by group.
                for c in gathered.sorted(by: { ($0.sector, $0.group) < ($1.sector, $1.group) }) {
                    circles.append(DrawingPlan.Circle(index: firstIndex + circles.count, color: layout.stroke.color, start: c.start,
                                                      from: c.from, to: c.to, band: .init(radius: radius, width: b - a)))
                }
            }
            return circles
        }

        /// Each line (its dash at both ends, in angular order) on the first circle, or group,
        /// whose last line it stays clear of at every instant, overshoot included: the gap
        /// between them is linear in the eased progress, so its lowest is its `reach` over the
        /// easing's range (both ends and the easing's extremes). A gap is an entry of the
        /// pattern, and an engine clamps a negative one to zero, which would move every dash
        /// after it. Most changes keep every line on one circle per band and half turn; a
        /// slice that enters or leaves puts the line beside it on a second (where two
        /// alternating circles took twice as many elements).
        static func bandGroups(_ lines: [(from: ColourCircles.DashSpan, to: ColourCircles.DashSpan)], ease: ClosedRange<Double>)
            -> [(group: Int, from: ColourCircles.DashSpan, to: ColourCircles.DashSpan)] {
            var last: [(from: ColourCircles.DashSpan, to: ColourCircles.DashSpan)] = []
            return lines.map { line in
                let group = last.firstIndex { prior in
                    DashReach.reach(from: line.from.low - prior.from.high, to: line.to.low - prior.to.high, ease: ease).lowerBound > 0
                } ?? last.count
                if group == last.count { last.append(line) } else { last[group] = line }
                return (group, line.from, line.to)
            }
        }
    }
}
