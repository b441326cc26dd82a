import Testing
@testable import PieDriver

@Suite struct MarkdownBlocksTests {
    func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
    func text(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }

    @Test func findsPiecFencesOnly() {
        let doc = """
            # Title
            ```piec
            a: 1
            ```
            ```yaml
            b: 2
            ```
            ~~~piec {.wide}
            c: 3
            ~~~
            ````markdown
            ```piec
            inside: a longer fence
            ```
            ````
              ```  piec
              d: 4
                e: 5
              ```
                ```piec
            not a fence: indented 4
                ```

            """
        let blocks = MarkdownDocument.blocks(bytes(doc))
        #expect(blocks.map { text($0.source) } == ["a: 1\n", "c: 3\n", "d: 4\n  e: 5\n"])
        #expect(blocks.map(\.firstLine) == [3, 9, 17])
        #expect(blocks[2].removed == [2, 2])
    }

    @Test func anUnclosedFenceRunsToTheEnd() {
        // A fence of the other character does not close it.
        let blocks = MarkdownDocument.blocks(bytes("```piec\nx: 1\n~~~\ny: 2"))
        #expect(blocks.count == 1 && text(blocks[0].source) == "x: 1\n~~~\ny: 2\n")
        #expect(blocks[0].end == 21 && blocks[0].reference == nil && blocks[0].unclosed)
        #expect(!MarkdownDocument.blocks(bytes("```piec\nx: 1\n```\n"))[0].unclosed)
        // A shorter closing fence does not close a longer opening one.
        let longer = MarkdownDocument.blocks(bytes("````piec\nx: 1\n```\n````\n"))
        #expect(text(longer[0].source) == "x: 1\n```\n")
    }

    func region(_ id: String, _ eol: String = "\n") -> [UInt8] {
        MarkdownDocument.region(id: id, body: ["<img src=\"piec/\(id).svg\">"], eol: bytes(eol))
    }

    @Test func insertsThenUpdatesTheReferenceIdempotently() {
        let doc = bytes("Intro\n```piec\nid: a\n```\nText\n")
        let once = MarkdownDocument.rewrite(doc, blocks: MarkdownDocument.blocks(doc), regions: [region("a")])
        #expect(text(once) == "Intro\n```piec\nid: a\n```\n<!-- piec:begin a -->\n<img src=\"piec/a.svg\">\n<!-- piec:end -->\nText\n")
        let blocks = MarkdownDocument.blocks(once)
        #expect(blocks[0].referenceID == "a")
        #expect(MarkdownDocument.rewrite(once, blocks: blocks, regions: [region("a")]) == once)
        // A renamed chart replaces the region; blank lines the author put before it stay.
        let spaced = bytes(text(once).replacingOccurrences(of: "```\n<!--", with: "```\n\n<!--"))
        let renamed = MarkdownDocument.rewrite(spaced, blocks: MarkdownDocument.blocks(spaced), regions: [region("b")])
        #expect(text(renamed) == "Intro\n```piec\nid: a\n```\n\n<!-- piec:begin b -->\n<img src=\"piec/b.svg\">\n<!-- piec:end -->\nText\n")
    }

    @Test func keepsCRLFAndAMissingFinalLineBreak() {
        let doc = bytes("A\r\n```piec\r\nid: a\r\n```")
        #expect(MarkdownDocument.lineEnding(doc) == [0x0D, 0x0A])
        let blocks = MarkdownDocument.blocks(doc)
        #expect(text(blocks[0].source) == "id: a\n")
        let out = MarkdownDocument.rewrite(doc, blocks: blocks, regions: [region("a", "\r\n")])
        #expect(text(out) == "A\r\n```piec\r\nid: a\r\n```\r\n<!-- piec:begin a -->\r\n<img src=\"piec/a.svg\">\r\n<!-- piec:end -->\r\n")
        #expect(MarkdownDocument.rewrite(out, blocks: MarkdownDocument.blocks(out), regions: [region("a", "\r\n")]) == out)
    }

