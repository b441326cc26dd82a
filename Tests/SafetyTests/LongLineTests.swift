import PieDiagnostics
import PropertyBased
import Testing

/// Long lines cost O(1) per diagnostic: columns come from checkpoints, and the human renderer
/// shows a window of a long line instead of the whole line (a 53 KB one-line spec with 2,000
/// errors used to print 158 MB).
@Suite struct LongLineTests {
    /// Column of `offset` the slow way: lead bytes from the line start.
    static func naiveLocation(_ bytes: [UInt8], _ offset: Int) -> PieDiagnostics.SourceLocation {
        var line = 1, lineStart = 0, i = 0
        while i < offset {
            if bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        var column = 1
        for b in bytes[lineStart..<offset] where b & 0xC0 != 0x80 { column += 1 }
        if offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { column -= 1 }
        return PieDiagnostics.SourceLocation(line: line, column: max(1, column))
    }

    static let pieces = ["a", "é", "日", "😀", "\n", "\r\n", " ", String(repeating: "x", count: 300)]

    @Test func locationsAndOffsetsAgreeWithAWalk() async {
        await propertyCheck(count: 60, input: Gen<String?>.element(of: Self.pieces).map { $0 ?? "" }.array(of: 0...40)) { parts in
            let bytes = Array(parts.joined().utf8)
            let file = SourceFile(path: "t", bytes: bytes)
            for offset in 0...bytes.count {
                let location = file.location(ofByteOffset: offset)
                #expect(location == Self.naiveLocation(bytes, offset), "offset \(offset)")
                if offset == bytes.count || bytes[offset] & 0xC0 != 0x80, bytes[safe: offset] != 0x0A, bytes[safe: offset] != 0x0D {
                    #expect(file.byteOffset(line: location.line, column: location.column) == offset, "offset \(offset)")
                }
            }
            for line in 1...file.lineCount {
                #expect(file.lineLength(line) == file.lineText(line).unicodeScalars.count)
                #expect(file.lineText(line, columns: 1...max(1, file.lineLength(line))) == file.lineText(line))
            }
        }
    }

    @Test func aLongLineIsShownAsAWindowWithTheCaretUnderTheSpan() {
        let prefix = String(repeating: "日x", count: 5_000)
        let file = SourceFile(path: "long.yaml", text: prefix + "BAD" + String(repeating: "y", count: 5_000) + "\n")
        let column = 10_001
        let d = Diagnostic.error(DiagnosticCode("E0201"), "bad", at: SourceRange(
            start: PieDiagnostics.SourceLocation(line: 1, column: column), end: PieDiagnostics.SourceLocation(line: 1, column: column + 3)))
        let text = DiagnosticRenderer.human(d, path: "long.yaml", file: file, color: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(text.utf8.count < 1_000)
        let source = lines[2], carets = lines[3]
        #expect(source.hasPrefix("1 | …") && source.hasSuffix("…"))
        let sourceScalars = Array(source.unicodeScalars), caretScalars = Array(carets.unicodeScalars)
        let caretAt = caretScalars.firstIndex(of: "^")!
        #expect(String(String.UnicodeScalarView(sourceScalars[caretAt..<caretAt + 3])) == "BAD")
        #expect(caretScalars.filter { $0 == "^" }.count == 3)
    }

    @Test func manyDiagnosticsOnOneLongLineRenderLinearly() {
        let n = 2_000
        let items = (0..<n).map { "{label: a\($0), value: -1}" }.joined(separator: ", ")
        let file = SourceFile(path: "one.yaml", text: "{piec: 1, slices: [\(items)]}\n")
        let diagnostics = (0..<n).map { k in
            Diagnostic.error(DiagnosticCode("E0205"), "x", at: .point(PieDiagnostics.SourceLocation(line: 1, column: 20 + k * 24)))
        }
        let text = DiagnosticRenderer.render(FileDiagnostics(path: "one.yaml", file: file, diagnostics: diagnostics), format: .human)
        #expect(text.utf8.count < n * 400)
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}
