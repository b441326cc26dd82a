/// The ```` ```piec ```` blocks of a Markdown document and the image references `piec md` keeps
/// under them. Pure: bytes in, values and bytes out.
///
/// A block is a fenced code block (CommonMark: up to 3 spaces of indentation, at least three
/// backticks or tildes, closed by a line of the same character at least as long, or by the end
/// of the document) whose info string's first word is `piec`. Its text is the lines between the
/// fences with the opening fence's indentation removed. Fences inside another fence are text
/// (a ````` ```` ````` block that shows a ```piec example is not a block), and so are fences
/// inside the HTML blocks CommonMark knows by their first line (`MarkdownHTMLBlock`: comments,
/// `<pre>`, `<script>`, `<style>`, `<textarea>`, `<?...?>`, `<!X>`, CDATA, and block-level tags
/// up to the next blank line); so are fences in block quotes and list items, which piec does not
/// look into. A byte order mark before the first line is skipped.
///
/// The reference is the region from a line `<!-- piec:begin ID -->` to a line
/// `<!-- piec:end -->` that follows the closing fence, blank lines allowed between. Rewriting
/// replaces it (or inserts it right after the fence) and touches nothing else: line endings
/// (LF or CRLF, as the document's first line), other text and orphaned regions stay as they
/// are, and rewriting a rewritten document changes nothing.
public struct MarkdownBlock: Sendable, Equatable {
    /// The spec: the block's lines, indentation removed.
    public var source: [UInt8]
    /// Document line (1-based) of the block's first line of text.
    public var firstLine: Int
    /// Spaces removed from each of the block's lines (columns move right by as many).
    public var removed: [Int]
    /// Byte offset just after the closing fence's line (the end of the document when unclosed).
    public var end: Int
    /// Byte offset of the opening fence's line (`start..<end` is the whole fenced block).
    public var start = 0
    /// Byte range of the existing reference region (through its last line break), if any.
    public var reference: Range<Int>?
    /// The id its `piec:begin` marker names.
    public var referenceID: String?
    /// The block has no closing fence: it runs to the end of the document (refused by piec md,
    /// which would otherwise write its reference inside the open code block).
    public var unclosed = false
    /// Document line (1-based) of a `piec:begin` marker under the block with no `piec:end`
    /// after it (refused: a new reference would stand beside the damaged one).
    public var danglingMarker: Int?
}

public enum MarkdownDocument {
    public static let beginMarker = "<!-- piec:begin "
    public static let endMarker = "<!-- piec:end -->"

    /// One line: where it starts, where its text ends, and where the next line starts.
    struct Line {
        var start: Int
        var textEnd: Int
        var next: Int
    }

