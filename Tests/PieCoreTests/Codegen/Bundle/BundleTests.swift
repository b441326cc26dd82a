import Foundation
import PieDiagnostics
import PieSpec
import Testing
@testable import PieCore

@Suite("index.html and manifest.json")
struct BundleTests {
    private func languages() -> ChartSpec {
        var spec = Fixture.spec([42.5, 12, 20, 0, 25.5], id: "languages", labels: ["Swift", "Go", "Python", "Perl", "Rust"])
        spec.title = "Languages"
        return spec
    }

    @Test func htmlIsACompletePageWithoutScript() {
        let html = Fixture.text(Fixture.bundle(languages()), "index.html")
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>"))
        #expect(html.contains("<title>Languages</title>"))
        #expect(html.hasSuffix("</html>\n"))
        #expect(!html.contains("<script") && !html.contains("<?xml"))
        #expect(html.contains("<figcaption>First version: 5 slices, largest Swift at 42.5%.</figcaption>"))
    }

    @Test func visibleSlicesAreFocusableInSliceOrder() {
        let html = Fixture.text(Fixture.bundle(languages()), "index.html")
        // Four slices, then their four legend rows.
        #expect(html.occurrences(of: "tabindex=\"0\"") == 8)
        let order = ["p-s0", "p-s1", "p-s2", "p-s4"].map { html.firstRange(of: "class=\"p-w " + $0 + "\"")!.lowerBound }
        #expect(order == order.sorted())
        #expect(html.contains("aria-label=\"Swift: 42.5 (42.5%)\""))
        #expect(html.contains(".piec-languages .p-s0:hover,.piec-languages .p-s0:focus{transform:translate("))
        #expect(html.contains(".piec-languages:is(:hover,:focus-within):has(.p-s4:hover,.p-s4:focus) .p-t4{visibility:visible}"))
        #expect(!html.contains("p-s3"))
    }

    @Test func tableListsEverySliceForScreenReaders() {
        var spec = languages()
        spec.format.suffix = " kLOC"
        let html = Fixture.text(Fixture.bundle(spec), "index.html")
        #expect(html.contains("<table class=\"sr-only\">"))
        #expect(html.contains("<tr><th scope=\"row\">Perl</th><td>0 kLOC</td><td>0.0%</td></tr>"))
        #expect(html.contains("<tr><th scope=\"row\">Swift</th><td>42.5 kLOC</td><td>42.5%</td></tr>"))
    }

    /// A slice's description (its own, a data file's summed rows) is read: the second line of
    /// its tooltip, its aria-label and its slice's and legend row's, and a column of the table.
    @Test func sliceDescriptionsReachTheTooltipTheLabelsAndTheTable() {
        var spec = languages()
        spec.slices[0].description = "Sum of 3 rows"
        let html = Fixture.text(Fixture.bundle(spec), "index.html")
        #expect(html.occurrences(of: "aria-label=\"Swift: 42.5 (42.5%). Sum of 3 rows\"") == 2)
        #expect(html.contains("<text y=\"4.2\">Swift: 42.5 (42.5%)</text><text y=\"20.2\" fill-opacity=\"0.85\">Sum of 3 rows</text>"))
        #expect(html.contains("<th scope=\"col\">Description</th>"))
        #expect(html.contains("<tr><th scope=\"row\">Swift</th><td>42.5</td><td>42.5%</td><td>Sum of 3 rows</td></tr>"))
        #expect(html.contains("<tr><th scope=\"row\">Go</th><td>") && html.contains("%</td><td></td></tr>"))
        // Without any description, the table has no such column and tooltips one line.
        let plain = Fixture.text(Fixture.bundle(languages()), "index.html")
        #expect(!plain.contains("Description") && !plain.contains("fill-opacity=\"0.85\""))
    }

    @Test func enterSentenceForOneSlice() {
        #expect(Summary.enterSentence(Layout.layout(Fixture.spec([3], labels: ["Only"]))) == "First version: 1 slice, Only at 100.0%.")
    }

