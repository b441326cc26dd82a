import PieSpec
import Testing
@testable import PieCore

@Suite("Hover centre text")
struct HoverCenterTests {
    static func donut(center: String? = "{total}", hover: String? = "{label} {percent}", values: [Double] = [10, 30, 20]) -> ChartSpec {
        var spec = CenterTextTests.donut(center ?? "", values: values)
        if center == nil { spec.chart.center = nil }
        if let hover, case .success(let t) = LabelTemplate.parse(hover) { spec.chart.hoverCenter = t }
        return spec
    }

    @Test func eachSliceFillsTheTemplateWithItsOwnTokens() {
        var spec = Self.donut(hover: "{label} {value} {id} of {total}")
        spec.format.suffix = " GB"
        let texts = Layout.layout(spec).hoverCenters.map { $0?.text }
        #expect(texts == ["Go 10 GB s0 of 60 GB", "Rust 30 GB s1 of 60 GB", "Zig 20 GB s2 of 60 GB"])
    }

    @Test func eachTextIsFittedToTheHoleOnItsOwn() {
        let spec = Self.donut(hover: "{label}", values: [10, 30])
        var long = spec
        long.slices[1].label = "A rather long name for one slice of the chart"
        let centers = Layout.layout(long).hoverCenters
        let short = centers[0]!, cut = centers[1]!
        #expect(short.fontSize == CenterText.maxFontSize)
        #expect(cut.fontSize < short.fontSize)
        let r = Layout.layout(long).innerRadius - 4
        let w = TextMetrics.width(cut.text, fontSize: cut.fontSize)
        #expect((w / 2) * (w / 2) + (cut.fontSize / 2) * (cut.fontSize / 2) <= r * r)
        // The same fit as `chart.center` given that text.
        #expect(cut == CenterText.fit(cut.text, inner: Layout.layout(long).innerRadius))
    }

    @Test func withoutTheKeyThereAreNoHoverTexts() {
        let spec = Self.donut(hover: nil)
        #expect(Layout.layout(spec).hoverCenters.isEmpty)
        let html = Fixture.text(Fixture.bundle(spec), "index.html")
        #expect(!html.contains("p-hc"))
        #expect(!html.contains(".p-h0"))
    }

    @Test func bothDocumentsDrawThemHidden() {
        let bundle = Fixture.bundle(Self.donut())
        let html = Fixture.text(bundle, "index.html"), svg = Fixture.text(bundle, "chart.svg")
        for doc in [html, svg] {
            let group = doc.between("<g class=\"p-ink p-hc\"", "</g>")
            #expect(group.contains("text-anchor=\"middle\" fill=\"#333333\">"))
            for (k, text) in ["Go 16.7%", "Rust 50.0%", "Zig 33.3%"].enumerated() {
                // Hidden by `opacity` too: Inkscape ignores `visibility`.
                #expect(group.contains("<text class=\"p-h\(k)\" visibility=\"hidden\" opacity=\"0\" y=\""))
                #expect(group.contains(">" + text + "</text>"))
            }
        }
        // The centre text is still drawn, in both documents.
        #expect(html.contains(">60</text>") && svg.contains(">60</text>"))
        // The hover texts come before the tooltips (painted under them).
        #expect(html.firstRange(of: "p-hc")!.lowerBound < html.firstRange(of: "<g class=\"p-tips\"")!.lowerBound)
    }

    /// chart.svg has no focusable slices of its own: each slice with a hover text gets a
    /// transparent focusable wedge in the pie's group, after the separators (index.html has
    /// its `p-w` slices instead).
    @Test func chartSVGHasAFocusableWedgePerSlice() {
        let bundle = Fixture.bundle(Self.donut())
        let html = Fixture.text(bundle, "index.html"), svg = Fixture.text(bundle, "chart.svg")
        let pie = svg.between("<g class=\"p-pie\">", "<g class=\"p-ink")
        let wedges = pie.between("<g fill=\"#000\" fill-opacity=\"0\">\n", "</g>")
        for (k, label) in ["Go: 10 (16.7%)", "Rust: 30 (50.0%)", "Zig: 20 (33.3%)"].enumerated() {
            #expect(wedges.contains("<path class=\"p-hw p-hw\(k)\" tabindex=\"0\" role=\"img\" aria-label=\"\(label)\" d=\"M"))
        }
        #expect(!html.contains("class=\"p-hw"))
        #expect(!Fixture.text(Fixture.bundle(Self.donut(hover: nil)), "chart.svg").contains("p-hw"))
    }

    @Test func aSliceOrItsLegendRowShowsItsTextAndHidesTheCentre() {
        let bundle = Fixture.bundle(Self.donut())
        let css = Fixture.text(bundle, "chart.css")
        let root = ".piec-test:is(:hover,:focus-within)"
        #expect(css.contains(root + ":has(.p-w:hover,.p-w:focus,.p-li:hover,.p-li:focus,.p-hw:hover,.p-hw:focus) .p-ct{visibility:hidden}\n"))
        for k in 0..<3 {
            #expect(css.contains(root + ":has(.p-s\(k):hover,.p-s\(k):focus,.p-li\(k):hover,.p-li\(k):focus,.p-hw\(k):hover,.p-hw\(k):focus) "
                                 + ".p-h\(k){visibility:visible;opacity:1}\n"))
        }
        #expect(css.contains(".piec-test .p-hc{pointer-events:none}\n"))
        // In chart.css, so in chart.svg's style and index.html's page style alike.
        for doc in ["chart.svg", "index.html"] { #expect(Fixture.text(bundle, doc).contains(css)) }
    }

    @Test func worksWithoutAChartCentre() {
        let bundle = Fixture.bundle(Self.donut(center: nil))
        let html = Fixture.text(bundle, "index.html")
        #expect(html.contains("<text class=\"p-h1\" visibility=\"hidden\""))
        #expect(Fixture.text(bundle, "chart.svg").contains("<text class=\"p-h1\" visibility=\"hidden\""))
        #expect(!html.contains("class=\"p-ink p-ct\""))
    }

    @Test func duringATransitionTheTextsAreTheFinalCharts() {
        let old = Self.donut(values: [10, 30, 20]), new = Self.donut(values: [30, 30, 40])
        let bundle = Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old)
        let group = Fixture.text(bundle, "index.html").between("<g class=\"p-ink p-hc\"", "</g>")
        for text in ["Go 30.0%", "Rust 30.0%", "Zig 40.0%"] { #expect(group.contains(">" + text + "</text>")) }
        #expect(!group.contains("16.7%") && !group.contains("50.0%"))
    }
}
