@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

@Suite("chart.rose (polar area)")
struct RoseTests {
    static func rose(_ values: [Double], _ mode: RoseMode, inner: Double = 0) -> ChartSpec {
        var spec = Fixture.spec(values)
        spec.chart.rose = mode
        spec.chart.innerRadius = inner
        return spec
    }

    @Test func areaModeMakesWedgeAreasProportionalToValues() {
        let layout = Layout.layout(Self.rose([4, 1, 0.25], .area))
        let r = layout.outerRadius
        #expect(layout.slices.map(\.outerRadius) == [r, r / 2, r / 4])
    }

    @Test func radiusModeIsLinear() {
        let layout = Layout.layout(Self.rose([4, 1, 2], .radius))
        let r = layout.outerRadius
        #expect(layout.slices.map(\.outerRadius) == [r, r / 4, r / 2])
    }

    @Test func inADonutTheRingAreaOrRingWidthFollowsTheValue() {
        let area = Layout.layout(Self.rose([4, 1], .area, inner: 0.5))
        let (R, i) = (area.outerRadius, area.innerRadius)
        let a = area.slices.map { $0.outerRadius * $0.outerRadius - i * i }
        #expect(abs(a[0] / a[1] - 4) < 1e-9, "ring sector areas 4 : 1")
        #expect(area.slices[0].outerRadius == R)
        let linear = Layout.layout(Self.rose([4, 1], .radius, inner: 0.5))
        #expect(abs((linear.slices[1].outerRadius - i) - (R - i) / 4) < 1e-9)
    }

    @Test func anglesAreEqualZeroIncludedAndTheZeroDrawsNothing() {
        var spec = Self.rose([5, 0, 3, 2], .area)
        spec.chart.startAngle = 30
        spec.chart.sweep = 180
        let slices = Layout.layout(spec).slices
        #expect(slices.map(\.startAngle) == [30, 75, 120, 165])
        #expect(slices.map(\.endAngle) == [75, 120, 165, 210])
        #expect(!slices[1].isVisible && slices[0].isVisible)
        #expect(slices[1].labelText == nil)
    }

    @Test func percentagesAreTrueSharesNotOneOverN() {
        let slices = Layout.layout(Self.rose([6, 3, 1], .area)).slices
        #expect(slices.map(\.percentText) == ["60.0", "30.0", "10.0"])
        let bundle = Fixture.bundle(Self.rose([6, 3, 1], .area))
        for name in ["chart.svg", "index.html"] {
            let text = Fixture.text(bundle, name)
            // Legend, <desc>, tooltips and the data table: the true shares, never 1/n.
            #expect(text.contains("60.0%") && text.contains("10.0%") && !text.contains("33.3%"), "\(name)")
        }
        #expect(Fixture.text(bundle, "index.html").contains("<td>60.0%</td>"))
    }

    @Test func noRoseKeepsTheOrdinaryPie() {
        let slices = Layout.layout(Self.rose([6, 3, 1], .none)).slices
        #expect(slices.map(\.endAngle) == [216, 324, 360])
        #expect(Set(slices.map(\.outerRadius)).count == 1)
    }

    @Test func switchingRoseOnAnimatesAnglesAndRadii() {
        let old = Self.rose([4, 1], .none)
        let new = Self.rose([4, 1], .area)
        let (plan, changes, layout) = Transition.between(old: old, new: new).parts
        let r = layout.outerRadius
        #expect(plan.segments.map(\.from.endAngle) == [288, 360])
        #expect(plan.segments.map(\.to.endAngle) == [180, 360])
        #expect(plan.segments.map(\.from.outerRadius) == [r, r])
        #expect(plan.segments.map(\.to.outerRadius) == [r, r / 2])
        #expect(changes.chart.map(\.field) == ["rose"])
    }

    /// `rose: {angles: value}` (Vega-Lite's radial chart): a pie's angles by value, and radii
    /// by value as well.
    @Test func valueAnglesKeepThePieAnglesAndSizeTheRadii() {
        let slices = Layout.layout(Self.rose([6, 3, 1], RoseMode(angles: .value, radius: .linear))).slices
        #expect(slices.map(\.endAngle) == [216, 324, 360])
        let r = slices[0].outerRadius
        #expect(slices.map(\.outerRadius) == [r, r / 2, r / 6])
        let area = Layout.layout(Self.rose([4, 1], RoseMode(angles: .value, radius: .area))).slices
        #expect(area.map(\.endAngle) == [288, 360])
        #expect(area.map(\.outerRadius) == [area[0].outerRadius, area[0].outerRadius / 2])
    }

    /// From an equal-angle rose to value angles both the angles and the radii move, in one plan.
    @Test func fromEqualToValueAnglesBothAnglesAndRadiiAnimate() {
        let old = Self.rose([4, 1], .radius)
        let new = Self.rose([4, 2], RoseMode(angles: .value, radius: .area))
        let (plan, changes, layout) = Transition.between(old: old, new: new).parts
        let r = layout.outerRadius
        #expect(plan.segments.map(\.from.endAngle) == [180, 360])
        #expect(plan.segments.map(\.to.endAngle) == [240, 360])
        #expect(plan.segments.map(\.from.outerRadius) == [r, r / 4])
        #expect(abs(plan.segments[1].to.outerRadius - r / 2.squareRoot()) < 1e-9)
        #expect(changes.chart.map(\.field) == ["rose"])
        #expect(changes.chart.first?.new == "angles value, radius area")
    }

    @Test func aValueChangeGrowsAndShrinksRadiiOnly() {
        let (plan, _, layout) = Transition.between(old: Self.rose([4, 1], .radius), new: Self.rose([2, 4], .radius)).parts
        let r = layout.outerRadius
        #expect(plan.segments.map(\.from.outerRadius) == [r, r / 4])
        #expect(plan.segments.map(\.to.outerRadius) == [r / 2, r])
        #expect(plan.segments.map(\.to.endAngle) == plan.segments.map(\.from.endAngle))
    }

    /// A pie rose slice whose value becomes 0 has no final circle: its motion circle is the
    /// start's, scaled from 1 down to 0 (drawn at radius 0 it showed nothing from the first
    /// frame on). The browser test `to-zero` measures it in every engine.
    @Test func aSliceGoingToZeroShrinksIntoTheCentre() throws {
        let (plan, _, layout) = Transition.between(old: Self.rose([4, 1], .radius), new: Self.rose([4, 0], .radius)).parts
        let scene = Scene(layout: layout, plan: plan)
        let zero = try #require(scene.motion.first { $0.index == 1 })
        let start = plan.segments[1].from.outerRadius
        #expect(zero.radius == start / 2 && zero.width == start)
        #expect(zero.from.scale == 1 && zero.to.scale == 0)
        // The other slice keeps its final circle.
        let other = try #require(scene.motion.first { $0.index == 0 })
        #expect(other.radius == plan.segments[0].to.outerRadius / 2)
    }

    @Test func theManifestCarriesEachRadius() {
        let manifest = Fixture.text(Fixture.bundle(Self.rose([4, 1], .area)), "manifest.json")
        let r = Layout.layout(Self.rose([4, 1], .area)).outerRadius
        #expect(manifest.contains("\"outerRadius\":\(formatNumber(r / 2))") || manifest.contains("\"outerRadius\": \(formatNumber(r / 2))"))
    }
}
