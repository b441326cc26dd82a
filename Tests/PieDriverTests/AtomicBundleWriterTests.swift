import Foundation
import Testing
@testable import PieDriver

@Suite struct AtomicBundleWriterTests {
    func files(_ dir: String) -> [String: String] {
        snapshot(dir)
    }

    @Test func writesANewBundleCreatingTheOutputDirectory() throws {
        let tmp = try TempDir()
        let out = tmp.url("deep/out")
        let report = AtomicBundleWriter(outputDir: out).write([makeBundle("pie", body: "v1")])
        #expect(report.succeeded)
        #expect(report.written == ["pie"])
        #expect(files(out) == [
            "pie": "dir",
            "pie/chart.svg": "chart.svg of pie: v1\n",
            "pie/chart.css": "chart.css of pie: v1\n",
            "pie/index.html": "index.html of pie: v1\n",
            "pie/manifest.json": "{\"id\":\"pie\",\"files\":[\"chart.svg\",\"chart.css\",\"index.html\",\"manifest.json\"]}\n",
        ])
    }

    @Test func identicalBytesTouchNothing() throws {
        let tmp = try TempDir()
        let out = tmp.url("out")
        let writer = AtomicBundleWriter(outputDir: out)
        #expect(writer.write([makeBundle("pie", body: "v1")]).written == ["pie"])
        let paths = ["out", "out/pie", "out/pie/chart.svg", "out/pie/manifest.json"].map(tmp.url)
        let before = paths.map(identity)
        let report = writer.write([makeBundle("pie", body: "v1")])
        #expect(report.succeeded)
        #expect(report.written.isEmpty)
        #expect(report.unchanged == ["pie"])
        #expect(paths.map(identity) == before)
        #expect(tempLeftovers(out).isEmpty)
    }

    @Test func changedBytesSwapTheWholeDirectory() throws {
        let tmp = try TempDir()
        let out = tmp.url("out")
        let writer = AtomicBundleWriter(outputDir: out)
        _ = writer.write([makeBundle("pie", body: "v1", files: ["chart.svg", "old.txt"])])
        let oldDir = identity(tmp.url("out/pie"))
        let report = writer.write([makeBundle("pie", body: "v2")])
        #expect(report.written == ["pie"])
        #expect(identity(tmp.url("out/pie")) != oldDir)
        let now = files(out)
        #expect(now["pie/chart.svg"] == "chart.svg of pie: v2\n")
        #expect(now["pie/old.txt"] == nil)  // listed in the old manifest: piec's to replace
        #expect(now.keys.sorted() == ["pie", "pie/chart.css", "pie/chart.svg", "pie/index.html", "pie/manifest.json"])
        #expect(tempLeftovers(out).isEmpty)
    }

    @Test func onlyChangedBundlesAreRewritten() throws {
        let tmp = try TempDir()
        let out = tmp.url("out")
        let writer = AtomicBundleWriter(outputDir: out)
        _ = writer.write([makeBundle("a", body: "1"), makeBundle("b", body: "1")])
        let aBefore = identity(tmp.url("out/a/chart.svg"))
        let report = writer.write([makeBundle("a", body: "1"), makeBundle("b", body: "2"), makeBundle("c", body: "1")])
        #expect(report.written == ["b", "c"])
        #expect(report.unchanged == ["a"])
        #expect(identity(tmp.url("out/a/chart.svg")) == aBefore)
    }

    @Test func symlinkAsOutputDirectoryIsRefused() throws {
        let tmp = try TempDir()
        try tmp.mkdir("real")
        try tmp.symlink("out", to: tmp.url("real"))
        let report = AtomicBundleWriter(outputDir: tmp.url("out")).write([makeBundle("pie", body: "v1")])
        #expect(report.failures.flatMap { $0.diagnostics.map(\.code) } == [DriverDiagnostics.symlinkRefused])
        #expect(report.written.isEmpty)
        #expect(files(tmp.url("real")).isEmpty)
    }

    @Test func symlinkAsBundleDirectoryIsRefused() throws {
        let tmp = try TempDir()
        try tmp.write("elsewhere/keep.txt", "keep")
        try tmp.mkdir("out")
        try tmp.symlink("out/pie", to: tmp.url("elsewhere"))
        let before = snapshot(tmp.path)
        let report = AtomicBundleWriter(outputDir: tmp.url("out")).write([makeBundle("ok", body: "1"), makeBundle("pie", body: "v1")])
        #expect(report.failures.map(\.path) == [tmp.url("out/pie")])
        #expect(report.failures.first?.diagnostics.first?.code == DriverDiagnostics.symlinkRefused)
        // All or nothing: the good bundle `ok` was not written either.
        #expect(snapshot(tmp.path) == before)
    }

    @Test func symlinkInsideTheBundleIsRefused() throws {
        let tmp = try TempDir()
        let out = tmp.url("out")
        _ = AtomicBundleWriter(outputDir: out).write([makeBundle("pie", body: "v1")])
        try tmp.write("secret", "secret")
        try FileManager.default.removeItem(atPath: tmp.url("out/pie/chart.svg"))
        try tmp.symlink("out/pie/chart.svg", to: tmp.url("secret"))
        let before = snapshot(tmp.path)
        let report = AtomicBundleWriter(outputDir: out).write([makeBundle("pie", body: "v2")])
        #expect(report.failures.first?.diagnostics.first?.code == DriverDiagnostics.symlinkRefused)
        #expect(snapshot(tmp.path) == before)
        #expect(tempLeftovers(out).isEmpty)
    }

    @Test func foreignFilesAreNeverDeleted() throws {
        let tmp = try TempDir()
        let out = tmp.url("out")
        _ = AtomicBundleWriter(outputDir: out).write([makeBundle("pie", body: "v1")])
        try tmp.write("out/pie/notes.md", "mine")
        try tmp.write("out/hand/index.html", "hand-made")  // no manifest at all
        let before = snapshot(tmp.path)
        let report = AtomicBundleWriter(outputDir: out).write([makeBundle("pie", body: "v2"), makeBundle("hand", body: "1")])
        #expect(report.failures.map(\.path) == [tmp.url("out/pie"), tmp.url("out/hand")])
        #expect(report.failures.allSatisfy { $0.diagnostics.first?.code == DriverDiagnostics.foreignFiles })
        #expect(report.failures.first?.diagnostics.first?.message.contains("`notes.md`") == true)
        #expect(snapshot(tmp.path) == before)
        #expect(tempLeftovers(out).isEmpty)
    }

    @Test func unwritableOutputFailsCleanly() throws {
        let tmp = try TempDir()
        let out = tmp.url("out")
        _ = AtomicBundleWriter(outputDir: out).write([makeBundle("pie", body: "v1")])
        try #require(tmp.makeUnwritable("out"))
        let before = snapshot(tmp.path)
        let report = AtomicBundleWriter(outputDir: out).write([makeBundle("pie", body: "v2"), makeBundle("new", body: "1")])
        #expect(!report.succeeded)
        #expect(report.failures.allSatisfy { $0.diagnostics.allSatisfy { $0.code == DriverDiagnostics.writeFailed } })
        #expect(report.written.isEmpty)
        #expect(snapshot(tmp.path) == before)
        #expect(tempLeftovers(out).isEmpty)
    }

    @Test(.enabled(if: TempDir.immutableFlagWorks, "needs chattr +i (root on Linux) or chflags uchg"))
    func failedSwapLeavesThePreviousBundleAndNoTempDirectory() throws {
        let tmp = try TempDir()
        let out = tmp.url("out")
        _ = AtomicBundleWriter(outputDir: out).write([makeBundle("pie", body: "v1")])
        // An immutable bundle directory cannot be renamed: staging succeeds, the swap fails.
        try #require(tmp.makeImmutable("out/pie"))
        let before = snapshot(tmp.path)
        let report = AtomicBundleWriter(outputDir: out).write([makeBundle("pie", body: "v2")])
        #expect(report.failures.first?.diagnostics.first?.code == DriverDiagnostics.writeFailed)
        #expect(snapshot(tmp.path) == before)
        #expect(tempLeftovers(out).isEmpty)
    }

    @Test func outputPathThatIsAFileIsAnError() throws {
        let tmp = try TempDir()
        try tmp.write("out", "not a dir")
        let report = AtomicBundleWriter(outputDir: tmp.url("out")).write([makeBundle("pie", body: "v1")])
        #expect(report.failures.first?.diagnostics.first?.message.contains("is not a directory") == true)
    }

    @Test func invalidIDsAndFileNamesAreNeverTurnedIntoPaths() throws {
        let tmp = try TempDir()
        let bad = [makeBundle("../escape", body: "1"), makeBundle("ok", body: "1", files: ["../x.svg"])]
        let report = AtomicBundleWriter(outputDir: tmp.url("out")).write(bad)
        #expect(report.failures.count == 2)
        #expect(report.failures.allSatisfy { $0.diagnostics.first?.code == DriverDiagnostics.invalidBundle })
        #expect(snapshot(tmp.path).isEmpty)
    }

    @Test func emptyBuildDoesNotCreateTheOutputDirectory() throws {
        let tmp = try TempDir()
        #expect(AtomicBundleWriter(outputDir: tmp.url("out")).write([]).succeeded)
        #expect(snapshot(tmp.path).isEmpty)
    }
}
