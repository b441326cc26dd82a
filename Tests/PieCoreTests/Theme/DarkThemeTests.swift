import PieSpec
import Testing
@testable import PieCore

@Suite("Dark theme")
struct DarkThemeTests {
    static func style(_ spec: ChartSpec) -> String {
        Fixture.svg(spec).between("<style>\n", "</style>")
    }

    static func darkRules(_ spec: ChartSpec) -> String {
        style(spec).between("@media (prefers-color-scheme:dark){\n", "\n}\n")
    }

    @Test func darkIsAutoByDefaultInChartSVGAndChartCSS() {
        let spec = Fixture.spec([1, 2])
        let bundle = Fixture.bundle(spec)
        let css = Fixture.text(bundle, "chart.css")
        #expect(css.contains("@media (prefers-color-scheme:dark){"))
        #expect(Fixture.text(bundle, "chart.svg").contains(css))
        #expect(css.contains("\n.p-ink,.p-ink text{fill:#e4e4e7}"))
    }

    @Test func darkNoneWritesNoDarkVariant() {
        var spec = Fixture.spec([1, 2])
        spec.theme.dark = .none
        let bundle = Fixture.bundle(spec)
        #expect(!Fixture.text(bundle, "chart.css").contains("prefers-color-scheme"))
        #expect(!Fixture.text(bundle, "index.html").contains("prefers-color-scheme"))
    }

    @Test func legendGroupCarriesTheInkClass() {
        #expect(Fixture.svg(Fixture.spec([1, 2])).contains("<g class=\"p-lg p-ink\" fill=\"#222222\""))
    }

    @Test func whiteSeparatorsTakeTheDarkBackground() {
        #expect(Self.darkRules(Fixture.spec([1, 2])).contains("\n.p-sep{stroke:#18181b}"))
    }

    @Test func colouredSeparatorsKeepTheirColour() {
        var spec = Fixture.spec([1, 2])
        spec.theme.stroke.color = Color(r: 0xff, g: 0, b: 0)
        #expect(!Self.darkRules(spec).contains(".p-sep"))
    }

    @Test func separatorsMatchingTheLightBackgroundFollowIt() {
        var spec = Fixture.spec([1, 2])
        spec.theme.background = Color(r: 0xf5, g: 0xf5, b: 0xf4)
        spec.theme.stroke.color = Color(r: 0xf5, g: 0xf5, b: 0xf4)
        spec.theme.darkBackground = Color(r: 0x11, g: 0x18, b: 0x27)
        let rules = Self.darkRules(spec)
        #expect(rules.contains("\n.p-sep{stroke:#111827}"))
        #expect(rules.hasPrefix(".p-bg{fill:#111827}\n"))
    }

    @Test func transparentChartPaintsNoDarkBackground() {
        #expect(!Self.darkRules(Fixture.spec([1, 2])).contains(".p-bg"))
    }

    @Test func lightTrackDarkens() throws {
        var spec = Fixture.spec([30])
        spec.chart.total = 100
        spec.chart.track = Color(r: 0xe5, g: 0xe7, b: 0xeb)
        let dark = try #require(Layout.layout(spec).dark)
        let track = try #require(dark.track)
        #expect(track.luminance < 0.1)
        #expect(Self.darkRules(spec).contains("\n.p-track{fill:" + track.hex + "}"))
        #expect(Fixture.svg(spec).contains("<path class=\"p-track\""))
    }

    @Test func darkTrackStays() throws {
        var spec = Fixture.spec([30])
        spec.chart.total = 100
        spec.chart.track = Color(r: 0x33, g: 0x33, b: 0x33)
        #expect(try #require(Layout.layout(spec).dark).track == nil)
    }

    @Test func indexHTMLDarkensThePageTooltipsAndFocusRing() {
        let html = Fixture.text(Fixture.bundle(Fixture.spec([1, 2])), "index.html")
        let page = html.between("@media (prefers-color-scheme:dark){\nbody{", "\n}\n")
        #expect(page.contains("background:#18181b"))
        #expect(page.contains(".piec-test .p-t rect{fill:#f4f4f5}"))
        #expect(page.contains(".p-w:focus-visible path") && page.contains(".p-li:focus-visible .p-hit{stroke:#fafafa}"))
    }

    @Test func sliceColoursAreTheSameInDarkMode() {
        let rules = Self.darkRules(Fixture.spec([1, 2, 3]))
        #expect(!rules.contains(".p-m") && !rules.contains(".p-ex") && !rules.contains(".p-l"))
    }
}
