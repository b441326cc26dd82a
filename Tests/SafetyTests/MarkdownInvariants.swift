import PieDriver

/// What `piec md` relies on from the Markdown block finder (`MarkdownDocument`), for any bytes:
/// checked by the `FuzzMarkdown` fuzz target and by `FuzzRegressionTests` on its saved inputs.
/// Ranges lie inside the document and in order; the finder is deterministic; and for a
/// document piec md would rewrite (no unclosed block, no damaged reference), the rewritten
/// document has the same blocks, each with its new reference, and rewriting it again with the
/// same regions changes nothing.
public enum MarkdownInvariants {
    /// The broken promises (empty: all kept).
    public static func problems(_ bytes: [UInt8]) -> [String] {
        let blocks = MarkdownDocument.blocks(bytes)
        var problems = rangeProblems(blocks, count: bytes.count, lines: lineCount(bytes), what: "the document")
        if MarkdownDocument.blocks(bytes) != blocks { problems.append("two scans of one document found different blocks") }
        guard problems.isEmpty, !blocks.contains(where: { $0.unclosed || $0.danglingMarker != nil }) else { return problems }
        let regions = self.regions(blocks.count, eol: MarkdownDocument.lineEnding(bytes))
        let once = MarkdownDocument.rewrite(bytes, blocks: blocks, regions: regions)
        let found = MarkdownDocument.blocks(once)
        problems += rangeProblems(found, count: once.count, lines: lineCount(once), what: "the rewritten document")
        if found.count != blocks.count {
            problems.append("the rewritten document has \(found.count) blocks, the document \(blocks.count)")
            return problems
        }
        for (n, (old, new)) in zip(blocks, found).enumerated() {
            if old.source != new.source || old.prefix != new.prefix || old.removed != new.removed {
                problems.append("block \(n + 1) differs after rewriting (source, prefix or indentation)")
            }
            if new.unclosed || new.danglingMarker != nil { problems.append("block \(n + 1) is damaged after rewriting") }
            if new.referenceID != "b\(n + 1)" {
                problems.append("block \(n + 1)'s reference after rewriting is `\(new.referenceID ?? "none")`, not `b\(n + 1)`")
            }
        }
        if MarkdownDocument.rewrite(once, blocks: found, regions: regions) != once {
            problems.append("rewriting the rewritten document changed it")
        }
        return problems
    }

    /// One reference per block, as piec md writes them (`b1`, `b2`, ...).
    static func regions(_ count: Int, eol: [UInt8]) -> [[UInt8]] {
        (0..<count).map { n in
            MarkdownDocument.region(id: "b\(n + 1)", body: ["<picture><img alt=\"b\(n + 1)\" src=\"piec/b\(n + 1).svg\"></picture>"], eol: eol)
        }
    }

    static func lineCount(_ bytes: [UInt8]) -> Int { bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) } }

    /// Every range inside `0...count` and each block after the previous one (and its reference).
    static func rangeProblems(_ blocks: [MarkdownBlock], count: Int, lines: Int, what: String) -> [String] {
        var problems: [String] = []
        var after = 0, line = 0
        for (n, b) in blocks.enumerated() {
            let name = "block \(n + 1) of \(what)"
            if !(after <= b.start && b.start <= b.end && b.end <= count) {
                problems.append("\(name): start \(b.start) and end \(b.end) are not in order after \(after) within \(count) bytes")
            }
            if !(b.firstLine > line && b.firstLine <= lines + 1) { problems.append("\(name): first line \(b.firstLine) after line \(line) of \(lines)") }
            if let r = b.reference, !(b.end <= r.lowerBound && r.upperBound <= count) {
                problems.append("\(name): its reference \(r) is not after its end \(b.end) within \(count) bytes")
            }
            if let d = b.danglingMarker, !(d >= 1 && d <= lines) { problems.append("\(name): damaged marker at line \(d) of \(lines)") }
            after = max(b.end, b.reference?.upperBound ?? 0)
            line = b.firstLine
        }
        return problems
    }
}