    static func lines(_ bytes: [UInt8]) -> [Line] {
        var out: [Line] = []
        var start = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A {
                let textEnd = i > start && bytes[i - 1] == 0x0D ? i - 1 : i
                out.append(Line(start: start, textEnd: textEnd, next: i + 1))
                start = i + 1
            }
            i += 1
        }
        if start < bytes.count { out.append(Line(start: start, textEnd: bytes.count, next: bytes.count)) }
        return out
    }

    /// `\r\n` when the document's first line ends so, else `\n`.
    public static func lineEnding(_ bytes: [UInt8]) -> [UInt8] {
        guard let lf = bytes.firstIndex(of: 0x0A) else { return [0x0A] }
        return lf > 0 && bytes[lf - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
    }

    /// A fence line: its indentation, character, length and info string; nil otherwise.
    static func fence(_ text: ArraySlice<UInt8>) -> (indent: Int, char: UInt8, length: Int, info: ArraySlice<UInt8>)? {
        var i = text.startIndex, indent = 0
        while i < text.endIndex, text[i] == 0x20, indent < 4 { i += 1; indent += 1 }
        guard indent < 4, i < text.endIndex, text[i] == 0x60 || text[i] == 0x7E else { return nil }
        let char = text[i]
        var length = 0
        while i < text.endIndex, text[i] == char { i += 1; length += 1 }
        guard length >= 3 else { return nil }
        let info = text[i...]
        if char == 0x60, info.contains(0x60) { return nil }
        return (indent, char, length, info)
    }

    static func firstWord(_ info: ArraySlice<UInt8>) -> String {
        let trimmed = info.drop { $0 == 0x20 || $0 == 0x09 }
        return String(decoding: trimmed.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x7B }, as: UTF8.self)
    }

    static func isBlank(_ text: ArraySlice<UInt8>) -> Bool { text.allSatisfy { $0 == 0x20 || $0 == 0x09 } }

    /// The document's piec blocks, in order.
    public static func blocks(_ bytes: [UInt8]) -> [MarkdownBlock] {
        var lines = lines(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]), !lines.isEmpty { lines[0].start += 3 }
        var result: [MarkdownBlock] = []
        var k = 0
        var paragraph = false    // a paragraph is open (kind 7 HTML cannot interrupt it)
        while k < lines.count {
            let text = bytes[lines[k].start..<lines[k].textEnd]
            if let html = MarkdownHTMLBlock.start(text, inParagraph: paragraph) {
                k = MarkdownHTMLBlock.end(html, bytes, lines, from: k) + 1
                paragraph = false
                continue
            }
            guard let open = fence(text) else {
                paragraph = continuesParagraph(text, open: paragraph)
                k += 1
                continue
            }
            paragraph = false
            // The closing fence: same character, at least as long, nothing but spaces after.
            var close = k + 1
            while close < lines.count {
                let t = bytes[lines[close].start..<lines[close].textEnd]
                if let f = fence(t), f.char == open.char, f.length >= open.length, isBlank(f.info) { break }
                close += 1
            }
            if firstWord(open.info) == "piec" {
                var source: [UInt8] = [], removed: [Int] = []
                for j in (k + 1)..<close {
                    var s = lines[j].start, n = 0
                    while n < open.indent, s < lines[j].textEnd, bytes[s] == 0x20 { s += 1; n += 1 }
                    source += bytes[s..<lines[j].textEnd]
                    source.append(0x0A)
                    removed.append(n)
                }
                let end = close < lines.count ? lines[close].next : bytes.count
                var block = MarkdownBlock(source: source, firstLine: k + 2, removed: removed, end: end)
                block.unclosed = close >= lines.count
                block.start = lines[k].start
                if close < lines.count {
                    (block.reference, block.referenceID, block.danglingMarker) = reference(bytes, lines, after: close)
                }
                result.append(block)
            }
            k = close + 1
        }
        return result
    }

    /// The reference region after line `fenceLine`: the next non-blank line must open it. When
    /// that line is a `piec:begin` marker with no complete region after it, its line (1-based)
    /// instead (`MarkdownBlock.danglingMarker`).
    static func reference(_ bytes: [UInt8], _ lines: [Line], after fenceLine: Int) -> (Range<Int>?, String?, dangling: Int?) {
        var k = fenceLine + 1
        while k < lines.count, isBlank(bytes[lines[k].start..<lines[k].textEnd]) { k += 1 }
        guard k < lines.count else { return (nil, nil, nil) }
        let first = String(decoding: bytes[lines[k].start..<lines[k].textEnd], as: UTF8.self)
        guard first.hasPrefix(beginMarker) else { return (nil, nil, nil) }
        guard first.hasSuffix("-->") else { return (nil, nil, k + 1) }
        let id = String(first.dropFirst(beginMarker.count).dropLast(3)).trimmingSpaces()
        var e = k
        while e < lines.count, String(decoding: bytes[lines[e].start..<lines[e].textEnd], as: UTF8.self).trimmingSpaces() != endMarker { e += 1 }
        guard e < lines.count else { return (nil, nil, k + 1) }
        return (lines[k].start..<lines[e].next, id, nil)
    }

    /// Whether a paragraph is open after `text` (not a fence, not HTML): a blank line or an ATX
    /// heading closes it; an indented line starts an indented code block when none was open.
    static func continuesParagraph(_ text: ArraySlice<UInt8>, open: Bool) -> Bool {
        if isBlank(text) { return false }
        let indent = text.prefix { $0 == 0x20 }.count
        if indent >= 4 { return open }
        let rest = text.dropFirst(indent)
        let hashes = rest.prefix { $0 == 0x23 }.count
        if hashes >= 1, hashes <= 6, rest.count == hashes || rest[rest.startIndex + hashes] == 0x20 { return false }
        return true
    }

    /// The reference region for `id`: the markers around `body` (one line per element),
    /// each line ended with `eol`.
    public static func region(id: String, body: [String], eol: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for line in [beginMarker + id + " -->"] + body + [endMarker] {
            out += Array(line.utf8)
            out += eol
        }
        return out
    }

    /// `bytes` with each block's reference replaced by (or, where it has none, followed by)
    /// `regions[i]`.
    public static func rewrite(_ bytes: [UInt8], blocks: [MarkdownBlock], regions: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + regions.reduce(0) { $0 + $1.count })
        var at = 0
        for (block, region) in zip(blocks, regions) {
            let range = block.reference ?? block.end..<block.end
            out += bytes[at..<range.lowerBound]
            // A closing fence on the document's last line, without a line break.
            if block.reference == nil, block.end > 0, bytes[block.end - 1] != 0x0A { out += lineEnding(bytes) }
            out += region
            at = range.upperBound
        }
        out += bytes[at...]
        return out
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
