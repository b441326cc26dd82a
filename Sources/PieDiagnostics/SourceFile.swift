/// A spec's text plus a line index, so any phase can turn byte offsets into
/// 1-based `line:col` locations (columns count Unicode scalars).
public struct SourceFile: Sendable {
    /// Path as the user named it (used in diagnostics headers), e.g. `specs/languages.yaml`.
    public let path: String
    /// The raw bytes of the file (may be invalid UTF-8: libyaml reports that).
    public let bytes: [UInt8]
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts = [0]
        starts.reserveCapacity(bytes.count / 16 + 1)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A {
                starts.append(i + 1)
            } else if b == 0x0D {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        self.lineStarts = starts
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The 1-based location of a byte offset (clamped to the file).
    public func location(ofByteOffset offset: Int) -> SourceLocation {
        let offset = max(0, min(offset, bytes.count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        var column = 1
        var i = lineStarts[lo]
        while i < offset {
            // Count Unicode scalars: skip UTF-8 continuation bytes.
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        // An offset inside a multi-byte scalar still belongs to that scalar.
        if offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { column -= 1 }
        return SourceLocation(line: lo + 1, column: max(1, column))
    }

    /// The text of a 1-based line without its line terminator (lossy UTF-8).
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    public var lineCount: Int { lineStarts.count }
}

/// 1-based line and column; the column counts Unicode scalars.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
    public var description: String { "\(line):\(column)" }
}

/// A half-open range `[start, end)` of source; `end` may equal `start` for a point.
public struct SourceRange: Sendable, Hashable, CustomStringConvertible {
    public var start: SourceLocation
    public var end: SourceLocation
    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = max(start, end)
    }
    public static func point(_ location: SourceLocation) -> SourceRange {
        SourceRange(start: location, end: location)
    }
    public var description: String { "\(start)-\(end)" }
}