    @Test func anOrphanedOrUnclosedRegionIsLeftAlone() {
        let doc = bytes("<!-- piec:begin old -->\nx\n<!-- piec:end -->\n```piec\nid: a\n```\n<!-- piec:begin a -->\nno end\n")
        let blocks = MarkdownDocument.blocks(doc)
        #expect(blocks[0].reference == nil && blocks[0].danglingMarker == 7)
        let out = text(MarkdownDocument.rewrite(doc, blocks: blocks, regions: [region("a")]))
        #expect(out.hasPrefix("<!-- piec:begin old -->\nx\n<!-- piec:end -->\n```piec\nid: a\n```\n<!-- piec:begin a -->\n<img"))
        #expect(out.hasSuffix("<!-- piec:end -->\n<!-- piec:begin a -->\nno end\n"))
    }

    /// A `piec:end` after another block does not end the first block's reference: the begin
    /// line is a whole HTML comment, the fence after it a block CommonMark shows, which
    /// rewriting deleted (found by FuzzMarkdown). The marker is damaged instead (E0547).
    @Test func aReferenceNeverSpansAnotherBlock() {
        let doc = bytes("```piec\nid: a\n```\n<!-- piec:begin a -->\n```piec\nid: b\n```\n<!-- piec:end -->\n")
        let blocks = MarkdownDocument.blocks(doc)
        #expect(blocks.count == 2 && blocks[1].source == bytes("id: b\n"))
        #expect(blocks[0].reference == nil && blocks[0].referenceID == nil && blocks[0].danglingMarker == 4)
        #expect(blocks[1].reference == nil && blocks[1].danglingMarker == nil)
    }

    /// What a reference holds does not change what follows it: an HTML block a user left open
    /// in it (`<c>` runs to a blank line) hid the next block until piec rewrote the region, so
    /// the rewritten document had a block more (found by FuzzMarkdown).
    @Test func textAfterAReferenceIsReadAsAfterPiecsOwn() {
        let doc = bytes("```piec\nid: a\n```\n<!-- piec:begin a -->\n<c>\n<!-- piec:end -->\n```piec\nid: b\n```\n")
        let blocks = MarkdownDocument.blocks(doc)
        #expect(blocks.count == 2 && blocks[0].referenceID == "a" && blocks[1].source == bytes("id: b\n"))
        let out = MarkdownDocument.rewrite(doc, blocks: blocks, regions: [region("a"), region("b")])
        #expect(MarkdownDocument.blocks(out).map(\.source) == blocks.map(\.source))
    }

    /// Where CommonMark shows no code block, there is no piec block (issue 42): fences inside
    /// an HTML comment, a <pre> or a block-level tag's lines up to a blank line.
    @Test func fencesInsideHTMLBlocksAreNotBlocks() {
        let doc = """
            <!--
            ```piec
            in: a comment
            ```
            -->
            <details>
            ```piec
            in: a details block, no blank line
            ```
            </details>

            <pre>

            ```piec
            in: pre
            ```
            </pre>
            <div>

            ```piec
            after: a blank line
            ```
            <!-- piec:begin x --> is a one-line comment
            ```piec
            after: a comment line
            ```

            """
        let blocks = MarkdownDocument.blocks(bytes(doc))
        #expect(blocks.map { text($0.source) } == ["after: a blank line\n", "after: a comment line\n"])
        #expect(blocks.map(\.firstLine) == [21, 25])
    }

    /// Blocks in block quotes and list items, nested either way: their text without the
    /// containers' markers, columns moved by as much, and references written inside (issue 42).
    @Test func blocksInQuotesAndListItemsKeepTheirContainer() {
        let doc = """
            > ```piec
            > id: q
            >   x: 1
            > ```
            - ```piec
              id: l
              ```
            10. > ~~~piec
                > id: n
                > ~~~
            > Quoted text
            lazy line
            > ```piec
            > id: z
            > ```

            """
        let blocks = MarkdownDocument.blocks(bytes(doc))
        #expect(blocks.map { text($0.source) } == ["id: q\n  x: 1\n", "id: l\n", "id: n\n", "id: z\n"])
        #expect(blocks.map { text($0.prefix) } == ["> ", "  ", "    > ", "> "])
        #expect(blocks[0].removed == [2, 2] && blocks[2].removed == [6])
        #expect(blocks.allSatisfy { !$0.unclosed })
        let regions = ["q", "l", "n", "z"].map { region($0) }
        let once = MarkdownDocument.rewrite(bytes(doc), blocks: blocks, regions: regions)
        #expect(text(once).contains("- ```piec\n  id: l\n  ```\n  <!-- piec:begin l -->\n  <img src=\"piec/l.svg\">\n  <!-- piec:end -->\n10."))
        #expect(text(once).contains("    > ~~~\n    > <!-- piec:begin n -->\n    > <img src=\"piec/n.svg\">\n    > <!-- piec:end -->\n> Quoted"))
        let again = MarkdownDocument.blocks(once)
        #expect(again.map(\.referenceID) == ["q", "l", "n", "z"])
        #expect(MarkdownDocument.rewrite(once, blocks: again, regions: regions) == once)
    }

