import PieDiagnostics
import Testing
@testable import PieYAML

@Suite("node ranges and scalar styles")
struct NodeRangeTests {
    static let document = """
        title: Languages
        chart: { size: 320, "inner": 'x' }
        slices:
          - label: Swift
            value: 42
          - [a, b]
        text: |
          line one
          line two

        folded: >
          folded
        # end

        """

    @Test func mappingAndScalarRanges() throws {
        let doc = parse(Self.document)
        #expect(doc.diagnostics.isEmpty)
        let root = try #require(doc.root)
        #expect(root.range == span(1, 1, 12, 9))
        #expect(root.entries.map(\.key.value) == ["title", "chart", "slices", "text", "folded"])
        #expect(root.entries[0].key.range == span(1, 1, 1, 6))
        let title = try #require(root["title"]?.scalar)
        #expect(title.value == "Languages")
        #expect(title.style == .plain)
        #expect(title.range == span(1, 8, 1, 17))
    }

    @Test func flowMappingWithQuotedScalars() throws {
        let chart = try #require(parse(Self.document).root?["chart"])
        #expect(chart.range == span(2, 8, 2, 35))
        #expect(chart.entries[1].key.style == .doubleQuoted)
        #expect(chart.entries[1].key.value == "inner")
        #expect(chart.entries[1].key.range == span(2, 21, 2, 28))
        let inner = try #require(chart["inner"]?.scalar)
        #expect(inner.style == .singleQuoted)
        #expect(inner.range == span(2, 30, 2, 33))
        #expect(chart["size"]?.scalar?.range == span(2, 16, 2, 19))
    }

    @Test func nestedBlockSequence() throws {
        let slices = try #require(parse(Self.document).root?["slices"])
        #expect(slices.range == span(4, 3, 6, 11))
        let first = try #require(slices[0])
        #expect(first.range == span(4, 5, 5, 14))
        #expect(first["label"]?.scalar?.range == span(4, 12, 4, 17))
        #expect(first["value"]?.scalar?.value == "42")
        let flow = try #require(slices[1])
        #expect(flow.range == span(6, 5, 6, 11))
        #expect(flow.items.compactMap(\.scalar?.value) == ["a", "b"])
        #expect(flow[1]?.scalar?.range == span(6, 9, 6, 10))
    }

    @Test func blockScalarsEndAtTheirLastCharacter() throws {
        let root = try #require(parse(Self.document).root)
        let text = try #require(root["text"]?.scalar)
        #expect(text.style == .literal)
        #expect(text.value == "line one\nline two\n")
        #expect(text.range == span(7, 7, 9, 11))
        let folded = try #require(root["folded"]?.scalar)
        #expect(folded.style == .folded)
        #expect(folded.value == "folded\n")
        #expect(folded.range == span(11, 9, 12, 9))
    }

    @Test func blockCollectionEndsAtLastChildNotAtNextToken() throws {
        let root = try #require(parse("a:\n  b: 1\n  # trailing comment\n\nc: 2\n").root)
        #expect(root["a"]?.range == span(2, 3, 2, 7))
    }

    @Test func emptyValueIsAnEmptyPlainScalarAfterTheColon() throws {
        let root = try #require(parse("a:\nb: 1\n").root)
        let a = try #require(root["a"]?.scalar)
        #expect(a.value.isEmpty)
        #expect(a.style == .plain)
        #expect(a.range == span(1, 3, 1, 3))
        #expect(root["a"]?.kindDescription == "an empty value")
    }

    @Test func columnsCountUnicodeScalarsNotBytes() throws {
        let root = try #require(parse("é😀x: \"é😀\"\nk: v\n").root)
        #expect(root.entries[0].key.range == span(1, 1, 1, 4))
        #expect(root["é😀x"]?.scalar?.range == span(1, 6, 1, 10))
        #expect(root["é😀x"]?.scalar?.value == "é😀")
    }

    @Test func aTabCountsAsOneColumn() throws {
        let root = try #require(parse("key:\t\tvalue\n").root)
        #expect(root["key"]?.scalar?.range == span(1, 7, 1, 12))
    }

    @Test func crlfLineEndings() throws {
        let root = try #require(parse("a: 1\r\nb: 2\r\n").root)
        #expect(root.entries[1].key.range == span(2, 1, 2, 2))
        #expect(root["b"]?.scalar?.range == span(2, 4, 2, 5))
    }

    @Test func byteOrderMarkIsSkippedAndCountedLikeSourceFile() throws {
        let root = try #require(parse(bytes: [0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8)).root)
        #expect(root.entries.first?.key.value == "a")
        #expect(root.entries.first?.key.range.start == SourceFile(path: "", bytes: [0xEF, 0xBB, 0xBF, 0x61]).location(ofByteOffset: 3))
    }

    @Test func multiLineScalarsSpanLines() throws {
        let root = try #require(parse("a: \"multi\n  line\"\nb: plain\n  continued\n").root)
        #expect(root["a"]?.scalar?.range == span(1, 4, 2, 8))
        #expect(root["a"]?.scalar?.value == "multi line")
        #expect(root["b"]?.scalar?.range == span(3, 4, 4, 12))
    }

    @Test func rootThatIsNotAMappingIsReturned() throws {
        let doc = parse("- 1\n- 2\n")
        #expect(doc.diagnostics.isEmpty)
        #expect(doc.root?.items.count == 2)
        #expect(parse("hello").root?.scalar?.value == "hello")
    }

    @Test func explicitScalarKeyIsAccepted() throws {
        let doc = parse("? a\n: 1\n")
        #expect(doc.diagnostics.isEmpty)
        #expect(doc.root?["a"]?.scalar?.value == "1")
    }
}
