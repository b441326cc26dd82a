import Foundation
import PieCore
import Testing
@testable import PieDriver

private let ms: UInt64 = 1_000_000

@Suite struct DebouncerTests {
    @Test func burstBecomesOneBatchAfterTheQuietTime() {
        var d = Debouncer(quietMS: 20, maxDelayMS: 300, settleMS: 1000)
        d.note(.path("a", writing: false), at: 0)
        d.note(.path("b", writing: false), at: 10 * ms)
        d.note(.path("a", writing: false), at: 15 * ms)
        #expect(d.takeDue(at: 30 * ms) == nil)
        #expect(d.nextDeadline == 35 * ms)
        #expect(d.takeDue(at: 35 * ms) == Debouncer.Batch(paths: ["a", "b"], rescanReason: nil))
        #expect(d.isIdle)
        #expect(d.nextDeadline == nil)
    }

    @Test func endlessBurstStillBuildsAtTheMaximumDelay() {
        var d = Debouncer(quietMS: 20, maxDelayMS: 100, settleMS: 1000)
        for t in stride(from: UInt64(0), through: 100, by: 10) { d.note(.path("a", writing: false), at: t * ms) }
        #expect(d.takeDue(at: 100 * ms)?.paths == ["a"])
    }

    @Test func fileBeingWrittenWaitsForItsClose() {
        var d = Debouncer(quietMS: 20, maxDelayMS: 300, settleMS: 1000)
        d.note(.path("a", writing: true), at: 0)
        d.note(.path("b", writing: false), at: 0)
        #expect(d.takeDue(at: 20 * ms)?.paths == ["b"])
        #expect(d.takeDue(at: 500 * ms) == nil)
        d.note(.path("a", writing: false), at: 600 * ms)
        #expect(d.takeDue(at: 620 * ms)?.paths == ["a"])
    }

    @Test func fileLeftOpenIsReadAfterTheSettleTime() {
        var d = Debouncer(quietMS: 20, maxDelayMS: 300, settleMS: 1000)
        d.note(.path("a", writing: true), at: 0)
        #expect(d.nextDeadline == 1000 * ms)
        #expect(d.takeDue(at: 999 * ms) == nil)
        #expect(d.takeDue(at: 1000 * ms)?.paths == ["a"])
    }

    @Test func rescanAndScheduledChecks() {
        var d = Debouncer(quietMS: 20, maxDelayMS: 300, settleMS: 1000)
        d.schedule("gone", at: 50 * ms)
        d.note(.rescan(reason: "overflow"), at: 0)
        #expect(d.takeDue(at: 20 * ms) == Debouncer.Batch(paths: [], rescanReason: "overflow"))
        #expect(d.nextDeadline == 50 * ms)
        #expect(d.takeDue(at: 50 * ms)?.paths == ["gone"])
    }
}

@Suite struct InotifyRecordTests {
    static func record(wd: Int32, mask: UInt32, cookie: UInt32, name: String, padTo: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for word in [UInt32(bitPattern: wd), mask, cookie, UInt32(padTo)] { withUnsafeBytes(of: word) { bytes += $0 } }
        var nameBytes = Array(name.utf8)
        nameBytes += Array(repeating: 0, count: padTo - nameBytes.count)
        return bytes + nameBytes
    }

    @Test func parsesVariableLengthRecords() {
        let bytes = Self.record(wd: 1, mask: 8, cookie: 0, name: "a.yaml", padTo: 16)
            + Self.record(wd: 2, mask: 0x80, cookie: 7, name: "", padTo: 0)
            + Self.record(wd: 3, mask: 0x40, cookie: 7, name: "日本.yml", padTo: 32)
        let records = InotifyRecord.parse(bytes[...])
        #expect(records == [
            InotifyRecord(wd: 1, mask: 8, cookie: 0, name: "a.yaml"),
            InotifyRecord(wd: 2, mask: 0x80, cookie: 7, name: ""),
            InotifyRecord(wd: 3, mask: 0x40, cookie: 7, name: "日本.yml"),
        ])
    }

    @Test func dropsATruncatedRecord() {
        let bytes = Self.record(wd: 1, mask: 8, cookie: 0, name: "a.yaml", padTo: 16)
        #expect(InotifyRecord.parse(bytes.dropLast(4)).isEmpty)
        #expect(InotifyRecord.parse(bytes[..<10]).isEmpty)
    }
}

