import Foundation
import Testing

/// `piec diff OLD NEW` and `piec diff SPEC --from REF`: text, JSON, --exit-code, usage errors.
@Suite struct CLIDiffTests {
    static let old = """
        piec: 1
        id: langs
        slices:
          - { id: swift, label: Swift, value: 40 }
          - { id: perl, label: Perl, value: 10 }
          - { id: kt, label: Kotlin, value: 30 }
          - { id: rust, label: Rust, value: 20 }

        """

    static let new = """
        piec: 1
        id: langs
        chart: { innerRadius: 0.5 }
        slices:
          - { id: rust, label: Rust, value: 20 }
          - { id: swift, label: Swift, value: 35 }
          - { id: kotlin, label: Kotlin, value: 30, renamedFrom: [kt] }
          - { id: go, label: Go, value: 15 }

        """

    static let expectedText = """
        moved rust 4 -> 1
        ~ swift  40.0% -> 35.0%  (value)
        - perl  10.0%
        ~ kt -> kotlin  30.0% -> 30.0%
        + go  Go  15.0%
        chart innerRadius 0 -> 0.5

        """

    func workspace() throws -> Workspace {
        let ws = try Workspace()
        try ws.write("old.yaml", Self.old)
        try ws.write("new.yaml", Self.new)
        return ws
    }

