/// One pass over a Markdown document's lines in the manner of CommonMark's parsing strategy
/// (spec appendix A): each line first goes on in the open containers it can, then goes on the
/// open leaf block (fence, HTML block, indented code, or as a lazy paragraph line), or opens
/// containers and a new leaf. It keeps only what decides where fenced code blocks are:
/// containers, and whether the last leaf is a paragraph, a fence, an HTML block or indented code.
struct MarkdownScanner {
    let bytes: [UInt8]
    let lines: [MarkdownDocument.Line]
    private(set) var found: [MarkdownBlock] = []
    private var open: [MarkdownContainer] = []
    private var leaf = Leaf.none
    /// The last line of the reference region just found: its lines are piec's, skipped (the
    /// text after it is read as after the region piec writes, whatever the region now holds).
    private var skipThrough = -1

    private struct Fence {
        var char: UInt8
        var length: Int
        var indent: Int
        /// The piec block being read (nil: a fence of another language).
        var block: MarkdownBlock?
        var containers: [MarkdownContainer]
        var lastLine: Int
    }

    private enum Leaf {
        case none, paragraph, indented
        case html(MarkdownHTMLBlock.End)
        case fence(Fence)

        var isParagraph: Bool {
            if case .paragraph = self { return true }
            return false
        }
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
        lines = MarkdownDocument.lines(bytes)
    }

    mutating func run() {
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for k in lines.indices where k > skipThrough {
            scan(line: k, cursor: MarkdownCursor(pos: lines[k].start + (k == 0 ? bom : 0), end: lines[k].textEnd))
        }
        if case .fence(let f) = leaf { finish(f, closedAt: nil) }
    }

    private mutating func scan(line k: Int, cursor start: MarkdownCursor) {
        var cursor = start
        var matched = 0
        while matched < open.count, cursor.continues(open[matched], bytes) { matched += 1 }
        let all = matched == open.count

        // Leaves that go on only where all their containers do.
        switch leaf {
        case .fence(var f):
            if all {
                let at = cursor.nonspace(bytes)
                if at.indent < 4, let close = MarkdownDocument.fence(bytes[at.pos..<cursor.end]), close.char == f.char,
                   close.length >= f.length, MarkdownDocument.isBlank(close.info) {
                    finish(f, closedAt: k)
                    leaf = .none
                    return
                }
                cursor.advance(columns: min(at.indent, f.indent), bytes)
                let rest = cursor.rest(bytes, lineStart: lines[k].start)
                f.block?.source += rest.text + [0x0A]
                f.block?.removed.append(rest.removed)
                f.lastLine = k
                leaf = .fence(f)
                return
            }
            // Its container ended: CommonMark closes the fence there.
            finish(f, closedAt: nil)
            leaf = .none
        case .html(let kind):
            if all, !(kind == .blankLine && cursor.isBlank(bytes)) {
                if MarkdownHTMLBlock.closes(kind, bytes[cursor.pos..<cursor.end]) { leaf = .none }
                return
            }
            leaf = .none
        case .indented:
            if all, cursor.isBlank(bytes) || cursor.nonspace(bytes).indent >= 4 { return }
            leaf = .none
        case .none, .paragraph:
            break
        }

        var opened: [MarkdownContainer] = []
        while let c = cursor.opens(bytes, interrupting: all && leaf.isParagraph && opened.isEmpty) { opened.append(c) }
        let at = cursor.nonspace(bytes)
        let text = bytes[at.pos..<cursor.end]
        let blank = at.pos == cursor.end
        // A lazy line: paragraph text outside some of the paragraph's containers.
        if !all, opened.isEmpty, leaf.isParagraph, !blank, at.indent >= 4 || !startsLeaf(text) { return }
        if !all || !opened.isEmpty {
            open.removeSubrange(matched...)
            open += opened
            leaf = .none
        }
        if !blank {
            for i in open.indices { open[i].hasContent = true }
        }
        if blank {
            leaf = .none
        } else if at.indent >= 4 {
            if !leaf.isParagraph { leaf = .indented }
        } else if let f = MarkdownDocument.fence(text) {
            var block: MarkdownBlock?
            if MarkdownDocument.firstWord(f.info) == "piec" {
                block = MarkdownBlock(source: [], firstLine: k + 2, removed: [], end: lines[k].next)
                block?.start = cursor.pos
                block?.prefix = open.flatMap(\.prefix)
            }
            leaf = .fence(Fence(char: f.char, length: f.length, indent: at.indent, block: block, containers: open, lastLine: k))
        } else if let kind = MarkdownHTMLBlock.start(text, inParagraph: leaf.isParagraph) {
            leaf = MarkdownHTMLBlock.closes(kind, text) ? .none : .html(kind)
        } else if MarkdownDocument.isATXHeading(text) || MarkdownDocument.isThematicBreak(text)
                    || (leaf.isParagraph && MarkdownDocument.isSetextUnderline(text)) {
            leaf = .none
        } else {
            leaf = .paragraph
        }
    }

    /// Whether `text` (indented less than 4) starts a block that ends a paragraph it does not
    /// belong to: what markdown-it's CommonMark preset lets end a block quote's paragraph
    /// (an HTML block only of the kinds that may interrupt a paragraph).
    private func startsLeaf(_ text: ArraySlice<UInt8>) -> Bool {
        MarkdownDocument.fence(text) != nil || MarkdownHTMLBlock.start(text, inParagraph: true) != nil
            || MarkdownDocument.isATXHeading(text) || MarkdownDocument.isThematicBreak(text)
    }

    /// Line `k` opens a fence after its quote markers and indentation.
    private func opensFence(line k: Int) -> Bool {
        let text = bytes[lines[k].start..<lines[k].textEnd].drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x3E }
        return MarkdownDocument.fence(text) != nil
    }

    /// The fence's block, closed by line `close` or, when nil, by its container or the end of
    /// the document (refused by piec md: a reference after it would go on the open block).
    private mutating func finish(_ f: Fence, closedAt close: Int?) {
        guard var block = f.block else { return }
        if let close {
            block.end = lines[close].next
            (block.reference, block.referenceID, block.danglingMarker) =
                MarkdownDocument.reference(bytes, lines, after: close, containers: f.containers)
            if let r = block.reference {
                let region = lines.indices.filter { lines[$0].start >= r.lowerBound && lines[$0].next <= r.upperBound }
                if region.contains(where: { opensFence(line: $0) }) {
                    // A fence between the markers is a block of its own (the begin line is a
                    // whole HTML comment): no reference of piec's, whose rewrite would delete
                    // it (FuzzMarkdown-reference-over-a-block). A damaged marker instead (E0547).
                    block.reference = nil
                    block.referenceID = nil
                    block.danglingMarker = (region.first ?? close) + 1
                } else if let last = region.last {
                    // What the region holds (an HTML block a user left open in it) does not
                    // change what comes after it, as after the region piec writes
                    // (FuzzMarkdown-open-html-in-reference).
                    skipThrough = last
                    leaf = .none
                }
            }
        } else {
            block.end = lines[f.lastLine].next
            block.unclosed = true
        }
        found.append(block)
    }
}
