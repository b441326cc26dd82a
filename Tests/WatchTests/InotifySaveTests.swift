import Foundation
import Testing
@testable import PieDriver

/// How editors save: each test saves a spec the way one editor does and waits (with a timeout)
/// for the new bundle on disk.
@Suite struct InotifySaveTests {
    @Test func plainWriteRebuilds() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        try h.start()
        #expect(h.values("a") == [1, 2])
        writeInPlace(h.path("a.yaml"), specText([1, 2, 3]))
        try h.waitUntil("the bundle has three slices") {
            h.values("a") == [1, 2, 3] && !h.log.builds(of: h.path("a.yaml")).filter { !$0.initial }.isEmpty
        }
        let rebuild = try #require(h.log.builds(of: h.path("a.yaml")).last)
        #expect(rebuild.written)
        #expect(h.log.builds(of: h.path("a.yaml")).filter { !$0.initial }.count == 1)
    }

    @Test func atomicRenameSaveRebuilds() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        try h.start()
        writeInPlace(h.path(".a.yaml.tmp"), specText([5, 6]))
        #expect(rename(h.path(".a.yaml.tmp"), h.path("a.yaml")) == 0)
        try h.waitUntil("the renamed-in content is built") { h.values("a") == [5, 6] }
        #expect(h.log.removals(of: h.path("a.yaml")).isEmpty)
    }

    @Test func vimStyleSaveRebuildsWithoutRemovingTheBundle() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        try h.start()
        // vim with backupcopy=no: rename the original to a backup, write a new file, delete the backup.
        #expect(rename(h.path("a.yaml"), h.path("a.yaml~")) == 0)
        writeInPlace(h.path("4913"), "")
        unlink(h.path("4913"))
        writeInPlace(h.path("a.yaml"), specText([7, 8, 9]))
        unlink(h.path("a.yaml~"))
        try h.waitUntil("vim's save is built") { h.values("a") == [7, 8, 9] }
        #expect(h.log.removals(of: h.path("a.yaml")).isEmpty)
        #expect(h.exists(h.bundle("a")))
    }

    @Test func truncateThenWriteInTwoStepsEndsWithTheNewContent() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        try h.start()
        truncate(h.path("a.yaml"), 0)
        let fd = open(h.path("a.yaml"), O_WRONLY | O_APPEND)
        let bytes = Array(specText([3, 4]).utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        try h.waitUntil("the second step is built") { h.values("a") == [3, 4] }
    }

    /// The truncate is seen on its own (a batch handles it) before the content is written: the
    /// empty file is not reported as broken, the content then builds.
    @Test func slowTwoStepSaveNeverReportsTheEmptyFile() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        try h.start()
        let batches = h.log.batchCount
        truncate(h.path("a.yaml"), 0)
        try h.waitUntil("a batch saw the empty file") { h.log.batchCount > batches }
        writeInPlace(h.path("a.yaml"), specText([3, 4]))
        try h.waitUntil("the content is built") { h.values("a") == [3, 4] }
        #expect(h.log.failures(of: h.path("a.yaml")).isEmpty)
    }

    @Test func specLeftEmptyIsReportedAfterTheGracePeriod() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        try h.start()
        truncate(h.path("a.yaml"), 0)
        try h.waitUntil("the empty spec is reported") { !h.log.failures(of: h.path("a.yaml")).isEmpty }
        #expect(h.values("a") == [1, 2])
    }

    @Test func createdSpecGetsABundle() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1]))
        try h.start()
        writeInPlace(h.path("b.yaml"), specText([4, 5]))
        try h.waitUntil("the new spec is built") { h.values("b") == [4, 5] }
    }

    @Test func badSaveKeepsTheLastGoodBundleThenRecovers() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        try h.start()
        let before = try Data(contentsOf: URL(fileURLWithPath: h.bundle("a") + "/manifest.json"))
        writeInPlace(h.path("a.yaml"), "piec: 1\nslices: [\n")
        try h.waitUntil("the bad save is reported") { !h.log.failures(of: h.path("a.yaml")).isEmpty }
        let failure = try #require(h.log.failures(of: h.path("a.yaml")).first)
        #expect(failure.keptBundleID == "a")
        #expect(failure.report.diagnostics.hasErrors)
        #expect(try Data(contentsOf: URL(fileURLWithPath: h.bundle("a") + "/manifest.json")) == before)
        writeInPlace(h.path("a.yaml"), specText([2, 3]))
        try h.waitUntil("the good save is built") { h.values("a") == [2, 3] }
    }

    @Test func saveWithTheSameBytesBuildsNothing() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        writeInPlace(h.path("b.yaml"), specText([1]))
        try h.start()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        writeInPlace(h.path("b.yaml"), specText([3]))
        try h.waitUntil("b is rebuilt") { h.values("b") == [3] }
        #expect(h.log.builds(of: h.path("a.yaml")).filter { !$0.initial }.isEmpty)
    }

    @Test func burstOfTwoHundredSavesEndsWithTheFinalContent() throws {
        let h = try WatchHarness()
        let names = ["a", "b", "c", "d"]
        for name in names { writeInPlace(h.path("\(name).yaml"), specText([1])) }
        try h.start()
        for i in 1...200 {
            let name = names[i % names.count]
            writeInPlace(h.path("\(name).yaml"), specText([Double(i), 1]))
        }
        // The last save of each file: a=200, b=197, c=198, d=199.
        let finals = ["a": 200.0, "b": 197, "c": 198, "d": 199]
        try h.waitUntil("every file shows its last save") {
            finals.allSatisfy { h.values($0.key) == [$0.value, 1] }
        }
        #expect(h.log.all.allSatisfy { if case .failed = $0 { false } else { true } })
    }

    /// Every rebuild animates from the last GOOD build: not from the first build, not from a
    /// broken save in between.
    @Test func rebuildAnimatesFromTheLastGoodBuild() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 1]))
        try h.start()
        #expect((h.manifest("a")?["animation"] as? [String: Any])?["kind"] as? String == "enter-grow")
        writeInPlace(h.path("a.yaml"), specText([1, 1, 2]))
        try h.waitUntil("the second version is built") { h.log.builds(of: h.path("a.yaml")).count == 2 }
        let second = try #require(h.log.builds(of: h.path("a.yaml")).last)
        #expect(second.summary.text == "+1 slice, 2 updated")
        writeInPlace(h.path("a.yaml"), "piec: 1\nslices: [\n")
        try h.waitUntil("the broken save is reported") { !h.log.failures(of: h.path("a.yaml")).isEmpty }
        writeInPlace(h.path("a.yaml"), specText([1, 1, 2, 4]))
        try h.waitUntil("the third version is built") { h.values("a") == [1, 1, 2, 4] }
        let manifest = try #require(h.manifest("a"))
        #expect((manifest["animation"] as? [String: Any])?["kind"] as? String == "transition")
        let transitions = try #require(manifest["transitions"] as? [[String: Any]])
        let first = try #require(transitions.first { $0["id"] as? String == "s0" })
        // In [1, 1, 2] the first slice spans a quarter of the circle.
        #expect(((first["from"] as? [String: Any])?["endAngle"] as? NSNumber)?.doubleValue == 90)
        #expect(((first["to"] as? [String: Any])?["endAngle"] as? NSNumber)?.doubleValue == 45)
    }

    /// A deleted spec that comes back (an editor's delete-and-recreate, slower than the grace
    /// period) animates from its last good build.
    @Test func recreatedSpecAnimatesFromItsLastGoodBuild() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 1]))
        try h.start()
        unlink(h.path("a.yaml"))
        try h.waitUntil("the bundle is removed") { !h.exists(h.bundle("a")) }
        writeInPlace(h.path("a.yaml"), specText([1, 3]))
        try h.waitUntil("the spec is built again") { h.values("a") == [1, 3] }
        let manifest = try #require(h.manifest("a"))
        #expect((manifest["animation"] as? [String: Any])?["kind"] as? String == "transition")
    }
}
