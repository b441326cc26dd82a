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
