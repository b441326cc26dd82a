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
        // One pass over the bytes for both tables, through an unsafe buffer (no bounds checks),
        // chunk by chunk so the checkpoint test leaves the per-byte loop: it runs once per spec.
        // A CRLF starts one line (after its LF); a lone CR starts one too.
        var starts = [0]
        starts.reserveCapacity(bytes.count / 16 + 1)
        var checkpoints: [Int] = []
        checkpoints.reserveCapacity(bytes.count / Self.chunk + 1)
        bytes.withUnsafeBufferPointer { b in
            let n = b.count
            var scalars = 0, chunkStart = 0
            while chunkStart < n {
                checkpoints.append(scalars)
                let end = min(chunkStart + Self.chunk, n)
                for i in chunkStart..<end {
                    let byte = b[i]
                    scalars &+= byte & 0xC0 != 0x80 ? 1 : 0
                    guard byte <= 0x0D else { continue }
                    if byte == 0x0A || (byte == 0x0D && (i + 1 == n || b[i + 1] != 0x0A)) {
                        starts.append(i + 1)
                    }
                }
                chunkStart = end
            }
        }
        self.lineStarts = starts
        // Scalars before every 256-byte boundary, so columns of long lines cost O(256), not
        // O(line length): a one-line 8 MiB file with many diagnostics stays linear.
        self.scalarCheckpoints = checkpoints.isEmpty ? [0] : checkpoints
    }

    static let chunk = 256
    /// `scalarCheckpoints[k]`: Unicode scalars (UTF-8 lead bytes) in `bytes[0 ..< k * chunk]`.
    private let scalarCheckpoints: [Int]

    /// Scalars (UTF-8 lead bytes) in `bytes[0 ..< offset]`, in O(chunk).
    private func scalarsBefore(_ offset: Int) -> Int {
        let k = offset / Self.chunk
        var n = scalarCheckpoints[min(k, scalarCheckpoints.count - 1)]
        var i = min(k, scalarCheckpoints.count - 1) * Self.chunk
        while i < offset {
            if bytes[i] & 0xC0 != 0x80 { n += 1 }
            i += 1
        }
        return n
    }

    /// The byte offset where 1-based `column` of 1-based `line` starts, clamped to the line's
    /// text (its terminator excluded). O(log n + chunk).
    public func byteOffset(line: Int, column: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return line < 1 ? 0 : bytes.count }
        let start = lineStarts[line - 1], end = lineEnd(line)
        let target = scalarsBefore(start) + max(0, column - 1)
        // The first offset whose count reaches `target`: binary search the checkpoints, then walk.
        var lo = start / Self.chunk, hi = max(lo, (end - 1) / Self.chunk)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if scalarCheckpoints[mid] <= target { lo = mid } else { hi = mid - 1 }
        }
        var i = max(start, lo * Self.chunk)
        var n = scalarsBefore(i)
        while i < end {
            if bytes[i] & 0xC0 != 0x80 {
                if n == target { return i }
                n += 1
            }
            i += 1
        }
        return end
    }

    /// Byte offset just past the text of 1-based `line` (before its line terminator).
    private func lineEnd(_ line: Int) -> Int {
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// Unicode scalars in the text of 1-based `line` (terminator excluded), in O(chunk).
    public func lineLength(_ line: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return 0 }
        return scalarsBefore(lineEnd(line)) - scalarsBefore(lineStarts[line - 1])
    }

    /// Columns `columns` (1-based, clamped) of `line` as text (lossy UTF-8), without reading the
    /// rest of the line.
    public func lineText(_ line: Int, columns: ClosedRange<Int>) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let from = byteOffset(line: line, column: columns.lowerBound)
        let to = byteOffset(line: line, column: columns.upperBound + 1)
        return String(decoding: bytes[from..<max(from, to)], as: UTF8.self)
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
        // Count Unicode scalars (UTF-8 lead bytes) from the line start.
        var column = 1 + scalarsBefore(offset) - scalarsBefore(lineStarts[lo])
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

/// 1-based line and column; the column counts Unicode scalars. Stored in 32 bits each (clamped;
/// inputs are limited to a few MiB): every YAML node, key and slice location holds two of
/// these, so 8 bytes instead of 16 is a fifth of the parsed tree of a 100,000-slice spec.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    private var storedLine: Int32
    private var storedColumn: Int32
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }
    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.storedLine, a.storedColumn) < (b.storedLine, b.storedColumn)
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
