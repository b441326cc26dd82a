import Foundation
import PieCore
import Testing
@testable import PieDriver

/// The unchanged-rebuild fast path (`UpToDate`) and `--svg-only` bundles, with the real compiler.
@Suite struct FastRebuildTests {
    static let spec = "piec: 1\ntitle: Fast\nslices:\n  - { label: A, value: 1 }\n  - { label: B, value: 2 }\n"

    func build(_ tmp: TempDir, svgOnly: Bool = false) -> BuildReport {
        var builder = Builder(jobs: 2)
        builder.skipsUpToDateBundles = true
        return builder.build(BuildRequest(inputs: [tmp.url("specs")], outputDir: tmp.url("out"), svgOnly: svgOnly))
    }

    func read(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func ctime(_ path: String) -> Int64 {
        var st = stat()
        guard lstat(path, &st) == 0 else { return .max }
        return Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec)
    }

    /// Polls (no fixed sleep) until a new change gets a timestamp later than `path`'s ctime:
    /// file timestamps advance in clock ticks of a few ms.
    func waitForLaterTimestamp(than path: String, _ tmp: TempDir) throws {
        let limit = ctime(path)
        repeat { try tmp.write("tick", "x") } while ctime(tmp.url("tick")) <= limit
    }

    /// Right after a write the folder's swap and its files may share a clock tick, which the
    /// fast path refuses; one more build a tick later compares the bytes and refreshes the
    /// folder, and from the next tick on the fast path applies.
    func settle(_ tmp: TempDir, _ id: String) throws {
        try waitForLaterTimestamp(than: tmp.url("out/\(id)"), tmp)
        _ = build(tmp)
        try waitForLaterTimestamp(than: tmp.url("out/\(id)"), tmp)
    }

    @Test func unchangedBundleSkipsCodegenAndATamperedOneIsRewritten() throws {
        let tmp = try TempDir()
        try tmp.write("specs/fast.yaml", Self.spec)
        let first = build(tmp)
        #expect(first.write?.written == ["fast"])
        let svg = try read(tmp.url("out/fast/chart.svg"))

        try settle(tmp, "fast")
        let second = build(tmp)
        #expect(second.outcomes.map(\.upToDateID) == ["fast"])
        #expect(second.outcomes.first?.bundle == nil)
        #expect(second.write?.unchanged == ["fast"])
        #expect(second.write?.written == [])

        // Same size, one byte different, at once: its ctime is not earlier than the folder's, so the full path
        // compiles, compares and rewrites it.
        var tampered = svg
        tampered[tampered.count - 2] = UInt8(ascii: "X")
        try tampered.write(to: URL(fileURLWithPath: tmp.url("out/fast/chart.svg")))
        let third = build(tmp)
        #expect(third.outcomes.map(\.upToDateID) == [nil])
        #expect(third.write?.written == ["fast"])
        #expect(try read(tmp.url("out/fast/chart.svg")) == svg)
        try settle(tmp, "fast")
        #expect(build(tmp).outcomes.map(\.upToDateID) == ["fast"])
    }

    @Test func aSpecWhoseIDIsNotItsFileStemIsCheckedAfterLoading() throws {
        let tmp = try TempDir()
        try tmp.write("specs/fast.yaml", "id: other\n" + Self.spec)
        #expect(build(tmp).write?.written == ["other"])
        try settle(tmp, "other")
        let again = build(tmp)
        #expect(again.outcomes.map(\.upToDateID) == ["other"])
        #expect(again.outcomes.first?.spec?.id == "other")
        #expect(again.write?.unchanged == ["other"])
    }

    @Test func editedSpecAndForeignFilesTakeTheFullPath() throws {
        let tmp = try TempDir()
        try tmp.write("specs/fast.yaml", Self.spec)
        _ = build(tmp)
        try tmp.write("specs/fast.yaml", Self.spec.replacingOccurrences(of: "value: 2", with: "value: 3"))
        let edited = build(tmp)
        #expect(edited.outcomes.map(\.upToDateID) == [nil])
        #expect(edited.write?.written == ["fast"])

        try tmp.write("out/fast/notes.txt", "mine")
        let foreign = build(tmp)
        #expect(foreign.status != .success)
        #expect(foreign.write?.failures.first?.diagnostics.first?.message.contains("notes.txt") == true)
    }

