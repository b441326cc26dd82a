@testable import PieCore
import PieDiagnostics
import PieJSON
import PieSpec
import Testing

/// `charts:` (facets): lowering and its refusals, the canonical spec's round trip, one colour
/// per slice id across the charts, the grid, each chart animating from the previous version's
/// chart of its id (new ones grow in, gone ones fade out) and `piec diff` chart by chart.
@Suite("Facets")
struct FacetTests {
    static let two = """
        piec: 1
        id: f
        title: Two
        layout: {columns: 2}
        chart: {size: 200}
        charts:
          - id: a
            title: A
            slices:
              - {label: Car, value: 3}
              - {label: Rail, value: 1}
          - id: b
            title: B
            slices:
              - {label: Bus, value: 1}
              - {label: Rail, value: 1}
        """

    static func load(_ text: String) -> SpecLoadResult {
        SpecLoader.load(SourceFile(path: "t.yaml", text: text), defaultID: "t")
    }

    static func errors(_ text: String) -> [Diagnostic] { load(text).diagnostics.filter { $0.severity == .error } }

    @Test func lowersEachChartWithTheSharedKeys() throws {
        let spec = try Fixture.loaded(Self.two)
        #expect(spec.slices.isEmpty)
        #expect(spec.charts.map(\.id) == ["a", "b"])
        #expect(spec.charts.map(\.title) == ["A", "B"])
        #expect(spec.charts[1].slices.map(\.id) == ["bus", "rail"])
        #expect(spec.layout?.columns == 2)
        let facet = spec.facet(1)
        #expect(facet.id == "f_f1")
        #expect(facet.chart.size == 200)
        #expect(facet.legend.position == .none)
        #expect(facet.title == "B")
    }

