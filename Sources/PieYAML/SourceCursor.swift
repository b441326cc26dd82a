import PieDiagnostics

/// Turns libyaml mark indexes into `SourceLocation`s in linear total time.
///
/// libyaml's `mark.index` counts Unicode scalars from the start of the input (a CRLF counts as
/// two), and `mark.column` counts scalars too (a tab is one column). Its `mark.line`, however,
/// also breaks at U+0085, U+2028 and U+2029, which `SourceFile` does not. So the cursor ignores
/// libyaml's line and column and walks the bytes to the scalar index itself, using the file's
/// own line index: locations always agree with `SourceFile.location(ofByteOffset:)`.
///
/// Events arrive in source order, so the cursor mostly moves forward; moving back (context
/// marks of errors, trimming block scalars) is supported and costs the distance moved.
struct SourceCursor {
    private let bytes: [UInt8]
    private let lineStarts: [Int]
    /// Byte offset and scalar index of the cursor; always on a scalar boundary.
    private(set) var byte = 0
    private var index = 0
    /// 0-based line of the cursor and the scalar index at which that line starts (nil: unknown
    /// after moving back across a line start; recomputed on demand).
    private var line = 0
    private var lineStartIndex: Int? = 0
    /// Every byte is ASCII (most specs): scalar indexes are byte offsets, so the cursor jumps
    /// instead of stepping byte by byte.
    private let ascii: Bool

    init(file: SourceFile) {
        bytes = file.bytes
        lineStarts = file.lineStarts
        ascii = Self.isASCII(file.bytes)
    }

    static func isASCII(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { asciiPrefix($0) == $0.count }
    }

    /// True when the bytes hold U+0085, U+2028 or U+2029, which libyaml counts as line breaks.
    static func containsExtraLineBreaks(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            // Both are multi-byte sequences: nothing before the first non-ASCII byte.
            var i = asciiPrefix(b)
            while i + 1 < b.count {
                if b[i] == 0xC2, b[i + 1] == 0x85 { return true }
                if b[i] == 0xE2, i + 2 < b.count, b[i + 1] == 0x80, b[i + 2] == 0xA8 || b[i + 2] == 0xA9 { return true }
                i += 1
            }
            return false
        }
    }

    /// The offset of the first byte of `b` that is not ASCII (`b.count` when all are), eight
    /// bytes at a time.
    private static func asciiPrefix(_ b: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0
        if let base = UnsafeRawPointer(b.baseAddress) {
            while i + 8 <= b.count, base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
        }
        while i < b.count, b[i] < 0x80 { i += 1 }
        return i
    }

    /// The location of the scalar at libyaml mark index `target` (clamped to the file).
    mutating func location(ofIndex target: Int) -> SourceLocation {
        if ascii {
            jump(toByte: max(0, min(target, bytes.count)))
            return currentLocation()
        }
        while index < target, byte < bytes.count { stepForward() }
        while index > target, byte > 0 { stepBackward() }
        return currentLocation()
    }

    /// The location of byte offset `target`, which must lie on a scalar boundary.
    mutating func location(ofByte target: Int) -> SourceLocation {
        let target = max(0, min(target, bytes.count))
        if ascii {
            jump(toByte: target)
            return currentLocation()
        }
        while byte < target { stepForward() }
        while byte > target { stepBackward() }
        return currentLocation()
    }

    /// The byte offset of libyaml mark index `target`.
    mutating func byteOffset(ofIndex target: Int) -> Int {
        _ = location(ofIndex: target)
        return byte
    }

    /// The byte just past the scalar at `offset` (UTF-8 length from its lead byte).
    func scalarEnd(atByte offset: Int) -> Int {
        guard offset < bytes.count else { return bytes.count }
        let lead = bytes[offset]
        let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return min(offset + width, bytes.count)
    }

    /// The source text between two byte offsets (lossy UTF-8).
    func text(fromByte start: Int, toByte end: Int) -> String {
        let start = max(0, min(start, bytes.count)), end = max(start, min(end, bytes.count))
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The byte at `offset`, or nil past the end.
    func byte(at offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    /// ASCII only: moves to `target` (index = byte) line by line, not byte by byte.
    private mutating func jump(toByte target: Int) {
        byte = target
        index = target
        while line + 1 < lineStarts.count, target >= lineStarts[line + 1] { line += 1 }
        while line > 0, target < lineStarts[line] { line -= 1 }
        lineStartIndex = lineStarts[line]
    }

    private mutating func stepForward() {
        byte = scalarEnd(atByte: byte)
        index += 1
        if line + 1 < lineStarts.count, byte >= lineStarts[line + 1] {
            line += 1
            lineStartIndex = index
        }
    }

    private mutating func stepBackward() {
        repeat { byte -= 1 } while byte > 0 && bytes[byte] & 0xC0 == 0x80
        index -= 1
        if byte < lineStarts[line] {
            line -= 1
            lineStartIndex = nil
        }
    }

    private mutating func currentLocation() -> SourceLocation {
        if lineStartIndex == nil {
            var scalars = 0
            for b in bytes[lineStarts[line]..<byte] where b & 0xC0 != 0x80 { scalars += 1 }
            lineStartIndex = index - scalars
        }
        return SourceLocation(line: line + 1, column: index - lineStartIndex! + 1)
    }
}