    /// Concentric rings: slices are matched and listed by ring (`ring/slice`); the same slice
    /// id in another ring is another slice.
    @Test func ringsAreDiffedByRingAndID() throws {
        let ws = try Workspace()
        try ws.write("old.yaml", "piec: 1\nrings:\n  - {id: in, label: In, slices: [{id: a, label: A, value: 1}, {id: b, label: B, value: 1}]}\n")
        try ws.write("new.yaml", """
            piec: 1
            rings:
              - {id: in, label: In, slices: [{id: a, label: A, value: 1}, {id: b, label: B, value: 1}, {id: c, label: C, value: 2}]}
              - {id: out, label: Out, slices: [{id: a, label: A, value: 1}]}

            """)
        let run = try ws.run("diff", "old.yaml", "new.yaml")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("+ in/c  In: C  50.0%"), "\(run.stdout)")
        #expect(run.stdout.contains("+ out/a  Out: A  100.0%"), "\(run.stdout)")
        #expect(!run.stdout.contains("+ in/a"), "\(run.stdout)")
        let built = try ws.run("build", "new.yaml", "-o", "out", "--from", "old.yaml")
        #expect(built.status == 0, "\(built.stderr)")
    }

    @Test func textListsEveryChangeKind() throws {
        let ws = try workspace()
        let run = try ws.run("diff", "old.yaml", "new.yaml")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Self.expectedText)
        #expect(run.stderr.isEmpty)
    }

    @Test func fromASpecFileGivesTheSameReport() throws {
        let ws = try workspace()
        let run = try ws.run("diff", "new.yaml", "--from", "old.yaml")
        #expect(run.status == 0)
        #expect(run.stdout == Self.expectedText)
    }

    @Test func jsonCarriesKindsPositionsAndChartChanges() throws {
        let ws = try workspace()
        let run = try ws.run("diff", "old.yaml", "new.yaml", "--format", "json")
        #expect(run.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["changed"] as? Bool == true)
        let slices = try #require(json["slices"] as? [[String: Any]])
        let kinds = slices.map { "\($0["kind"] as? String ?? "?") \($0["id"] as? String ?? "?")" }
        #expect(kinds == ["move rust", "update swift", "remove perl", "rename kotlin", "insert go"])
        let move = slices[0]
        #expect(move["oldPosition"] as? Int == 4 && move["newPosition"] as? Int == 1)
        let rename = slices[3]
        #expect(rename["oldId"] as? String == "kt")
        let update = slices[1]
        #expect(update["oldPercent"] as? String == "40.0" && update["newPercent"] as? String == "35.0")
        #expect(slices[2]["newPercent"] is NSNull && slices[2]["oldPercent"] as? String == "10.0")
        #expect(move["moved"] as? Bool == true && update["moved"] as? Bool == false)
        let chart = try #require(json["chart"] as? [[String: Any]])
        #expect(chart.count == 1)
        #expect(chart.first?["field"] as? String == "innerRadius")
        #expect(chart.first?["old"] as? String == "0" && chart.first?["new"] as? String == "0.5")
    }

    /// "Changed" has its own status, 3, which no error uses (1 is a spec with errors).
    @Test func exitCodeIsThreeOnlyWhenSomethingChanged() throws {
        let ws = try workspace()
        let changed = try ws.run("diff", "old.yaml", "new.yaml", "--exit-code")
        #expect(changed.status == 3)
        #expect(changed.stdout == Self.expectedText, "the report is still printed")
        let same = try ws.run("diff", "old.yaml", "old.yaml", "--exit-code")
        #expect(same.status == 0)
        #expect(same.stdout == "no changes\n")
        let json = try ws.run("diff", "old.yaml", "old.yaml", "--format", "json", "--exit-code")
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"changed\": false"))
        // Without --exit-code a change is not a failure.
        #expect(try ws.run("diff", "old.yaml", "new.yaml").status == 0)
        // A spec with errors is 1 with or without --exit-code, never 3.
        try ws.write("bad.yaml", Specs.negative)
        #expect(try ws.run("diff", "old.yaml", "bad.yaml", "--exit-code").status == 1)
    }

    /// `piec diff SPEC` compares with the previous version `piec build` would use: outside
    /// git, the bundle in the output folder (`-o`), here built from old.yaml.
    @Test func withoutOldTheDefaultPreviousVersionIsUsed() throws {
        let ws = try workspace()
        let enters = try ws.run("diff", "new.yaml")
        #expect(enters.status == 0, "\(enters.stderr)")
        #expect(enters.stdout.hasPrefix("+ rust  Rust  20.0%\n"), "no bundle: everything is inserted: \(enters.stdout)")
        try ws.write("site/old/langs.yaml", Self.old)
        #expect(try ws.run("build", "site/old/langs.yaml", "-o", "site/out").status == 0)
        let run = try ws.run("diff", "new.yaml", "-o", "site/out")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Self.expectedText)
        // Once the bundle is built from new.yaml it keeps its transition: the same report.
        #expect(try ws.run("build", "new.yaml", "-o", "site/out").status == 0)
        #expect(try ws.run("diff", "new.yaml", "--output", "site/out").stdout == Self.expectedText)
    }

    /// A data file that loses its rows empties the chart: `piec diff` says so (text and JSON,
    /// exit 3 with `--exit-code`), and says it is no longer empty when rows come back; a first
    /// version (nothing built yet) is never "no longer empty".
    @Test func aChartThatEmptiesOrFillsIsSaidSo() throws {
        let ws = try Workspace()
        try ws.write("incidents.yaml", "piec: 1\ndata: {file: open.csv}\n")
        try ws.write("open.csv", "label,value\nNetwork,5\nAuth,2\n")
        let first = try ws.run("diff", "incidents.yaml", "-o", "out")
        #expect(first.status == 0 && first.stdout == "+ network  Network  71.4%\n+ auth  Auth  28.6%\n", "\(first.stdout) \(first.stderr)")
        #expect(try ws.run("build", "incidents.yaml", "-o", "out").status == 0)
        try ws.write("open.csv", "label,value\n")
        let emptied = try ws.run("diff", "incidents.yaml", "-o", "out", "--exit-code")
        #expect(emptied.status == 3, "\(emptied.stderr)")
        #expect(emptied.stdout == "- network  71.4%\n- auth  28.6%\nchart is now empty\n", "\(emptied.stdout)")
        let json = try ws.run("diff", "incidents.yaml", "-o", "out", "--format", "json")
        #expect(json.stdout.contains("\"empty\": \"became-empty\""), "\(json.stdout)")
        #expect(try ws.run("build", "incidents.yaml", "-o", "out").status == 0)
        try ws.write("open.csv", "label,value\nStorage,1\n")
        let filled = try ws.run("diff", "incidents.yaml", "-o", "out")
        #expect(filled.stdout == "+ storage  Storage  100.0%\nchart is no longer empty\n", "\(filled.stdout) \(filled.stderr)")
    }

    @Test(arguments: [
        ["diff"],
        ["diff", "a.yaml", "b.yaml", "c.yaml"],
        ["diff", "old.yaml", "new.yaml", "--from", "old.yaml"],
        ["diff", "old.yaml", "new.yaml", "--format", "xml"],
        ["diff", "new.yaml", "--from", "HAED"],
    ])
    func usageErrorsExit64(_ arguments: [String]) throws {
        let ws = try workspace()
        let run = try PiecRunner.run(arguments, in: ws.path)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func aBrokenSpecIsReportedWithExitOne() throws {
        let ws = try workspace()
        try ws.write("bad.yaml", Specs.negative)
        let run = try ws.run("diff", "old.yaml", "bad.yaml")
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("bad.yaml:3:"), "\(run.stderr)")
    }

    @Test func diffFromABundleFolder() throws {
        let ws = try workspace()
        #expect(try ws.run("build", "old.yaml", "-o", "site").status == 0)
        // old.yaml's id is `langs`: site/langs is its bundle, site the output folder.
        for ref in ["site/langs", "site", "site/langs/manifest.json"] {
            let run = try ws.run("diff", "new.yaml", "--from", ref)
            #expect(run.status == 0, "\(ref): \(run.stderr)")
            #expect(run.stdout == Self.expectedText, "\(ref)")
        }
    }
}
