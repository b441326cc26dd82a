import PieSpec
import Testing
@testable import PieDriver

/// `piec md` never loses what a user wrote (issue 42): a document that changed after it was
/// read is not rewritten, and two documents of a run never share an image.
@Suite struct MarkdownSafetyTests {
    static let block = "```piec\npiec: 1\nid: share\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 3}\n```\n"

    @Test func aDocumentEditedAfterItWasReadIsRefused() throws {
        let tmp = try TempDir()
        let path = try tmp.write("notes.md", "# Notes\n\n" + Self.block)
        let images = MarkdownImages.make(document: path, folder: "piec")
        #expect(images.status == .success && images.changedSinceRead(read: OutputFile.read) == nil)
        // An editor saves while piec md runs.
        try tmp.write("notes.md", "# Notes\n\nA new paragraph.\n\n" + Self.block)
        let changed = try #require(images.changedSinceRead(read: OutputFile.read))
        #expect(changed.diagnostics.map(\.code) == [RenderDiagnostics.documentChanged])
        #expect(PiecExitCode.forDiagnostics(changed.diagnostics) == .ioFailure)
        // A document deleted meanwhile counts as changed too.
        #expect(images.changedSinceRead(read: { _ in nil }) != nil)
    }

    /// The help of a refusal repeats the run's options: `piec md doc.md` would redo it without
    /// the GIFs, in the default folder, or refuse a large chart.
    @Test func refusalsSuggestTheCommandWithItsOptions() throws {
        let tmp = try TempDir()
        let path = try tmp.write("notes.md", Self.block)
        var images = MarkdownImages.make(document: path, folder: "charts dir", limits: SpecLimits(maxSlices: 50))
        #expect(images.command() == "piec md --dir 'charts dir' --max-slices 50 \(path)")
        images.gif = true
        #expect(images.command(check: true) == "piec md --check --gif --dir 'charts dir' --max-slices 50 \(path)")
        try tmp.write("notes.md", "# Edited\n\n" + Self.block)
        let changed = try #require(images.changedSinceRead(read: OutputFile.read))
        #expect(changed.diagnostics.map(\.help) == ["run `piec md --gif --dir 'charts dir' --max-slices 50 \(path)` again"])
        #expect(images.stale(read: { _ in nil }).flatMap(\.diagnostics).allSatisfy {
            $0.help == "run `piec md --gif --dir 'charts dir' --max-slices 50 \(path)` and commit the result"
        })
        #expect(MarkdownImages.make(document: path, folder: "piec").command() == "piec md \(path)")
    }

    @Test func twoDocumentsOfOneFolderWithOneIdClashAtBothBlocks() throws {
        let tmp = try TempDir()
        let a = try tmp.write("docs/a.md", "# A\n\n" + Self.block)
        let b = try tmp.write("docs/b.md", "# B\n\nText.\n\n" + Self.block)
        let c = try tmp.write("other/c.md", Self.block)
        let all = [a, b, c].map { MarkdownImages.make(document: $0, folder: "piec") }
        let clashes = MarkdownImages.clashes(all)
        #expect(clashes.map(\.path) == [a, b])
        let atA = try #require(clashes.first?.diagnostics.first)
        let atB = try #require(clashes.last?.diagnostics.first)
        #expect(atA.code == RenderDiagnostics.sharedImage && atA.range?.start.line == 3 && atA.message.contains("\(b):5"))
        #expect(atB.range?.start.line == 5 && atB.message.contains("\(a):3"))
        // Documents in different folders, or one document alone, do not clash.
        #expect(MarkdownImages.clashes([all[0], all[2]]).isEmpty && MarkdownImages.clashes([all[1]]).isEmpty)
    }

    @Test func pathsCompareWithoutDotComponents() {
        #expect(MarkdownImages.normalized("./docs//piec/./a.svg") == "docs/piec/a.svg")
        #expect(MarkdownImages.normalized("/tmp/x/./y") == "/tmp/x/y")
    }
}