    @Test func manifestHeadMatchesWhatTheCompilerWrites() throws {
        let tmp = try TempDir()
        try tmp.write("specs/fast.yaml", Self.spec)
        _ = build(tmp)
        let manifest = [UInt8](try read(tmp.url("out/fast/manifest.json")))
        #expect(manifest.starts(with: Manifest.head(id: "fast", specBytes: Array(Self.spec.utf8))))
    }

    /// The bytes depend on the previous version: a bundle built `--from` another version is kept
    /// by the fast path, and the full path (files touched, as after a fresh clone) finds the same
    /// bytes, because a bundle built from this very spec keeps the previous it records. `--check`
    /// takes the same fast path.
    @Test func theFastPathAndTheFullPathAgreeOnATransition() throws {
        let tmp = try TempDir()
        try tmp.write("old/fast.yaml", Self.spec.replacingOccurrences(of: "value: 2", with: "value: 5"))
        try tmp.write("specs/fast.yaml", Self.spec)
        var builder = Builder(jobs: 2)
        builder.skipsUpToDateBundles = true
        let fromOld = builder.build(BuildRequest(inputs: [tmp.url("specs")], outputDir: tmp.url("out"), from: tmp.url("old")))
        #expect(fromOld.write?.written == ["fast"])
        let transition = try read(tmp.url("out/fast/chart.svg"))
        try settle(tmp, "fast")
        let fast = build(tmp)
        #expect(fast.outcomes.map(\.upToDateID) == ["fast"] && fast.write?.written == [])
        let check = builder.build(BuildRequest(inputs: [tmp.url("specs")], outputDir: tmp.url("out"), mode: .checkStale))
        #expect(check.outcomes.map(\.upToDateID) == ["fast"] && check.stale.isEmpty && check.status == .success)
        for name in Bundle.fileNames { _ = utime(tmp.url("out/fast/\(name)"), nil) }
        let full = build(tmp)
        #expect(full.outcomes.map(\.upToDateID) == [nil] && full.write?.written == [] && full.write?.unchanged == ["fast"])
        #expect(try read(tmp.url("out/fast/chart.svg")) == transition)
        let fullCheck = Builder(jobs: 1).build(BuildRequest(inputs: [tmp.url("specs")], outputDir: tmp.url("out"), mode: .checkStale))
        #expect(fullCheck.outcomes.map(\.upToDateID) == [nil] && fullCheck.status == .success)
    }

    @Test func svgOnlyBundlesAreRebuiltReplacedAndChecked() throws {
        let tmp = try TempDir()
        try tmp.write("specs/fast.yaml", Self.spec)
        #expect(build(tmp, svgOnly: true).write?.written == ["fast"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.url("out/fast")) == ["chart.svg"])
        let again = build(tmp, svgOnly: true)
        #expect(again.write?.unchanged == ["fast"])
        #expect(again.status == .success)
        let check = Builder(jobs: 1).build(BuildRequest(inputs: [tmp.url("specs")], outputDir: tmp.url("out"),
                                                        mode: .checkStale, svgOnly: true))
        #expect(check.status == .success)

        #expect(build(tmp).write?.written == ["fast"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.url("out/fast")).sorted()
                    == ["chart.css", "chart.svg", "index.html", "manifest.json"])
        #expect(build(tmp, svgOnly: true).write?.written == ["fast"])
    }

    @Test func anSVGOnlyBundleFromBeforeTheXMLDeclarationWasDroppedIsStillOurs() throws {
        let tmp = try TempDir()
        try tmp.write("specs/fast.yaml", Self.spec)
        try tmp.write("out/fast/chart.svg", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"piec-fast\" width=\"1\"/>")
        #expect(build(tmp, svgOnly: true).write?.written == ["fast"])
        let svg = try String(contentsOfFile: tmp.url("out/fast/chart.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"piec-fast\" width="))
    }

    @Test func aLoneSVGPiecDidNotWriteIsRefused() throws {
        let tmp = try TempDir()
        try tmp.write("specs/fast.yaml", Self.spec)
        try tmp.write("out/fast/chart.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        let report = build(tmp, svgOnly: true)
        #expect(report.status != .success)
        #expect(try String(contentsOfFile: tmp.url("out/fast/chart.svg"), encoding: .utf8) == "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
    }
}
