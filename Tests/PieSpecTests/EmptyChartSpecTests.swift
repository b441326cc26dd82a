import PieDiagnostics
import PieJSON
@testable import PieSpec
import Testing

/// An empty chart in the spec: `slices: []` and a data file without rows load (a chart of no
/// slices), their canonical spec keeps `slices: []` so a bundle's recorded spec reads back,
/// `chart.empty` is a text key left out of the canonical spec at its default, and an empty
/// ring stays a located error.
struct EmptyChartSpecTests {
    func load(_ text: String, inputs: SpecInputs = SpecInputs()) -> SpecLoadResult {
        SpecLoader.load(SourceFile(path: "s.yaml", text: text), defaultID: "s", inputs: inputs)
    }

    func csv(_ text: String, path: String = "d.csv") -> SpecInputs { SpecInputs(data: .file(SourceFile(path: path, text: text))) }

    @Test func emptySlicesLoadAndTheCanonicalSpecKeepsThem() throws {
        let r = load("piec: 1\nslices: []\n")
        let spec = try #require(r.spec, "\(r.diagnostics)")
        #expect(spec.slices.isEmpty && r.diagnostics.isEmpty)
        #expect(spec.canonicalJSON()["slices"] == .array([]))
        // The manifest's streamed spec holds the same, and reads back as an empty chart.
        let member = String(decoding: spec.canonicalMemberText(), as: UTF8.self)
        #expect(member.filter { !$0.isWhitespace }.contains("\"slices\":[]"), "\(member)")
        let manifest = SourceFile(path: "manifest.json", text: "{\"spec\": " + member + "}")
        let back = SpecLoader.loadEmbedded(manifest, defaultID: "s")
        #expect(try #require(back.spec, "\(back.diagnostics)").slices.isEmpty)
        // A chart of rings still leaves `slices` out.
        let rings = try #require(load("piec: 1\nrings:\n  - {id: a, label: A, slices: [{label: X, value: 1}]}\n").spec)
        #expect(rings.canonicalJSON()["slices"] == nil)
    }

    @Test func chartEmptyIsATextLeftOutAtItsDefault() throws {
        let plain = try #require(load("piec: 1\nslices: []\n").spec)
        #expect(plain.chart.empty == "No data" && plain.canonicalJSON()["chart"]?["empty"] == nil)
        let written = try #require(load("piec: 1\nchart: {empty: Nothing open}\nslices: []\n").spec)
        #expect(written.chart.empty == "Nothing open" && written.canonicalJSON()["chart"]?["empty"] == .string("Nothing open"))
        #expect(try #require(load("piec: 1\nchart: {empty: \"\"}\nslices: []\n").spec).chart.empty == "")
        // Set on a chart with slices, it is what the chart shows when its data empties.
        #expect(load("piec: 1\nchart: {empty: Later}\nslices: [{label: A, value: 1}]\n").spec?.chart.empty == "Later")
        let long = load("piec: 1\nchart: {empty: " + String(repeating: "x", count: 1_001) + "}\nslices: []\n")
        #expect(long.diagnostics.map(\.code) == [SpecDiagnostics.textTooLong] && long.spec == nil)
    }

    @Test func aDataFileWithoutRowsIsAnEmptyChart() throws {
        let spec = "piec: 1\ndata: {file: d.csv, label: name, value: lines}\n"
        let header = load(spec, inputs: csv("name,lines\n"))
        #expect(try #require(header.spec, "\(header.diagnostics) \(header.related)").slices.isEmpty)
        let json = load(spec.replacingOccurrences(of: "d.csv", with: "d.json"), inputs: csv("[]", path: "d.json"))
        #expect(try #require(json.spec, "\(json.diagnostics) \(json.related)").slices.isEmpty)
        // The header still names the columns `data` reads.
        let missing = load(spec, inputs: csv("name,count\n"))
        #expect(missing.diagnostics.first?.code == DataDiagnostics.missingColumn && missing.spec == nil)
        // A file with no header at all is still not a table.
        let nothing = load(spec, inputs: csv(""))
        #expect(nothing.related.first?.diagnostics.first?.code == DataDiagnostics.badDataFile && nothing.spec == nil)
    }

    @Test func anEmptyRingOrNoRingsStaysALocatedError() throws {
        let ring = load("piec: 1\nrings:\n  - {id: a, label: A, slices: []}\n")
        let d = try #require(ring.diagnostics.first)
        #expect(d.code == SpecDiagnostics.wrongType && d.range?.start == SourceLocation(line: 3, column: 31))
        #expect(d.notes.first?.contains("`slices: []`") == true, "\(d)")
        let none = try #require(load("piec: 1\nrings: []\n").diagnostics.first)
        #expect(none.code == SpecDiagnostics.wrongType && none.help?.contains("slices: []") == true)
    }

    @Test func zeroValuedSlicesWithoutATotalStayNothingToDraw() throws {
        // An empty chart has no slices; slices that all weigh 0 are still an error.
        #expect(load("piec: 1\nslices: [{label: A, value: 0}]\n").diagnostics.first?.code == SpecDiagnostics.nothingToDraw)
    }
}
