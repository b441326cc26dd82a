import Foundation
import Testing

/// End-to-end builds with the real compiler: bundles on disk, --check, failures.
@Suite struct CLIBuildTests {
    static let summary = #"^built (\d+) charts? \((\d+) written, (\d+) unchanged\) in \d+ ms\n$"#

    func expectSummary(_ stderr: String, charts: Int, written: Int, unchanged: Int) {
        #expect(stderr.range(of: Self.summary, options: .regularExpression) != nil, "\(stderr)")
        let word = charts == 1 ? "chart" : "charts"
        #expect(stderr.hasPrefix("built \(charts) \(word) (\(written) written, \(unchanged) unchanged) in "), "\(stderr)")
    }

    @Test func buildThenCheckThenEdit() throws {
        let ws = try Workspace()
        try ws.write("specs/pie.yaml", Specs.pie)
        try ws.write("specs/more/Donut Chart.yml", Specs.donut)
        let first = try ws.run("build", "specs", "-o", "site")
        #expect(first.status == 0)
        expectSummary(first.stderr, charts: 2, written: 2, unchanged: 0)
        for file in ["chart.svg", "chart.css", "index.html", "manifest.json"] {
            #expect(ws.exists("site/pie/\(file)"))
            #expect(ws.exists("site/donut-chart/\(file)"))  // default id: the slugged file stem
        }
        let built = ws.snapshot("site")
        let again = try ws.run("build", "specs", "-o", "site")
        expectSummary(again.stderr, charts: 2, written: 0, unchanged: 2)
        #expect(ws.snapshot("site") == built)

        let check = try ws.run("build", "--check", "specs", "-o", "site")
        #expect(check.status == 0)
        #expect(check.stderr.hasPrefix("checked 2 charts: all bundles up to date"))

        try ws.write("specs/pie.yaml", Specs.pie.replacingOccurrences(of: "value: 2", with: "value: 5"))
        let stale = try ws.run("build", "--check", "--format", "short", "specs", "-o", "site")
        #expect(stale.status == 2)
        #expect(stale.stderr.hasPrefix("specs/pie.yaml: error[E0510]: bundle `site/pie` is out of date: "))
        #expect(stale.stderr.hasSuffix("error: 1 of 2 bundles is out of date; run `piec build specs -o site`\n"))
        #expect(ws.snapshot("site") == built)
    }

    @Test func noArgumentBuildsTheCurrentDirectoryIntoOut() throws {
        let ws = try Workspace()
        try ws.write("pie.yaml", Specs.pie)
        #expect(try ws.run("build").status == 0)
        #expect(ws.exists("out/pie/manifest.json"))
        // The output directory is skipped on the next run (it holds no specs, only bundles).
        let again = try ws.run("build")
        expectSummary(again.stderr, charts: 1, written: 0, unchanged: 1)
    }

    @Test func badSpecAmongGoodOnesWritesNothing() throws {
        let ws = try Workspace()
        try ws.write("specs/pie.yaml", Specs.pie)
        #expect(try ws.run("build", "specs").status == 0)
        try ws.write("specs/pie.yaml", Specs.pie.replacingOccurrences(of: "value: 2", with: "value: 7"))
        try ws.write("specs/donut.yaml", Specs.donut)
        try ws.write("specs/zzz.yaml", Specs.negative)
        let before = ws.snapshot("out")
        let run = try ws.run("build", "specs")
        #expect(run.status == 1)
        #expect(run.stderr.contains("specs/zzz.yaml:3:"))
        #expect(run.stderr.hasSuffix("error: 1 of 3 specs has errors; nothing was written\n"))
        #expect(ws.snapshot("out") == before)
    }

    @Test func duplicateIDsAreAnError() throws {
        let ws = try Workspace()
        try ws.write("a/pie.yaml", Specs.pie)
        try ws.write("b/pie.yaml", Specs.pie)
        let run = try ws.run("build", "--format", "short", "a", "b")
        #expect(run.status == 1)
        // At the second spec's `id: pie`.
        #expect(run.stderr.hasPrefix("b/pie.yaml:2:5: error[E0506]: `b/pie.yaml` and `a/pie.yaml` both produce the bundle `pie`\n"))
        #expect(!ws.exists("out"))
    }

