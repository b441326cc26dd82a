import PieDiagnostics
@testable import PieSpec
import Testing

/// The files a spec reads, the spec side: `data:` from CSV/JSON bytes and `.piec.yaml`
/// defaults merged under a spec, every diagnostic located in the file it is about.
struct SpecInputsTests {
    func spec(_ text: String) -> SourceFile { SourceFile(path: "s.yaml", text: text) }
    func csv(_ text: String, path: String = "d.csv") -> SpecInputs { SpecInputs(data: .file(SourceFile(path: path, text: text))) }
    let dataSpec = "piec: 1\ndata: {file: d.csv, label: name, value: lines}\n"

    @Test func csvRowsBecomeSlicesInOrder() throws {
        let text = "\u{FEFF}name,lines,extra\r\nSwift,42.5,x\r\n\r\n\"Shell, Make\",\"7\",\n \"Say \"\"hi\"\"\" , 1 ,\n"
        let r = SpecLoader.load(spec(dataSpec), defaultID: "s", inputs: csv(text))
        let s = try #require(r.spec, "\(r.diagnostics) \(r.related.map(\.diagnostics))")
        #expect(s.slices.map(\.label) == ["Swift", "Shell, Make", "Say \"hi\""])
        #expect(s.slices.map(\.value) == [42.5, 7, 1])
        #expect(s.slices.map(\.id) == ["swift", "shell-make", "say-hi"])
        #expect(r.diagnostics.isEmpty && r.related.isEmpty)
    }

    @Test func aBadCellIsReportedAtItsLineAndColumnInTheDataFile() throws {
        let text = "name,lines\nA,1\nB,2\nC,3\nD,4\nE,5\nF,1x2\n"
        let r = SpecLoader.load(spec(dataSpec), defaultID: "s", inputs: csv(text))
        #expect(r.spec == nil)
        let group = try #require(r.related.first)
        #expect(group.path == "d.csv")
        let d = try #require(group.diagnostics.first)
        #expect(d.code == SpecDiagnostics.notPlainNumber)
        #expect(d.range == SourceRange(start: SourceLocation(line: 7, column: 3), end: SourceLocation(line: 7, column: 6)))
        // The spec holds one E0315 at `data.file`.
        #expect(r.diagnostics.map(\.code) == [DataDiagnostics.inputHasErrors])
        #expect(r.diagnostics[0].range?.start == SourceLocation(line: 2, column: 14))
    }

    @Test func aMissingColumnIsNamedWithDidYouMean() throws {
        let r = SpecLoader.load(spec(dataSpec), defaultID: "s", inputs: csv("name,line\nA,1\n"))
        let d = try #require(r.diagnostics.first)
        #expect(d.code == DataDiagnostics.missingColumn)
        #expect(d.help?.contains("`line`") == true)
        #expect(d.range?.start == SourceLocation(line: 2, column: 41))
        #expect(r.related.isEmpty)
    }

    @Test(arguments: [
        ("name,lines\nA,\"1\n", "never closed", 2, 3),
        ("name,lines\nA,1,2\n", "3 fields", 2, 5),
        ("name,lines\nA\"b,1\n", "quote inside", 2, 2),
        ("name,name\nA,1\n", "duplicate column", 1, 6),
        ("", "is empty", 1, 1),
    ])
    func malformedCSVIsLocated(_ text: String, _ message: String, _ line: Int, _ column: Int) throws {
        let r = SpecLoader.load(spec(dataSpec), defaultID: "s", inputs: csv(text))
        let d = try #require(r.related.first?.diagnostics.first, "\(r.diagnostics)")
        #expect(d.code == DataDiagnostics.badDataFile)
        #expect(d.message.contains(message), "\(d.message)")
        #expect(d.range?.start == SourceLocation(line: line, column: column), "\(d.message)")
    }

    @Test func jsonIsAnArrayOfObjectsAndQuotedNumbersAreStrings() throws {
        let good = "[{\"name\": \"Swift\", \"lines\": 42}, {\"name\": \"Go\", \"lines\": 8.5, \"note\": null}]"
        let ok = SpecLoader.load(spec(dataSpec.replacingOccurrences(of: "d.csv", with: "d.json")), defaultID: "s",
                                 inputs: csv(good, path: "d.json"))
        #expect(try #require(ok.spec).slices.map(\.value) == [42, 8.5])
        let bad = SpecLoader.load(spec(dataSpec), defaultID: "s", inputs: csv("[{\"name\": \"A\", \"lines\": \"42\"}]", path: "d.json"))
        #expect(bad.related.first?.diagnostics.first?.code == SpecDiagnostics.notPlainNumber)
        let shape = SpecLoader.load(spec(dataSpec), defaultID: "s", inputs: csv("{\"name\": \"A\"}", path: "d.json"))
        #expect(shape.related.first?.diagnostics.first?.message.contains("array of objects") == true)
    }

