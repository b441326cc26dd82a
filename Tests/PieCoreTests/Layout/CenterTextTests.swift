import PieSpec
import Testing
@testable import PieCore

@Suite("Centre text")
struct CenterTextTests {
    static func donut(_ template: String, values: [Double] = [10, 30, 20]) -> ChartSpec {
        var spec = Fixture.spec(values, labels: ["Go", "Rust", "Zig"])
        spec.chart.innerRadius = 0.6
        if case .success(let t) = LabelTemplate.parse(template) { spec.chart.center = t }
        return spec
    }

    @Test func totalIsTheSumOfTheValuesWithPrefixAndSuffix() {
        var spec = Self.donut("{total}")
        spec.format.prefix = "$"
        spec.format.suffix = "k"
        #expect(Layout.layout(spec).center?.text == "$60k")
    }

    @Test func sliceTokensNameTheLargestSlice() {
        let center = Layout.layout(Self.donut("{label} {value} {percent} {id}")).center
        #expect(center?.text == "Rust 30 50.0% s1")
    }

    @Test func tiesGoToTheFirstSliceInAngularOrder() {
        #expect(Layout.layout(Self.donut("{label}", values: [5, 7, 7])).center?.text == "Rust")
    }

    @Test func theTextShrinksToFitTheHole() {
        let short = Layout.layout(Self.donut("{total}"))
        #expect(short.center?.fontSize == CenterText.maxFontSize)
        let long = Layout.layout(Self.donut("A rather long centre caption {total}"))
        let c = long.center!
        #expect(c.fontSize < CenterText.maxFontSize)
        let w = TextMetrics.width(c.text, fontSize: c.fontSize)
        let r = long.innerRadius - 4
        #expect((w / 2) * (w / 2) + (c.fontSize / 2) * (c.fontSize / 2) <= r * r)
    }

    @Test func aPieHasNoCentreText() {
        var spec = Self.donut("{total}")
        spec.chart.innerRadius = 0
        #expect(Layout.layout(spec).center == nil)
    }

    @Test func theCentreTextIsInkColouredInThePInkGroup() {
        let svg = Fixture.svg(Self.donut("{total}"))
        #expect(svg.contains("<g class=\"p-ink p-ct\" text-anchor=\"middle\" fill=\"#333333\">"))
        #expect(svg.contains(">60</text>"))
    }

    @Test func inkHasAContrastOfAtLeast4Point5OnAnyBackground() {
        for bg in [nil, Color(r: 0, g: 0, b: 0), Color(r: 128, g: 128, b: 128), Color(r: 30, g: 60, b: 200), Color(r: 250, g: 240, b: 200)] {
            let ink = OutsideLabels.ink(on: bg)
            #expect(Color.contrast(ink, bg ?? Color(r: 255, g: 255, b: 255)) >= 4.5)
        }
    }

    @Test func aChangedCentreTextCrossFadesInATransition() {
        let old = Self.donut("{total}"), new = Self.donut("{total}", values: [10, 30, 40])
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        let ink = Scene(layout: layout, plan: plan).ink
        #expect(ink.centers.map(\.text.text) == ["60", "80"])
        #expect(ink.centers.map(\.fromOpacity) == [1, 0])
        #expect(ink.centers.map(\.toOpacity) == [0, 1])
        let same = Scene(layout: Layout.layout(old), plan: Transition.between(old: old, new: old).parts.0).ink
        #expect(same.centers.count == 1 && same.centers[0].fromOpacity == 1)
    }
}
