import PieDiagnostics
import Testing
@testable import PieYAML

/// Odd, truncated and mutated inputs: never crash, never lose the root silently, and every
/// location points inside the file.
@Suite("robustness")
struct RobustnessTests {
    static let oddInputs = [
        "...", "---\n---\n", "- - - -", "? ", ":", "[", "]", "{", "}", "&", "*", "!", "|", ">",
        "\"", "'", "%", "@", "`", "#", "\t", "\r", "\r\n", "\u{FEFF}", "a: |\n", "? a\n? b\n",
        "{a, b: }", "[a, {b: c}, [d]]", "a: [\n", "%YAML 1.1\n---\na: 1\n", "%TAG ! tag:x,2000:\n--- !a 1\n",
        "a: 'it''s'\nb: \"\\u00e9\\t\"\n", "- &a [1]\n- *a\n", "key: value # comment\n",
    ]

    @Test(arguments: oddInputs)
    func oddInput(text: String) {
        check(Array(text.utf8))
    }

    @Test func everyTruncationOfADocument() {
        let bytes = Array(NodeRangeTests.document.utf8) + Array("x: \"é😀\"\ny: &a !!str [1, {z: *a}]\n".utf8)
        for length in 0...bytes.count { check(Array(bytes[0..<length])) }
    }

    @Test func deterministicMutations() {
        let base = Array("a: é😀\nb:\n  - [1, \"x\"]\n  - {c: 'd'}\ne: |\n  f\n".utf8)
        let alphabet: [UInt8] = Array(":-[]{}&*!|>'\"#\t\n\r ?,%@`x".utf8) + [0x00, 0xC3, 0xFF, 0x85]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        for _ in 0..<400 {
            var bytes = base
            for _ in 0..<(1 + next() % 3) {
                bytes[next() % bytes.count] = alphabet[next() % alphabet.count]
            }
            check(bytes)
        }
    }

    private func check(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let file = SourceFile(path: "t.yaml", bytes: bytes)
        let doc = YAMLParser.parse(file)
        let text = String(decoding: bytes, as: UTF8.self)
        if doc.root == nil {
            #expect(doc.diagnostics.hasErrors, "no root and no error for \(text.debugDescription)", sourceLocation: sourceLocation)
        }
        var ranges = doc.diagnostics.compactMap(\.range) + doc.diagnostics.flatMap { $0.labels.map(\.range) }
        if let root = doc.root { collectRanges(root, into: &ranges) }
        for range in ranges {
            #expect(inside(range.start, file) && inside(range.end, file) && range.start <= range.end,
                    "\(range) outside \(text.debugDescription)", sourceLocation: sourceLocation)
        }
        let walked = YAMLParser.parse(file, limits: YAMLLimits(), trustMarks: false)
        #expect(walked.root == doc.root && walked.diagnostics == doc.diagnostics,
                "location modes disagree on \(text.debugDescription)", sourceLocation: sourceLocation)
    }

    /// Columns as `SourceFile` counts them (every byte that is not a UTF-8 continuation byte)
    /// or as the renderer shows the line (lossy decoding: a stray continuation byte is a U+FFFD).
    private func inside(_ location: PieDiagnostics.SourceLocation, _ file: SourceFile) -> Bool {
        guard location.line >= 1, location.line <= file.lineCount, location.column >= 1 else { return false }
        let start = file.lineStarts[location.line - 1]
        var end = location.line < file.lineCount ? file.lineStarts[location.line] : file.bytes.count
        while end > start, file.bytes[end - 1] == 0x0A || file.bytes[end - 1] == 0x0D { end -= 1 }
        let columns = file.bytes[start..<end].filter { $0 & 0xC0 != 0x80 }.count
        return location.column <= max(columns, file.lineText(location.line).unicodeScalars.count) + 1
    }

    private func collectRanges(_ node: YAMLNode, into ranges: inout [SourceRange]) {
        ranges.append(node.range)
        for entry in node.entries {
            ranges.append(entry.key.range)
            collectRanges(entry.value, into: &ranges)
        }
        for item in node.items { collectRanges(item, into: &ranges) }
    }
}
