import PieDiagnostics
import Testing
@testable import PieYAML

/// Where libyaml 0.2.5 disagrees with YAML 1.2 in ways people hit by typing (cases from the
/// YAML test suite and the spec's productions; PyYAML and libyaml agree with each other here).
@Suite struct YAML12Tests {
    // MARK: tabs YAML allows and libyaml rejects

    @Test(arguments: ["\t", " \t ", "\t\t", "  \t"])
    func blankLineHoldingATabIsAccepted(blank: String) {
        let doc = parse("title: a\n\(blank)\nchart:\n  size: 300\n\(blank)\n  sweep: 180\n")
        #expect(doc.diagnostics.isEmpty, "\(doc.diagnostics.map(\.message))")
        #expect(doc.root?["title"]?.scalar?.value == "a")
        #expect(doc.root?["chart"]?["size"]?.scalar?.value == "300")
        #expect(doc.root?["chart"]?["sweep"]?.scalar?.value == "180")
        // Locations are those of the file as written.
        #expect(doc.root?["chart"]?["sweep"]?.range.start == at(6, 10))
    }

    @Test func tabAfterASequenceDashIsAccepted() {
        let doc = parse("slices:\n  -\tlabel: A\n    value: 1\n  -\t{ label: B, value: 2 }\n  - \tC\n  -\t-\tD\n")
        #expect(doc.diagnostics.isEmpty, "\(doc.diagnostics.map(\.message))")
        let slices = doc.root?["slices"]
        #expect(slices?[0]?["label"]?.scalar?.value == "A")
        #expect(slices?[0]?["value"]?.scalar?.value == "1")
        #expect(slices?[0]?["label"]?.range.start == at(2, 12))
        #expect(slices?[1]?["value"]?.scalar?.value == "2")
        #expect(slices?[2]?.scalar?.value == "C")
        #expect(slices?[3]?[0]?.scalar?.value == "D")
    }

    /// YAML test suite DK95 "Tabs that look like indentation" and 6BCT (spec example 6.3):
    /// libyaml fails the valid ones. Not handled: DK95's `foo:\n \tbar` (a tab between the
    /// indentation and a value on its own line), which needs the grammar to tell from the
    /// invalid `  \tb: 2` (a tab before a key).
    @Test(arguments: [
        ("foo: \"bar\n  \tbaz\"\n", "foo", "bar baz"),
        (" \t\nfoo: 1\n", "foo", "1"),
        ("foo: 1\n\t\nbar: 2\n", "bar", "2"),
        ("foo: 1\n \t\nbar: 2\n", "bar", "2"),
        ("foo: \"bar\n \t \t baz \t \t \"\n", "foo", "bar baz \t \t "),
    ])
    func yamlTestSuiteValidTabs(text: String, key: String, value: String) {
        let doc = parse(text)
        #expect(doc.diagnostics.isEmpty, "\(text): \(doc.diagnostics.map(\.message))")
        #expect(doc.root?[key]?.scalar?.value == value)
    }

    @Test func yamlTestSuite6BCT() {
        let doc = parse("- foo:\t bar\n- - baz\n  -\tbaz\n")
        #expect(doc.diagnostics.isEmpty, "\(doc.diagnostics.map(\.message))")
        #expect(doc.root?[0]?["foo"]?.scalar?.value == "bar")
        #expect(doc.root?[1]?.items.map { $0.scalar?.value } == ["baz", "baz"])
    }

    @Test(arguments: ["foo: \"bar\n\tbaz\"\n", "foo:\n  a: 1\n  \tb: 2\n"])
    func yamlTestSuiteInvalidTabs(text: String) {
        #expect(!parse(text).diagnostics.isEmpty, "\(text)")
    }

    @Test func tabIndentationIsStillRejected() {
        #expect(parse("chart:\n\tsize: 3\n").codes == ["E0102"])
    }

    /// Inside a block scalar a tab is content: the line is not rewritten, libyaml's error stays.
    @Test func tabLineInsideABlockScalarKeepsTheError() {
        let doc = parse("title: |\n  x\n\t\n  y\nb: 1\n\t\n")
        #expect(doc.codes == ["E0102"])
        #expect(doc.root == nil)
    }

    @Test func tabsInsideQuotedStringsAreKept() {
        let doc = parse("a: \"x\ty\"\n\t\nb: '\t'\n")
        #expect(doc.diagnostics.isEmpty)
        #expect(doc.root?["a"]?.scalar?.value == "x\ty")
        #expect(doc.root?["b"]?.scalar?.value == "\t")
    }

