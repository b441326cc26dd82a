@testable import PieCore
import Testing

struct SliceDiffTests {
    func roles(_ d: SliceDiff) -> [String] {
        d.entries.map { e in
            switch e.role {
            case .stable: "=\(e.oldIndex!)\(e.newIndex!)"
            case .removed: "-\(e.oldIndex!)"
            case .inserted: "+\(e.newIndex!)"
            case .movedFrom: "<\(e.oldIndex!)"
            case .movedTo: ">\(e.newIndex!)"
            }
        }
    }

    @Test func unchangedListsAreAllStable() {
        let d = SliceDiff.compute(oldIDs: ["a", "b", "c"], newIDs: ["a", "b", "c"])
        #expect(roles(d) == ["=00", "=11", "=22"])
    }

    @Test func twoAdjacentRemovalsShrinkInPlace() {
        let d = SliceDiff.compute(oldIDs: ["a", "b", "c", "d"], newIDs: ["a", "d"])
        #expect(roles(d) == ["=00", "-1", "-2", "=31"])
        #expect(d.removed == [1, 2])
    }

    @Test func firstAndLastRemoved() {
        let d = SliceDiff.compute(oldIDs: ["a", "b", "c"], newIDs: ["b"])
        #expect(roles(d) == ["-0", "=10", "-2"])
    }

    @Test func insertAtTheStart() {
        let d = SliceDiff.compute(oldIDs: ["a", "b"], newIDs: ["z", "a", "b"])
        #expect(roles(d) == ["+0", "=01", "=12"])
    }

    @Test func everySliceReplaced() {
        let d = SliceDiff.compute(oldIDs: ["a", "b"], newIDs: ["x", "y"])
        #expect(roles(d) == ["-0", "-1", "+0", "+1"])
    }

    @Test func reorderPlusInsert() {
        // rust moves from last to first while go is inserted.
        let d = SliceDiff.compute(oldIDs: ["py", "js", "rust"], newIDs: ["rust", "py", "go", "js"])
        #expect(roles(d) == [">0", "=01", "+2", "=13", "<2"])
        #expect(d.matches.filter(\.moved).map(\.newIndex) == [0])
    }

    @Test func renameMatchesThroughRenamedFrom() {
        let d = SliceDiff.compute(oldIDs: ["kt", "java"], newIDs: ["kotlin", "java"], renames: [0: ["kt"]])
        #expect(roles(d) == ["=00", "=11"])
        #expect(d.matches.first { $0.newIndex == 0 }?.renamed == true)
    }

    @Test func renameIsIgnoredWhenTheOldIDStillExists() {
        let d = SliceDiff.compute(oldIDs: ["kt"], newIDs: ["kotlin", "kt"], renames: [0: ["kt"]])
        #expect(roles(d) == ["+0", "=01"])
    }

    @Test func longestIncreasingSubsequence() {
        #expect(SliceDiff.longestIncreasing([3, 1, 2, 0, 4]) == [1, 2, 4])
        #expect(SliceDiff.longestIncreasing([]) == [])
        #expect(SliceDiff.longestIncreasing([5, 4, 3]).count == 1)
    }

    @Test func largeReversalIsLinearithmic() {
        let n = 100_000
        let old = (0..<n).map { "s\($0)" }
        let d = SliceDiff.compute(oldIDs: old, newIDs: old.reversed())
        #expect(d.matches.count == n)
        #expect(d.matches.filter { !$0.moved }.count == 1)
        #expect(d.entries.count == 2 * n - 1)
    }
}
