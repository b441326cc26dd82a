import Foundation
import Testing
@testable import PieDriver

@Suite struct BuilderTests {
    @Test func oneBadSpecAmongGoodOnesWritesNothing() throws {
        let tmp = try TempDir()
        try tmp.write("specs/a.yaml", "body a")
        try tmp.write("specs/b.yaml", "body b\nerror: bad value")
        try tmp.write("specs/c.yaml", "body c")
        try tmp.write("out/keep/manifest.json", "{\"files\":[]}")
        let before = snapshot(tmp.path)
        let report = testBuilder().build(BuildRequest(inputs: [tmp.url("specs")], outputDir: tmp.url("out")))
        #expect(report.status == .specErrors)
        #expect(report.failedSpecs == 1)
        #expect(report.write == nil)
        #expect(report.groups.map(\.path) == [tmp.url("specs/b.yaml")])
        #expect(report.groups.first?.diagnostics.first?.range?.start == SourceLocation(line: 2, column: 8))
        #expect(snapshot(tmp.path) == before)
    }

    @Test func writeRefusesOutcomesWithErrorsEvenWhenCalledDirectly() throws {
        let tmp = try TempDir()
        try tmp.write("a.yaml", "fine")
        try tmp.write("b.yaml", "error: no")
        let builder = testBuilder()
        let outcomes = builder.compileAll([SpecInput(path: tmp.url("a.yaml")), SpecInput(path: tmp.url("b.yaml"))])
        let report = builder.write(outcomes, to: tmp.url("out"))
        #expect(report.written.isEmpty && report.unchanged.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: tmp.url("out")))
    }

    @Test func goodBuildWritesEveryBundleThenNothingChanges() throws {
        let tmp = try TempDir()
        try tmp.write("specs/a.yaml", "body a")
        try tmp.write("specs/sub/b.yml", "body b")
        let request = BuildRequest(inputs: [tmp.url("specs")], outputDir: tmp.url("out"))
        let first = testBuilder().build(request)
        #expect(first.status == .success)
        #expect(first.write?.written == ["a", "b"])
        let second = testBuilder().build(request)
        #expect(second.write?.written == [])
        #expect(second.write?.unchanged == ["a", "b"])
    }

    @Test func duplicateIDsNameBothFiles() throws {
        let tmp = try TempDir()
        try tmp.write("x/pie.yaml", "one")
        try tmp.write("y/other.yaml", "id: pie")
        let report = testBuilder().build(BuildRequest(inputs: [tmp.url("y"), tmp.url("x")], outputDir: tmp.url("out")))
        #expect(report.status == .specErrors)
        let group = try #require(report.groups.first)
        #expect(report.groups.count == 1)
        #expect(group.path == tmp.url("y/other.yaml"))
        #expect(group.diagnostics.map(\.code) == [DriverDiagnostics.duplicateID])
        #expect(group.diagnostics[0].message == "`\(tmp.url("y/other.yaml"))` and `\(tmp.url("x/pie.yaml"))` both produce the bundle `pie`")
        #expect(!FileManager.default.fileExists(atPath: tmp.url("out")))
    }

    @Test func fileNameWithoutASlugNeedsAnID() throws {
        let tmp = try TempDir()
        try tmp.write("---.yaml", "no id")
        try tmp.write("日本.yaml", "id: japan")
        let builder = testBuilder()
        let outcomes = builder.compileAll([SpecInput(path: tmp.url("---.yaml")), SpecInput(path: tmp.url("日本.yaml"))])
        #expect(outcomes[0].diagnostics.map(\.code) == [DriverDiagnostics.noDefaultID])
        #expect(outcomes[0].bundle == nil)
        #expect(outcomes[1].diagnostics.isEmpty)
        #expect(outcomes[1].bundle?.id == "japan")
    }

    @Test func parallelCompileKeepsInputOrderAndReportsProgress() throws {
        let tmp = try TempDir()
        let inputs = try (0..<300).map { i in SpecInput(path: try tmp.write(String(format: "s%03d.yaml", i), "n \(i)")) }
        let counter = Counter()
        let outcomes = testBuilder(jobs: 4).compileAll(inputs) { done, total in counter.record(done, total) }
        #expect(outcomes.map(\.input) == inputs)
        #expect(outcomes.map { $0.bundle?.id } == (0..<300).map { String(format: "s%03d", $0) })
        #expect(counter.maximum == 300)
        #expect(counter.calls == 300)
    }

    @Test func unreadableInputIsAnIOFailureAndStopsTheBuild() throws {
        let tmp = try TempDir()
        try tmp.write("specs/a.yaml", "fine")
        let report = testBuilder().build(BuildRequest(inputs: [tmp.url("specs"), tmp.url("missing.yaml")], outputDir: tmp.url("out")))
        #expect(report.status == .ioFailure)
        #expect(report.write == nil)
        #expect(!FileManager.default.fileExists(atPath: tmp.url("out")))
    }

    @Test func tooLargeSpecIsASpecError() throws {
        let tmp = try TempDir()
        try tmp.write("a.yaml", String(repeating: "x", count: 1001))
        let report = testBuilder().build(BuildRequest(inputs: [tmp.url("a.yaml")], outputDir: tmp.url("out")))
        #expect(report.groups.flatMap { $0.diagnostics.map(\.code) } == [DriverDiagnostics.fileTooLarge])
        #expect(report.status == .specErrors)
    }

    @Test func validateModeNeverWrites() throws {
        let tmp = try TempDir()
        try tmp.write("specs/a.yaml", "fine")
        let report = testBuilder().build(BuildRequest(inputs: [tmp.url("specs")], outputDir: tmp.url("out"), mode: .validate))
        #expect(report.status == .success)
        #expect(report.write == nil)
        #expect(!FileManager.default.fileExists(atPath: tmp.url("out")))
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var maximum = 0
    private(set) var calls = 0
    func record(_ done: Int, _ total: Int) {
        lock.withLock {
            calls += 1
            maximum = max(maximum, done)
            precondition(total == 300)
        }
    }
}
