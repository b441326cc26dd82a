import PieCore
import PieDiagnostics
import PieSpec
import PropertyBased
import Testing

/// Properties of random pairs of specs: the diff accounts for every old and new slice exactly
/// once, the plan starts at the old layout and ends at the new one, and every frame tiles.
@Suite struct TransitionPropertyTests {
    @Test func diffAccountsForEveryOldAndNewSliceOnce() async {
        await propertyCheck(count: 200, input: SpecPair.generator()) { pair in
            guard let (old, new) = Self.layouts(pair) else { return }
            let diff = Self.diff(old, new)
            let oldPlaces = diff.entries.filter { [.stable, .removed, .movedFrom].contains($0.role) }.compactMap(\.oldIndex)
            let newPlaces = diff.entries.filter { [.stable, .inserted, .movedTo].contains($0.role) }.compactMap(\.newIndex)
            #expect(oldPlaces.sorted() == Array(old.slices.indices))
            #expect(newPlaces.sorted() == Array(new.slices.indices))
            let shared = Set(old.slices.map(\.id)).intersection(new.slices.map(\.id))
            #expect(Set(diff.matches.map { new.slices[$0.newIndex].id }) == shared)
            #expect(Set(diff.inserted.map { new.slices[$0].id }) == Set(new.slices.map(\.id)).subtracting(shared))
            #expect(Set(diff.removed.map { old.slices[$0].id }) == Set(old.slices.map(\.id)).subtracting(shared))
        }
    }

    @Test func planStartsAtTheOldLayoutAndEndsAtTheNewOne() async {
        await propertyCheck(count: 200, input: SpecPair.generator()) { pair in
            guard let (old, new) = Self.layouts(pair) else { return }
            let diff = Self.diff(old, new)
            let plan = Planner.transition(from: old, to: new, diff: diff, animation: AnimationOptions())
            #expect(plan.segments.count == diff.entries.count)
            // End state: each new slice's place has exactly its final angles; the others are empty.
            for (entry, segment) in zip(diff.entries, plan.segments) {
                switch entry.role {
                case .stable, .inserted, .movedTo:
                    let n = new.slices[entry.newIndex!]
                    #expect(Self.close(segment.to.startAngle, n.startAngle) && Self.close(segment.to.endAngle, n.endAngle),
                            "\(n.id) ends at \(segment.to.startAngle)...\(segment.to.endAngle), layout \(n.startAngle)...\(n.endAngle)")
                    #expect(Self.close(segment.to.outerRadius, n.outerRadius))
                case .removed, .movedFrom:
                    #expect(Self.close(segment.to.span, 0))
                }
                switch entry.role {
                case .stable, .removed, .movedFrom:
                    let o = old.slices[entry.oldIndex!]
                    #expect(Self.close(segment.from.startAngle, o.startAngle) && Self.close(segment.from.endAngle, o.endAngle),
                            "\(o.id) starts at \(segment.from.startAngle)...\(segment.from.endAngle), layout \(o.startAngle)...\(o.endAngle)")
                case .inserted, .movedTo:
                    #expect(Self.close(segment.from.span, 0))
                }
            }
            Self.expectTiling(plan, old: old, new: new)
            Self.expectMovers(plan, diff: diff, old: old, new: new)
        }
    }

    /// At any eased progress the segments tile from the start angle without gap or overlap.
    static func expectTiling(_ plan: TransitionPlan, old: ChartLayout, new: ChartLayout) {
        for e in [0.0, 0.25, 0.5, 1.0] {
            var cursor = old.startAngle + (new.startAngle - old.startAngle) * e
            for segment in plan.segments {
                let g = segment.from.interpolated(to: segment.to, at: e)
                #expect(close(g.startAngle, cursor), "gap or overlap at progress \(e) before \(segment.id)")
                #expect(g.span >= -1e-9)
                cursor = g.endAngle
            }
        }
    }

    /// A moved slice's mover goes from its old angles to its new ones (up to whole turns).
    static func expectMovers(_ plan: TransitionPlan, diff: SliceDiff, old: ChartLayout, new: ChartLayout) {
        let moved = diff.matches.filter(\.moved)
        #expect(plan.movers.count == moved.count)
        for (m, mover) in zip(moved, plan.movers) {
            let o = old.slices[m.oldIndex], n = new.slices[m.newIndex]
            #expect(mover.id == n.id)
            #expect(close(mover.from.startAngle, o.startAngle) && close(mover.from.endAngle, o.endAngle))
            let shift = mover.to.startAngle - n.startAngle
            #expect(close(shift.truncatingRemainder(dividingBy: 360), 0) && close(mover.to.span, n.span))
        }
    }

    static func diff(_ old: ChartLayout, _ new: ChartLayout) -> SliceDiff {
        SliceDiff.compute(oldIDs: old.slices.map(\.id), newIDs: new.slices.map(\.id))
    }

    static func layouts(_ pair: SpecPair) -> (ChartLayout, ChartLayout)? {
        guard let old = LayoutPropertyTests.load(pair.old), let new = LayoutPropertyTests.load(pair.new) else { return nil }
        return (Layout.layout(old), Layout.layout(new))
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 }
}
