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
            guard let oldSpec = LayoutPropertyTests.load(pair.old), let newSpec = LayoutPropertyTests.load(pair.new) else { return }
            let chart = Transition.between(old: oldSpec, new: newSpec)
            let (plan, layout) = (chart.plan, chart.layout)
            let old = Layout.layout(oldSpec), new = Layout.layout(newSpec)
            #expect(layout.slices.map(\.id) == new.slices.map(\.id))
            // Every old slice starts exactly once where the old chart had it...
            for o in old.slices {
                let starts = plan.segments.filter { $0.id == o.id && $0.kind != .enter }
                #expect(starts.count == 1, "old slice \(o.id) has \(starts.count) starting segments")
                if let g = starts.first?.from {
                    #expect(Self.close(g.startAngle, o.startAngle) && Self.close(g.endAngle, o.endAngle) && Self.close(g.outerRadius, o.outerRadius),
                            "\(o.id) starts at \(g.startAngle)...\(g.endAngle), old layout \(o.startAngle)...\(o.endAngle)")
                }
            }
            // ...and every new slice ends exactly once where the new layout puts it.
            for (n, l) in zip(new.slices, layout.slices) {
                let ends = plan.segments.filter { $0.id == n.id && $0.kind != .exit }
                #expect(ends.count == 1, "new slice \(n.id) has \(ends.count) ending segments")
                if let g = ends.first?.to {
                    #expect(Self.close(g.startAngle, n.startAngle) && Self.close(g.endAngle, n.endAngle) && Self.close(g.outerRadius, n.outerRadius),
                            "\(n.id) ends at \(g.startAngle)...\(g.endAngle), new layout \(n.startAngle)...\(n.endAngle)")
                    #expect(g.color == l.color)
                }
            }
            // Nothing else: exits end empty, enters start empty.
            for segment in plan.segments {
                if segment.kind == .exit { #expect(Self.close(segment.to.span, 0)) }
                if segment.kind == .enter { #expect(Self.close(segment.from.span, 0)) }
            }
            let diff = Self.diff(old, new)
            #expect(plan.segments.count == diff.entries.count)
            Self.expectTiling(plan, old: old, new: new)
            Self.expectMovers(plan, diff: diff, old: old, new: new)
        }
    }

    @Test func transitionBundlesAreSafeAndDeterministic() async {
        await propertyCheck(count: 40, input: SpecPair.generator()) { pair in
            let previous = SourceFile(path: "old.yaml", text: pair.old.yaml)
            let file = SourceFile(path: "new.yaml", text: pair.new.yaml)
            let request = CompileRequest(source: file, defaultID: "prop", previous: .spec(previous))
            let first = Compiler.compile(request)
            #expect(first.bundle != nil)
            // Random labels may not fit their slices: those warnings (and nothing else) are fine.
            #expect(first.diagnostics.allSatisfy { [LabelWarnings.doesNotFit, LabelWarnings.noRoom].contains($0.code) },
                    "\(first.diagnostics.map(\.message))")
            #expect(BundleInvariants.problems(first, file: file) == [])
            #expect(Compiler.compile(request).bundle == first.bundle, "two builds differ")
            #expect(BundleInvariants.manifestPreviousProblems(first, request: request) == [])
        }
    }

    /// At any eased progress the segments tile from the start angle without gap or overlap.
    static func expectTiling(_ plan: TransitionPlan, old: ChartLayout, new: ChartLayout) {
        for e in [0.0, 0.25, 0.5, 1.0] {
            var cursor = old.startAngle + (new.startAngle - old.startAngle) * e
            for segment in plan.segments {
                let g = segment.from.blended(to: segment.to, at: e)
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
