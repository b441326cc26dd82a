@testable import PieCore
import PieSpec
import Testing

/// index.html of a spec of `charts:`: each chart's data table for screen readers.
@Suite("Facet page")
struct FacetPageTests {
    @Test func eachChartHasItsDataTableCaptionedWithItsTitle() throws {
        let spec = try Fixture.loaded(FacetTests.two)
        let html = Fixture.text(FacetWriter.write(spec: spec, sourceBytes: [], previous: nil, svgOnly: false, warnings: []).bundle, "index.html")
        #expect(html.contains(".sr-only{"))
        let tables = html.components(separatedBy: "<table class=\"sr-only\">\n<caption>").dropFirst()
        #expect(tables.map { String($0.prefix(1)) } == ["A", "B"])
        // A: Car 3 (75 %), Rail 1 (25 %); B: Bus and Rail, 50 % each.
        #expect(tables.first?.contains("<tr><th scope=\"row\">Car</th><td>3</td><td>75.0%</td></tr>") == true, "\(html)")
        #expect(tables.last?.contains("<tr><th scope=\"row\">Bus</th><td>1</td><td>50.0%</td></tr>") == true)
    }
}

/// index.html of a spec of `charts:`: each chart's slices are focus stops with tooltips, and
/// the one legend's rows point at their slice id in every chart (`FacetInteraction`).
@Suite("Facet page interaction")
struct FacetPageInteractionTests {
    static func page() throws -> (html: String, svg: String) {
        let spec = try Fixture.loaded(FacetTests.two)
        let bundle = FacetWriter.write(spec: spec, sourceBytes: [], previous: nil, svgOnly: false, warnings: []).bundle
        return (Fixture.text(bundle, "index.html"), Fixture.text(bundle, "chart.svg"))
    }

    @Test func eachChartsSlicesAreFocusableWithTooltipsInThePageOnly() throws {
        let (html, svg) = try Self.page()
        // A: Car, Rail; B: Bus, Rail; each slice a focus stop named by its tooltip.
        #expect(html.contains("<g class=\"p-w p-s0\" tabindex=\"0\" role=\"img\" aria-label=\"Car: 3 (75.0%)\">"), "\(html)")
        #expect(html.contains("<g class=\"p-w p-s1\" tabindex=\"0\" role=\"img\" aria-label=\"Rail: 1 (50.0%)\">"))
        #expect(html.components(separatedBy: "<g class=\"p-t p-t").count - 1 == 4)
        // Each chart's own rules, in its scope.
        #expect(html.contains(".piec-f_f1:is(:hover,:focus-within):has(.p-s1:hover,.p-s1:focus) .p-t1{visibility:visible}"))
        // The page's SVG is a group of focusable parts; chart.svg stays an image without them.
        #expect(html.contains("role=\"group\""))
        #expect(!svg.contains("tabindex") && !svg.contains("p-t0") && svg.contains("role=\"img\""))
    }

    @Test func aLegendRowLiftsItsIdInEveryChartThatHoldsIt() throws {
        let (html, _) = try Self.page()
        // The frame's ids: car, rail, bus. Rail's row names both charts' values.
        #expect(html.contains("<g class=\"p-li p-li1\" tabindex=\"0\" role=\"img\" aria-label=\"Rail: A 1 (25.0%); B 1 (50.0%)\">"), "\(html)")
        let active = ".piec-f:is(:hover,:focus-within):has(.p-li1:hover,.p-li1:focus) "
        // Rail is slice 1 of A and slice 1 of B: lifted and its tooltip shown in both.
        #expect(html.contains(active + ".piec-f_f0 .p-s1{opacity:1;transform:translate("))
        #expect(html.contains(active + ".piec-f_f1 .p-s1{opacity:1;transform:translate("))
        #expect(html.contains(active + ".piec-f_f0 .p-t1{visibility:visible}"))
        #expect(html.contains(active + ".piec-f_f1 .p-t1{visibility:visible}"))
        // Car is only A's: its row touches no slice of B.
        #expect(!html.contains(":has(.p-li0:hover,.p-li0:focus) .piec-f_f1"))
        // Any row dims every chart's slices; a slice underlines its id's row.
        #expect(html.contains(".piec-f:is(:hover,:focus-within):has(.p-li:hover,.p-li:focus) .p-w{opacity:0.45}"))
        #expect(html.contains(":has(.piec-f_f0 .p-s1:hover,.piec-f_f0 .p-s1:focus,.piec-f_f1 .p-s1:hover,.piec-f_f1 .p-s1:focus) .p-li1 text{text-decoration:underline}"))
    }

    @Test func aLegendRowFindsItsIdInEachRingOfAChartOfRings() throws {
        let spec = try Fixture.loaded("""
            piec: 1
            id: r
            charts:
              - id: a
                rings:
                  - {label: In, slices: [{id: x, label: X, value: 1}, {id: y, label: Y, value: 2}]}
                  - {label: Out, slices: [{id: y, label: Y, value: 3}, {id: z, label: Z, value: 1}]}
              - id: b
                slices: [{id: y, label: Y, value: 1}, {id: x, label: X, value: 1}]
            """)
        let html = Fixture.text(FacetWriter.write(spec: spec, sourceBytes: [], previous: nil, svgOnly: false, warnings: []).bundle, "index.html")
        // The frame's ids: x, y, z. y is a's slices 1 (ring In) and 2 (ring Out), b's slice 0.
        #expect(html.contains("aria-label=\"Y: a In 2 (66.7%); a Out 3 (75.0%); b 1 (50.0%)\""), "\(html)")
        let active = ".piec-r:is(:hover,:focus-within):has(.p-li1:hover,.p-li1:focus) "
        for lifted in [".piec-r_f0 .p-s1{", ".piec-r_f0 .p-s2{", ".piec-r_f1 .p-s0{"] {
            #expect(html.contains(active + lifted + "opacity:1;transform:translate("), "\(lifted)")
        }
        // One tooltip per chart: the first of its slices of the id.
        #expect(html.contains(active + ".piec-r_f0 .p-t1{visibility:visible}"))
        #expect(!html.contains(active + ".piec-r_f0 .p-t2{visibility:visible}"))
    }

    @Test func thePageIsTheSameBytesEveryTime() throws {
        #expect(try Self.page().html == Self.page().html)
    }
}