    /// Two specs that name one bundle: the finding points at the second spec's `id` value, in
    /// every format (GitHub annotations and JSON consumers need a line).
    @Test func duplicateExplicitIDsPointAtTheID() throws {
        let ws = try Workspace()
        let spec = "piec: 1\ntitle: T\nid: shared\nslices:\n  - { label: A, value: 1 }\n"
        try ws.write("specs/one.yaml", spec)
        try ws.write("specs/two.yaml", spec)
        let short = try ws.run("build", "--format", "short", "specs")
        #expect(short.status == 1)
        #expect(short.stderr.hasPrefix("specs/two.yaml:3:5: error[E0506]: "), "\(short.stderr)")
        let github = try ws.run("build", "--format", "github", "specs")
        #expect((github.stdout + github.stderr).contains("::error file=specs/two.yaml,line=3,col=5,endColumn=11,"), "\(github.stdout)")
        let json = try ws.run("build", "--format", "json", "specs")
        #expect((json.stdout + json.stderr).contains("\"range\":{\"start\":{\"line\":3,\"column\":5}"), "\(json.stdout)")
        // Without `id:` the id comes from the file name: the finding is at 1:1.
        try ws.write("named/a/pie.yaml", "piec: 1\nslices:\n  - { label: A, value: 1 }\n")
        try ws.write("named/b/pie.yaml", "piec: 1\nslices:\n  - { label: A, value: 1 }\n")
        let named = try ws.run("build", "--format", "short", "named")
        #expect(named.stderr.hasPrefix("named/b/pie.yaml:1:1: error[E0506]: "), "\(named.stderr)")
    }

    /// 100,000 misspelled keys printed 42 MB: at most `DiagnosticRenderer.maxPerFile` per file,
    /// then a note with how many were left out, in every format.
    @Test func diagnosticsAreCappedPerFile() throws {
        let ws = try Workspace()
        var spec = "piec: 1\nslices:\n  - { label: A, value: 1 }\n"
        for i in 0..<250 { spec += "titel\(i): x\n" }
        try ws.write("many.yaml", spec)
        for format in ["human", "short", "json", "github"] {
            let run = try ws.run("check", "--format", format, "many.yaml")
            let out = run.stdout + run.stderr
            #expect(run.status == 1)
            #expect(out.components(separatedBy: "E0201").count - 1 == 100, "\(format)")
            #expect(out.contains("150 more diagnostics in this file not shown (250 errors in all)"), "\(format): \(out.suffix(400))")
        }
        let short = try ws.run("check", "--format", "short", "many.yaml")
        #expect((short.stdout + short.stderr).contains("many.yaml:104:1: note[E0515]: 150 more diagnostics"), "\(short.stdout.suffix(300))")
    }

