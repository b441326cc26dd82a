// Shared by Tests/SafetyTests and the fuzz targets (Fuzz/Sources/FuzzSupport links here).
import PieCore
import PieSpec

/// What a transition plan promises about its end: the final state IS the new spec's layout.
public enum TransitionInvariants {
    /// Plans `old -> new` and checks the plan's final state against the new spec's own layout:
    /// the same slices in the same places (ids, angles, radii; colours may be pinned from the
    /// old version), every slice of the new layout the end of exactly one non-exiting segment
    /// with its angles, radii, colour and explode, and every exiting segment ending empty.
    public static func finalStateProblems(old: ChartSpec, new: ChartSpec) -> [String] {
        let chart = Transition.between(old: old, new: new)
        let (plan, layout) = (chart.plan, chart.layout)
        let alone = Layout.layout(new)
        var problems: [String] = []
        if layout.slices.map(\.id) != alone.slices.map(\.id) {
            problems.append("the transition's layout has slices \(layout.slices.map(\.id)), the new spec's layout \(alone.slices.map(\.id))")
            return problems
        }
        for (a, b) in zip(layout.slices, alone.slices)
        where !close(a.startAngle, b.startAngle) || !close(a.endAngle, b.endAngle) || !close(a.outerRadius, b.outerRadius)
            || !close(a.innerRadius, b.innerRadius) || !close(a.explode, b.explode) {
            problems.append("slice \(a.id) is at \(a.startAngle)...\(a.endAngle) after the transition, \(b.startAngle)...\(b.endAngle) in the new spec's layout")
        }
        // Where each new slice ends: a segment, or for a moved slice its mover (which may end
        // whole turns away); members of "Other" end as parts of Other, not as a slice.
        var ends = [Int](repeating: 0, count: layout.slices.count)
        for (segment, isMover) in plan.segments.map({ ($0, false) }) + plan.movers.map({ ($0, true) }) {
            if segment.kind == .exit, !segment.toExtras.inOther, !close(segment.to.span, 0) {
                problems.append("exiting segment \(segment.id) ends \(segment.to.span)° wide")
            }
            guard segment.kind != .exit, !segment.toExtras.inOther, let k = segment.slice else { continue }
            guard layout.slices.indices.contains(k) else { problems.append("segment \(segment.id) ends at slice \(k) of \(layout.slices.count)"); continue }
            ends[k] += 1
            let s = layout.slices[k], g = segment.to
            let turns = isMover ? (g.startAngle - s.startAngle) / 360 : 0
            let shift = turns.rounded() * 360
            if !close(turns, turns.rounded()) || !close(g.startAngle - shift, s.startAngle) || !close(g.endAngle - shift, s.endAngle)
                || !close(g.outerRadius, s.outerRadius) || !close(g.explode, s.explode) || g.color != s.color {
                problems.append("\(isMover ? "mover" : "segment") \(segment.id) ends at \(g.startAngle)...\(g.endAngle) r \(g.outerRadius), slice \(s.id) is at \(s.startAngle)...\(s.endAngle) r \(s.outerRadius)")
            }
        }
        for (k, n) in ends.enumerated() where n != 1 && !(n == 0 && layout.slices[k].id == OtherOptions.id && layout.other != nil) {
            problems.append("slice \(layout.slices[k].id) is the end of \(n) segments")
        }
        return problems
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(a), abs(b)) }
}
