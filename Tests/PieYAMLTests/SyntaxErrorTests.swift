import PieDiagnostics
import Testing
@testable import PieYAML

@Suite("libyaml errors as diagnostics")
struct SyntaxErrorTests {
    @Test func invalidUTF8AfterMultiByteCharactersOnLine3() throws {
        // Line 3 is `c: éé😀x` followed by the byte 0xFF: columns 1-7, then the bad byte at 8.
        let bytes = Array("a: 1\nb: 2\nc: éé😀x".utf8) + [0xFF] + Array("\n".utf8)
        let doc = parse(bytes: bytes)
        #expect(doc.codes == ["E0104"])
        let d = try #require(doc.diagnostics.first)
        #expect(d.range == span(3, 8, 3, 9))
        #expect(d.message == "invalid utf-8 byte 0xFF")
        #expect(d.notes == ["this byte never appears in utf-8 text"])
        #expect(d.help == "save the file as UTF-8")
        #expect(doc.root == nil)
    }

    @Test func invalidContinuationByte() {
        let doc = parse(bytes: Array("a: ".utf8) + [0xC3, 0x41] + Array("\n".utf8))
        #expect(doc.codes == ["E0104"])
        // libyaml points at the 0x41 that breaks the character; report the character's lead byte.
        #expect(doc.diagnostics.first?.range == span(1, 4, 1, 5))
        #expect(doc.diagnostics.first?.message == "invalid utf-8 byte 0xC3")
    }

    @Test func latin1AccentBeforeALineBreak() {
        // libyaml calls this "incomplete UTF-8 octet sequence" although the file goes on.
        let doc = parse(bytes: Array("title: Caf".utf8) + [0xE9] + Array("\nb: 1\n".utf8))
        #expect(doc.codes == ["E0104"])
        #expect(doc.diagnostics.first?.range == span(1, 11, 1, 12))
        #expect(doc.diagnostics.first?.message == "invalid utf-8 byte 0xE9")
        #expect(doc.diagnostics.first?.notes == ["it starts a multi-byte character whose next bytes are missing or invalid"])
    }

    @Test func strayContinuationByteIsShownWhereTheRendererDrawsIt() {
        let doc = parse(bytes: Array("ab".utf8) + [0x80] + Array("c: 1\n".utf8))
        #expect(doc.codes == ["E0104"])
        #expect(doc.diagnostics.first?.range == span(1, 3, 1, 4))
        #expect(doc.diagnostics.first?.notes == ["it continues a character that was never started"])
    }

    @Test func utf16FileGetsANote() {
        let doc = parse(bytes: [0xFF, 0xFE, 0x61, 0x00])
        #expect(doc.codes == ["E0104"])
        #expect(doc.diagnostics.first?.notes.last == "the file starts like UTF-16 text")
    }

    @Test func controlCharacterAndNul() {
        let bel = parse(bytes: Array("a: é\u{07}\n".utf8))
        #expect(bel.codes == ["E0105"])
        #expect(bel.diagnostics.first?.range == span(1, 5, 1, 6))
        #expect(bel.diagnostics.first?.message == "control character U+0007 is not allowed in a spec")
        let nul = parse(bytes: Array("ok: 1\nb: x".utf8) + [0] + Array("y\n".utf8))
        #expect(nul.codes == ["E0105"])
        #expect(nul.diagnostics.first?.range?.start == at(2, 5))
        #expect(nul.diagnostics.first?.message == "nul character (U+0000) is not allowed in a spec")
        #expect(nul.root == nil)
    }

    @Test(arguments: [
        ("a:\n\tb: 1\n", 2, 1),
        ("a: 1\n\tb: 1\n", 2, 1),
        ("a:\n  b: 1\n\tc: 2\n", 3, 1),
        ("a: |\n  x\n\ty\n", 3, 1),
    ])
    func tabIndentation(text: String, line: Int, column: Int) throws {
        let doc = parse(text)
        #expect(doc.codes == ["E0102"])
        let d = try #require(doc.diagnostics.first)
        #expect(d.message == "tab character used for indentation")
        #expect(d.range == span(line, column, line, column + 1))
        #expect(d.help == "YAML indentation must use spaces, not tabs")
        #expect(doc.root == nil)
    }

