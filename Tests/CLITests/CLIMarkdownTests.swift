import Foundation
import PieDriver
import Testing

/// `piec md` through the built binary, outside git (the record beside the images is the
/// previous version).
@Suite struct CLIMarkdownTests {
    static let doc = "# Report\r\n\r\n```piec\r\npiec: 1\r\nid: share\r\nslices:\r\n  - {label: A, value: 1}\r\n  - {label: B, value: 3}\r\n```\r\n\r\nEnd.\r\n"

    @Test func writesImagesAndAReferenceThenChecksThem() throws {
        let w = try Workspace()
        try w.write("docs/README.md", Self.doc)
        #expect(try w.run("md", "docs/README.md", "--check").status == 2)
        let first = try w.run("md", "docs/README.md")
        #expect(first.status == 0, "\(first.stderr)")
        for name in ["share.svg", "share.dark.svg", "share.json"] { #expect(w.exists("docs/piec/" + name), "\(name)") }
        let text = try String(contentsOfFile: w.url("docs/README.md"), encoding: .utf8)
        #expect(text.contains("```\r\n<!-- piec:begin share -->\r\n<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"piec/share.dark.svg\"><img alt=\"share\" src=\"piec/share.svg\"></picture>\r\n<!-- piec:end -->\r\n\r\nEnd.\r\n"))
        // The dark image applies its dark rules unconditionally, the light one has none.
        let dark = try String(contentsOfFile: w.url("docs/piec/share.dark.svg"), encoding: .utf8)
        let light = try String(contentsOfFile: w.url("docs/piec/share.svg"), encoding: .utf8)
        #expect(!dark.contains("prefers-color-scheme") && !light.contains("prefers-color-scheme") && dark != light)
        #expect(try w.run("md", "docs/README.md", "--check").status == 0)
        let again = try w.run("md", "docs/README.md")
        #expect(again.stderr.contains("0 files written"))
        // A changed block is stale, and its new images animate from what the record drew.
        try w.write("docs/README.md", text.replacingOccurrences(of: "value: 3", with: "value: 9"))
        let stale = try w.run("md", "docs/README.md", "--check")
        #expect(stale.status == 2 && stale.stderr.contains("docs/README.md:3:1: error[E0541]"), "\(stale.stderr)")
        #expect(try w.run("md", "docs/README.md").status == 0)
        let record = try String(contentsOfFile: w.url("docs/piec/share.json"), encoding: .utf8)
        #expect(record.contains("\"previous\": {") && record.contains("\"value\": 3"))
        #expect(try w.run("md", "docs/README.md", "--check").status == 0)
    }

    @Test func blockErrorsPointIntoTheDocumentAndWriteNothing() throws {
        let w = try Workspace()
        try w.write("a.md", "Intro\n\n- item\n\n   ```piec\n   piec: 1\n   slices:\n     - {label: A, valu: 1}\n   ```\n")
        let run = try w.run("md", "a.md")
        #expect(run.status == 1)
        #expect(run.stderr.contains("a.md:8:19: error[E0201]: unknown key `valu`"), "\(run.stderr)")
        #expect(!w.exists("piec"))
        #expect(try String(contentsOfFile: w.url("a.md"), encoding: .utf8).hasPrefix("Intro\n\n- item\n\n   ```piec\n"))
    }

    @Test func twoBlocksWithOneIdAreAnError() throws {
        let w = try Workspace()
        let block = "```piec\npiec: 1\nid: same\nslices: [{label: A, value: 1}]\n```\n"
        try w.write("a.md", block + "\n" + block)
        let run = try w.run("md", "a.md")
        #expect(run.status == 1 && run.stderr.contains("a.md:7:1: error[E0542]"), "\(run.stderr)")
    }

    /// Two documents of one folder whose blocks share an id would overwrite each other's images:
    /// an error at both blocks, and nothing written.
    @Test func twoDocumentsDrawingOneImageAreAnErrorAtBothBlocks() throws {
        let w = try Workspace()
        let block = "```piec\npiec: 1\nid: same\nslices: [{label: A, value: 1}]\n```\n"
        try w.write("a.md", block)
        try w.write("b.md", "# B\n\n" + block)
        let run = try w.run("md", "a.md", "b.md")
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("a.md:1:1: error[E0545]") && run.stderr.contains("b.md:3:1: error[E0545]"), "\(run.stderr)")
        #expect(!w.exists("piec"))
        #expect(try String(contentsOfFile: w.url("a.md"), encoding: .utf8) == block)
    }

