import Foundation
@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// The title drawn in chart.svg, text of several lines,
/// `labels.radius`, the legend's title and values, palette lists in order, and index.html's
/// tooltips and focus stops.
struct TitlesTextLinesAndFocusTests {
    static func spec(_ yaml: String) throws -> ChartSpec {
        let r = SpecLoader.load(SourceFile(path: "t.yaml", text: yaml), defaultID: "t")
        return try #require(r.spec, "\(r.diagnostics)")
    }

    static let slices = "slices:\n  - {label: A, value: 3}\n  - {label: B, value: 2}\n  - {label: C, value: 1}\n"

    @Test func titleAndSubtitleAreDrawnAboveTheChartAndTheCanvasGrows() throws {
        let shown = try Self.spec("piec: 1\ntitle: Pets\nsubtitle: Shelter, 2026\n" + Self.slices)
        var hidden = shown
        hidden.chart.showTitle = false
        let a = Layout.layout(shown), b = Layout.layout(hidden)
        let block = try #require(a.title)
        #expect(b.title == nil)
        #expect(a.height == b.height + block.height.rounded(.up))
        #expect(a.cy == b.cy + block.height.rounded(.up))
        #expect(a.legend.y == b.legend.y + block.height.rounded(.up))
        let svg = Fixture.svg(shown)
        // Plain attributes (static renderers), centred, above the plot group.
        let title = svg.between("<g class=\"p-ttl p-ink\" aria-hidden=\"true\" text-anchor=\"middle\" fill=\"#222222\">\n", "</g>")
        #expect(title.contains(">Pets</text>") && title.contains("font-size=\"16\" font-weight=\"bold\""), "\(title)")
        #expect(title.contains("font-size=\"12\" fill-opacity=\"0.8\">Shelter, 2026</text>"), "\(title)")
        #expect(title.contains("x=\"" + formatNumber(a.width / 2) + "\""))
        #expect(svg.firstRange(of: "p-ttl")!.lowerBound < svg.firstRange(of: "p-plot")!.lowerBound)
        #expect(!Fixture.svg(hidden).contains("p-ttl"))
    }

    @Test func aChangedTitleCrossFades() throws {
        let old = try Self.spec("piec: 1\ntitle: Pets\nsubtitle: 2025\n" + Self.slices)
        let new = try Self.spec("piec: 1\ntitle: Pets\nsubtitle: 2026\n" + Self.slices)
        let bundle = Compiler.compile(spec: new, sourceBytes: [], previous: old)
        let svg = Fixture.text(bundle, "chart.svg")
        // The old block is gone at rest (static renderers), the new one shown.
        #expect(svg.contains("<g class=\"p-ttl p-ink p-tt0\" opacity=\"0\" aria-hidden=\"true\""))
        #expect(svg.between("p-ink p-tt0\"", "</g>").contains(">2025</text>"))
        #expect(svg.contains("<g class=\"p-ttl p-ink p-tt1\" aria-hidden=\"true\""))
        #expect(svg.between("p-ink p-tt1\"", "</g>").contains(">2026</text>"))
        // The unchanged title line stays, outside the fading groups.
        #expect(svg.occurrences(of: ">Pets</text>") == 1)
        #expect(!svg.between("p-ink p-tt0\"", "</g>").contains("Pets") && !svg.between("p-ink p-tt1\"", "</g>").contains("Pets"))
        #expect(svg.contains("@keyframes piec-t-tt0{from{opacity:1}to{opacity:0}}"))
        #expect(svg.contains("@keyframes piec-t-tt1{from{opacity:0}to{opacity:1}}"))
        #expect(svg.contains(".p-tt1{animation:piec-t-tt1 "))
        // An unchanged title is one block, not animated.
        let same = Fixture.text(Compiler.compile(spec: new, sourceBytes: [], previous: new), "chart.svg")
        #expect(same.occurrences(of: "class=\"p-ttl") == 1 && !same.contains("p-tt0"))
    }

    @Test func aChartWithoutTitleDrawsNone() throws {
        #expect(Layout.layout(try Self.spec("piec: 1\n" + Self.slices)).title == nil)
    }

    @Test func aLongTitleWidensTheCanvasUpToItsLimitThenIsCut() throws {
        let long = String(repeating: "Word ", count: 60)
        let layout = Layout.layout(try Self.spec("piec: 1\ntitle: \(long)\nlegend: {position: none}\n" + Self.slices))
        let block = try #require(layout.title)
        #expect(layout.width == (block.width + 2 * TitleBlock.pad).rounded(.up))
        #expect(layout.width <= TitleBlock.maxWidth + 1)
        #expect(block.lines[0].text.hasSuffix("\u{2026}"))
        #expect(abs(layout.cx - layout.width / 2) < 1)
    }