    @Test func canonicalSpecRoundTrips() throws {
        let spec = try Fixture.loaded(Self.two)
        let text = String(decoding: spec.canonicalMemberText(), as: UTF8.self)
        #expect(text.contains("\"charts\""))
        #expect(!text.contains("\"slices\":[]"))
        let again = SpecLoader.loadEmbedded(SourceFile(path: "m.json", text: "{\"spec\":" + text + "}"), defaultID: "f")
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics)")
        #expect(again.spec == spec)
    }

    @Test func refusalsAreLocated() throws {
        let beside = Self.errors(Self.two + "\nslices: [{label: X, value: 1}]\n")
        #expect(beside.map(\.code.rawValue) == ["E0342"])
        let shared = Self.errors(Self.two.replacingOccurrences(of: "    title: B\n", with: "    title: B\n    theme: {palette: hue}\n"))
        #expect(shared.map(\.code.rawValue) == ["E0343"])
        #expect(shared.first?.help?.contains("top level") == true)
        #expect(shared.first?.range?.start.line == 14)
        let twice = Self.errors(Self.two.replacingOccurrences(of: "id: b", with: "id: a"))
        #expect(twice.map(\.code.rawValue) == ["E0344"])
        #expect(Self.errors("piec: 1\nlayout: {columns: 2}\nslices: [{label: A, value: 1}]\n").map(\.code.rawValue) == ["E0345"])
        #expect(Self.errors(Self.two.replacingOccurrences(of: "chart: {size: 200}", with: "legend: {values: value}")).map(\.code.rawValue) == ["E0346"])
        // Keys the page of `charts` does not build yet are refused, never ignored.
        for shared in ["chart: {size: 200}\ntheme: {palette: {scale: blues}}"] {
            let refused = Self.errors(Self.two.replacingOccurrences(of: "chart: {size: 200}", with: shared))
            #expect(refused.map(\.code.rawValue) == ["E0346"], "\(shared): \(refused)")
        }
        #expect(Self.errors(Self.two.replacingOccurrences(of: "chart: {size: 200}", with: "chart: {size: 200}\ntheme: {palette: {scale: blues, by: order}}")).isEmpty)
        // A chart's own slices are checked as a spec's: a negative value points into the chart.
        let bad = Self.errors(Self.two.replacingOccurrences(of: "{label: Bus, value: 1}", with: "{label: Bus, value: -1}"))
        #expect(bad.count == 1)
        #expect(bad.first?.range?.start.line == 15)
    }

    /// `chart.hoverCenter` on `charts:`: each chart's texts are its own (its values and
    /// percent), drawn in index.html only, hidden, with rules in each chart's scope and, per
    /// legend row, in each chart holding its id; chart.svg has no hover texts, wedges or rules.
    @Test func hoverCenterFollowsEachChartAndTheLegendInIndexHTML() throws {
        let spec = try Fixture.loaded(Self.two.replacingOccurrences(
            of: "chart: {size: 200}", with: "chart: {size: 200, innerRadius: 0.5, hoverCenter: \"{label} {percent}\"}"))
        let composed = FacetWriter.compose(spec, previous: nil)
        // Rail is 1 of 4 in a (25.0 %), 1 of 2 in b (50.0 %).
        let texts = composed.facets.map { $0.chart.layout.hoverCenters.map { $0?.text } }
        #expect(texts[0] == ["Car 75.0%", "Rail 25.0%"], "\(texts)")
        #expect(texts[1] == ["Bus 50.0%", "Rail 50.0%"], "\(texts)")
        let bundle = FacetWriter.write(spec: spec, sourceBytes: [], previous: nil, svgOnly: false, warnings: []).bundle
        let svg = Fixture.text(bundle, "chart.svg"), html = Fixture.text(bundle, "index.html")
        for absent in ["p-hc", "p-hw", "p-h0"] { #expect(!svg.contains(absent), "\(absent) in chart.svg") }
        #expect(html.contains("<text class=\"p-h1\" visibility=\"hidden\""))
        // A's slice 1 (Rail) in a's scope, and the row of rail (the legend's second) in both charts.
        #expect(html.contains(".piec-f_f0:is(:hover,:focus-within):has(.p-s1:hover,.p-s1:focus,"))
        let active = ".piec-f:is(:hover,:focus-within):has(.p-li1:hover,.p-li1:focus) "
        #expect(html.contains(active + ".piec-f_f0 .p-h1{visibility:visible;opacity:1}"))
        #expect(html.contains(active + ".piec-f_f1 .p-h1{visibility:visible;opacity:1}"))
        #expect(html.contains(active + ".piec-f_f0 .p-ct{visibility:hidden}"))
        // Bus (row 2) is only b's: a keeps its centre.
        let bus = ".piec-f:is(:hover,:focus-within):has(.p-li2:hover,.p-li2:focus) "
        #expect(html.contains(bus + ".piec-f_f1 .p-ct{visibility:hidden}"))
        #expect(!html.contains(bus + ".piec-f_f0 .p-ct"))
    }

    @Test func oneColourPerIdAcrossTheCharts() throws {
        let spec = try Fixture.loaded(Self.two)
        let composed = FacetWriter.compose(spec, previous: nil)
        let rail = composed.facets.map { c in c.chart.layout.slices.first { $0.id == "rail" }!.color }
        #expect(rail[0] == rail[1])
        // The legend is the frame's: one row per id, in the order the charts first hold them.
        #expect(composed.frame.slices.map(\.id) == ["car", "rail", "bus"])
        #expect(composed.frame.slices.first { $0.id == "rail" }?.color == rail[0])
        // Two columns: side by side, one row.
        #expect(composed.facets[1].x > composed.facets[0].x)
        #expect(composed.facets[1].y == composed.facets[0].y)
    }

    @Test func eachChartAnimatesFromItsIdInThePreviousVersion() throws {
        let new = try Fixture.loaded(Self.two)
        let old = try Fixture.loaded(Self.two
            .replacingOccurrences(of: "{label: Car, value: 3}", with: "{label: Car, value: 1}")
            .replacingOccurrences(of: "id: b", with: "id: c"))
        let composed = FacetWriter.compose(new, previous: old)
        // `a` changed: it animates from 180 degrees to 270 for Car.
        let a = composed.facets[0].chart
        #expect(a.changes != nil)
        let car = try #require(a.plan.segments.first { $0.id == "car" })
        #expect(abs(car.from.endAngle - car.from.startAngle - 180) < 1e-6)
        #expect(abs(car.to.endAngle - car.to.startAngle - 270) < 1e-6)
        // `b` is new: it enters (no previous version); `c` is gone: it fades out.
        #expect(composed.facets[1].chart.changes == nil)
        #expect(composed.leaving.map(\.id) == ["c"])
        let bundle = FacetWriter.write(spec: new, sourceBytes: [], previous: old, svgOnly: false, warnings: []).bundle
        let svg = Fixture.text(bundle, "chart.svg")
        #expect(svg.contains("<g class=\"piec-f_fx1\" visibility=\"hidden\" opacity=\"0\""))
        #expect(svg.contains("@keyframes piec-f_fx1-fade"))
        #expect(svg.contains("class=\"piec-f_f0\""))
        #expect(svg.contains("class=\"piec-f_f1\""))
        // No class of one chart's styles names another's scope.
        #expect(!svg.contains(".piec-f{"))
    }

    @Test func aChartInALeavingChartsCellWaitsForItsFade() throws {
        let new = try Fixture.loaded(Self.two)
        let old = try Fixture.loaded(Self.two.replacingOccurrences(of: "id: b", with: "id: c"))
        let composed = FacetWriter.compose(new, previous: old)
        // `c` leaves cell 1 over the first half of the 800 ms default; `b`, new there, waits.
        #expect(composed.fade == TimeWindow(start: 0, length: 400))
        #expect(composed.facets.map(\.wait) == [0, 400])
        #expect(composed.facets[1].chart.plan.timeline.start == 400)
        #expect(composed.leaving.map(\.x) == [composed.facets[1].x])
        let css = Fixture.text(FacetWriter.write(spec: new, sourceBytes: [], previous: old, svgOnly: false, warnings: []).bundle, "chart.css")
        #expect(css.contains("@keyframes piec-f_f1-wait{from{opacity:0}to{opacity:1}}"))
        #expect(css.contains(".piec-f_f1{animation:piec-f_f1-wait 400ms step-end both}"))
        #expect(css.contains(".piec-f_fx1{animation:piec-f_fx1-fade 400ms "))
        #expect(!css.contains("piec-f_f0-wait"))
        // Without a leaving chart nothing waits.
        #expect(FacetWriter.compose(new, previous: new).facets.map(\.wait) == [0, 0])
    }

    @Test func framesDrawEachChartInItsCellTheLeavingOneFadingAndTheWaitingOneHidden() throws {
        let new = try Fixture.loaded(Self.two)
        let old = try Fixture.loaded(Self.two.replacingOccurrences(of: "id: b", with: "id: c").replacingOccurrences(of: "title: B", with: "title: C"))
        let source = FrameSource.facets(FacetWriter.compose(new, previous: old), spec: new)
        guard case .facets(let composed, _) = source else { return }
        #expect(source.timeline == TimeWindow(start: 0, length: 1200))
        #expect(source.size.width == composed.width && source.size.height == composed.height)
        func frame(_ t: Double) -> String { String(decoding: source.svg(at: t), as: UTF8.self) }
        let cell = "translate(" + formatNumber(composed.facets[1].x, decimals: 3) + " "
        // Before the fade ends: `c` (its old title) at its fade's opacity, `b` not drawn.
        let early = frame(200)
        let opacity = 1 - Easing.easeInOut.value(at: 0.5)
        #expect(early.contains("<g opacity=\"" + formatNumber(opacity, decimals: 3) + "\" transform=\"" + cell))
        #expect(early.contains(">C</text>"))
        #expect(!early.contains(">B</text>"))
        // After it: `b` drawn in the same cell (with its title), `c` gone.
        let late = frame(1200)
        #expect(late.contains("<g transform=\"" + cell))
        #expect(late.contains(">B</text>"))
        #expect(!late.contains("<g opacity="))
        // The shared title and legend are drawn once, no style sheet.
        #expect(late.components(separatedBy: ">Two</text>").count == 2)
        #expect(!late.contains("<style"))
    }

    @Test func aChartsTitleIsReadOnce() throws {
        let long = String(repeating: "x", count: Keys.maxText + 1)
        let refused = Self.errors(Self.two.replacingOccurrences(of: "title: B", with: "title: " + long))
        #expect(refused.count == 1, "\(refused)")
    }

    @Test func diffReportsChartByChart() throws {
        let new = try Fixture.loaded(Self.two)
        let old = try Fixture.loaded(Self.two
            .replacingOccurrences(of: "{label: Car, value: 3}", with: "{label: Car, value: 1}")
            .replacingOccurrences(of: "id: b", with: "id: c"))
        let changes = FacetChanges.between(old: old, new: new)
        #expect(changes.facets.map(\.id) == ["a", "b", "c"])
        #expect(changes.facets.map(\.status) == [.changed, .added, .removed])
        let text = changes.text()
        #expect(text.contains("chart a: changed\n  ~ car  50.0% -> 75.0%  (value)"))
        #expect(text.contains("chart b: added\n  + bus"))
        #expect(text.contains("chart c: removed\n"))
        #expect(FacetChanges.between(old: new, new: new).isEmpty)
    }
}