    @Test func symlinkedOutputIsRefused() throws {
        let ws = try Workspace()
        try ws.write("pie.yaml", Specs.pie)
        try FileManager.default.createDirectory(atPath: ws.url("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: ws.url("out"), withDestinationPath: ws.url("elsewhere"))
        let run = try ws.run("build", "--format", "short", "pie.yaml")
        #expect(run.status == 74)
        #expect(run.stderr.hasPrefix("out: error[E0507]: refusing to write through the symlink `out`\n"))
        #expect(ws.snapshot("elsewhere").isEmpty)
    }

    @Test func fullDiskKeepsThePreviousBundleAndLeavesNoTempFiles() throws {
        let ws = try Workspace()
        try ws.write("pie.yaml", Specs.pie)
        #expect(try ws.run("build", "pie.yaml").status == 0)
        let before = ws.snapshot("out")
        try ws.write("pie.yaml", Specs.pie.replacingOccurrences(of: "value: 2", with: "value: 9"))
        // File size limit 0: every write fails with EFBIG, like a full disk (SIGXFSZ ignored).
        let run = try ws.run("build", "pie.yaml", shell: "trap '' XFSZ; ulimit -f 0;")
        #expect(run.status == 74)
        #expect(run.stderr.contains("error[E0509]: cannot write `out/.piec-tmp-pie-"))
        #expect(run.stderr.hasSuffix("error: cannot write the output; previous bundles are left intact\n"))
        #expect(ws.snapshot("out") == before)
    }

    @Test func failedFirstBuildLeavesNoOutputDirectory() throws {
        let ws = try Workspace()
        try ws.write("pie.yaml", Specs.pie)
        let run = try ws.run("build", "pie.yaml", "-o", "site/charts", shell: "trap '' XFSZ; ulimit -f 0;")
        #expect(run.status == 74)
        #expect(!ws.exists("site"))
    }

    @Test func jsonFormatPrintsNothingWhenClean() throws {
        let ws = try Workspace()
        try ws.write("pie.yaml", Specs.pie)
        let run = try ws.run("build", "--format", "json", "pie.yaml")
        #expect(run.status == 0)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.isEmpty)
    }

    /// `--dark-selector`: the dark rules follow a docs host's theme switch; `--check` and its
    /// fix command keep the option; a selector that could leave the rule is a usage error.
    @Test func darkSelectorKeysTheDarkLookToThePage() throws {
        let w = try Workspace()
        try w.write("d.yaml", "piec: 1\ntheme: {dark: auto}\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 2}\n")
        let built = try w.run("build", "d.yaml", "-o", "out", "--dark-selector", "[data-md-color-scheme=slate]")
        #expect(built.status == 0, "\(built.stderr)")
        let svg = try String(contentsOfFile: w.url("out/d/chart.svg"), encoding: .utf8)
        #expect(svg.contains("[data-md-color-scheme=slate] &{") && !svg.contains("prefers-color-scheme:dark"))
        #expect(try w.run("build", "d.yaml", "-o", "out", "--dark-selector", "[data-md-color-scheme=slate]", "--check").status == 0)
        let stale = try w.run("build", "d.yaml", "-o", "out", "--check")
        #expect(stale.status == 2, "\(stale.stderr)")
        let other = try w.run("build", "d.yaml", "-o", "out", "--dark-selector", ".coal", "--check")
        #expect(other.status == 2 && other.stderr.contains("--dark-selector .coal"), "\(other.stderr)")
        // A list of selectors (mdBook's dark themes) is one condition: `&` follows each of them.
        #expect(try w.run("build", "d.yaml", "-o", "list", "--dark-selector", ".coal,.navy,.ayu").status == 0)
        let listed = try String(contentsOfFile: w.url("list/d/chart.svg"), encoding: .utf8)
        #expect(listed.contains(":is(.coal,.navy,.ayu) &{"), "\(listed.prefix(2000))")
        let bad = try w.run("build", "d.yaml", "-o", "out", "--dark-selector", "}body{color:red")
        #expect(bad.status == 64 && bad.stderr.contains("--dark-selector"), "\(bad.stderr)")
    }

    /// `--id` names the one chart built when its spec has none (two blocks on a page keep
    /// their own class names); the spec's own `id:` wins; more than one spec, or an id that
    /// cannot name a bundle, is a usage error.
    @Test func idNamesTheOneChartBuilt() throws {
        let w = try Workspace()
        let spec = "piec: 1\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 2}\n"
        try w.write("a.yaml", spec)
        try w.write("b.yaml", "id: own\n" + spec)
        let built = try PiecRunner.run(["build", "-", "-o", "out", "--svg-only", "--id", "page-2"], in: w.path, stdin: Array(spec.utf8))
        #expect(built.status == 0, "\(built.stderr)")
        let svg = try String(contentsOfFile: w.url("out/page-2/chart.svg"), encoding: .utf8)
        #expect(svg.contains("class=\"piec-page-2\"") && !svg.contains("piec-chart"))
        #expect(try w.run("build", "b.yaml", "-o", "out", "--id", "other").status == 0)
        #expect(FileManager.default.fileExists(atPath: w.url("out/own/chart.svg")))
        let two = try w.run("build", "a.yaml", "b.yaml", "-o", "out", "--id", "x")
        #expect(two.status == 64 && two.stderr.contains("--id names the chart of one spec, and 2 specs were given"), "\(two.stderr)")
        let bad = try w.run("build", "a.yaml", "--id", "Page 2")
        #expect(bad.status == 64 && bad.stderr.contains("help: e.g. --id page-2"), "\(bad.stderr)")
    }

    /// `--no-files`: a spec from standard input reads nothing of the service's folder (no
    /// `.piec.yaml`, no data file: an error at `data.file`), takes no previous version from the
    /// output folder or git, and `--from` must name a file; `piec render` takes it too.
    @Test func noFilesBuildsTheSpecAlone() throws {
        let w = try Workspace()
        try w.write(".piec.yaml", "theme: {palette: okabe-ito}\n")
        try w.write("d.csv", "label,value\nA,1\n")
        let spec = "piec: 1\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 2}\n"
        let withDefaults = try PiecRunner.run(["build", "-", "-o", "with", "--svg-only"], in: w.path, stdin: Array(spec.utf8))
        let alone = try PiecRunner.run(["build", "-", "-o", "alone", "--svg-only", "--no-files"], in: w.path, stdin: Array(spec.utf8))
        #expect(withDefaults.status == 0 && alone.status == 0, "\(alone.stderr)")
        let a = try String(contentsOfFile: w.url("with/chart/chart.svg"), encoding: .utf8)
        let b = try String(contentsOfFile: w.url("alone/chart/chart.svg"), encoding: .utf8)
        #expect(a != b, "--no-files still read .piec.yaml")
        let data = try PiecRunner.run(["build", "-", "-o", "out", "--no-files"], in: w.path, stdin: Array("piec: 1\ndata:\n  file: d.csv\n".utf8))
        #expect(data.status == 1 && data.stderr.contains("<stdin>:3:9: error[E0311]: `data.file` is not read with --no-files"), "\(data.stderr)")
        let git = try PiecRunner.run(["build", "-", "-o", "out", "--no-files", "--from", "HEAD"], in: w.path, stdin: Array(spec.utf8))
        #expect(git.status == 64 && git.stderr.contains("with --no-files piec reads no git revision"), "\(git.stderr)")
        let check = try w.run("build", "--no-files", "--check")
        #expect(check.status == 64, "\(check.stderr)")
        let render = try PiecRunner.run(["render", "-", "-o", "-", "--format", "svg", "--no-files"], in: w.path,
                                        stdin: Array("piec: 1\ndata:\n  file: d.csv\n".utf8))
        #expect(render.status == 1 && render.stderr.contains("is not read with --no-files"), "\(render.stderr)")
    }
}
