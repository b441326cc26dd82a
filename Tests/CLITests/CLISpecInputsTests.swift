import Foundation
import Testing

/// The files a spec reads, end to end: `data:` and `.piec.yaml` with `--from` a git revision
/// (both read at that revision), `--from` a bundle (no data file needed), and confinement.
@Suite struct CLISpecInputsTests {
    static let spec = """
        piec: 1
        id: share
        data: {file: ../data/share.csv, label: name, value: amount, id: key}

        """

    static func csv(_ rows: [(String, Int)]) -> String {
        "key,name,amount\n" + rows.map { "\($0.0),\($0.0.uppercased()),\($0.1)\n" }.joined()
    }

    static func repository() throws -> Workspace {
        let ws = try Workspace()
        try #require(try CLIFromTests.git(["init", "-q"], in: ws.path) == 0)
        try ws.write("charts/share.yaml", spec)
        try ws.write("data/share.csv", csv([("a", 50), ("b", 30), ("c", 20)]))
        try ws.write(".piec.yaml", "chart: {innerRadius: 0.5}\n")
        try CLIFromTests.git(["add", "."], in: ws.path)
        try #require(try CLIFromTests.git(["commit", "-q", "-m", "v1"], in: ws.path) == 0)
        try ws.write("data/share.csv", csv([("a", 40), ("c", 20), ("d", 40)]))
        try ws.write(".piec.yaml", "chart: {innerRadius: 0.6}\n")
        try CLIFromTests.git(["add", "."], in: ws.path)
        try #require(try CLIFromTests.git(["commit", "-q", "-m", "v2"], in: ws.path) == 0)
        return ws
    }

    static func innerRadius(_ m: [String: Any]) -> Double? {
        ((m["spec"] as? [String: Any])?["chart"] as? [String: Any])?["innerRadius"] as? Double
    }

    @Test func fromHEADReadsTheDataFileAndTheDefaultsAtThatRevision() throws {
        let ws = try Self.repository()
        let run = try CLIFromTests.piec(ws, "build", "charts/share.yaml", "-o", "out", "--from", "HEAD~1")
        #expect(run.status == 0, "\(run.stderr)")
        let m = try CLIFromTests.manifest(ws, "out/share/manifest.json")
        CLIFromTests.expectTransition(m, "HEAD~1 with data and defaults")
        #expect(Self.innerRadius(m) == 0.6)
        let diff = try CLIFromTests.piec(ws, "diff", "charts/share.yaml", "--from", "HEAD~1")
        // The shared defaults changed between the revisions too.
        #expect(diff.stdout == "~ a  50.0% -> 40.0%  (value)\n- b  30.0%\n+ d  D  40.0%\nchart innerRadius 0.5 -> 0.6\n", "\(diff.stdout)\(diff.stderr)")
        // The manifest's canonical spec holds the resolved slices and merged defaults: a
        // bundle is a previous version without the data file or .piec.yaml.
        try #require(try CLIFromTests.git(["checkout", "-q", "HEAD~1"], in: ws.path) == 0)
        #expect(try CLIFromTests.piec(ws, "build", "charts/share.yaml", "-o", "old").status == 0)
        #expect(Self.innerRadius(try CLIFromTests.manifest(ws, "old/share/manifest.json")) == 0.5)
        try #require(try CLIFromTests.git(["checkout", "-q", "-"], in: ws.path) == 0)
        try FileManager.default.removeItem(atPath: ws.url(".piec.yaml"))
        try ws.write("data/share.csv", Self.csv([("a", 40), ("c", 20), ("d", 40)]))
        let fromBundle = try CLIFromTests.piec(ws, "build", "charts/share.yaml", "-o", "out2", "--from", "old/share")
        #expect(fromBundle.status == 0, "\(fromBundle.stderr)")
        CLIFromTests.expectTransition(try CLIFromTests.manifest(ws, "out2/share/manifest.json"), "from a bundle")
    }

