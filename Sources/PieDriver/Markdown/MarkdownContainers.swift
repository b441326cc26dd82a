/// CommonMark's container blocks (spec 0.31, section 5: block quotes and list items) as far as
/// `piec md` needs them: where each line's content starts once the open containers' markers
/// and indentation are taken off, and which containers a line opens.
///
/// Columns follow the spec: a tab moves to the next multiple of 4, and a container may take
/// part of a tab (`MarkdownCursor.partial`).
struct MarkdownContainer: Equatable {
    /// A block quote (`>`), else a list item whose content is indented by `width` columns.
    var quote: Bool
    var width = 0
    /// The list item holds a non-blank line (an item may begin with one blank line, not two).
    var hasContent = false

    /// What a line inside it starts with when piec writes it: `> ` or the item's indentation.
    var prefix: [UInt8] { quote ? [0x3E, 0x20] : [UInt8](repeating: 0x20, count: width) }
}

/// A place in one line of a document.
struct MarkdownCursor {
    var pos: Int
    var col = 0
    /// The tab at `pos` is partly taken (its remaining columns count as spaces).
    var partial = false
    let end: Int

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    /// The first byte that is not a space or tab, its column, and how many columns lie before it.
    func nonspace(_ bytes: [UInt8]) -> (pos: Int, col: Int, indent: Int) {
        var p = pos, c = col
        while p < end, Self.isSpace(bytes[p]) {
            c = bytes[p] == 0x09 ? (c / 4 + 1) * 4 : c + 1
            p += 1
        }
        return (p, c, c - col)
    }

    func isBlank(_ bytes: [UInt8]) -> Bool { nonspace(bytes).pos == end }

    /// Takes `n` columns of spaces and tabs (fewer when the line has fewer).
    mutating func advance(columns n: Int, _ bytes: [UInt8]) {
        var n = n
        while n > 0, pos < end, Self.isSpace(bytes[pos]) {
            let width = bytes[pos] == 0x09 ? (col / 4 + 1) * 4 - col : 1
            if width <= n {
                pos += 1
                col += width
                n -= width
                partial = false
            } else {
                col += n
                n = 0
                partial = true
            }
        }
    }

    /// Takes one byte that is not a space or tab.
    mutating func step() {
        pos += 1
        col += 1
        partial = false
    }

    /// The rest of the line as text, a partly taken tab's columns as spaces, and how many more
    /// bytes than columns lie before it (for moving a column back into the document).
    func rest(_ bytes: [UInt8], lineStart: Int) -> (text: [UInt8], removed: Int) {
        guard partial else { return (Array(bytes[pos..<end]), pos - lineStart) }
        let spaces = (col / 4 + 1) * 4 - col
        return ([UInt8](repeating: 0x20, count: spaces) + bytes[(pos + 1)..<end], pos + 1 - lineStart - spaces)
    }

    /// Whether `container` goes on in this line, taking its marker or indentation if so.
    mutating func continues(_ container: MarkdownContainer, _ bytes: [UInt8]) -> Bool {
        let at = nonspace(bytes)
        if container.quote {
            guard at.indent < 4, at.pos < end, bytes[at.pos] == 0x3E else { return false }
            pos = at.pos
            col = at.col
            partial = false
            step()
            if pos < end, Self.isSpace(bytes[pos]) { advance(columns: 1, bytes) }
            return true
        }
        if at.pos == end {
            guard container.hasContent else { return false }
            advance(columns: min(at.indent, container.width), bytes)
            return true
        }
        guard at.indent >= container.width else { return false }
        advance(columns: container.width, bytes)
        return true
    }

    /// Opens a block quote or a list item here, taking its marker; nil when the line starts
    /// neither. `interrupting`: a paragraph is open, which an empty item or an ordered list
    /// starting elsewhere than at 1 cannot interrupt.
    mutating func opens(_ bytes: [UInt8], interrupting: Bool) -> MarkdownContainer? {
        let at = nonspace(bytes)
        guard at.indent < 4, at.pos < end else { return nil }
        if bytes[at.pos] == 0x3E {
            _ = continues(MarkdownContainer(quote: true), bytes)
            return MarkdownContainer(quote: true)
        }
        let text = bytes[at.pos..<end]
        if MarkdownDocument.isThematicBreak(text) || (interrupting && MarkdownDocument.isSetextUnderline(text)) { return nil }
        var p = at.pos
        let first = bytes[p]
        if first == 0x2D || first == 0x2B || first == 0x2A {
            p += 1
        } else {
            while p < end, p - at.pos < 9, bytes[p] >= 0x30, bytes[p] <= 0x39 { p += 1 }
            guard p > at.pos, p < end, bytes[p] == 0x2E || bytes[p] == 0x29 else { return nil }
            if interrupting, bytes[at.pos..<p] != [0x31] { return nil }
            p += 1
        }
        guard p == end || Self.isSpace(bytes[p]) else { return nil }
        var after = MarkdownCursor(pos: p, col: at.col + (p - at.pos), end: end)
        let content = after.nonspace(bytes)
        if interrupting, content.pos == end { return nil }
        let spaces = content.pos == end || content.indent > 4 ? 1 : content.indent
        after.advance(columns: spaces, bytes)
        self = after
        return MarkdownContainer(quote: false, width: at.indent + (p - at.pos) + spaces, hasContent: content.pos < end)
    }
}
