import Testing
@testable import PieDriver

/// The choice between syncing each staged file and one `syncfs` (`Durability.method`); the
/// order of the system calls is checked under strace in Tests/safety/test_durability.py.
@Suite struct DurabilityTests {
    let meminfo = """
        MemTotal:       24634960 kB
        MemFree:         1187652 kB
        Dirty:             12288 kB
        Writeback:          1024 kB
        AnonPages:       2048000 kB
        WritebackTmp:          0 kB

        """

    @Test func dirtyAndWritebackAreAddedInBytes() {
        #expect(Durability.parseDirty(ArraySlice(meminfo.utf8)) == (12288 + 1024) * 1024)
    }

    @Test func aTextWithoutBothLinesIsUnreadable() {
        #expect(Durability.parseDirty(ArraySlice("Dirty: 5 kB\n".utf8)) == nil)
        #expect(Durability.parseDirty(ArraySlice("".utf8)) == nil)
    }

    @Test func aSmallBuildSyncsItsOwnFiles() {
        // A `piec watch` save or a cold start never waits for other programs' data.
        #expect(Durability.method(bundles: 1) == .eachFile)
        #expect(Durability.method(bundles: Durability.fileSystemMinimumBundles - 1) == .eachFile)
    }

    #if os(Linux)
    @Test func theSystemsUnwrittenDataIsReadable() throws {
        let dirty = try #require(Durability.systemDirtyBytes())
        #expect(dirty >= 0)
    }
    #endif
}