    @Test func lineBreaksInTitleStartNewLines() throws {
        let layout = Layout.layout(try Self.spec("piec: 1\ntitle: \"One\\nTwo\"\n" + Self.slices))
        #expect(layout.title?.lines.map(\.text) == ["One", "Two"])
    }

    @Test func insideLabelsOfSeveralLinesAreTspansCentredVertically() throws {
        let svg = Fixture.svg(try Self.spec("piec: 1\nlabels: {content: \"{label}\\n{percent}\"}\n" + Self.slices))
        let label = svg.between("<g class=\"p-l0\"", "</g>")
        // Two lines of 12 px at 1.2 leading: the first baseline moves up by half a line.
        #expect(label.contains("y=\"-3\""), "\(label)")
        #expect(label.contains("<tspan x=\"0\">A</tspan><tspan x=\"0\" dy=\"14.4\">50.0%</tspan>"), "\(label)")
    }

    @Test func aSingleLineLabelIsUnchanged() throws {
        let svg = Fixture.svg(try Self.spec("piec: 1\n" + Self.slices))
        #expect(!svg.contains("<tspan"))
        let label = svg.between("<g class=\"p-l0\"", "</g>")
        #expect(label.contains("y=\"4.2\" fill=") && label.hasSuffix(">A 50.0%</text>"), "\(label)")
    }

    @Test func centreTextOfSeveralLinesFitsByItsHeight() {
        let one = CenterText.fit("1234", inner: 60), three = CenterText.fit("1234\nfiles\nin all", inner: 60)
        #expect(three.fontSize < one.fontSize)
        #expect(CenterText.fits(three.text, size: three.fontSize, radius: 56))
        #expect(three.text == "1234\nfiles\nin all")
    }

    @Test func outsideLabelsOfSeveralLinesArePushedApartByTheirHeight() {
        let c = [
            LabelPlacer.Candidate(index: 0, side: 1, naturalY: 0, priority: 2, extra: 28.8),
            LabelPlacer.Candidate(index: 1, side: 1, naturalY: 0, priority: 1),
        ]
        let placed = LabelPlacer.solve(c, top: -100, bottom: 100, lineHeight: 16)
        #expect(placed.count == 2)
        // Centres at least half of each block apart: (16 + 28.8) / 2 + 16 / 2.
        #expect(abs(placed[1].y - placed[0].y) >= 30.4 - 1e-9)
        // Room for only one tall block: the higher priority stays.
        let tight = LabelPlacer.solve(c, top: 0, bottom: 50, lineHeight: 16)
        #expect(tight.map(\.index) == [0])
    }

    @Test func labelsRadiusPlacesInsideLabelsAcrossTheRing() throws {
        // 0.85: a line's box (and 2 px) still fits under the rim.
        let layout = Layout.layout(try Self.spec("piec: 1\nchart: {innerRadius: 0.5}\nlabels: {radius: 0.85, content: \"{label}\"}\n" + Self.slices))
        let expected = layout.innerRadius + 0.85 * (layout.outerRadius - layout.innerRadius)
        let svg = Fixture.svg(try Self.spec("piec: 1\nchart: {innerRadius: 0.5}\nlabels: {radius: 0.85, content: \"{label}\"}\n" + Self.slices))
        #expect(svg.contains("translate(0 -" + formatNumber(expected) + ")"), "\(expected)")
        // Default: the middle of the ring, as before.
        let plain = Layout.layout(try Self.spec("piec: 1\nchart: {innerRadius: 0.5}\n" + Self.slices))
        #expect(plain.slices[0].geometry.labelRadius == plain.slices[0].geometry.labelRadius(fraction: 0.5))
    }