    /// Same inputs, same bytes, whatever the working directory (paths are not hashed).
    @Test func theBundleDoesNotDependOnTheWorkingDirectory() throws {
        let ws = try Self.repository()
        #expect(try CLIFromTests.piec(ws, "build", "charts/share.yaml", "-o", "out").status == 0)
        #expect(try CLIFromTests.piec(ws, "build", "share.yaml", "-o", "../out2", in: "charts").status == 0)
        for name in ["chart.svg", "manifest.json", "index.html"] {
            let a = try Data(contentsOf: URL(fileURLWithPath: ws.url("out/share/\(name)")))
            let b = try Data(contentsOf: URL(fileURLWithPath: ws.url("out2/share/\(name)")))
            #expect(a == b, "\(name) differs by working directory")
        }
        let check = try CLIFromTests.piec(ws, "build", "--check", "share.yaml", "-o", "../out", in: "charts")
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// A later phase's warning (layout's E0602) about a shared value is shown in the .piec.yaml.
    @Test func aWarningAboutASharedValueIsShownInTheDefaultsFile() throws {
        let ws = try Workspace()
        try ws.write("specs/.piec.yaml", "chart: {minAngle: 90}\n")
        try ws.write("specs/a.yaml", "piec: 1\nslices:\n" + (1...5).map { "  - {label: S\($0), value: 1}\n" }.joined())
        let run = try ws.run("check", "specs/a.yaml")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("specs/.piec.yaml:1:19: warning[E0602]"), "\(run.stderr)")
        #expect(!run.stderr.contains("specs/a.yaml:1:19"), "\(run.stderr)")
    }

    @Test func aDataFileOutsideTheRepositoryIsRefused() throws {
        let ws = try Workspace()
        try ws.write("repo/.git/HEAD", "ref: refs/heads/main\n")
        try ws.write("secret.csv", "label,value\nkey,1\n")
        try ws.write("repo/up.yaml", "piec: 1\ndata: {file: ../secret.csv}\n")
        try ws.write("repo/abs.yaml", "piec: 1\ndata: {file: \(ws.url("secret.csv"))}\n")
        try FileManager.default.createSymbolicLink(atPath: ws.url("repo/link.csv"), withDestinationPath: ws.url("secret.csv"))
        try ws.write("repo/link.yaml", "piec: 1\ndata: {file: link.csv}\n")
        for name in ["up", "abs", "link"] {
            let run = try ws.run("check", "repo/\(name).yaml")
            #expect(run.status == 1, "\(name): \(run.stderr)")
            #expect(run.stderr.contains("error[E0311]"), "\(name): \(run.stderr)")
            #expect(!run.stderr.contains("key,1"), "\(name) leaked the file")
        }
        // Inside the repository a symlink is fine.
        try ws.write("repo/data/in.csv", "label,value\nA,1\n")
        try FileManager.default.createSymbolicLink(atPath: ws.url("repo/in.csv"), withDestinationPath: ws.url("repo/data/in.csv"))
        try ws.write("repo/in.yaml", "piec: 1\ndata: {file: in.csv}\n")
        let ok = try ws.run("check", "repo/in.yaml")
        #expect(ok.status == 0, "\(ok.stderr)")
    }

    @Test func aSharedDefaultsErrorIsShownOnceInItsOwnFile() throws {
        let ws = try Workspace()
        try ws.write("specs/.piec.yaml", "theme: {palete: hue}\n")
        try ws.write("specs/a.yaml", "piec: 1\nslices: [{label: A, value: 1}]\n")
        let run = try ws.run("check", "specs")
        #expect(run.status == 1)
        #expect(run.stderr.contains("specs/.piec.yaml:1:9: error[E0201]: unknown key `palete` in `theme`"), "\(run.stderr)")
        #expect(run.stderr.contains("specs/a.yaml:1:1: error[E0315]"), "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "unknown key `palete`").count == 2, "reported once: \(run.stderr)")
        // Named on the command line, a .piec.yaml is checked as shared defaults.
        let direct = try ws.run("check", "specs/.piec.yaml")
        #expect(direct.status == 1 && direct.stderr.contains("specs/.piec.yaml:1:9: error[E0201]"), "\(direct.stderr)")
        try ws.write("specs/.piec.yaml", "theme: {palette: hue}\n")
        #expect(try ws.run("check", "specs/.piec.yaml").status == 0)
    }
}
