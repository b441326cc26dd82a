import PieDiagnostics
import Testing
@testable import PieYAML

@Suite("constructs piec specs reject")
struct RejectionTests {
    @Test func anchorsAndAliases() throws {
        let doc = parse("a: &x 1\nb: *x\nc: 2\n")
        #expect(doc.codes == ["E0106", "E0106"])
        #expect(doc.diagnostics[0].range == span(1, 4, 1, 6))
        #expect(doc.diagnostics[0].message == "anchors and aliases are not supported in piec specs")
        #expect(doc.diagnostics[1].range == span(2, 4, 2, 6))
        #expect(doc.diagnostics[1].help?.contains("*x") == true)
        // The anchored node stays, the alias is left out.
        let root = try #require(doc.root)
        #expect(root.entries.map(\.key.value) == ["a", "c"])
        #expect(root["a"]?.scalar?.value == "1")
    }

    @Test func anchorOnACollectionAndAliasAsRoot() throws {
        let doc = parse("a: &base\n  b: 1\n")
        #expect(doc.codes == ["E0106"])
        #expect(doc.diagnostics[0].range == span(1, 4, 1, 9))
        #expect(doc.root?["a"]?["b"]?.scalar?.value == "1")
        let alias = parse("*x\n")
        #expect(alias.codes == ["E0106"])
        #expect(alias.root == nil)
    }

    @Test func explicitTagsOnAnyNode() throws {
        let doc = parse("a: !!str 3\nb: !foo [1]\nc: ! x\nd: !t &y {k: v}\n")
        #expect(doc.codes == ["E0107", "E0107", "E0107", "E0106", "E0107"])
        #expect(doc.diagnostics[0].range == span(1, 4, 1, 9))
        #expect(doc.diagnostics[0].message == "explicit tag `!!str` is not supported in piec specs")
        #expect(doc.diagnostics[1].range == span(2, 4, 2, 8))
        #expect(doc.diagnostics[2].range == span(3, 4, 3, 5))
        #expect(doc.diagnostics[3].range == span(4, 7, 4, 9))
        #expect(doc.diagnostics[4].range == span(4, 4, 4, 6))
        let root = try #require(doc.root)
        #expect(root["a"]?.scalar?.value == "3")
        #expect(root["b"]?.items.count == 1)
    }

    @Test func mergeKeys() throws {
        let doc = parse("<<: {a: 1}\nb: 2\n\"<<\": 3\n")
        #expect(doc.codes == ["E0108"])
        #expect(doc.diagnostics[0].range == span(1, 1, 1, 3))
        #expect(doc.root?.entries.map(\.key.value) == ["b", "<<"])
    }

    @Test func complexKeys() throws {
        let doc = parse("[a]: 1\n? {b: 1}\n: 2\n? - x\n: 3\nc: 4\n")
        #expect(doc.codes == ["E0109", "E0109", "E0109"])
        #expect(doc.diagnostics.map(\.range) == [span(1, 1, 1, 4), span(2, 3, 2, 9), span(4, 3, 4, 6)])
        #expect(doc.diagnostics[0].message == "a sequence cannot be used as a key in piec specs")
        #expect(doc.diagnostics[1].message == "a mapping cannot be used as a key in piec specs")
        #expect(doc.root?.entries.map(\.key.value) == ["c"])
    }

    @Test func duplicateKeysKeepTheFirst() throws {
        let doc = parse("a: 1\nb: 2\na: 3\n")
        #expect(doc.codes == ["E0110"])
        let d = doc.diagnostics[0]
        #expect(d.message == "duplicate key `a`")
        #expect(d.range == span(3, 1, 3, 2))
        #expect(d.labels == [DiagnosticLabel(range: span(1, 1, 1, 2), message: "first defined here")])
        let root = try #require(doc.root)
        #expect(root.entries.map(\.key.value) == ["a", "b"])
        #expect(root["a"]?.scalar?.value == "1")
        // An error: the spec is refused, so the help does not say which value "is used".
        #expect(d.severity == .error)
        #expect(d.help == "keep the entry you mean and delete the other")
    }

    @Test func quotedAndPlainSpellingsOfAKeyAreDuplicates() {
        let doc = parse("a: 1\n\"a\": 2\n")
        #expect(doc.codes == ["E0110"])
        #expect(doc.diagnostics.first?.range == span(2, 1, 2, 4))
    }

    @Test func duplicateInALargeMappingUsesTheIndex() {
        var text = ""
        for i in 0..<20 { text += "k\(i): \(i)\n" }
        text += "k5: again\n"
        let doc = parse(text)
        #expect(doc.codes == ["E0110"])
        #expect(doc.diagnostics.first?.range == span(21, 1, 21, 3))
        #expect(doc.diagnostics.first?.labels.first?.range == span(6, 1, 6, 3))
        #expect(doc.root?.entries.count == 20)
        #expect(doc.root?["k5"]?.scalar?.value == "5")
    }

    @Test func keyOfARejectedValueStillCountsForDuplicates() {
        let doc = parse("a: *x\na: 1\n")
        #expect(doc.codes == ["E0106", "E0110"])
        #expect(doc.diagnostics[1].labels.first?.range == span(1, 1, 1, 2))
    }

    @Test func secondDocument() throws {
        let doc = parse("a: 1\n---\nb: 2\n")
        #expect(doc.codes == ["E0111"])
        #expect(doc.diagnostics[0].range == span(2, 1, 2, 4))
        #expect(doc.root?.entries.map(\.key.value) == ["a"])
    }

    @Test func leadingDocumentMarkerIsFine() {
        let doc = parse("---\na: 1\n...\n")
        #expect(doc.diagnostics.isEmpty)
        #expect(doc.root?["a"]?.scalar?.value == "1")
    }

    @Test(arguments: ["", "# just a comment\n", "---\n", "\n\n   \n"])
    func emptySpec(text: String) {
        let doc = parse(text)
        #expect(doc.codes == ["E0112"])
        #expect(doc.diagnostics[0].message == "the spec is empty")
        // At 1:1, so the short, json and github formats place it too.
        #expect(doc.diagnostics[0].range == .point(at(1, 1)))
        #expect(doc.diagnostics[0].help?.contains("slices:") == true)
        #expect(doc.root == nil)
    }

    @Test func quotedEmptyStringIsNotAnEmptySpec() {
        let doc = parse("\"\"\n")
        #expect(doc.diagnostics.isEmpty)
        #expect(doc.root?.scalar?.style == .doubleQuoted)
    }
}