    @Test func aChangedLabelsRadiusMovesTheLabelsAcrossTheRing() throws {
        let old = try Self.spec("piec: 1\nchart: {innerRadius: 0.4}\nlabels: {radius: 0.2, content: \"{label}\"}\n" + Self.slices)
        let new = try Self.spec("piec: 1\nchart: {innerRadius: 0.4}\nlabels: {radius: 0.8, content: \"{label}\"}\n" + Self.slices)
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        let labels = Scene(layout: layout, plan: plan).labels
        let ring = layout.outerRadius - layout.innerRadius
        #expect(labels.count == 3)
        for l in labels {
            #expect(abs(l.fromRadius - (layout.innerRadius + 0.2 * ring)) < 1e-9)
            #expect(abs(l.radius - (layout.innerRadius + 0.8 * ring)) < 1e-9)
        }
        // Half way (linear easing), the sampled state is half way across the ring too.
        var staged = new
        staged.animation.stages = .staged
        let (sp, _, _) = Transition.between(old: old, new: staged).parts
        let mid = sp.frozen(at: sp.delay + sp.duration / 2)
        #expect(abs(mid.from.labelFraction! - 0.5) < 0.2)
    }

    @Test func legendTitleAndValues() throws {
        let base = "piec: 1\nformat: {prefix: \"$\"}\n"
        let both = Layout.layout(try Self.spec(base + "legend: {title: Pets, values: both}\n" + Self.slices))
        #expect(both.legend.title == "Pets")
        #expect(both.legend.items.map(\.percent) == ["$3 (50.0%)", "$2 (33.3%)", "$1 (16.7%)"])
        #expect(both.legend.items[0].y == LegendPlacer.rowHeight)
        let value = Layout.layout(try Self.spec(base + "legend: {values: value}\n" + Self.slices))
        #expect(value.legend.items.map(\.percent) == ["$3", "$2", "$1"])
        let none = Layout.layout(try Self.spec(base + "legend: {values: none, position: bottom}\n" + Self.slices))
        #expect(none.legend.items.allSatisfy { $0.percent.isEmpty })
        let svg = Fixture.svg(try Self.spec(base + "legend: {title: Pets}\n" + Self.slices))
        #expect(svg.contains("<text class=\"p-lgt\" y=\"10\" font-weight=\"bold\">Pets</text>"))
    }

    @Test func aPaletteListColoursSlicesInOrderAndKeepsThemAcrossVersions() throws {
        let list = "theme: {palette: [\"#111111\", \"#222222\", \"#333333\", \"#444444\"]}\n"
        let first = try Self.spec("piec: 1\n" + list + "slices:\n  - {label: Z, value: 1}\n  - {label: A, value: 1}\n  - {label: M, value: 1}\n")
        #expect(Layout.layout(first).slices.map { $0.color.hex } == ["#111111", "#222222", "#333333"])
        // A slice inserted first keeps the others' colours and takes the free one.
        let next = try Self.spec("piec: 1\n" + list + "slices:\n  - {label: N, value: 1}\n  - {label: Z, value: 1}\n  - {label: A, value: 1}\n  - {label: M, value: 1}\n")
        let layout = Transition.between(old: first, new: next).parts.2
        #expect(layout.slices.map { $0.color.hex } == ["#444444", "#111111", "#222222", "#333333"])
    }

    @Test func tooltipsAreTheTopLayerOfIndexHTML() throws {
        let html = Fixture.text(Fixture.bundle(try Self.spec("piec: 1\n" + Self.slices)), "index.html")
        let tips = try #require(html.firstRange(of: "<g class=\"p-tips\""))
        let legend = try #require(html.firstRange(of: "<g class=\"p-lg p-ink\""))
        #expect(legend.lowerBound < tips.lowerBound)
        #expect(html[tips.lowerBound...].firstRange(of: "</svg>") != nil)
        #expect(html.between("<g class=\"p-tips\"", "</svg>").occurrences(of: "<g class=\"p-t p-t") == 3)
    }

    @Test func everyVisibleSliceIsAFocusStopEvenWhenTooThinToPointAt() throws {
        var values = [1000.0]
        values += Array(repeating: 0.5, count: 12)
        var spec = Fixture.spec(values)
        spec.legend.position = .none
        spec.labels.position = .none
        let layout = Layout.layout(spec)
        #expect(layout.slices.dropFirst().allSatisfy { !HTMLPage.isInteractive($0) })
        let html = Fixture.text(Fixture.bundle(spec), "index.html")
        #expect(html.occurrences(of: "tabindex=\"0\"") == 13)
        #expect(html.occurrences(of: "class=\"p-t p-t") == 13)
    }

    @Test func zeroSlicesHaveNoFocusStop() {
        var spec = Fixture.spec([3, 0, 2])
        spec.legend.position = .none
        #expect(HTMLPage.focusStops(Layout.layout(spec).slices) == [true, false, true])
    }
}
