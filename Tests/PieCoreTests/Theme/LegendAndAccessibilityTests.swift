import Foundation
import PieDiagnostics
import PieSpec
import Testing
@testable import PieCore

@Suite("Legend interaction and accessibility")
struct LegendAndAccessibilityTests {
    static func languages() -> ChartSpec {
        var spec = Fixture.spec([42.5, 24, 12, 0.1, 21.4], id: "languages", labels: ["Swift", "Python", "Go", "Perl", "Rust"])
        spec.title = "Languages"
        return spec
    }

    @Test func legendRowsAreFocusableInIndexHTMLOnly() {
        let bundle = Fixture.bundle(Self.languages())
        #expect(!Fixture.text(bundle, "chart.svg").contains("tabindex"))
        let html = Fixture.text(bundle, "index.html")
        #expect(html.contains("<g class=\"p-li p-li0\" tabindex=\"0\" role=\"img\" aria-label=\"Swift: 42.5 (42.5%)\">"))
    }

    @Test func focusOrderIsSlicesThenLegendRowsInSliceOrder() {
        let html = Fixture.text(Fixture.bundle(Self.languages()), "index.html")
        // Perl (0.1 of 100, a 0.5 px arc) is too thin to point at but still a stop: every
        // slice is reachable by keyboard.
        let stops = (0..<5).map { "p-w p-s\($0)" } + (0..<5).map { "p-li p-li\($0)" }
        let positions = stops.map { html.firstRange(of: "class=\"" + $0 + "\" tabindex=\"0\"")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
    }

    @Test func legendRowHighlightsItsSliceAndShowsItsTooltip() {
        let html = Fixture.text(Fixture.bundle(Self.languages()), "index.html")
        #expect(html.contains(".piec-languages:is(:hover,:focus-within):has(.p-li:hover,.p-li:focus) .p-w{opacity:0.45}"))
        #expect(html.contains(".piec-languages:is(:hover,:focus-within):has(.p-li2:hover,.p-li2:focus) .p-s2{opacity:1;transform:translate("))
        #expect(html.contains(".piec-languages:is(:hover,:focus-within):has(.p-li2:hover,.p-li2:focus) .p-t2{visibility:visible}"))
        #expect(html.contains(".piec-languages:is(:hover,:focus-within):has(.p-w:hover,.p-w:focus,.p-li:hover,.p-li:focus) .p-st{visibility:hidden}"))
    }

    /// A slice lifts by the same offset whether it or its legend row is hovered: `lift` (6 px)
    /// outward along its middle angle, from one function (`HTMLPage.liftOffset`).
    @Test func sliceAndLegendRowLiftTheSliceAlongItsMiddleAngle() throws {
        let spec = Self.languages()
        let bundle = Fixture.bundle(spec)
        let html = Fixture.text(bundle, "index.html")
        let layout = Layout.layout(spec)
        for k in [0, 1, 2, 4] {
            let mid = layout.slices[k].midAngle * Double.pi / 180
            let expected = "translate(\(formatNumber(6 * sin(mid), decimals: 3))px,\(formatNumber(-6 * cos(mid), decimals: 3))px)"
            #expect(html.contains(".p-s\(k):focus{transform:\(expected)}"), "slice \(k): \(expected)")
            #expect(html.contains(".p-s\(k){opacity:1;transform:\(expected)}"), "legend row \(k): \(expected)")
        }
    }

    @Test func noLegendNoLegendRules() {
        var spec = Self.languages()
        spec.legend.position = .none
        let html = Fixture.text(Fixture.bundle(spec), "index.html")
        #expect(!html.contains("class=\"p-li") && !html.contains(":has(.p-li:hover,.p-li:focus) .p-w{"))
    }

    @Test(arguments: LegendPosition.allCases.filter { $0 != .none })
    func longLabelsNeverOverlapThePieOrLeaveTheCanvas(position: LegendPosition) {
        let long = String(repeating: "Wide label W ", count: 12)
        var spec = Fixture.spec([5, 4, 3, 2, 1, 1, 1, 1], labels: (0..<8).map { long + String($0) })
        spec.legend.position = position
        let layout = Layout.layout(spec)
        let legend = layout.legend
        let reach = layout.outerRadius + HTMLPage.lift
        let pie = (minX: layout.cx - reach, maxX: layout.cx + reach, minY: layout.cy - reach, maxY: layout.cy + reach)
        for item in legend.items {
            let width = LegendInteraction.rowWidth(item, legend: legend, fontSize: layout.fontSize)
            let x0 = legend.x + item.x, x1 = x0 + width, y0 = legend.y + item.y, y1 = y0 + LegendPlacer.swatch
            #expect(x0 >= 0 && x1 <= layout.width && y0 >= 0 && y1 <= layout.height, "\(position) row leaves the canvas")
            let apart = x1 <= pie.minX || x0 >= pie.maxX || y1 <= pie.minY || y0 >= pie.maxY
            #expect(apart, "\(position) row overlaps the pie")
        }
        for (a, b) in zip(legend.items, legend.items.dropFirst()) where a.y == b.y {
            let aEnd = a.x + LegendInteraction.rowWidth(a, legend: legend, fontSize: layout.fontSize)
            #expect(aEnd <= b.x, "\(position) rows overlap")
        }
    }

    @Test func chartSVGIsAnImageWithANameAndADescription() {
        var spec = Self.languages()
        spec.description = "Share of lines"
        let svg = Fixture.svg(spec)
        #expect(svg.contains("role=\"img\" aria-labelledby=\"piec-languages-title\" aria-describedby=\"piec-languages-desc\""))
        #expect(svg.contains("<title id=\"piec-languages-title\">Languages</title>"))
        #expect(svg.contains("<desc id=\"piec-languages-desc\">Share of lines</desc>"))
    }

    @Test func sliceNamesUseTheFormattedValueWithPrefixAndSuffix() {
        var spec = Self.languages()
        spec.format.prefix = "$"
        spec.format.suffix = " M"
        let html = Fixture.text(Fixture.bundle(spec), "index.html")
        #expect(html.contains("class=\"p-w p-s0\" tabindex=\"0\" role=\"img\" aria-label=\"Swift: $42.5 M (42.5%)\""))
        #expect(html.contains("<tr><th scope=\"row\">Swift</th><td>$42.5 M</td><td>42.5%</td></tr>"))
    }

    @Test func everyAnimationIsInsideTheReducedMotionQuery() {
        var spec = Self.languages()
        spec.theme.patterns = .auto
        let css = Fixture.text(Fixture.bundle(spec), "chart.css")
        let media = "@media (prefers-reduced-motion:no-preference){"
        let outside = css.components(separatedBy: media).enumerated().map { i, part in
            i == 0 ? part : String(part.drop { _ in false }.split(separator: "\n}\n", maxSplits: 1).dropFirst().joined())
        }.joined()
        #expect(css.contains(media))
        #expect(!outside.contains("animation:") && !outside.contains("animation-name:"))
    }

    @Test func coloursStayWithTheirIDsAcrossVersions() {
        let old = Fixture.spec([1, 2, 3, 4])
        var new = old
        for i in 0..<4 { new.slices.insert(SliceSpec(id: "n" + String(i), label: "N", value: 1), at: i * 2) }
        let before = Dictionary(uniqueKeysWithValues: Layout.layout(old).slices.map { ($0.id, $0.color) })
        let (_, _, after) = Transition.between(old: old, new: new).parts
        for slice in after.slices where before[slice.id] != nil { #expect(slice.color == before[slice.id]) }
        let kept = Set(before.values)
        for slice in after.slices where slice.id.hasPrefix("n") { #expect(!kept.contains(slice.color)) }
    }
}
