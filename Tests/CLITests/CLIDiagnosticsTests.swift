import Foundation
import Testing

/// Behaviour that does not need the compiler to produce bundles: inputs that fail before it.
@Suite struct CLIDiagnosticsTests {
    static let bigMessage = "spec file is 9437184 bytes, more than the limit of 8388608 bytes (8 MiB)"

    @Test func missingFileIsAnIOFailure() throws {
        let ws = try Workspace()
        let run = try ws.run("build", "nope.yaml")
        #expect(run.status == 74)
        #expect(run.stderr.hasPrefix("nope.yaml: error[E0500]: no such file or directory `nope.yaml`\n"))
        #expect(run.stderr.hasSuffix("error: some inputs cannot be read; nothing was written\n"))
        #expect(!ws.exists("out"))
    }

    @Test func noSpecsInTheCurrentDirectory() throws {
        let ws = try Workspace()
        try ws.write(".hidden/a.yaml", "piec: 1\n")
        try ws.write("notes.txt", "x")
        let run = try ws.run("check", "--format", "short")
        #expect(run.status == 74)
        #expect(run.stderr.hasPrefix(".: error[E0504]: no `*.yaml` or `*.yml` specs found in `.`\n"))
    }

    @Test func shortFormat() throws {
        let ws = try Workspace()
        try ws.sparse("big.yaml", bytes: 9 * 1024 * 1024)
        let run = try ws.run("build", "--format", "short", "big.yaml")
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "big.yaml: error[E0503]: \(Self.bigMessage)\nerror: 1 of 1 spec has errors; nothing was written\n")
    }

    @Test func jsonFormatIsJSONLinesOnStdout() throws {
        let ws = try Workspace()
        try ws.sparse("big.yaml", bytes: 9 * 1024 * 1024)
        let run = try ws.run("check", "--format", "json", "big.yaml", "missing.yml")
        #expect(run.status == 74)
        #expect(run.stderr.isEmpty)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["code"] as? String } == ["E0500", "E0503"])
        #expect(objects.map { $0["file"] as? String } == ["missing.yml", "big.yaml"])
        #expect(objects[1]["severity"] as? String == "error")
        #expect(objects[1]["message"] as? String == Self.bigMessage)
        #expect(objects[1]["range"] is NSNull)
    }

    @Test func githubFormatIsWorkflowCommandsOnStdout() throws {
        let ws = try Workspace()
        try ws.sparse("specs/big.yaml", bytes: 9 * 1024 * 1024)
        let run = try ws.run("check", "--format", "github", "specs")
        #expect(run.status == 1)
        #expect(run.stdout == "::error file=specs/big.yaml,title=piec E0503::\(Self.bigMessage)%0Ahelp: split the chart into several specs, or raise the limit with `--max-slices N` (about 84 bytes a slice)\n")
        #expect(run.stderr == "error: 1 of 1 spec has errors\n")
    }

    @Test func humanFormatHasNoColourWhenNotATerminal() throws {
        let ws = try Workspace()
        try ws.sparse("big.yaml", bytes: 9 * 1024 * 1024)
        let run = try ws.run("build", "big.yaml")
        #expect(run.status == 1)
        #expect(!run.stderr.contains("\u{1B}["))
        #expect(run.stderr.hasPrefix("big.yaml: error[E0503]: \(Self.bigMessage)\n = help: split the chart into several specs, or raise the limit with `--max-slices N` (about 84 bytes a slice)\n"))
        #expect(run.stderr.hasSuffix("\nerror: 1 of 1 spec has errors; nothing was written\n"))
    }

    @Test func badSpecLeavesTheOutputTreeUntouched() throws {
        let ws = try Workspace()
        try ws.write("specs/a.yaml", Specs.pie)
        try ws.sparse("specs/z.yaml", bytes: 9 * 1024 * 1024)
        try ws.write("out/pie/manifest.json", "{\"files\":[\"manifest.json\",\"chart.svg\"]}")
        try ws.write("out/pie/chart.svg", "<svg/>")
        try ws.write("out/notes.txt", "keep")
        let before = ws.snapshot("out")
        let run = try ws.run("build", "specs")
        #expect(run.status == 1)
        #expect(run.stderr.contains("specs/z.yaml: error[E0503]"))
        #expect(ws.snapshot("out") == before)
    }
}
