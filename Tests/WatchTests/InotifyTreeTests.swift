import Foundation
import Testing
@testable import PieDriver

/// Files and directories coming and going under a watched directory.
@Suite struct InotifyTreeTests {
    @Test func deletedSpecRemovesOnlyItsBundle() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        writeInPlace(h.path("b.yaml"), specText([3]))
        try h.start()
        writeInPlace(h.out + "/notes.txt", "mine")
        writeInPlace(h.bundle("a") + "/keep.txt", "also mine")
        unlink(h.path("a.yaml"))
        try h.waitUntil("the bundle of a is removed") { !h.log.removals(of: h.path("a.yaml")).isEmpty }
        let removal = try #require(h.log.removals(of: h.path("a.yaml")).first).removal
        #expect(removal.removedFiles == ["chart.svg", "chart.css", "index.html", "manifest.json"])
        #expect(!removal.removedDirectory)
        #expect(try FileManager.default.contentsOfDirectory(atPath: h.bundle("a")) == ["keep.txt"])
        #expect(h.exists(h.out + "/notes.txt"))
        #expect(h.values("b") == [3])
    }

    @Test func deletedSpecRemovesItsEmptyBundleDirectory() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        try h.start()
        unlink(h.path("a.yaml"))
        try h.waitUntil("out/a is gone") { !h.exists(h.bundle("a")) }
        #expect(h.exists(h.out))
    }

    @Test func renameOutAndBackIn() throws {
        let h = try WatchHarness()
        let outside = h.root + "/elsewhere"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        try h.start()
        #expect(rename(h.path("a.yaml"), outside + "/a.yaml") == 0)
        try h.waitUntil("moving the spec out removes its bundle") { !h.exists(h.bundle("a")) }
        #expect(rename(outside + "/a.yaml", h.path("b.yaml")) == 0)
        try h.waitUntil("moving it back in under a new name builds it") { h.values("b") == [1, 2] }
        #expect(rename(h.path("b.yaml"), h.path("b.txt")) == 0)
        try h.waitUntil("renaming to another extension removes it") { !h.exists(h.bundle("b")) }
    }

    @Test func subdirectoryRemovedAndRecreated() throws {
        let h = try WatchHarness()
        let sub = h.specs + "/nested/deeper"
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        writeInPlace(sub + "/n.yaml", specText([1]))
        try h.start()
        #expect(h.values("n") == [1])
        try FileManager.default.removeItem(atPath: h.specs + "/nested")
        try h.waitUntil("the nested spec's bundle is removed") { !h.exists(h.bundle("n")) }
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        writeInPlace(sub + "/n.yaml", specText([2, 3]))
        try h.waitUntil("the recreated directory is watched") { h.values("n") == [2, 3] }
        writeInPlace(sub + "/n.yaml", specText([4]))
        try h.waitUntil("later saves there are seen") { h.values("n") == [4] }
    }

    @Test func watchedRootRemovedAndRecreated() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1]))
        try h.start()
        try FileManager.default.removeItem(atPath: h.specs)
        try h.waitUntil("the bundle goes with its directory") { !h.exists(h.bundle("a")) }
        try FileManager.default.createDirectory(atPath: h.specs, withIntermediateDirectories: true)
        writeInPlace(h.path("a.yaml"), specText([5]))
        try h.waitUntil("the recreated root is watched again") { h.values("a") == [5] }
    }

    @Test func singleFileArgumentSurvivesRenameSaves() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1]))
        writeInPlace(h.path("other.yaml"), specText([1]))
        try h.start(inputs: [h.path("a.yaml")])
        #expect(!h.exists(h.bundle("other")))
        writeInPlace(h.path("a.yaml.tmp"), specText([2]))
        #expect(rename(h.path("a.yaml.tmp"), h.path("a.yaml")) == 0)
        try h.waitUntil("the replaced file is built") { h.values("a") == [2] }
        writeInPlace(h.path("a.yaml"), specText([3]))
        try h.waitUntil("the next save is built too") { h.values("a") == [3] }
        #expect(!h.exists(h.bundle("other")))
    }

    @Test func outputInsideTheWatchedDirectoryIsIgnored() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1]))
        // out/ does not exist yet: the first build creates it inside the watched directory.
        try h.start(configure: { $0.outputDir = h.specs + "/out" })
        writeInPlace(h.specs + "/out/stray.yaml", specText([9]))
        writeInPlace(h.path("a.yaml"), specText([2]))
        try h.waitUntil("a is rebuilt") { !h.log.builds(of: h.path("a.yaml")).filter { !$0.initial }.isEmpty }
        let strays = h.log.builds(of: h.specs + "/out/stray.yaml").count + h.log.failures(of: h.specs + "/out/stray.yaml").count
        #expect(strays == 0)
        #expect(!h.exists(h.specs + "/out/stray/manifest.json"))
    }
}
