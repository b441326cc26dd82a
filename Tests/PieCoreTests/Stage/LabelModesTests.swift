import PieSpec
import Testing
@testable import PieCore

/// `Stage.startMode`: the one answer to where a label stands at the transition's start, which
/// the inside labels and the ink layer's outside labels both read.
@Suite struct LabelModesTests {
    /// `labels.position: inside`; slice b's kept label (`keepLabel: true`) is too long for its
    /// old slice (outside in the old chart) and fits its new one. `tiny`: a slice whose kept
    /// label stays outside in the new chart too, which gives it room for outside labels.
    func versions(tiny: Bool) throws -> (old: ChartSpec, new: ChartSpec) {
        func spec(_ a: Int, _ b: Int, _ c: Int) throws -> ChartSpec {
            try Fixture.loaded("""
                piec: 1
                chart: {size: 320}
                labels: {position: inside, content: "{label}"}
                legend: {position: none}
                animation: {duration: 1000ms, easing: linear}
                slices:
                  - {id: a, label: Salaries, value: \(a)}
                  - {id: b, label: Long kept label, value: \(b), keepLabel: true}
                  - {id: c, label: Rent, value: \(c)}
                \(tiny ? "  - {id: d, label: Another kept label, value: 1, keepLabel: true}\n" : "")
                """)
        }
        return (try spec(90, 3, 7), try spec(50, 40, 10))
    }

    func segmentB(_ plan: TransitionPlan, _ layout: ChartLayout) -> Segment {
        plan.segments.first { $0.slice.map { layout.slices[$0].id } == "b" }!
    }

    @Test func aKeptLabelWithoutRoomForOutsideLabelsIsHiddenAtTheStartAndFadesInInside() throws {
        let (old, new) = try versions(tiny: false)
        let before = Transition.between(old: nil, new: old).layout
        #expect(before.slices.first { $0.id == "b" }?.labelOutside == true)
        let compiled = Transition.between(old: old, new: new)
        let (layout, plan) = (compiled.layout, compiled.plan)
        // Every label of the new chart fits inside: no room beside the pie, so the old
        // chart's outside label cannot be drawn (the ink layer draws nothing).
        #expect(layout.labelRoom == nil)
        #expect(!layout.slices.contains { $0.labelOutside })
        #expect(Stage.startMode(of: segmentB(plan, layout), plan: plan, layout: layout) == .hidden)
        let scene = Scene(layout: layout, plan: plan)
        #expect(scene.ink.isEmpty)
        // What the user sees: at t = 0 the label is nowhere (not outside, its inside label
        // transparent), then it fades in inside its growing slice.
        let line = plan.timeline
        let start = FramePose.at(compiled, t: line.start).pies[0], end = FramePose.at(compiled, t: line.end).pies[0]
        #expect(start.outside.isEmpty)
        #expect(start.labels.filter { $0.text == "Long kept label" }.map(\.opacity) == [0])
        #expect(end.labels.filter { $0.text == "Long kept label" }.map(\.opacity) == [1])
        let half = FramePose.at(compiled, t: line.start + line.length / 2).pies[0]
        #expect(half.labels.filter { $0.text == "Long kept label" }.map(\.opacity) == [0.5])
    }

    @Test func withRoomTheKeptLabelIsOutsideAtTheStartAndCrossFadesIntoItsSlice() throws {
        let (old, new) = try versions(tiny: true)
        let compiled = Transition.between(old: old, new: new)
        let (layout, plan) = (compiled.layout, compiled.plan)
        #expect(layout.labelRoom != nil)
        let b = segmentB(plan, layout)
        #expect(Stage.startMode(of: b, plan: plan, layout: layout) == .outside)
        let entries = Stage.Outside.entries(layout: layout, plan: plan, animated: true)
        #expect(entries.filter { $0.text == "Long kept label" }.map { [$0.fromOutside, $0.toOutside] } == [[true, false]])
        let start = FramePose.at(compiled, t: plan.timeline.start).pies[0]
        #expect(start.outside.contains { $0.text == "Long kept label" && $0.pose.opacity == 1 })
        #expect(start.labels.filter { $0.text == "Long kept label" }.map(\.opacity) == [0])
    }

    @Test func aSegmentWithoutALabelHasNoStartMode() throws {
        let (old, new) = try versions(tiny: false)
        var unlabelled = new
        unlabelled.labels.position = .none
        let compiled = Transition.between(old: old, new: unlabelled)
        #expect(compiled.plan.segments.allSatisfy { Stage.startMode(of: $0, plan: compiled.plan, layout: compiled.layout) == nil })
    }
}