    @Test func unterminatedDoubleQuotedString() throws {
        let doc = parse("a: 1\nb: \"abc\nc: 2\n")
        #expect(doc.codes == ["E0103"])
        let d = try #require(doc.diagnostics.first)
        #expect(d.message == "unterminated double-quoted string")
        #expect(d.range == span(2, 4, 2, 5))
        #expect(d.labels.map(\.range) == [span(4, 1, 4, 1)])
        #expect(d.labels.first?.message == "the file ends before the closing quote")
        #expect(d.help == "add the closing `\"` where the string should end")
    }

    @Test func unterminatedSingleQuotedStringStoppedByADocumentMarker() throws {
        let doc = parse("a: 'abc\n---\n")
        #expect(doc.codes == ["E0103"])
        let d = try #require(doc.diagnostics.first)
        #expect(d.message == "unterminated single-quoted string")
        #expect(d.range == span(1, 4, 1, 5))
        #expect(d.labels.first?.range.start == at(2, 1))
    }

    @Test func simpleKeyWithoutColonLabelsTheKey() throws {
        let doc = parse("a: 1\nb\nc: 2\n")
        #expect(doc.codes == ["E0101"])
        let d = try #require(doc.diagnostics.first)
        #expect(d.message == "could not find expected ':' while scanning a simple key")
        #expect(d.range == span(3, 1, 3, 2))
        #expect(d.labels == [DiagnosticLabel(range: span(2, 1, 2, 2), message: "the simple key starts here")])
        #expect(doc.root == nil)
    }

    @Test func colonInsideAPlainValue() throws {
        let doc = parse("title: Ratio: 1\n")
        #expect(doc.codes == ["E0101"])
        let d = try #require(doc.diagnostics.first)
        #expect(d.message == "mapping values are not allowed in this context")
        #expect(d.range == span(1, 13, 1, 14))
        #expect(d.help?.contains("title: \"Ratio: 1\"") == true)
    }

    @Test func errorColumnAfterAccentAndEmojiInAQuotedLabel() throws {
        let doc = parse("id: x\nlabel: \"é😀\" x\n")
        #expect(doc.codes == ["E0101"])
        let d = try #require(doc.diagnostics.first)
        #expect(d.message == "did not find expected key while parsing a block mapping")
        #expect(d.range == span(2, 13, 2, 14))
        #expect(d.labels.first?.range == span(1, 1, 1, 2))
        #expect(d.labels.first?.message == "the block mapping starts here")
    }

    @Test func badIndentationGetsIndentationHelp() throws {
        let doc = parse("a:\n  b: 1\n c: 2\n")
        #expect(doc.codes == ["E0101"])
        #expect(doc.diagnostics.first?.range?.start == at(3, 2))
        #expect(doc.diagnostics.first?.help?.hasPrefix("check the indentation") == true)
    }

    @Test func unclosedFlowSequence() throws {
        let doc = parse("é😀: x\nb: [1, 2\n")
        #expect(doc.codes == ["E0101"])
        let d = try #require(doc.diagnostics.first)
        #expect(d.message == "did not find expected ',' or ']' while parsing a flow sequence")
        #expect(d.range == span(3, 1, 3, 1))
        #expect(d.labels.first?.range == span(2, 4, 2, 5))
    }

    @Test func reservedCharacterNamesTheCharacter() throws {
        let doc = parse("handle: @piec\n")
        #expect(doc.codes == ["E0101"])
        #expect(doc.diagnostics.first?.message == "found character `@` that cannot start any token")
        #expect(doc.diagnostics.first?.range == span(1, 9, 1, 10))
        #expect(doc.diagnostics.first?.labels.isEmpty == true)
        #expect(doc.diagnostics.first?.help?.contains("quote the value") == true)
    }

    @Test func lineSeparatorsDoNotShiftLines() throws {
        // libyaml breaks lines at U+0085 (NEL); SourceFile does not. Locations must follow
        // SourceFile, so the error is on line 2 and the label on line 1 after the NEL.
        let doc = parse("a: x\u{85}y\nb: 1\n")
        #expect(doc.codes == ["E0101"])
        #expect(doc.diagnostics.first?.range?.start == at(2, 1))
        #expect(doc.diagnostics.first?.labels.first?.range.start == at(1, 6))
    }

    @Test func syntaxErrorAfterSemanticOnesKeepsThemButDropsTheRoot() {
        let doc = parse("a: 1\na: 2\nb: [\n")
        #expect(doc.codes == ["E0110", "E0101"])
        #expect(doc.root == nil)
    }
}
