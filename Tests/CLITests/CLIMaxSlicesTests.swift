import Foundation
import Testing

/// `--max-slices N` reaches every loader of a run: the spec, its data file, the previous version
/// from a bundle's manifest and from git, `diff`, and `--check`'s fix command. Small charts with a
/// limit below the default stand in for a million slices (the same code path, milliseconds).
@Suite("CLI --max-slices")
struct CLIMaxSlicesTests {
    static func spec(_ count: Int) -> String {
        "piec: 1\nid: many\nslices:\n" + (0..<count).map { "  - { id: s\($0), label: S\($0), value: \($0 + 1) }\n" }.joined()
    }

    static func manifest(_ ws: Workspace, _ relative: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: ws.url(relative)))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theSpecIsLoadedWithTheGivenLimit() throws {
        let ws = try Workspace()
        try ws.write("many.yaml", Self.spec(5))
        let refused = try ws.run("build", "many.yaml", "--max-slices", "4")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("error[E0401]: the spec has 5 slices; the limit is 4"))
        #expect(refused.stderr.contains("= help: group small slices with `chart.other`, or build a chart this large on purpose with `--max-slices 5`"))
        #expect(!ws.exists("out"))
        #expect(try ws.run("build", "many.yaml", "--max-slices", "5").status == 0)
        #expect(try ws.run("check", "many.yaml", "--max-slices", "4").status == 1)
        #expect(try ws.run("check", "many.yaml", "--max-slices", "5").status == 0)
        // render and md load with it too.
        #expect(try ws.run("render", "many.yaml", "-o", "many.svg", "--max-slices", "4").status == 1)
        #expect(try ws.run("render", "many.yaml", "-o", "many.svg", "--max-slices", "5").status == 0)
        try ws.write("doc.md", "# Many\n\n```piec\n" + Self.spec(5) + "```\n")
        let md = try ws.run("md", "doc.md", "--max-slices", "4")
        #expect(md.status == 1)
        #expect(md.stderr.contains("E0401"))
        #expect(try ws.run("md", "doc.md", "--max-slices", "5").status == 0)
        let bad = try ws.run("build", "many.yaml", "--max-slices", "0")
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("piec: error: --max-slices takes a whole number from 1 to 10000000, found 0\n"))
    }

    @Test func theDataFileIsReadWithTheGivenLimit() throws {
        let ws = try Workspace()
        try ws.write("rows.csv", "label,value\n" + (1...5).map { "r\($0),\($0)\n" }.joined())
        try ws.write("rows.yaml", "piec: 1\ndata: { file: rows.csv }\n")
        let refused = try ws.run("check", "rows.yaml", "--max-slices", "4")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("rows.csv:6:1: error[E0401]: the data file has more than 4 rows; the limit is 4"))
        #expect(refused.stderr.contains("--max-slices N"))
        #expect(try ws.run("check", "rows.yaml", "--max-slices", "5").status == 0)
    }

    /// The previous version in the output folder's manifest is loaded with the build's limits:
    /// over them it is broken (E0601, the chart enters); within them the chart animates from it.
    @Test func thePreviousVersionFromAManifestIsLoadedWithTheGivenLimit() throws {
        let ws = try Workspace()
        try ws.write("many.yaml", Self.spec(5))
        #expect(try ws.run("build", "many.yaml", "--max-slices", "5").status == 0)
        try ws.write("many.yaml", Self.spec(4))
        let strict = try ws.run("build", "many.yaml", "-o", "out", "--max-slices", "4")
        #expect(strict.status == 0)
        #expect(strict.stderr.contains("warning[E0601]: the previous version has errors; the chart enters instead"))
        #expect(strict.stderr.contains("the spec has 5 slices; the limit is 4"))
        try ws.write("many.yaml", Self.spec(5))
        #expect(try ws.run("build", "many.yaml", "--max-slices", "5").status == 0)
        try ws.write("many.yaml", Self.spec(4))
        let allowed = try ws.run("build", "many.yaml", "--max-slices", "5")
        #expect(allowed.status == 0)
        #expect(!allowed.stderr.contains("E0601"), "\(allowed.stderr)")
        let m = try Self.manifest(ws, "out/many/manifest.json")
        #expect((m["animation"] as? [String: Any])?["kind"] as? String == "transition")
        #expect(((m["previous"] as? [String: Any])?["slices"] as? [Any])?.count == 5)
    }

    /// The spec at git HEAD (no bundle committed) is loaded with the build's limits, by `build`,
    /// `history` and `diff`.
    @Test func thePreviousVersionFromGitIsLoadedWithTheGivenLimit() throws {
        let ws = try Workspace()
        try #require(try CLIFromTests.git(["init", "-q"], in: ws.path) == 0)
        try ws.write("many.yaml", Self.spec(5))
        try CLIFromTests.git(["add", "many.yaml"], in: ws.path)
        try #require(try CLIFromTests.git(["commit", "-q", "-m", "five"], in: ws.path) == 0)
        try ws.write("many.yaml", Self.spec(4))
        let strict = try CLIFromTests.piec(ws, "build", "many.yaml", "-o", "strict", "--max-slices", "4")
        #expect(strict.status == 0)
        #expect(strict.stderr.contains("warning[E0601]"), "\(strict.stderr)")
        let allowed = try CLIFromTests.piec(ws, "build", "many.yaml", "-o", "allowed", "--max-slices", "5")
        #expect(allowed.status == 0)
        #expect(!allowed.stderr.contains("E0601"), "\(allowed.stderr)")
        #expect(((try Self.manifest(ws, "allowed/many/manifest.json")["previous"] as? [String: Any])?["slices"] as? [Any])?.count == 5)
        let strictHistory = try CLIFromTests.piec(ws, "history", "many.yaml", "-o", "h4", "--max-slices", "4")
        #expect(strictHistory.stderr.contains("has errors, so that version is left out of the history"), "\(strictHistory.stderr)")
        #expect(strictHistory.stderr.contains("the limit is 4"), "\(strictHistory.stderr)")
        let history = try CLIFromTests.piec(ws, "history", "many.yaml", "-o", "h5", "--max-slices", "5")
        #expect(history.status == 0)
        #expect(!history.stderr.contains("left out"), "\(history.stderr)")
        let diff = try CLIFromTests.piec(ws, "diff", "many.yaml", "--from", "HEAD", "--max-slices", "5")
        #expect(diff.status == 0)
        #expect(diff.stdout.contains("- s4"), "\(diff.stdout)")
        let strictDiff = try CLIFromTests.piec(ws, "diff", "many.yaml", "--from", "HEAD", "--max-slices", "4")
        #expect(strictDiff.status == 1)
        #expect(strictDiff.stderr.contains("the limit is 4"))
    }

    @Test func checksFixCommandKeepsTheOption() throws {
        let ws = try Workspace()
        try ws.write("many.yaml", Self.spec(5))
        #expect(try ws.run("build", "many.yaml", "--max-slices", "5").status == 0)
        try ws.write("many.yaml", Self.spec(5).replacingOccurrences(of: "value: 1 }", with: "value: 9 }"))
        let stale = try ws.run("build", "--check", "many.yaml", "--max-slices", "5")
        #expect(stale.status == 2)
        #expect(stale.stderr.contains("piec build many.yaml --max-slices 5"), "\(stale.stderr)")
    }
}
