/// The ```` ```piec ```` blocks of a Markdown document and the image references `piec md` keeps
/// under them. Pure: bytes in, values and bytes out.
///
/// A block is a fenced code block (CommonMark: up to 3 spaces of indentation, at least three
/// backticks or tildes, closed by a line of the same character at least as long) whose info
/// string's first word is `piec`, found where CommonMark finds one (`MarkdownScanner`): at the
/// top level, in block quotes (`> `) and in list items (`- `, `* `, `+ `, `1. `, `1) `, the
/// content indented by the marker's width), nested too, with CommonMark's lazy paragraph lines
/// and list items that end. Its text is the lines between the fences with the containers'
/// markers and the opening fence's indentation removed. Fences inside another fence are text
/// (a ````` ```` ````` block that shows a ```piec example is not a block), and so are fences
/// inside the HTML blocks CommonMark knows by their first line (`MarkdownHTMLBlock`: comments,
/// `<pre>`, `<script>`, `<style>`, `<textarea>`, `<?...?>`, `<!X>`, CDATA, and block-level tags
/// up to the next blank line) and in indented code. A fence closed by the end of the document
/// or of its container is `unclosed`. A byte order mark before the first line is skipped.
///
/// The reference is the region from a line `<!-- piec:begin ID -->` to a line
/// `<!-- piec:end -->` that follows the closing fence, blank lines allowed between, each line
/// behind the block's container prefix (`MarkdownBlock.prefix`), so that it renders in the same
/// quote or list item. Rewriting replaces it (or inserts it right after the fence) and touches
/// nothing else: line endings (LF or CRLF, as the document's first line), other text and
/// orphaned regions stay as they are, and rewriting a rewritten document changes nothing.
public struct MarkdownBlock: Sendable, Equatable {
    /// The spec: the block's lines, indentation removed.
    public var source: [UInt8]
    /// Document line (1-based) of the block's first line of text.
    public var firstLine: Int
    /// Spaces removed from each of the block's lines (columns move right by as many).
    public var removed: [Int]
    /// Byte offset just after the closing fence's line (the end of the document when unclosed).
    public var end: Int
    /// Byte offset of the opening fence's line after its containers' markers (`start..<end` is
    /// the whole fenced block; a block quote's or list item's lines inside it keep theirs).
    public var start = 0
    /// What each line of the block's containers starts with when piec writes one: `> ` for a
    /// block quote, the content's indentation for a list item (empty at the top level).
    public var prefix: [UInt8] = []
    /// Byte range of the existing reference region (through its last line break), if any.
    public var reference: Range<Int>?
    /// The id its `piec:begin` marker names.
    public var referenceID: String?
    /// The block has no closing fence: it runs to the end of the document (refused by piec md,
    /// which would otherwise write its reference inside the open code block).
    public var unclosed = false
    /// Document line (1-based) of a `piec:begin` marker under the block with no `piec:end`
    /// after it before the next block (refused: a new reference would stand beside the damaged
    /// one).
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

    /// A fence opening at `text` (which starts after the indentation): its character, length
    /// and info string; nil otherwise.
    static func fence(_ text: ArraySlice<UInt8>) -> (char: UInt8, length: Int, info: ArraySlice<UInt8>)? {
        guard let char = text.first, char == 0x60 || char == 0x7E else { return nil }
        let length = text.prefix { $0 == char }.count
        guard length >= 3 else { return nil }
        let info = text.dropFirst(length)
        if char == 0x60, info.contains(0x60) { return nil }
        return (char, length, info)
    }

    static func firstWord(_ info: ArraySlice<UInt8>) -> String {
        let trimmed = info.drop { $0 == 0x20 || $0 == 0x09 }
        return String(decoding: trimmed.prefix { $0 != 0x20 && $0 != 0x09 && $0 != 0x7B }, as: UTF8.self)
    }

    static func isBlank(_ text: ArraySlice<UInt8>) -> Bool { text.allSatisfy { $0 == 0x20 || $0 == 0x09 } }

    /// `***`, `- - -`, `___` (three or more of one of them, spaces and tabs between).
    static func isThematicBreak(_ text: ArraySlice<UInt8>) -> Bool {
        guard let c = text.first, c == 0x2A || c == 0x2D || c == 0x5F else { return false }
        return text.allSatisfy { $0 == c || $0 == 0x20 || $0 == 0x09 } && text.filter { $0 == c }.count >= 3
    }