@Suite struct ChangeSummaryTests {
    static func chart(_ yaml: String, previous: String? = nil) -> CompiledChart? {
        let source = SourceFile(path: "c.yaml", bytes: Array(yaml.utf8))
        let old = previous.map { PreviousSource.spec(SourceFile(path: "old.yaml", bytes: Array($0.utf8))) }
        return Compiler.compile(CompileRequest(source: source, defaultID: "c", previous: old)).chart
    }

    @Test func enteringChartCountsSlices() {
        let c = Self.chart("piec: 1\nslices:\n  - { label: A, value: 1 }\n  - { label: B, value: 2 }\n  - { label: C, value: 3 }\n")
        #expect(ChangeSummary(chart: c).text == "3 slices")
    }

    @Test func changesAreCountedFromTheReport() {
        let old = "piec: 1\nslices:\n  - { label: A, value: 1 }\n  - { label: B, value: 2 }\n"
        let new = "piec: 1\nchart: { innerRadius: 0.5 }\nslices:\n  - { label: A, value: 3 }\n  - { label: C, value: 2 }\n  - { label: D, value: 2 }\n"
        let c = Self.chart(new, previous: old)
        #expect(ChangeSummary(chart: c).text == "+2 slices, -1 slice, 1 updated, chart innerRadius")
    }

    @Test func noChartIsAnEmptyEnter() {
        #expect(ChangeSummary(chart: nil).text == "0 slices")
    }
}

@Suite struct BundleRemoverTests {
    @Test func removesOnlyListedRegularFiles() throws {
        let h = try WatchHarness()
        let dir = h.bundle("a")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        writeInPlace(dir + "/manifest.json", #"{"files":["chart.svg","../escape","sub","manifest.json"]}"#)
        writeInPlace(dir + "/chart.svg", "<svg/>")
        writeInPlace(h.out + "/escape", "outside")
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        let report = BundleRemover.remove(id: "a", outputDir: h.out)
        #expect(report.removedFiles == ["chart.svg", "manifest.json"])
        #expect(!report.removedDirectory)
        #expect(h.exists(h.out + "/escape"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["sub"])
    }

    @Test func refusesASymlinkedBundle() throws {
        let h = try WatchHarness()
        let target = h.root + "/target"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: h.out, withIntermediateDirectories: true)
        writeInPlace(target + "/manifest.json", #"{"files":["manifest.json"]}"#)
        #expect(symlink(target, h.bundle("a")) == 0)
        let report = BundleRemover.remove(id: "a", outputDir: h.out)
        #expect(report.removedFiles.isEmpty)
        #expect(report.problems.first?.code == DriverDiagnostics.symlinkRefused)
        #expect(h.exists(target + "/manifest.json"))
    }

    @Test func withoutAManifestNothingIsRemoved() throws {
        let h = try WatchHarness()
        try FileManager.default.createDirectory(atPath: h.bundle("a"), withIntermediateDirectories: true)
        writeInPlace(h.bundle("a") + "/chart.svg", "<svg/>")
        let report = BundleRemover.remove(id: "a", outputDir: h.out)
        #expect(report.removedFiles.isEmpty)
        #expect(h.exists(h.bundle("a") + "/chart.svg"))
    }
}

@Suite struct WatchScopeTests {
    @Test func splitsFileArguments() {
        #expect(WatchScope.split("a.yaml") == (".", "a.yaml"))
        #expect(WatchScope.split("specs/x/a.yaml") == ("specs/x", "a.yaml"))
        #expect(WatchScope.split("/a.yaml") == ("/", "a.yaml"))
    }

    @Test func specNamesFollowDiscovery() {
        #expect(WatchScope.isSpecName("a.yaml"))
        #expect(WatchScope.isSpecName("b.YML"))
        #expect(!WatchScope.isSpecName(".a.yaml.swp"))
        #expect(!WatchScope.isSpecName(".a.yaml"))
        #expect(!WatchScope.isSpecName("a.yaml~"))
        #expect(!WatchScope.isSpecName("4913"))
    }
}
