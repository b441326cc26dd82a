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
        #expect(html.occurrences(of: "tabindex=\"0\"") == 4)
        let order = ["p-s0", "p-s1", "p-s2", "p-s4"].map { html.firstRange(of: "class=\"p-w " + $0 + "\"")!.lowerBound }
        #expect(order == order.sorted())
        #expect(html.contains("aria-label=\"Swift: 42.5 (42.5%)\""))
        #expect(html.contains(".piec-languages .p-s0:hover,.piec-languages .p-s0:focus{transform:translate("))
        #expect(html.contains(".piec-languages:has(.p-s4:hover,.p-s4:focus) .p-t4{visibility:visible}"))
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
        #expect(m["manifestVersion"] as? Int == 1)
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
            #expect(from["startAngle"] as? Double == 17.25 && from["endAngle"] as? Double == 17.25)
            #expect(to["color"] as? String == slice.color.hex)
        }
    }
}
