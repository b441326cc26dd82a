import Foundation
import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// `ChangeReport`: one line and one JSON entry per slice, whatever happened to it.
@Suite("Change report")
struct ChangeReportTests {
    static func load(_ yaml: String) throws -> ChartSpec {
        let result = SpecLoader.load(SourceFile(path: "t.yaml", bytes: Array(yaml.utf8)), defaultID: "t")
        return try #require(result.spec, "\(result.diagnostics.map(\.message))")
    }

    static func report(_ old: String, _ new: String) throws -> ChangeReport {
        try #require(Transition.between(old: try load(old), new: try load(new)).changes)
    }

    static let languages = """
        piec: 1
        slices:
          - { id: swift, label: Swift, value: 40 }
          - { id: python, label: Python, value: 30 }
          - { id: go, label: Go, value: 22 }
          - { id: perl, label: Perl, value: 8 }
        """

    /// A rename that also changes the label and the value is one line, one entry, one part.
    @Test func aRenameWithChangesIsOneLineAndOneEntry() throws {
        let new = """
            piec: 1
            slices:
              - { id: swift, label: Swift, value: 42 }
              - { id: python3, label: Python 3, value: 28, renamedFrom: [python] }
              - { id: go, label: Go, value: 22 }
              - { id: perl, label: Perl, value: 8 }
            """
        let report = try Self.report(Self.languages, new)
        #expect(report.text() == "~ swift  40.0% -> 42.0%  (value)\n~ python -> python3  30.0% -> 28.0%  (label, value)\n")
        let entries = report.json()["slices"]
        guard case .array(let slices)? = entries else { Issue.record("no slices in \(report.json())"); return }
        #expect(slices.count == 2)
        #expect(slices.last?["kind"] == .string("rename") && slices.last?["oldId"] == .string("python"))
        #expect(slices.last?["fields"] == .array([.string("label"), .string("value")]))
        #expect(report.sentence() == "Swift rose from 40.0% to 42.0%; python was renamed to Python 3 and fell from 30.0% to 28.0%.")
    }

    @Test func aRemovedSliceShowsItsOldPercent() throws {
        let new = Self.languages.split(separator: "\n").filter { !$0.contains("perl") }.joined(separator: "\n")
        #expect(try Self.report(Self.languages, new).text().split(separator: "\n").last == "- perl  8.0%")
    }

    /// The sentence of a large change counts slices, so a renamed slice counts once.
    @Test func theSummarySentenceCountsEachSliceOnce() throws {
        let old = "piec: 1\nslices:\n" + (0..<8).map { "  - { id: s\($0), label: S\($0), value: \($0 + 1) }" }.joined(separator: "\n")
        var rows = (0..<8).map { "  - { id: s\($0), label: S\($0), value: \($0 + 2) }" }
        rows[0] = "  - { id: t0, label: T0, value: 5, renamedFrom: [s0] }"
        rows.append("  - { id: n, label: N, value: 3 }")
        rows.remove(at: 7)
        let report = try Self.report(old, "piec: 1\nslices:\n" + rows.joined(separator: "\n"))
        #expect(Set(report.slices.map(\.id)).count == report.slices.count)
        let changed = report.slices.filter { [.update, .rename, .move].contains($0.kind) }.count
        #expect(report.sentence() == "1 slice was added, 1 removed, \(changed) changed.")
        #expect(changed == 7)
    }

    /// Moving a ring's bands (here by `innerRadius`) is the chart's change, not its slices'.
    @Test func ringBandsMovingListNoSlice() throws {
        let rings = """
            piec: 1
            rings:
              - id: engine
                label: Engine
                slices:
                  - { id: blink, label: Blink, value: 72 }
                  - { id: gecko, label: Gecko, value: 28 }
              - id: browser
                label: Browser
                slices:
                  - { id: chrome, label: Chrome, value: 60 }
                  - { id: firefox, label: Firefox, value: 40 }
            """
        let donut = rings.replacingOccurrences(of: "piec: 1\n", with: "piec: 1\nchart:\n  innerRadius: 0.4\n")
        #expect(try Self.report(rings, donut).text() == "chart innerRadius 0 -> 0.4\n")
    }

    /// A slice that moves and changes is one line that says both.
    @Test func aMovedAndUpdatedSliceIsOneLine() throws {
        let new = """
            piec: 1
            slices:
              - { id: perl, label: Perl, value: 8 }
              - { id: swift, label: Swift, value: 40 }
              - { id: python, label: Python, value: 30 }
              - { id: go, label: Go, value: 22 }
            """
        #expect(try Self.report(Self.languages, new).text() == "moved perl 4 -> 1\n")
        let grown = new.replacingOccurrences(of: "value: 8", with: "value: 18")
        let text = try Self.report(Self.languages, grown).text()
        #expect(text.split(separator: "\n").filter { $0.contains("perl") } == ["~ perl  8.0% -> 16.3%  (value)  moved 4 -> 1"])
    }
}