    /// An unclosed block and a reference that lost its end marker are located errors, and
    /// nothing is written (issue 42: the reference landed inside the open code block; two
    /// pictures stood under the block).
    @Test func damagedBlocksAndReferencesAreRefused() throws {
        let w = try Workspace()
        try w.write("open.md", "# Open\n\n```piec\npiec: 1\nslices: [{label: A, value: 1}]\n")
        let open = try w.run("md", "open.md")
        #expect(open.status == 1 && open.stderr.contains("open.md:3:1: error[E0546]"), "\(open.stderr)")
        try w.write("cut.md", "```piec\npiec: 1\nid: a\nslices: [{label: A, value: 1}]\n```\n<!-- piec:begin a -->\n<img src=\"piec/a.svg\">\n\nText.\n")
        let cut = try w.run("md", "cut.md")
        #expect(cut.status == 1 && cut.stderr.contains("cut.md:6:1: error[E0547]"), "\(cut.stderr)")
        #expect(!w.exists("piec"))
    }

    /// A block in a list item: found, its error located at its column, and its reference
    /// written inside the item (it used to go to column 0, which ended the list).
    @Test func aBlockInAListItemGetsItsReferenceInTheItem() throws {
        let w = try Workspace()
        try w.write("a.md", "1. Step\n\n   > ```piec\n   > piec: 1\n   > id: s\n   > slices: [{label: A, valu: 1}]\n   > ```\n2. Next\n")
        let bad = try w.run("md", "a.md")
        #expect(bad.status == 1 && bad.stderr.contains("a.md:6:26: error[E0201]"), "\(bad.stderr)")
        try w.write("a.md", "1. Step\n\n   > ```piec\n   > piec: 1\n   > id: s\n   > slices: [{label: A, value: 1}]\n   > ```\n2. Next\n")
        #expect(try w.run("md", "a.md").status == 0)
        let text = try String(contentsOfFile: w.url("a.md"), encoding: .utf8)
        #expect(text.contains("   > ```\n   > <!-- piec:begin s -->\n   > <picture>") && text.hasSuffix("   > <!-- piec:end -->\n2. Next\n"), "\(text)")
        #expect(try w.run("md", "a.md").stderr.contains("0 files written"))
    }

    /// Every write stays below the document's folder: a symlink among DIR's folders refuses
    /// the run (it used to write through it), a symlinked document is refused before any image
    /// is written, and missing folders of DIR are created one by one.
    @Test func writesStayInsideTheDocumentsFolder() throws {
        let w = try Workspace()
        let block = "```piec\npiec: 1\nid: a\nslices: [{label: A, value: 1}]\n```\n"
        try w.write("docs/a.md", block)
        try w.write("outside/keep.txt", "x")
        try w.write("docs/real/keep.txt", "x")
        try FileManager.default.createSymbolicLink(atPath: w.url("docs/real/deep"), withDestinationPath: w.url("outside"))
        let run = try w.run("md", "--dir", "real/deep/x", "docs/a.md")
        #expect(run.status != 0 && run.stderr.contains("refusing to write through the symlink `docs/real/deep`"), "\(run.stderr)")
        #expect(!w.exists("outside/x") && !w.exists("docs/piec"))
        #expect(try String(contentsOfFile: w.url("docs/a.md"), encoding: .utf8) == block)
        try w.write("real.md", block)
        try FileManager.default.createSymbolicLink(atPath: w.url("link.md"), withDestinationPath: w.url("real.md"))
        let linked = try w.run("md", "link.md")
        #expect(linked.status != 0 && linked.stderr.contains("refusing to rewrite the symlink `link.md`"), "\(linked.stderr)")
        #expect(!w.exists("piec"))
        let nested = try w.run("md", "--dir", "img/deep", "docs/a.md")
        #expect(nested.status == 0 && w.exists("docs/img/deep/a.svg"), "\(nested.stderr)")
    }