    private func manifest(_ spec: ChartSpec, source: String) throws -> [String: Any] {
        let bytes = Fixture.bundle(spec, source: source).files.first { $0.name == "manifest.json" }!.bytes
        #expect(bytes.last == 0x0A)
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func manifestFollowsTheContract() throws {
        let source = "piec: 1\nid: languages\n"
        let m = try manifest(languages(), source: source)
        #expect(m["piec"] as? String == PiecVersion.string)
        #expect(m["manifestVersion"] as? Int == 2)
        #expect(m["previous"] is NSNull)
        #expect(m["specHash"] as? String == "sha256:" + SHA256.hex(Array(source.utf8)))
        #expect(m["files"] as? [String] == ["chart.svg", "chart.css", "index.html", "manifest.json"])
        let chart = try #require(m["chart"] as? [String: Any])
        #expect(chart["outerRadius"] as? Double == 150 && chart["direction"] as? String == "clockwise")
        #expect(chart["background"] is NSNull && chart["track"] is NSNull)
        let animation = try #require(m["animation"] as? [String: Any])
        #expect(animation["kind"] as? String == "enter-grow")
        #expect(animation["easing"] as? [Double] == [0.42, 0, 0.58, 1])
        let keys = Fixture.text(Fixture.bundle(languages(), source: source), "manifest.json")
        #expect(keys.contains("  \"spec\": " + languages().canonicalJSON().serialized(pretty: true)
            .replacingOccurrences(of: "\n", with: "\n  ")))
    }

    /// A transition's manifest records the previous version's canonical spec right after
    /// `spec`, so the bundle can be built again from the manifest alone.
    @Test func manifestRecordsThePreviousVersion() throws {
        var old = languages()
        old.slices.removeLast()
        let bundle = Compiler.compile(spec: languages(), sourceBytes: [1], previous: old)
        let text = Fixture.text(bundle, "manifest.json")
        let previous = "  \"previous\": " + old.canonicalJSON().serialized(pretty: true).replacingOccurrences(of: "\n", with: "\n  ")
        #expect(text.contains(previous + ",\n  \"chart\": {"))
        let spec = try #require(text.range(of: "  \"spec\": ")), recorded = try #require(text.range(of: previous))
        #expect(spec.upperBound < recorded.lowerBound)
    }

    @Test func manifestRoundTripsTheAngles() throws {
        var spec = languages()
        spec.chart.startAngle = 17.25
        spec.chart.direction = .counterclockwise
        let layout = Layout.layout(spec)
        let m = try manifest(spec, source: "x")
        let slices = try #require(m["slices"] as? [[String: Any]])
        let transitions = try #require(m["transitions"] as? [[String: Any]])
        #expect(slices.count == 5 && transitions.count == 5)
        for (k, slice) in layout.slices.enumerated() {
            #expect(slices[k]["id"] as? String == slice.id)
            #expect(slices[k]["percent"] as? String == slice.percentText)
            let start = try #require(slices[k]["startAngle"] as? Double)
            let end = try #require(slices[k]["endAngle"] as? Double)
            #expect(abs(start - slice.startAngle) <= 0.0005 && abs(end - slice.endAngle) <= 0.0005)
            let to = try #require(transitions[k]["to"] as? [String: Any])
            let from = try #require(transitions[k]["from"] as? [String: Any])
            #expect(to["startAngle"] as? Double == start && to["endAngle"] as? Double == end)
            // Chart angles of a counterclockwise chart are negated screen angles: the spec's
            // absolute start 17.25 is chart angle -17.25.
            #expect(from["startAngle"] as? Double == -17.25 && from["endAngle"] as? Double == -17.25)
            #expect(to["color"] as? String == slice.color.hex)
        }
    }
}

@Suite("Bundle limits and round trips")
struct BundleRoundTripTests {
    @Test func slicesTooThinToPointAtStillGetAFocusStop() {
        // 1 of 1000 at R = 150 is a 0.94 px arc; 2 of 1000 is 1.9 px; 3 of 1000 is 2.8 px:
        // each is reachable by keyboard (slice and legend row) all the same.
        let html = Fixture.text(Fixture.bundle(Fixture.spec([1, 2, 3, 994])), "index.html")
        #expect(html.occurrences(of: "tabindex=\"0\"") == 8)
        #expect(html.contains("p-li0\"") && html.contains("p-s0\"") && html.contains("p-s1\""))
        #expect(html.occurrences(of: "<tr><th scope=\"row\">") == 4)
    }

    @Test func aboveMaxFocusStopsOnlySlicesWideEnoughToPointAtAreStops() {
        // 600 slivers of 0.09 px and one large slice: the large one and its legend row.
        let values = Array(repeating: 1.0, count: HTMLPage.maxFocusStops + 100) + [10_000]
        var spec = Fixture.spec(values)
        spec.labels.position = .none
        let html = Fixture.text(Fixture.bundle(spec), "index.html")
        #expect(html.occurrences(of: "tabindex=\"0\"") == 1)
        #expect(html.contains("p-s\(values.count - 1)\""))
    }

