@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

@Suite("chart.minAngle")
struct MinAngleTests {
    @Test func smallSlicesGetTheMinimumAndTheOthersShrinkInProportion() {
        let w = MinAngle.widths([90, 9, 1, 0], arc: 360, minAngle: 10)
        #expect(abs(w.reduce(0, +) - 360) < 1e-9)
        #expect(w[2] == 10 && w[3] == 0)
        #expect(abs(w[0] / w[1] - 10) < 1e-9, "the rest keep their ratio")
        #expect(w[1] >= 10)
    }

    @Test func aSliceWidenedLaterStillCounts() {
        // Widening the smallest pushes the next one under the minimum too.
        let w = MinAngle.widths([100, 3, 2.5], arc: 360, minAngle: 12)
        #expect(w[1] == 12 && w[2] == 12)
        #expect(abs(w[0] - 336) < 1e-9)
    }

    @Test func zeroMinAngleIsPlainProportion() {
        #expect(MinAngle.widths([1, 3], arc: 180, minAngle: 0) == [45, 135])
    }

    @Test func tooManySlicesShareTheArcEquallyAndWarn() {
        #expect(MinAngle.widths([10, 1, 1, 0], arc: 90, minAngle: 40) == [30, 30, 30, 0])
        var spec = Fixture.spec([10, 1, 1])
        spec.chart.minAngle = 40
        spec.chart.sweep = 90
        let warning = MinAngle.warning(spec, locations: SpecLocations())
        #expect(warning?.code.rawValue == "E0602")
        #expect(warning?.message == "`chart.minAngle` of 40° does not fit 3 slices in 90°")
        spec.chart.minAngle = 30
        #expect(MinAngle.warning(spec, locations: SpecLocations()) == nil)
    }

    @Test func layoutDrawsAtLeastMinAngleButKeepsTruePercentages() {
        var spec = Fixture.spec([98, 1, 1])
        spec.chart.minAngle = 20
        let layout = Layout.layout(spec)
        #expect(layout.slices.map(\.span).allSatisfy { $0 >= 20 - 1e-9 })
        #expect(layout.slices.last?.endAngle == 360)
        #expect(layout.slices.map(\.percentText) == ["98.0", "1.0", "1.0"])
    }

    @Test func minAngleFollowsTransitions() {
        var old = Fixture.spec([98, 1, 1]), new = Fixture.spec([97, 2, 1])
        old.chart.minAngle = 20
        new.chart.minAngle = 20
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        for (s, n) in zip(plan.segments, layout.slices) { #expect(abs(s.to.span - n.span) < 1e-9) }
        #expect(plan.segments.allSatisfy { $0.from.span >= 20 - 1e-9 })
    }
}
