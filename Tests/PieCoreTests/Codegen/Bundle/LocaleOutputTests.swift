@testable import PieCore
import PieSpec
import Testing

/// `format.locale` reaches every text people read and no machine output.
@Suite("Locale in the bundle")
struct LocaleOutputTests {
    static func spec() -> ChartSpec {
        var s = Fixture.spec([1234.5, 765.5], labels: ["Miete", "Essen"])
        s.format.locale = NumberLocale.named("de-DE")!
        s.format.suffix = " €"
        s.labels.content = try! LabelTemplate.parse("{value} ({percent})").get()
        return s
    }

    @Test func labelsLegendTooltipsTableAndSentenceUseTheLocale() {
        let bundle = Fixture.bundle(Self.spec())
        let svg = Fixture.text(bundle, "chart.svg"), html = Fixture.text(bundle, "index.html")
        #expect(svg.contains(">1.234,5 € (61,7\u{00A0}%)</text>"), "label")
        #expect(html.contains("Miete: 1.234,5 € (61,7\u{00A0}%)"), "tooltip")
        #expect(svg.contains("61,7\u{00A0}%</text>"), "legend")
        #expect(html.contains("<td>1.234,5 €</td><td>61,7\u{00A0}%</td>"), "data table")
        #expect(html.contains("largest Miete at 61,7\u{00A0}%."), "sentence")
    }

    @Test func theManifestAndCSSStayPlain() {
        let bundle = Fixture.bundle(Self.spec())
        let manifest = Fixture.text(bundle, "manifest.json"), css = Fixture.text(bundle, "chart.css")
        #expect(manifest.contains("\"percent\": \"61.7\""))
        #expect(manifest.contains("\"value\": 1234.5"))
        #expect(!css.contains(",5"))
    }

    @Test func theChangeSentenceUsesTheLocale() {
        var old = Self.spec()
        old.slices[0].value = 1000
        let (_, report, _) = Transition.between(old: old, new: Self.spec()).parts
        #expect(report.sentence(locale: NumberLocale.named("de-DE")!).contains("Miete rose from 56,6\u{00A0}% to 61,7\u{00A0}%"))
    }
}