    /// Where CommonMark shows no code block in a container, there is none: code indented in a
    /// list item, a quote's fence after a line without `>` (the quote ended), an ordered list
    /// not starting at 1 after a paragraph (text, not a list).
    @Test func containerTrapsAreNotBlocks() {
        let doc = """
            - item

                  ```piec
                  in: indented code
                  ```
            > quote
            ```piec
            top: level
            ```
            Text
            2. ```piec
               in: a paragraph

            """
        let blocks = MarkdownDocument.blocks(bytes(doc))
        #expect(blocks.map { text($0.source) } == ["top: level\n"])
        #expect(blocks[0].prefix.isEmpty)
    }

    /// A fence its container ends is unclosed (its reference would go on the code block), and a
    /// reference an older piec wrote outside the list item is found and written back inside.
    @Test func aFenceItsContainerEndsIsUnclosedAndAnOuterReferenceMovesIn() {
        let cut = MarkdownDocument.blocks(bytes("> ```piec\n> id: a\nText\n> ```\n"))
        #expect(cut.count == 1 && cut[0].unclosed && text(cut[0].source) == "id: a\n")
        let old = bytes("- ```piec\n  id: a\n  ```\n<!-- piec:begin a -->\n<img src=\"piec/a.svg\">\n<!-- piec:end -->\n")
        let blocks = MarkdownDocument.blocks(old)
        #expect(blocks[0].referenceID == "a")
        let out = MarkdownDocument.rewrite(old, blocks: blocks, regions: [region("a")])
        #expect(text(out) == "- ```piec\n  id: a\n  ```\n  <!-- piec:begin a -->\n  <img src=\"piec/a.svg\">\n  <!-- piec:end -->\n")
    }

    @Test func aByteOrderMarkBeforeTheFirstFenceIsSkipped() {
        let blocks = MarkdownDocument.blocks([0xEF, 0xBB, 0xBF] + bytes("```piec\nid: a\n```\n"))
        #expect(blocks.count == 1 && text(blocks[0].source) == "id: a\n" && blocks[0].firstLine == 2)
    }
}

@Suite struct RenderTimeTests {
    @Test func parsesUnitsAndPercentages() {
        let line = TimeWindowFixture.line
        #expect(RenderTime("1200ms")?.milliseconds(on: line) == 1200)
        #expect(RenderTime("1.5s")?.milliseconds(on: line) == 1500)
        #expect(RenderTime("50%")?.milliseconds(on: line) == 500, "\(String(describing: RenderTime("50%")))")
        #expect(RenderTime("0%")?.milliseconds(on: line) == 100)
        for bad in ["", "12", "-1ms", "1e3ms", "150%", "ms", "1.2.3s", "∞s"] { #expect(RenderTime(bad) == nil, "\(bad)") }
    }

    @Test func scheduleCoversTheTimelineThenHoldsTheEnd() {
        let s = FrameSchedule.make(timeline: TimeWindowFixture.line, fps: 10, hold: 1000)
        #expect(s.times == [0, 100, 200, 300, 400, 500, 600, 700, 800, 900])
        #expect(s.durations == [100, 100, 100, 100, 100, 100, 100, 100, 100, 1000])
        let still = FrameSchedule.make(timeline: .init(start: 0, length: 0), fps: 30, hold: 0)
        #expect(still.times == [0] && still.durations[0] > 33)
        #expect(RenderFormat(path: "a/b.GIF") == .gif && RenderFormat(path: "a.b/c") == nil && RenderFormat(path: "x.jpeg") == nil)
    }
}

import PieCore

enum TimeWindowFixture {
    static let line = TimeWindow(start: 100, length: 800)
}