    @Test func manifestSpecLoadsBackAsTheSameSpec() throws {
        var spec = Fixture.spec([3, 1, 2], id: "roundtrip", labels: ["A", "B", "C"])
        spec.title = "Round trip"
        spec.chart.innerRadius = 0.5
        spec.slices[1].radius = 0.8
        let bytes = Fixture.bundle(spec).files[3].bytes
        let loaded = SpecLoader.loadEmbedded(SourceFile(path: "manifest.json", bytes: bytes), defaultID: "x")
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.spec == spec)
    }

    @Test func chartSVGStaysSmallPerSlice() {
        let n = 2000
        let bundle = Fixture.bundle(Fixture.spec((0..<n).map { Double($0 % 7 + 1) }))
        let svg = bundle.files[0].bytes.count
        #expect(svg / n <= 400, "chart.svg takes \(svg / n) bytes per slice")
        #expect(bundle.files[2].bytes.count / n <= 700)
    }
}

@Suite("Compiling spec source")
struct CompileRequestTests {
    private let languages = """
        piec: 1
        id: languages
        title: Languages <in> the monorepo
        chart: { innerRadius: 0.55 }
        slices:
          - { id: swift, label: Swift, value: 42.5, color: "#f05138" }
          - { id: go, label: Go, value: 12 }
          - { id: perl, label: Perl, value: 0 }

        """

    @Test func sourceCompilesToTheFourFilesInOrder() throws {
        let source = SourceFile(path: "specs/languages.yaml", text: languages)
        let result = Compiler.compile(CompileRequest(source: source, defaultID: "languages"))
        #expect(result.diagnostics.isEmpty)
        let bundle = try #require(result.bundle)
        #expect(bundle.id == "languages")
        #expect(bundle.files.map(\.name) == Bundle.fileNames)
        #expect(result.spec.map { Fixture.bundle($0, source: languages) } == bundle)
        let svg = Fixture.text(bundle, "chart.svg")
        #expect(svg.contains("<title id=\"piec-languages-title\">Languages &lt;in&gt; the monorepo</title>"))
        #expect(svg.contains("fill=\"#f05138\""))
        let manifest = Fixture.text(bundle, "manifest.json")
        #expect(manifest.contains("\"specHash\": \"sha256:" + SHA256.hex(Array(languages.utf8)) + "\""))
    }

    @Test func svgOnlyRequest() throws {
        let source = SourceFile(path: "x.yaml", text: languages)
        let result = Compiler.compile(CompileRequest(source: source, defaultID: "x", svgOnly: true))
        #expect(try #require(result.bundle).files.map(\.name) == ["chart.svg"])
    }

    @Test func specErrorsGiveDiagnosticsAndNoBundle() {
        let source = SourceFile(path: "bad.yaml", text: "piec: 1\nslices:\n  - { label: A, value: -1 }\n")
        let result = Compiler.compile(CompileRequest(source: source, defaultID: "bad"))
        #expect(result.bundle == nil)
        #expect(result.diagnostics.hasErrors)
    }

    @Test func enterSentences() {
        #expect(Summary.enterSentence(Layout.layout(Fixture.spec([1, 1, 1]))) == "First version: 3 equal slices.")
        #expect(Summary.enterSentence(Layout.layout(Fixture.spec([0, 0]))) == "First version: 2 slices, all zero.")
        #expect(Summary.enterSentence(Layout.layout(Fixture.spec([1, 3], labels: ["a", "B"]))) == "First version: 2 slices, largest B at 75.0%.")
    }

    @Test func everyDocumentIsBalancedMarkup() {
        var spec = Fixture.spec([3, 0, 2, 1], labels: ["a<b", "z", "c&d", "e\"f"])
        spec.chart.innerRadius = 0.4
        spec.chart.direction = .counterclockwise
        for position in LegendPosition.allCases {
            spec.legend.position = position
            let bundle = Fixture.bundle(spec)
            for name in ["chart.svg", "index.html"] {
                #expect(unbalancedTag(Fixture.text(bundle, name)) == nil, "\(name) with legend \(position)")
            }
        }
    }

    /// The first end tag that does not close the innermost open element (void HTML elements
    /// and self-closing tags aside), or the first element left open.
    private func unbalancedTag(_ text: String) -> String? {
        let void: Set<String> = ["meta", "!doctype", "?xml"]
        var stack: [String] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { return "unterminated tag" }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if tag.hasPrefix("/") {
                let name = String(tag.dropFirst())
                guard stack.last == name else { return "</\(name)>" }
                stack.removeLast()
            } else if !tag.hasSuffix("/") {
                let name = String(tag.prefix { $0 != " " && $0 != "\n" }).lowercased()
                if !void.contains(name) { stack.append(name) }
            }
        }
        return stack.last.map { "<\($0)> left open" }
    }
}
