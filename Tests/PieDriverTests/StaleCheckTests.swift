import Foundation
import Testing
@testable import PieDriver

@Suite struct StaleCheckTests {
    func check(_ tmp: TempDir) -> BuildReport {
        testBuilder().build(BuildRequest(inputs: [tmp.url("specs")], outputDir: tmp.url("out"), mode: .checkStale))
    }

    func messages(_ report: BuildReport) -> [String] {
        report.stale.flatMap { $0.diagnostics.map(\.message) }
    }

    @Test func missingBundlesAreStaleAndNothingIsWritten() throws {
        let tmp = try TempDir()
        try tmp.write("specs/a.yaml", "a")
        let before = snapshot(tmp.path)
        let report = check(tmp)
        #expect(report.status == .stale)
        #expect(messages(report) == ["bundle `\(tmp.url("out/a"))` is out of date: the output directory is missing"])
        #expect(report.stale.first?.diagnostics.first?.code == DriverDiagnostics.staleBundle)
        #expect(report.stale.first?.path == tmp.url("specs/a.yaml"))
        #expect(snapshot(tmp.path) == before)
    }

    @Test func upToDateThenEditedThenTamperedWith() throws {
        let tmp = try TempDir()
        try tmp.write("specs/a.yaml", "a")
        try tmp.write("specs/b.yaml", "b")
        _ = testBuilder().build(BuildRequest(inputs: [tmp.url("specs")], outputDir: tmp.url("out")))
        #expect(check(tmp).status == .success)

        try tmp.write("specs/a.yaml", "a2")
        let before = snapshot(tmp.path)
        let edited = check(tmp)
        #expect(edited.status == .stale)
        #expect(messages(edited) == ["bundle `\(tmp.url("out/a"))` is out of date: `chart.svg` differs, `chart.css` differs, `index.html` differs"])
        #expect(snapshot(tmp.path) == before)

        try FileManager.default.removeItem(atPath: tmp.url("out/b/index.html"))
        try tmp.write("out/b/extra.txt", "?")
        let reasons = messages(check(tmp))
        #expect(reasons.count == 2)
        #expect(reasons[1] == "bundle `\(tmp.url("out/b"))` is out of date: `extra.txt` was not written by piec")
    }
}

@Suite struct ExitStatusTests {
    @Test func mostSevereWins() {
        #expect(PiecExitCode.success.combined(with: .stale) == .stale)
        #expect(PiecExitCode.stale.combined(with: .specErrors) == .specErrors)
        #expect(PiecExitCode.ioFailure.combined(with: .specErrors) == .ioFailure)
        #expect(PiecExitCode.usage.combined(with: .ioFailure) == .usage)
        #expect(PiecExitCode.allCases.map(\.rawValue) == [0, 1, 2, 3, 64, 74])
    }

    @Test func diagnosticsMapToStatuses() {
        func status(_ codes: [DiagnosticCode], _ severity: Severity = .error) -> PiecExitCode {
            .forDiagnostics(codes.map { Diagnostic(severity, code: $0, message: "m", range: nil) })
        }
        #expect(status([]) == .success)
        #expect(status([DiagnosticCode("E0201")], .warning) == .success)
        #expect(status([DiagnosticCode("E0201")]) == .specErrors)
        #expect(status([DriverDiagnostics.fileTooLarge]) == .specErrors)
        #expect(status([DriverDiagnostics.staleBundle]) == .stale)
        #expect(status([DriverDiagnostics.staleBundle, DiagnosticCode("E0201")]) == .specErrors)
        #expect(status([DriverDiagnostics.fileNotFound, DiagnosticCode("E0201")]) == .ioFailure)
        #expect(status([DriverDiagnostics.symlinkRefused]) == .ioFailure)
    }
}

@Suite struct CatalogTests {
    @Test func codesAreUniqueSortedAndInTheirRanges() {
        let codes = DiagnosticCatalog.all.map(\.code.rawValue)
        #expect(codes == codes.sorted())
        #expect(Set(codes).count == codes.count)
        for info in DriverDiagnostics.catalog {
            #expect(("E0500"..."E0599").contains(info.code.rawValue))
            #expect(!info.title.isEmpty && !info.explanation.isEmpty)
            #expect(info.title.first?.isLowercase == true && info.title.last != ".")
        }
    }

    /// `piec explain` prints explanations as written: a line continued without its `\` in the
    /// source shows up as a run of spaces inside a sentence (E0602 had three).
    @Test func explanationsHaveNoRunsOfSpaces() {
        for info in DiagnosticCatalog.all {
            for line in info.explanation.split(separator: "\n") {
                let text = line.drop { $0 == " " }
                #expect(!text.contains("  "), "\(info.code): \(line)")
            }
        }
    }

    @Test func everyDriverCodeIsExplained() {
        let used = [DriverDiagnostics.fileNotFound, .init("E0501"), DriverDiagnostics.notRegularFile, DriverDiagnostics.fileTooLarge,
                    DriverDiagnostics.noSpecs, DriverDiagnostics.noDefaultID, DriverDiagnostics.duplicateID,
                    DriverDiagnostics.symlinkRefused, DriverDiagnostics.foreignFiles, DriverDiagnostics.writeFailed,
                    DriverDiagnostics.staleBundle, DriverDiagnostics.invalidBundle]
        for code in used { #expect(DiagnosticCatalog.lookup(code.rawValue) != nil, "\(code)") }
    }

    @Test func lookupIsCaseInsensitiveAndSuggests() {
        #expect(DiagnosticCatalog.lookup(" e0503 ")?.title == "spec file too large")
        #expect(DiagnosticCatalog.lookup("E9999") == nil)
        #expect(DiagnosticCatalog.suggestions(for: "E0599").first == "E0509")
    }
}
