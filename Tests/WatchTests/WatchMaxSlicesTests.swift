import Foundation
import Testing

extension WatchCLITests {
    /// `piec watch --max-slices N` rebuilds with that limit: a save over it is refused (E0401)
    /// and the last good bundle kept; a save within it builds.
    @Test func watchLoadsWithTheGivenSliceLimit() throws {
        let h = try WatchHarness()
        writeInPlace(h.path("a.yaml"), specText([1, 2]))
        let run = try Running(["watch", "specs", "-o", "out", "--max-slices", "2"], in: h.root)
        try run.waitFor("watching specs (inotify) -> out; press Ctrl-C to stop")
        writeInPlace(h.path("a.yaml"), specText([1, 2, 3]))
        try run.waitFor("specs/a.yaml: 1 error; keeping out/a")
        #expect(run.stderr.contains("error[E0401]: the spec has 3 slices; the limit is 2"), "\(run.stderr)")
        writeInPlace(h.path("a.yaml"), specText([4, 5]))
        try run.waitFor("specs/a.yaml -> out/a: 2 updated (")
        #expect(run.stop() == 0)
        #expect(h.values("a") == [4, 5])
    }
}