    @Test func duplicateIDsFromRowsPointAtBothRows() throws {
        let r = SpecLoader.load(spec(dataSpec), defaultID: "s", inputs: csv("name,lines\nGo,1\ngo,2\n"))
        let d = try #require(r.related.first?.diagnostics.first)
        #expect(d.code == SpecDiagnostics.duplicateSliceID)
        #expect(d.range?.start.line == 3 && d.labels.first?.range.start.line == 2)
    }

    @Test func slicesAndDataAreExclusiveAndOneIsRequired() {
        let both = SpecLoader.load(spec("piec: 1\nslices: [{label: A, value: 1}]\ndata: {file: d.csv}\n"), defaultID: "s", inputs: csv("label,value\nA,1\n"))
        #expect(both.diagnostics.map(\.code) == [DataDiagnostics.slicesAndData])
        let neither = SpecLoader.load(spec("piec: 1\n"), defaultID: "s")
        #expect(neither.diagnostics.map(\.code) == [SpecDiagnostics.missingKey])
        // Without the driver (no bytes handed over) a data spec is an error, never empty.
        let unread = SpecLoader.load(spec(dataSpec), defaultID: "s")
        #expect(unread.diagnostics.map(\.code) == [DataDiagnostics.dataFileUnusable])
    }

    @Test func dataReferenceIsFoundWithoutLowering() {
        #expect(SpecLoader.dataReference(spec(dataSpec))?.path == "d.csv")
        #expect(SpecLoader.dataReference(spec("piec: 1\nslices: []\n")) == nil)
    }

    // MARK: shared defaults

    func defaults(_ texts: String...) -> SpecInputs {
        SpecInputs(defaults: texts.enumerated().map { SourceFile(path: "level\($0.offset)/.piec.yaml", text: $0.element) })
    }

    @Test func defaultsMergeKeyByKeyNearestWinsListsReplace() throws {
        let near = "chart: {innerRadius: 0.5}\ntheme: {palette: ['#111111']}\n"
        let far = "chart: {size: 200, innerRadius: 0.3}\ntheme: {palette: ['#222222', '#333333'], background: '#ffffff'}\nlabels: {minPercent: 9}\n"
        let r = SpecLoader.load(spec("piec: 1\nchart: {size: 300}\nslices: [{label: A, value: 1}]\n"), defaultID: "s", inputs: defaults(near, far))
        let s = try #require(r.spec, "\(r.diagnostics) \(r.related.map(\.diagnostics))")
        #expect(s.chart.size == 300)          // the spec wins
        #expect(s.chart.innerRadius == 0.5)   // the nearer file wins over the farther
        #expect(s.labels.minPercent == 9)     // the farther file still applies
        #expect(s.theme.palette == .list([Color.parse("#111111")!]))  // lists replace, never concatenate
        #expect(s.theme.background == Color.parse("#ffffff"))
        // The canonical spec holds the merged result: it loads alone to the same chart.
        let again = SpecLoader.load(SourceFile(path: "c", text: s.canonicalJSON().serialized(pretty: true)), defaultID: "x")
        #expect(again.spec == s)
    }

    @Test func refusedKeysAndBadValuesAreReportedInTheDefaultsFile() throws {
        let r = SpecLoader.load(spec("piec: 1\nslices: [{label: A, value: 1}]\n"), defaultID: "s",
                                inputs: defaults("id: shared\nslices: []\nanimation: {duration: 2}\nchart: {sizee: 3}\n"))
        #expect(r.spec == nil)
        let group = try #require(r.related.first)
        #expect(group.path == "level0/.piec.yaml")
        #expect(group.diagnostics.map(\.code) == [DataDiagnostics.notAShareableKey, DataDiagnostics.notAShareableKey,
                                                  SpecDiagnostics.unknownKey, SpecDiagnostics.badDuration])
        #expect(group.diagnostics[3].range?.start == SourceLocation(line: 3, column: 23))
        #expect(r.diagnostics.map(\.code) == [DataDiagnostics.inputHasErrors])
    }

    @Test func anErrorOnlyTogetherWithTheSpecIsReportedWhereTheValueIs() throws {
        let r = SpecLoader.load(spec("piec: 1\nchart: {innerRadius: 0}\nslices: [{label: A, value: 1}]\n"), defaultID: "s",
                                inputs: defaults("chart: {innerRadius: 0.5, center: '{total}'}\n"))
        let group = try #require(r.related.first)
        #expect(group.diagnostics.map(\.code) == [SpecDiagnostics.centerOnPie])
        #expect(group.diagnostics[0].range?.start == SourceLocation(line: 1, column: 35))
        #expect(r.diagnostics.map(\.code) == [DataDiagnostics.inputHasErrors])
    }

    @Test func inputsChangeTheHashOnlyWhenPresent() {
        let bytes = Array("piec: 1\n".utf8)
        #expect(SpecInputs().hashedBytes(spec: bytes) == bytes)
        #expect(defaults("chart: {size: 200}\n").hashedBytes(spec: bytes) != defaults("chart: {size: 201}\n").hashedBytes(spec: bytes))
    }
}
