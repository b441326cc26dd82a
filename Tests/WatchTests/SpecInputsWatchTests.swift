import Foundation
import Testing
@testable import PieDriver

/// A spec that reads a data file in another folder, or sits under a `.piec.yaml`,
/// is rebuilt when that file changes (an editor's rename-over save), with inotify and polling.
@Suite struct SpecInputsWatchTests {
    static let spec = "piec: 1\nid: a\ndata: {file: ../data/a.csv}\n"

    static func csv(_ values: [Double]) -> String {
        "label,value\n" + values.enumerated().map { "S\($0.offset),\(formatValue($0.element))\n" }.joined()
    }

    static func formatValue(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

    /// Writes `text` to a temp file beside `path` and renames it over `path`, as editors save.
    static func renameOver(_ path: String, _ text: String) {
        let temp = path + ".piec-test-tmp"
        writeInPlace(temp, text)
        #expect(rename(temp, path) == 0)
    }

    @Test(arguments: [WatchMethod.auto, WatchMethod.poll])
    func aDataFileInAnotherFolderRebuildsItsSpec(_ method: WatchMethod) throws {
        let h = try WatchHarness()
        // A repository root above specs/ and data/ (data files must stay inside it).
        try FileManager.default.createDirectory(atPath: h.root + "/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: h.root + "/data", withIntermediateDirectories: true)
        writeInPlace(h.root + "/data/a.csv", Self.csv([1, 2]))
        writeInPlace(h.path("a.yaml"), Self.spec)
        try h.start(method: method)
        #expect(h.values("a") == [1, 2])
        Self.renameOver(h.root + "/data/a.csv", Self.csv([1, 2, 3]))
        try h.waitUntil("the new data is built") { h.values("a") == [1, 2, 3] }
        // The rebuild animates from the last good build (two slices), not enters.
        let m = try #require(h.manifest("a"))
        #expect((m["animation"] as? [String: Any])?["kind"] as? String == "transition")
        // A broken save keeps the bundle and reports the cell in the CSV.
        Self.renameOver(h.root + "/data/a.csv", "label,value\nS0,x\n")
        try h.waitUntil("the broken data is reported") { !h.log.failures(of: h.path("a.yaml")).isEmpty }
        let failure = try #require(h.log.failures(of: h.path("a.yaml")).last)
        #expect(failure.related.first?.path.hasSuffix("data/a.csv") == true)
        #expect(failure.related.first?.diagnostics.first?.range?.start.line == 2)
        #expect(h.values("a") == [1, 2, 3])
    }

    /// A data file whose folder does not exist yet: the spec fails, then builds once the
    /// folder and the file are created (the folder is looked for again).
    @Test(arguments: [WatchMethod.auto, WatchMethod.poll])
    func aDataFileInAFolderCreatedLaterBuilds(_ method: WatchMethod) throws {
        let h = try WatchHarness()
        try FileManager.default.createDirectory(atPath: h.root + "/.git", withIntermediateDirectories: true)
        writeInPlace(h.path("a.yaml"), Self.spec)
        try h.start(method: method)
        #expect(!h.log.failures(of: h.path("a.yaml")).isEmpty)
        try FileManager.default.createDirectory(atPath: h.root + "/data", withIntermediateDirectories: true)
        Self.renameOver(h.root + "/data/a.csv", Self.csv([3, 4]))
        try h.waitUntil("the data file in the new folder is built") { h.values("a") == [3, 4] }
    }

    /// Watching the whole tree: the data folder is watched recursively already (as `data`) and
    /// as a dependency (as `specs/../data`, the same inode): both keep working.
    @Test func aDataFolderInsideTheWatchedTreeStaysRecursivelyWatched() throws {
        let h = try WatchHarness()
        try FileManager.default.createDirectory(atPath: h.root + "/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: h.root + "/data", withIntermediateDirectories: true)
        writeInPlace(h.root + "/data/a.csv", Self.csv([1, 2]))
        writeInPlace(h.path("a.yaml"), Self.spec)
        try h.start(inputs: [h.root])
        #expect(h.values("a") == [1, 2])
        Self.renameOver(h.root + "/data/a.csv", Self.csv([4, 5, 6]))
        try h.waitUntil("the new data is built") { h.values("a") == [4, 5, 6] }
        writeInPlace(h.root + "/data/b.yaml", specText([7, 8]))
        try h.waitUntil("a new spec in the data folder is built") { h.values("b") == [7, 8] }
    }

    /// A rescan (a folder created) looks at every spec again: one whose spec, data and
    /// defaults bytes are unchanged builds nothing, even though it has dependencies.
    @Test func aRescanBuildsOnlySpecsWhoseInputsChanged() throws {
        let h = try WatchHarness()
        writeInPlace(h.path(".piec.yaml"), "chart: {innerRadius: 0.5}\n")
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        try h.start()
        let before = h.log.builds(of: h.path("a.yaml")).count
        let batches = h.log.batchCount
        try FileManager.default.createDirectory(atPath: h.path("sub"), withIntermediateDirectories: false)
        try h.waitUntil("the rescan's batch is handled") { h.log.batchCount > batches }
        #expect(h.log.builds(of: h.path("a.yaml")).count == before, "\(h.log.summary)")
    }

    @Test func aSharedDefaultsFileCreatedChangedAndDeletedRestylesTheSpec() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        try h.start()
        func innerRadius() -> Double? {
            ((h.manifest("a")?["spec"] as? [String: Any])?["chart"] as? [String: Any])?["innerRadius"] as? Double
        }
        #expect(innerRadius() == 0)
        Self.renameOver(h.path(".piec.yaml"), "chart: {innerRadius: 0.5}\n")
        try h.waitUntil("the created defaults apply") { innerRadius() == 0.5 }
        writeInPlace(h.path(".piec.yaml"), "chart: {innerRadius: 0.25}\n")
        try h.waitUntil("the changed defaults apply") { innerRadius() == 0.25 }
        unlink(h.path(".piec.yaml"))
        try h.waitUntil("the deleted defaults no longer apply") { innerRadius() == 0 }
    }

    /// A chart of `charts:` reading its own data file in another folder: the spec is rebuilt
    /// when that file changes, as when a spec's own data file does.
    @Test(arguments: [WatchMethod.auto, WatchMethod.poll])
    func aChartsDataFileRebuildsItsSpec(_ method: WatchMethod) throws {
        let h = try WatchHarness()
        try FileManager.default.createDirectory(atPath: h.root + "/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: h.root + "/data", withIntermediateDirectories: true)
        writeInPlace(h.root + "/data/b.csv", Self.csv([1, 2]))
        writeInPlace(h.path("a.yaml"), "piec: 1\nid: a\ncharts:\n  - id: one\n    slices: [{label: X, value: 1}]\n"
            + "  - id: two\n    data: {file: ../data/b.csv}\n")
        try h.start(method: method)
        func values() -> [Double]? {
            let charts = (h.manifest("a")?["spec"] as? [String: Any])?["charts"] as? [[String: Any]]
            return (charts?.last?["slices"] as? [[String: Any]])?.compactMap { ($0["value"] as? NSNumber)?.doubleValue }
        }
        #expect(values() == [1, 2])
        Self.renameOver(h.root + "/data/b.csv", Self.csv([1, 2, 3]))
        try h.waitUntil("the chart's new data is built") { values() == [1, 2, 3] }
        Self.renameOver(h.root + "/data/b.csv", "label,value\nS0,x\n")
        try h.waitUntil("the broken data is reported") { !h.log.failures(of: h.path("a.yaml")).isEmpty }
        let failure = try #require(h.log.failures(of: h.path("a.yaml")).last)
        #expect(failure.related.first?.path.hasSuffix("data/b.csv") == true)
        #expect(values() == [1, 2, 3])
    }
}
