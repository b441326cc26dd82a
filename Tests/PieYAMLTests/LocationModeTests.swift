import PieDiagnostics
import Testing
@testable import PieYAML

/// Locations come from libyaml's line:col when they agree with `SourceFile`, and from a byte
/// walk otherwise: both must give the same answer.
@Suite("libyaml marks vs byte walk")
struct LocationModeTests {
    static let inputs: [[UInt8]] = [
        Array(NodeRangeTests.document.utf8),
        Array("é😀: \"é😀\"\r\nkey:\t\tvalue\r\nlist:\r\n  - &a x\r\n  - !!str y\r\n  - *a\r\n".utf8),
        [0xEF, 0xBB, 0xBF] + Array("a: |\n  é\n  😀\n\nb: {c: [1, 2], d: 'x'}\na: dup\n".utf8),
        Array("é😀: x\nlabel: \"é😀\" x\n".utf8),
        Array("a: 1\nb: \"abc\nc: 2\n".utf8),
        Array("x: 1\n\rb\n\rc: 2\n".utf8),
    ]

    @Test(arguments: inputs)
    func bothModesAgree(bytes: [UInt8]) {
        let file = SourceFile(path: "t.yaml", bytes: bytes)
        let fast = YAMLParser.parse(file, limits: YAMLLimits(), trustMarks: true)
        let walked = YAMLParser.parse(file, limits: YAMLLimits(), trustMarks: false)
        #expect(fast.root == walked.root)
        #expect(fast.diagnostics == walked.diagnostics)
    }

    @Test func extraLineBreaksAreDetected() {
        #expect(SourceCursor.containsExtraLineBreaks(Array("a\u{85}b".utf8)))
        #expect(SourceCursor.containsExtraLineBreaks(Array("a\u{2028}b".utf8)))
        #expect(SourceCursor.containsExtraLineBreaks(Array("a\u{2029}".utf8)))
        #expect(!SourceCursor.containsExtraLineBreaks(Array("é😀\r\n\t€".utf8)))
    }

    /// ASCII files jump instead of stepping: the same locations as `SourceFile`, forward, back
    /// and past the end, with LF, CRLF and lone CR line breaks.
    @Test func asciiCursorJumps() {
        let file = SourceFile(path: "t", text: "a: 1\r\nbb: [x,\n  y]\rc: \"d\"\n\n  # e\nf: g")
        #expect(SourceCursor.isASCII(file.bytes) && !SourceCursor.isASCII(Array("a: é".utf8)))
        var cursor = SourceCursor(file: file)
        let order = Array(0...file.bytes.count) + Array((0...file.bytes.count).reversed()) + [3, 20, 7, 0, file.bytes.count]
        for offset in order {
            #expect(cursor.location(ofByte: offset) == file.location(ofByteOffset: offset), "byte \(offset)")
            #expect(cursor.location(ofIndex: offset) == file.location(ofByteOffset: offset), "index \(offset)")
        }
        #expect(cursor.location(ofIndex: file.bytes.count + 5) == file.location(ofByteOffset: file.bytes.count))
    }

    @Test func cursorMovesBackAcrossLines() {
        let file = SourceFile(path: "t", text: "ab\né😀c\r\nxyz\n")
        var cursor = SourceCursor(file: file)
        #expect(cursor.location(ofIndex: 9) == at(3, 2))
        #expect(cursor.location(ofIndex: 5) == at(2, 3))
        #expect(cursor.location(ofIndex: 1) == at(1, 2))
        #expect(cursor.location(ofIndex: 6) == at(2, 4))
        for offset in 0...file.bytes.count where offset == file.bytes.count || file.bytes[offset] & 0xC0 != 0x80 {
            #expect(cursor.location(ofByte: offset) == file.location(ofByteOffset: offset), "byte \(offset)")
        }
    }
}