    /// One document named twice (`piec md doc.md ./doc.md`, or through a symlinked folder) is
    /// drawn once; it used to be rewritten, then reported as changed while piec md ran (E0544).
    @Test func oneDocumentNamedTwiceIsDrawnOnce() throws {
        let w = try Workspace()
        try w.write("docs/doc.md", "```piec\npiec: 1\nid: a\nslices: [{label: A, value: 1}]\n```\n")
        try FileManager.default.createSymbolicLink(atPath: w.url("alias"), withDestinationPath: w.url("docs"))
        let run = try w.run("md", "docs/doc.md", "./docs/doc.md", "alias/doc.md")
        #expect(run.status == 0 && !run.stderr.contains("E0544"), "\(run.stderr)")
        #expect(run.stderr == "docs/doc.md: 1 chart, 4 files written\n", "\(run.stderr)")
        #expect(w.exists("docs/piec/a.svg"))
        #expect(try w.run("md", "docs/doc.md", "docs//doc.md", "--check").status == 0)
    }

    static func block(_ id: String, _ value: Int = 1) -> String {
        "```piec\npiec: 1\nid: \(id)\nslices: [{label: A, value: \(value)}, {label: B, value: 2}]\n```\n"
    }

    /// Across runs, a document does not overwrite the images another document of its folder
    /// drew (the record names the document); it used to, silently.
    @Test func anotherDocumentsImagesAreRefusedWhileItHasTheBlock() throws {
        let w = try Workspace()
        try w.write("docs/a.md", Self.block("sales"))
        try w.write("docs/b.md", "# B\n\n" + Self.block("sales", 7))
        #expect(try w.run("md", "docs/a.md").status == 0)
        let record = try String(contentsOfFile: w.url("docs/piec/sales.json"), encoding: .utf8)
        #expect(record.contains("\"document\": \"../a.md\""), "\(record)")
        let svg = try Data(contentsOf: URL(fileURLWithPath: w.url("docs/piec/sales.svg")))
        let run = try w.run("md", "docs/b.md")
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("docs/b.md:3:1: error[E0555]: the images of `sales` belong to the block `sales` of `docs/a.md`"), "\(run.stderr)")
        #expect(run.stderr.contains("give this block another `id:`"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: w.url("docs/piec/sales.svg"))) == svg)
        #expect(try String(contentsOfFile: w.url("docs/b.md"), encoding: .utf8) == "# B\n\n" + Self.block("sales", 7))
        #expect(try w.run("md", "docs/b.md", "--check").status == 1)
        // The owner itself, by another path and from another folder, is not refused.
        let again = try PiecRunner.run(["md", "a.md"], in: w.url("docs"))
        #expect(again.status == 0 && again.stderr.contains("0 files written"), "\(again.stderr)")
    }

    /// Once the other document no longer has the block, or is gone, its images are taken over.
    @Test func imagesOfAGoneBlockOrDocumentAreTakenOver() throws {
        let w = try Workspace()
        try w.write("a.md", Self.block("sales"))
        try w.write("b.md", Self.block("sales", 7))
        #expect(try w.run("md", "a.md").status == 0)
        try w.write("a.md", Self.block("costs"))
        let renamed = try w.run("md", "b.md")
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(try String(contentsOfFile: w.url("piec/sales.json"), encoding: .utf8).contains("\"document\": \"../b.md\""))
        // Now b owns it: a's block of that id is refused, until b is deleted.
        try w.write("a.md", Self.block("sales", 3))
        #expect(try w.run("md", "a.md").stderr.contains("error[E0555]"))
        try FileManager.default.removeItem(atPath: w.url("b.md"))
        let gone = try w.run("md", "a.md")
        #expect(gone.status == 0, "\(gone.stderr)")
        #expect(try String(contentsOfFile: w.url("piec/sales.json"), encoding: .utf8).contains("\"document\": \"../a.md\""))
    }

    /// A record written before piec named documents belongs to whoever runs, and keeps its
    /// transition (its previous version); the next write names the document.
    @Test func recordsWithoutADocumentStillWork() throws {
        let w = try Workspace()
        try w.write("a.md", Self.block("sales"))
        try w.write("b.md", Self.block("sales", 7))
        #expect(try w.run("md", "--dir", "img/x", "a.md").status == 0)
        try w.write("a.md", try String(contentsOfFile: w.url("a.md"), encoding: .utf8).replacingOccurrences(of: "value: 1", with: "value: 5"))
        #expect(try w.run("md", "--dir", "img/x", "a.md").status == 0)
        let named = try String(contentsOfFile: w.url("img/x/sales.json"), encoding: .utf8)
        #expect(named.contains("\"document\": \"../../a.md\",\n") && named.contains("\"previous\": {"), "\(named)")
        let old = named.replacingOccurrences(of: "  \"document\": \"../../a.md\",\n", with: "")
        try w.write("img/x/sales.json", old)
        // Same transition, only the record gains the document.
        let svg = try Data(contentsOf: URL(fileURLWithPath: w.url("img/x/sales.svg")))
        let run = try w.run("md", "--dir", "img/x", "a.md")
        #expect(run.status == 0 && run.stderr.contains("1 file written"), "\(run.stderr)")
        #expect(try String(contentsOfFile: w.url("img/x/sales.json"), encoding: .utf8) == named)
        #expect(try Data(contentsOf: URL(fileURLWithPath: w.url("img/x/sales.svg"))) == svg)
        // And another document may take an unnamed record over.
        try w.write("img/x/sales.json", old)
        #expect(try w.run("md", "--dir", "img/x", "b.md").status == 0)
    }

    /// `--check` covers the GIFs: with `--gif` it compares them, and its help repeats the
    /// options (`piec md doc.md` would not remake a GIF); without `--gif` an existing GIF is
    /// reported unchecked, so that a stale one never passes (it used to, with exit 0).
    @Test func checkCoversTheGIFs() throws {
        let w = try Workspace()
        try w.write("doc.md", Self.block("a"))
        let options = ["--dir", "x", "--max-slices", "50"]
        let made = try PiecRunner.run(["md", "--gif"] + options + ["doc.md"], in: w.path)
        #expect(made.status == 0 && w.exists("x/a.gif"), "\(made.stderr)")
        #expect(try PiecRunner.run(["md", "--check", "--gif"] + options + ["doc.md"], in: w.path).status == 0)
        let plain = try PiecRunner.run(["md", "--check"] + options + ["doc.md"], in: w.path)
        #expect(plain.status == 2, "\(plain.stderr)")
        #expect(plain.stderr.contains("doc.md:1:1: error[E0541]: `x/a.gif` was not checked: --check compares GIFs only with --gif"), "\(plain.stderr)")
        #expect(plain.stderr.contains("run `piec md --check --gif --dir x --max-slices 50 doc.md`"), "\(plain.stderr)")
        // A stale GIF (the block changed, then piec md ran without --gif).
        try w.write("doc.md", try String(contentsOfFile: w.url("doc.md"), encoding: .utf8).replacingOccurrences(of: "value: 2", with: "value: 8"))
        #expect(try PiecRunner.run(["md"] + options + ["doc.md"], in: w.path).status == 0)
        let stale = try PiecRunner.run(["md", "--check", "--gif"] + options + ["doc.md"], in: w.path)
        #expect(stale.status == 2 && stale.stderr.contains("`x/a.gif` is missing or stale"), "\(stale.stderr)")
        #expect(stale.stderr.contains("run `piec md --gif --dir x --max-slices 50 doc.md` and commit the result"), "\(stale.stderr)")
        #expect(try PiecRunner.run(["md", "--gif"] + options + ["doc.md"], in: w.path).status == 0)
        #expect(try PiecRunner.run(["md", "--check", "--gif"] + options + ["doc.md"], in: w.path).status == 0)
        // Deleting the GIF is the other way out.
        try FileManager.default.removeItem(atPath: w.url("x/a.gif"))
        #expect(try PiecRunner.run(["md", "--check"] + options + ["doc.md"], in: w.path).status == 0)
    }

    /// A `piec:end` after another block: piec md crashed (a reversed range in the rewrite;
    /// found by FuzzMarkdown); it is a damaged reference, located, and nothing is written.
    @Test func aReferenceAroundAnotherBlockIsRefused() throws {
        let w = try Workspace()
        let doc = Self.block("a") + "<!-- piec:begin a -->\n" + Self.block("b") + "<!-- piec:end -->\n"
        try w.write("x.md", doc)
        let run = try w.run("md", "x.md")
        #expect(run.status == 1 && run.stderr.contains("x.md:6:1: error[E0547]"), "\(run.stderr)")
        #expect(try String(contentsOfFile: w.url("x.md"), encoding: .utf8) == doc && !w.exists("piec"))
    }
}