    /// Notepad's UTF-8 byte order mark: libyaml (encoding forced) read it as a character, put
    /// the first key at column 1, and rejected the second top-level key.
    @Test func byteOrderMarkBeforeSeveralKeys() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let doc = parse(bytes: bom + Array("piec: 1\ntitle: x\n\t\nslices:\n  -\ta\n".utf8))
        #expect(doc.diagnostics.isEmpty, "\(doc.diagnostics.map(\.message))")
        #expect(doc.root?["title"]?.scalar?.value == "x")
        #expect(doc.root?["title"]?.range.start == at(2, 8))
        #expect(doc.root?["slices"]?[0]?.scalar?.value == "a")
        let file = SourceFile(path: "", bytes: bom + Array("piec: 1\n".utf8))
        #expect(doc.root?["piec"]?.range.start == file.location(ofByteOffset: 9))
        // Errors after the mark are located in the file as written.
        let bad = parse(bytes: bom + Array("a: 1\nb: \"x\n".utf8))
        #expect(bad.codes == ["E0103"])
        #expect(bad.diagnostics.first?.range?.start == at(2, 4))
        // The mark indents nothing: one space is more than the key's indentation.
        #expect(parse(bytes: bom + Array("a: \"x\n y\"\nb: 1\n".utf8)).diagnostics.isEmpty)
        #expect(parse(bytes: bom + Array("a: \"x\ny\"\nb: 1\n".utf8)).codes == ["E0101"])
        let control = parse(bytes: bom + Array("a: \u{7}\n".utf8))
        #expect(control.codes == ["E0105"])
        #expect(control.diagnostics.first?.range?.start == SourceFile(path: "", bytes: bom + Array("a: \u{7}".utf8)).location(ofByteOffset: 6))
    }

    // MARK: what YAML rejects and libyaml accepts

    @Test(arguments: [("title: \"Share\"# c\n", 15), ("title: 'Share'# c\n", 15), ("a: [1, 2]# c\n", 10), ("a: {b: 1}#\n", 10)])
    func commentWithoutSpaceIsAnError(text: String, column: Int) {
        let doc = parse(text)
        #expect(doc.codes == ["E0101"])
        #expect(doc.diagnostics.first?.range?.start == at(1, column))
        #expect(doc.diagnostics.first?.help?.contains("space before `#`") == true)
    }

    @Test func hashInsideAPlainValueIsText() {
        let doc = parse("title: a#b\nc: \"d\" # e\n")
        #expect(doc.diagnostics.isEmpty)
        #expect(doc.root?["title"]?.scalar?.value == "a#b")
    }

    @Test(arguments: [
        ("q: \"a\nb\"\n", 2, 1),                 // QB6E: at the key's own column
        ("a:\n  q: \"a\n b\"\n", 3, 2),          // less than the key
        ("a:\n  q: 'a\n  b'\n", 3, 3),
        ("f: [a,\nb]\n", 2, 1),                  // 9C9N
        ("f: {a: 1,\nb: 2}\n", 2, 1),
        ("s:\n  - \"a\n  b\"\n", 3, 3),          // not more than the `-`
    ])
    func underIndentedContinuationIsAnError(text: String, line: Int, column: Int) {
        let doc = parse(text)
        #expect(doc.codes == ["E0101"], "\(doc.diagnostics.map(\.message))")
        #expect(doc.diagnostics.first?.range?.start == at(line, column))
        #expect(doc.diagnostics.first?.labels.first?.range.start.line == line - 1)
    }

    @Test(arguments: [
        "q: \"a\n b\"\n", "a:\n  q: \"a\n   b\"\n", "q: \"a\n\n b\"\n",
        "f: [a,\n# c\n  b]\n", "s:\n  - \"a\n   b\"\n", "\"a\nb\"\n", "f:\n  [a,\n   b]\n",
    ])
    func indentedContinuationIsFine(text: String) {
        let doc = parse(text)
        #expect(doc.diagnostics.isEmpty, "\(text): \(doc.diagnostics.map(\.message))")
    }

    // MARK: libyaml's words replaced by what YAML allows

    @Test func contentAfterDocumentEnd() {
        let doc = parse("piec: 1\n...\n# c\nslices: []\n")
        #expect(doc.codes == ["E0101"])
        let d = doc.diagnostics[0]
        #expect(d.message == "content after `...`, which ended the document")
        #expect(d.range?.start == at(4, 1))
        #expect(d.labels.first?.range.start == at(2, 1))
    }

    @Test func documentEndBeforeContent() {
        let doc = parse("...\npiec: 1\n")
        #expect(doc.codes == ["E0101"])
        #expect(doc.diagnostics[0].message == "`...` ends the document before it has any content")
        #expect(doc.diagnostics[0].range == span(1, 1, 1, 4))
    }

    @Test(arguments: ["a: 1\n: 2\n", ": 2\n"])
    func entryWithoutAKey(text: String) {
        let doc = parse(text)
        #expect(doc.codes == ["E0101"])
        #expect(doc.diagnostics[0].message == "a mapping entry without a key")
        #expect(doc.diagnostics[0].help?.contains("`: value`") == true)
    }
}
