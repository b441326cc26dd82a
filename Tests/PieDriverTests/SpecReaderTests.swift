import Foundation
import PieSpec
import Testing
@testable import PieDriver

@Suite struct SpecReaderTests {
    func limits(_ n: Int) -> SpecLimits {
        var l = SpecLimits()
        l.maxFileBytes = n
        return l
    }

    @Test func readsBytesAsTheyAre() throws {
        let tmp = try TempDir()
        let path = try tmp.write("a.yaml", "piec: 1\n")
        let file = try SpecReader.read(path).get()
        #expect(file.bytes == Array("piec: 1\n".utf8))
        #expect(file.path == path)
    }

    @Test func sizeLimitIsCheckedBeforeReading() throws {
        let tmp = try TempDir()
        let path = try tmp.write("big.yaml", "")
        // A sparse 9 MiB file: refused from its size alone, in no time.
        #expect(truncate(path, 9 * 1024 * 1024) == 0)
        let error = try #require(SpecReader.read(path).failure)
        #expect(error.diagnostic.code == DriverDiagnostics.fileTooLarge)
        #expect(error.diagnostic.message == "spec file is 9437184 bytes, more than the limit of 8388608 bytes (8 MiB)")
        let exact = try tmp.write("ten.yaml", "0123456789")
        #expect(SpecReader.read(exact, limits: limits(10)).failure == nil)
        #expect(SpecReader.read(exact, limits: limits(9)).failure?.diagnostic.message == "spec file is 10 bytes, more than the limit of 9 bytes")
        // Each file read with the limit is called what it is (issue 42), not "spec file".
        for (name, what) in [("d.csv", "data file"), ("d.json", "data file"), ("README.md", "Markdown document"), (".piec.yaml", "shared defaults file")] {
            let file = try tmp.write(name, "0123456789")
            let message = SpecReader.read(file, limits: limits(9)).failure?.diagnostic.message
            #expect(message == "\(what) is 10 bytes, more than the limit of 9 bytes", "\(name): \(message ?? "nil")")
        }
    }

    @Test func missingDirectoryAndFIFOAreClearErrors() throws {
        let tmp = try TempDir()
        #expect(SpecReader.read(tmp.url("nope.yaml")).failure?.diagnostic.code == DriverDiagnostics.fileNotFound)
        #expect(SpecReader.read(tmp.url("nope/a.yaml")).failure?.diagnostic.code == DriverDiagnostics.fileNotFound)
        try tmp.mkdir("dir.yaml")
        #expect(SpecReader.read(tmp.url("dir.yaml")).failure?.diagnostic.code == DriverDiagnostics.unreadable)
        // A FIFO would block a plain read: it must be refused from its type.
        #expect(mkfifo(tmp.url("pipe.yaml"), 0o644) == 0)
        let fifo = try #require(SpecReader.read(tmp.url("pipe.yaml")).failure)
        #expect(fifo.diagnostic.code == DriverDiagnostics.notRegularFile)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let f) = self { return f }
        return nil
    }
}
