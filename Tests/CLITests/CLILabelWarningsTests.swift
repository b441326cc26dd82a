import Foundation
import Testing

/// Labels left out are warnings (E0603, E0604) at the slices' lines, from `piec build` and
/// `piec check` alike, and an unchanged rebuild (the fast path, which never loads the spec)
/// shows them again, as it shows the layout's E0602.
@Suite("Label warnings on the command line")
struct CLILabelWarningsTests {
    static let spec = "piec: 1\nlabels: {minPercent: 0, position: inside}\nslices:\n  - {label: Alpha, value: 60}\n"
        + "  - {label: A long label on a thin slice, value: 1}\n  - {label: Beta, value: 39}\n"

    @Test func everyBuildOfASpecThatLeavesALabelOutSaysSo() throws {
        let ws = try Workspace()
        try ws.write("a.yaml", Self.spec)
        try ws.write("m.yaml", "piec: 1\nchart: {minAngle: 90}\nslices:\n" + (1...5).map { "  - {label: S\($0), value: 1}\n" }.joined())
        for round in 1...3 {
            let run = try ws.run("build", "a.yaml", "m.yaml", "-o", "out", "--format", "short")
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("a.yaml:5:13: warning[E0603]: the label of `A long label on a thin slice` does not fit"),
                    "build \(round): \(run.stderr)")
            #expect(run.stderr.contains("m.yaml:2:19: warning[E0602]"), "build \(round): \(run.stderr)")
            if round > 1 { #expect(run.stderr.contains("0 written, 2 unchanged"), "build \(round): \(run.stderr)") }
        }
        let check = try ws.run("check", "a.yaml", "--format", "short")
        #expect(check.status == 0 && check.stderr.contains("a.yaml:5:13: warning[E0603]"), "\(check.stderr)")
    }

    /// `--quiet` (for docs tools that merge stderr into the image): nothing on stderr when the
    /// build or the render succeeds, warnings included; with `--format json` the warnings still
    /// reach stdout; errors are printed as ever.
    @Test func quietSaysNothingOnSuccessAndEverythingOnErrors() throws {
        let ws = try Workspace()
        try ws.write("a.yaml", Self.spec)
        try ws.write("m.yaml", "piec: 1\nchart: {minAngle: 90}\nslices:\n" + (1...5).map { "  - {label: S\($0), value: 1}\n" }.joined())
        let quiet = try ws.run("build", "a.yaml", "-o", "out", "--quiet")
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(ws.exists("out/a/chart.svg"))
        let json = try ws.run("build", "a.yaml", "-o", "out2", "--quiet", "--format", "json")
        #expect(json.status == 0 && json.stderr.isEmpty && json.stdout.contains("\"code\":\"E0603\""), "\(json.stdout)\n\(json.stderr)")
        let render = try ws.run("render", "m.yaml", "-o", "m.svg", "--quiet")
        #expect(render.status == 0 && render.stderr.isEmpty && ws.exists("m.svg"), "\(render.stderr)")
        #expect(try ws.run("render", "m.yaml", "-o", "m2.svg").stderr.contains("warning[E0602]"))
        try ws.write("bad.yaml", "piec: 1\nslices: [{label: A, value: -1}]\n")
        let bad = try ws.run("build", "bad.yaml", "-o", "out", "--quiet")
        #expect(bad.status == 1 && bad.stderr.contains("error[E0205]"), "\(bad.stderr)")
        let badRender = try ws.run("render", "bad.yaml", "-o", "bad.svg", "--quiet")
        #expect(badRender.status == 1 && badRender.stderr.contains("error[E0205]"), "\(badRender.stderr)")
    }
}
