@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// What piec promises about labels besides the fit (issue 25): centre text on the drawn side
/// of a gauge, a canvas no taller than what is drawn, outside labels kept by size and
/// reported, warnings that survive the unchanged fast path, ring labels without a prefix,
/// units said once.
@Suite("Label guarantees")
struct LabelGuaranteeTests {
    static func load(_ yaml: String) throws -> ChartSpec {
        let r = SpecLoader.load(SourceFile(path: "t.yaml", text: yaml), defaultID: "t")
        return try #require(r.spec, "\(r.diagnostics)")
    }

    static let gauge = "piec: 1\nchart: {startAngle: -90, sweep: 180, innerRadius: 0.6, center: \"{total}\\nfiles\"}\n"
        + "legend: {position: none}\nslices:\n  - {label: A, value: 30}\n  - {label: B, value: 12}\n"

    @Test func aHalfGaugesCentreTextSitsAboveItsFlatEdge() throws {
        let layout = Layout.layout(try Self.load(Self.gauge))
        let c = try #require(layout.center)
        let (w, h) = LabelFit.size(c.text, fontSize: c.fontSize)
        #expect(c.y + h / 2 <= 0, "the block's bottom is above the flat edge: \(c.y) + \(h / 2)")
        #expect(c.x == 0)
        let box = SectorBox(centerX: c.x, y: c.y, width: w, height: h)
        #expect(box.isInside(start: -90, end: 90, inner: 0, outer: layout.innerRadius, sign: 1))
        let svg = Fixture.svg(try Self.load(Self.gauge))
        #expect(svg.contains("<text class=\"p-cx0\" y=\"" + formatNumber(c.y + c.fontSize * 0.35 - c.fontSize * 0.6)))
    }

    @Test func aHalfGaugeWithOutsideLabelsIsNotAsTallAsTheWholeCircle() throws {
        let spec = try Self.load(Self.gauge.replacingOccurrences(of: "legend:", with: "labels: {position: outside}\nlegend:"))
        let layout = Layout.layout(spec)
        // Nothing is drawn below the centre but the labels' stack, which sits beside the arc.
        #expect(layout.height < layout.cy + layout.outerRadius / 2, "\(layout.height) x \(layout.cy)")
        #expect(layout.slices.allSatisfy { $0.labelOutside && $0.labelText != nil })
    }

    @Test func outsideKeepsTheLargestSlicesLabelsAndReportsTheRest() throws {
        var yaml = "piec: 1\nchart: {size: 160}\nlabels: {position: outside, minPercent: 0}\nlegend: {position: none}\nslices:\n"
        yaml += "  - {label: Big, value: 400}\n" + (1...80).map { "  - {label: S\($0), value: \(1 + $0 % 3)}\n" }.joined()
        let layout = Layout.layout(try Self.load(yaml))
        let kept = layout.slices.filter { $0.labelText != nil }, dropped = layout.slices.filter { $0.labelLeftOut == .noRoom }
        #expect(!dropped.isEmpty && kept.count + dropped.count == layout.slices.count)
        #expect(kept.contains { $0.label == "Big" })
        // Each side keeps its largest slices' labels.
        for right in [true, false] {
            let side = { (s: SliceLayout) in (s.midAngle.truncatingRemainder(dividingBy: 360) < 180) == right }
            let k = kept.filter(side).map(\.value), d = dropped.filter(side).map(\.value)
            if let least = k.min(), let most = d.max() { #expect(least >= most, "kept by size on the \(right ? "right" : "left")") }
        }
        let result = Compiler.compile(CompileRequest(source: SourceFile(path: "t.yaml", text: yaml), defaultID: "t"))
        #expect(result.diagnostics.map(\.code) == [LabelWarnings.noRoom])
        #expect(result.diagnostics[0].message == "\(dropped.count) labels do not fit beside the chart and are left out")
    }

    /// The manifest lists the build's warnings, so its head is not the one the driver's fast
    /// path looks for: an unchanged spec that warned is built (and warns) again.
    @Test func aManifestWithWarningsDoesNotPassTheFastPath() throws {
        let quiet = "piec: 1\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 1}\n"
        let loud = "piec: 1\nchart: {minAngle: 90}\n" + "slices:\n" + (1...5).map { "  - {label: S\($0), value: 1}\n" }.joined()
        for (text, warns) in [(quiet, false), (loud, true)] {
            let result = Compiler.compile(CompileRequest(source: SourceFile(path: "t.yaml", text: text), defaultID: "t"))
            let manifest = try #require(result.bundle?.files.first { $0.name == "manifest.json" }).bytes
            let head = Manifest.head(id: "t", specBytes: Array(text.utf8))
            #expect(manifest.starts(with: head) == !warns)
            #expect(String(decoding: manifest, as: UTF8.self).contains("\"code\": \"E0602\"") == warns)
        }
    }

    @Test func piecCheckReportsLabelsLeftOutToo() {
        let text = "piec: 1\nslices:\n  - {label: A long label for a thin slice, value: 1}\n  - {label: B, value: 99}\n"
        var request = CompileRequest(source: SourceFile(path: "t.yaml", text: text), defaultID: "t")
        request.validateOnly = true
        #expect(Compiler.compile(request).diagnostics.isEmpty)
        request.reportsLayout = true
        request.source = SourceFile(path: "t.yaml", text: text.replacingOccurrences(of: "piec: 1\n", with: "piec: 1\nlabels: {minPercent: 0, position: inside}\n"))
        #expect(Compiler.compile(request).diagnostics.map(\.code) == [LabelWarnings.doesNotFit])
    }

    @Test func aRingWithAnEmptyLabelShowsItsSlicesAlone() throws {
        let spec = try Self.load("piec: 1\nrings:\n  - {id: a, label: \"\", slices: [{label: Blink, value: 1}]}\n"
            + "  - {id: b, label: Browser, slices: [{label: Chrome, value: 1}]}\n")
        #expect(spec.flattened.slices.map(\.label) == ["Blink", "Browser: Chrome"])
    }

    @Test func aUnitTheTemplateAlreadySaysIsNotRepeated() {
        var format = FormatOptions()
        format.suffix = " GB"
        format.prefix = "$"
        let slice = Layout.layout(Fixture.spec([315])).slices[0]
        func render(_ t: String) -> String { Layout.render(try! LabelTemplate.parse(t).get(), slice: slice, format: format, total: 315) }
        #expect(render("{total} GB") == "$315 GB")
        #expect(render("{total}GB") == "$315GB")
        #expect(render("${value} used") == "$315 GB used")
        #expect(render("{value}") == "$315 GB")
        #expect(render("{value} of {total}") == "$315 GB of $315 GB")
    }
}