    /// `===` or `---` alone (spaces after): under a paragraph, it makes the paragraph a heading.
    static func isSetextUnderline(_ text: ArraySlice<UInt8>) -> Bool {
        guard let c = text.first, c == 0x3D || c == 0x2D else { return false }
        return isBlank(text.drop { $0 == c })
    }

    /// `#` to `######` followed by a space, a tab or the end of the line.
    static func isATXHeading(_ text: ArraySlice<UInt8>) -> Bool {
        let hashes = text.prefix { $0 == 0x23 }.count
        return hashes >= 1 && hashes <= 6 && (text.count == hashes || MarkdownCursor.isSpace(text[text.startIndex + hashes]))
    }

    /// The document's piec blocks, in order.
    public static func blocks(_ bytes: [UInt8]) -> [MarkdownBlock] {
        var scanner = MarkdownScanner(bytes: bytes)
        scanner.run()
        var found = scanner.found
        // A `piec:begin` line is a whole HTML block (the comment ends on it), so a fence between
        // it and a later `piec:end` is a block of its own: that is no reference of piec's, and
        // replacing it ran over the next block (rewrite crashed; FuzzMarkdown-reference-over-a-block).
        for i in found.indices.dropLast() {
            guard let r = found[i].reference, r.upperBound > found[i + 1].start else { continue }
            found[i].reference = nil
            found[i].referenceID = nil
            found[i].danglingMarker = bytes[..<r.lowerBound].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        }
        return found
    }

    /// The reference region after line `fenceLine`, inside `containers` (the fence's): the next
    /// line with text must open it. A line's containers are taken off as far as they go on, so a
    /// region piec once wrote outside the fence's list item or quote is found too (and written
    /// back inside). When that line is a `piec:begin` marker with no complete region after it,
    /// its line (1-based) instead (`MarkdownBlock.danglingMarker`).
    static func reference(_ bytes: [UInt8], _ lines: [Line], after fenceLine: Int,
                          containers: [MarkdownContainer]) -> (Range<Int>?, String?, dangling: Int?) {
        func text(_ k: Int) -> String {
            var cursor = MarkdownCursor(pos: lines[k].start, end: lines[k].textEnd)
            for var c in containers {
                c.hasContent = true
                guard cursor.continues(c, bytes) else { break }
            }
            return String(decoding: cursor.rest(bytes, lineStart: lines[k].start).text, as: UTF8.self)
        }
        var k = fenceLine + 1
        while k < lines.count, text(k).trimmingSpaces().isEmpty { k += 1 }
        guard k < lines.count else { return (nil, nil, nil) }
        let first = text(k)
        guard first.hasPrefix(beginMarker) else { return (nil, nil, nil) }
        guard first.hasSuffix("-->") else { return (nil, nil, k + 1) }
        let id = String(first.dropFirst(beginMarker.count).dropLast(3)).trimmingSpaces()
        var e = k
        while e < lines.count, text(e).trimmingSpaces() != endMarker { e += 1 }
        guard e < lines.count else { return (nil, nil, k + 1) }
        return (lines[k].start..<lines[e].next, id, nil)
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

    /// `region` with `prefix` before each of its lines.
    static func prefixed(_ region: [UInt8], _ prefix: [UInt8]) -> [UInt8] {
        guard !prefix.isEmpty else { return region }
        var out: [UInt8] = []
        var lineStart = true
        for b in region {
            if lineStart { out += prefix }
            out.append(b)
            lineStart = b == 0x0A
        }
        return out
    }

    /// `bytes` with each block's reference replaced by (or, where it has none, followed by)
    /// `regions[i]`, each line of it behind the block's container prefix.
    public static func rewrite(_ bytes: [UInt8], blocks: [MarkdownBlock], regions: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + regions.reduce(0) { $0 + $1.count })
        var at = 0
        for (block, region) in zip(blocks, regions) {
            let range = block.reference ?? block.end..<block.end
            out += bytes[at..<range.lowerBound]
            // A closing fence on the document's last line, without a line break.
            if block.reference == nil, block.end > 0, bytes[block.end - 1] != 0x0A { out += lineEnding(bytes) }
            out += prefixed(region, block.prefix)
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
