import Foundation
import Testing

/// `piec init [DIR]`: a starter project that builds as it is, written only into a place where
/// none of its files exists, the same bytes wherever it is written.
@Suite struct CLIInitTests {
    static let files = ["charts/example.yaml", "charts/piec.schema.json", "charts/.piec.yaml", ".pre-commit-config.yaml",
                        ".github/workflows/piec.yml"]
    static let folders = ["charts", ".github", ".github/workflows"]
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Schemas/piec.schema.json").standardized

    static let report = """
        wrote charts/example.yaml
        wrote charts/piec.schema.json
        wrote charts/.piec.yaml
        wrote .pre-commit-config.yaml
        wrote .github/workflows/piec.yml

        next:
          piec build charts -o charts/out
          piec watch charts -o charts/out --serve
          git add .pre-commit-config.yaml .github/workflows/piec.yml charts

        """

    @Test func initInAnEmptyFolderWritesExactlyTheStarterFiles() throws {
        let ws = try Workspace()
        let run = try ws.run("init")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.stdout == Self.report)
        let snapshot = ws.snapshot()
        #expect(Set(snapshot.keys) == Set(Self.files + Self.folders))
        for folder in Self.folders { #expect(snapshot[folder] == "dir") }
        #expect(snapshot["charts/piec.schema.json"] == (try String(contentsOf: Self.schema, encoding: .utf8)))
        #expect(snapshot["charts/example.yaml"]?.hasPrefix("# yaml-language-server: $schema=piec.schema.json\n") == true)
        #expect(snapshot[".pre-commit-config.yaml"]?.contains("args: [charts, --output, charts/out]") == true)
        #expect(snapshot[".github/workflows/piec.yml"]?.contains("output: charts/out") == true)
    }

    /// The next commands work as printed, with no diagnostic at all, and the check passes.
    @Test func theStarterSpecBuildsAndChecksWithNoDiagnostics() throws {
        let ws = try Workspace()
        #expect(try ws.run("init").status == 0)
        let build = try ws.run("build", "charts", "-o", "charts/out")
        #expect(build.status == 0)
        #expect(build.stderr.hasPrefix("built 1 chart (1 written, 0 unchanged) in "), "\(build.stderr)")
        #expect(build.stderr.split(separator: "\n").count == 1, "diagnostics: \(build.stderr)")
        let check = try ws.run("check", "charts")
        #expect(check.status == 0)
        #expect(check.stderr.hasPrefix("checked 1 spec: no errors"), "\(check.stderr)")
        let stale = try ws.run("build", "--check", "charts", "-o", "charts/out")
        #expect(stale.status == 0, "\(stale.stderr)")
        // .piec.yaml is read and accepted: its palette colours the chart.
        let svg = try String(contentsOfFile: ws.url("charts/out/example/chart.svg"), encoding: .utf8)
        #expect(svg.lowercased().contains("#e69f00"), "okabe-ito from .piec.yaml")
    }

    @Test func aSecondInitWritesNothingAndNamesEveryFile() throws {
        let ws = try Workspace()
        #expect(try ws.run("init").status == 0)
        let before = ws.snapshot()
        let again = try ws.run("init")
        #expect(again.status == 74)
        #expect(again.stdout == "")
        for file in Self.files {
            #expect(again.stderr.contains("\(file): error[E0517]: already exists\n"), "\(file): \(again.stderr)")
        }
        #expect(again.stderr.components(separatedBy: "help: piec init never overwrites a file").count == Self.files.count + 1)
        #expect(again.stderr.hasSuffix("error: piec init wrote nothing\n"))
        #expect(ws.snapshot() == before)
    }

    @Test func oneExistingFileBlocksEverything() throws {
        let ws = try Workspace()
        try ws.write("charts/.piec.yaml", "theme:\n  palette: viridis\n")
        let run = try ws.run("init")
        #expect(run.status == 74)
        #expect(run.stderr.hasPrefix("charts/.piec.yaml: error[E0517]: already exists\n"))
        #expect(run.stderr.components(separatedBy: "error[").count == 2, "only the existing file is named")
        #expect(ws.snapshot() == ["charts": "dir", "charts/.piec.yaml": "theme:\n  palette: viridis\n"])
    }

    /// A symlink (even a dangling one) is never written through, and a file where a folder
    /// must go blocks every file below it, named once.
    @Test func aSymlinkOrAFileInTheWayBlocksEverything() throws {
        let ws = try Workspace()
        try ws.write("charts", "not a folder\n")
        #expect(symlink("nowhere", ws.url(".pre-commit-config.yaml")) == 0)
        let run = try ws.run("init")
        #expect(run.status == 74)
        #expect(run.stderr.hasPrefix("charts: error[E0517]: a file is where piec init would make a folder\n"), "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "charts").count == 2, "named once")
        #expect(run.stderr.contains(".pre-commit-config.yaml: error[E0507]: refusing to write through this symlink\n"))
        #expect(Set(ws.snapshot().keys) == ["charts", ".pre-commit-config.yaml"])
    }

    /// `piec init DIR` creates DIR, and the bytes do not depend on where they are written.
    @Test func outputIsByteIdenticalAcrossRunsAndFolders() throws {
        let first = try Workspace(), second = try Workspace()
        let a = try first.run("init")
        let b = try second.run("init", "new project")
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        let nested = second.snapshot("new project")
        #expect(nested == first.snapshot())
        #expect(b.stdout.hasPrefix("wrote new project/charts/example.yaml\n"))
        #expect(b.stdout.contains("next:\n  cd 'new project'\n  piec build charts -o charts/out\n"))
    }

    @Test func initIsInTheHelpAndTakesOneFolder() throws {
        let ws = try Workspace()
        #expect(try ws.run("--help").stdout.contains("  init "))
        let two = try ws.run("init", "a", "b")
        #expect(two.status == 64)
        #expect(!ws.exists("a") && !ws.exists("b"))
    }
}
