import Foundation
import Testing

/// `piec build --from REF`: a spec file, a bundle folder, an output folder, a git revision.
@Suite struct CLIFromTests {
    static let v1 = """
        piec: 1
        id: share
        slices:
          - { id: a, label: A, value: 50 }
          - { id: b, label: B, value: 30 }
          - { id: c, label: C, value: 20 }

        """

    static let v2 = """
        piec: 1
        id: share
        slices:
          - { id: a, label: A, value: 40 }
          - { id: c, label: C, value: 20 }
          - { id: d, label: D, value: 40 }

        """

    static func manifest(_ ws: Workspace, _ relative: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: ws.url(relative)))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func kind(_ manifest: [String: Any]) -> String? {
        (manifest["animation"] as? [String: Any])?["kind"] as? String
    }

    /// A transition from v1 to v2: kind, change report, segments in the merged order.
    static func expectTransition(_ m: [String: Any], _ context: String) {
        #expect(kind(m) == "transition", "\(context)")
        let changes = m["changes"] as? [String: Any]
        #expect(changes?["changed"] as? Bool == true, "\(context): changes = \(String(describing: m["changes"]))")
        let kinds = (changes?["slices"] as? [[String: Any]] ?? []).map { "\($0["kind"] as? String ?? "") \($0["id"] as? String ?? "")" }
        #expect(kinds == ["update a", "remove b", "insert d"], "\(context)")  // c keeps 20 %
        let segments = (m["transitions"] as? [[String: Any]] ?? []).map { "\($0["kind"] as? String ?? "") \($0["id"] as? String ?? "")" }
        #expect(segments == ["update a", "exit b", "update c", "enter d"], "\(context)")
    }

    @Test func fromASpecFile() throws {
        let ws = try Workspace()
        try ws.write("old/share.yaml", Self.v1)
        try ws.write("share.yaml", Self.v2)
        let run = try ws.run("build", "share.yaml", "-o", "out", "--from", "old/share.yaml")
        #expect(run.status == 0, "\(run.stderr)")
        Self.expectTransition(try Self.manifest(ws, "out/share/manifest.json"), "spec file")
        // A folder of previous specs with the same file name.
        #expect(try ws.run("build", "share.yaml", "-o", "out2", "--from", "old").status == 0)
        Self.expectTransition(try Self.manifest(ws, "out2/share/manifest.json"), "folder of specs")
        // Without --from the chart enters.
        #expect(try ws.run("build", "share.yaml", "-o", "plain").status == 0)
        let plain = try Self.manifest(ws, "plain/share/manifest.json")
        #expect(Self.kind(plain) == "enter-grow")
        #expect(plain["changes"] is NSNull)
    }

    @Test func fromABundleFolderAndAnOutputFolder() throws {
        let ws = try Workspace()
        try ws.write("v1/share.yaml", Self.v1)
        try ws.write("share.yaml", Self.v2)
        #expect(try ws.run("build", "v1/share.yaml", "-o", "prev").status == 0)
        for ref in ["prev/share", "prev", "prev/share/manifest.json"] {
            let run = try ws.run("build", "share.yaml", "-o", "out", "--from", ref)
            #expect(run.status == 0, "\(ref): \(run.stderr)")
            Self.expectTransition(try Self.manifest(ws, "out/share/manifest.json"), ref)
        }
    }

    @Test func anOutputFolderWithoutTheBundleEntersWithANote() throws {
        let ws = try Workspace()
        try ws.write("share.yaml", Self.v2)
        try ws.write("other.yaml", "piec: 1\nid: other\nslices:\n  - {label: A, value: 1}\n")
        #expect(try ws.run("build", "other.yaml", "-o", "others").status == 0)
        let run = try ws.run("build", "share.yaml", "-o", "out", "--from", "others")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note[E0514]"), "\(run.stderr)")
        #expect(Self.kind(try Self.manifest(ws, "out/share/manifest.json")) == "enter-grow")
    }

    // MARK: git

    /// Runs git in `directory` with a fixed identity and no user or system configuration.
    @discardableResult
    static func git(_ arguments: [String], in directory: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = gitEnvironment(directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    static func gitEnvironment(_ directory: String) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        let fixed = [
            "GIT_AUTHOR_NAME": "piec test", "GIT_AUTHOR_EMAIL": "test@example.invalid",
            "GIT_COMMITTER_NAME": "piec test", "GIT_COMMITTER_EMAIL": "test@example.invalid",
            "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z", "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z",
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_TERMINAL_PROMPT": "0",
            // Never find a repository above the workspace.
            "GIT_CEILING_DIRECTORIES": (directory as NSString).deletingLastPathComponent,
        ]
        env.merge(fixed) { $1 }
        return env
    }

    /// A repository with share.yaml at v1 (first commit) and v2 (second commit).
    static func repository() throws -> Workspace {
        let ws = try Workspace()
        try #require(try git(["init", "-q"], in: ws.path) == 0)
        try ws.write("share.yaml", v1)
        try git(["add", "share.yaml"], in: ws.path)
        try #require(try git(["commit", "-q", "-m", "v1"], in: ws.path) == 0)
        try ws.write("share.yaml", v2)
        try git(["add", "share.yaml"], in: ws.path)
        try #require(try git(["commit", "-q", "-m", "v2"], in: ws.path) == 0)
        return ws
    }

    static func piec(_ ws: Workspace, _ arguments: String..., in sub: String = "") throws -> PiecRunner.Run {
        let directory = sub.isEmpty ? ws.path : ws.url(sub)
        return try PiecRunner.run(arguments, in: directory, environment: gitEnvironment(ws.path))
    }

    @Test func fromAGitRevision() throws {
        let ws = try Self.repository()
        let run = try Self.piec(ws, "build", "share.yaml", "-o", "out", "--from", "HEAD~1")
        #expect(run.status == 0, "\(run.stderr)")
        let m = try Self.manifest(ws, "out/share/manifest.json")
        Self.expectTransition(m, "HEAD~1")
        #expect(!(m["changes"] is NSNull))
        // The same revision through `piec diff`.
        let diff = try Self.piec(ws, "diff", "share.yaml", "--from", "HEAD~1")
        #expect(diff.status == 0)
        #expect(diff.stdout == "~ a  50.0% -> 40.0%  (value)\n- b  30.0%\n+ d  D  40.0%\n", "\(diff.stdout)")
        // HEAD holds v2 itself: the version before its last change (v1) is the previous one.
        let same = try Self.piec(ws, "diff", "share.yaml", "--from", "HEAD", "--exit-code")
        #expect(same.status == 3 && same.stdout == diff.stdout, "\(same.stdout)\(same.stderr)")
    }

    @Test func aSpecInASubfolderIsReadAtItsOwnPath() throws {
        let ws = try Workspace()
        try #require(try Self.git(["init", "-q"], in: ws.path) == 0)
        try ws.write("charts/share.yaml", Self.v1)
        try Self.git(["add", "."], in: ws.path)
        try Self.git(["commit", "-q", "-m", "v1"], in: ws.path)
        try ws.write("charts/share.yaml", Self.v2)
        // Uncommitted v2 against HEAD, run from the repository root.
        let run = try Self.piec(ws, "build", "charts/share.yaml", "-o", "out", "--from", "HEAD")
        #expect(run.status == 0, "\(run.stderr)")
        Self.expectTransition(try Self.manifest(ws, "out/share/manifest.json"), "subfolder")
    }

    /// A revision git does not know is a usage error, printed once, with a "did you mean".
    @Test func anUnknownRevisionIsAUsageError() throws {
        let ws = try Self.repository()
        try ws.write("more.yaml", Self.v1.replacingOccurrences(of: "id: share", with: "id: more"))
        let before = ws.snapshot()
        let run = try Self.piec(ws, "build", "share.yaml", "more.yaml", "-o", "out", "--from", "HAED")
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("piec: error: --from 'HAED' is not a file, a folder or a git revision"), "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "piec: error:").count == 2, "once, not once per spec: \(run.stderr)")
        #expect(run.stderr.contains("help: did you mean 'HEAD'?"), "\(run.stderr)")
        #expect(!ws.exists("out"), "nothing is written")
        #expect(ws.snapshot() == before)
        let typo = try Self.piec(ws, "build", "share.yaml", "-o", "out", "--from", "HAED~1")
        #expect(typo.status == 64 && typo.stderr.contains("did you mean 'HEAD~1'"), "\(typo.stderr)")
        let diff = try Self.piec(ws, "diff", "share.yaml", "--from", "nope")
        #expect(diff.status == 64 && diff.stderr.hasPrefix("piec: error: --from 'nope'"), "\(diff.stderr)")
    }

    @Test func aRevisionOutsideARepositoryIsAUsageError() throws {
        let ws = try Workspace()
        try ws.write("share.yaml", Self.v2)
        let run = try Self.piec(ws, "build", "share.yaml", "-o", "out", "--from", "HEAD~1")
        #expect(run.status == 64)
        #expect(run.stderr.contains("is not inside a git repository"), "\(run.stderr)")
        #expect(!ws.exists("out"))
    }

    @Test func aSpecAddedInHeadEntersWithANote() throws {
        let ws = try Self.repository()
        try ws.write("new.yaml", Self.v2.replacingOccurrences(of: "id: share", with: "id: fresh"))
        try Self.git(["add", "new.yaml"], in: ws.path)
        try #require(try Self.git(["commit", "-q", "-m", "add new"], in: ws.path) == 0)
        let run = try Self.piec(ws, "build", "new.yaml", "-o", "out", "--from", "HEAD~1")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("note[E0514]"), "\(run.stderr)")
        let m = try Self.manifest(ws, "out/fresh/manifest.json")
        #expect(Self.kind(m) == "enter-grow")
        #expect(m["changes"] is NSNull)
        // diff: everything is inserted.
        let diff = try Self.piec(ws, "diff", "new.yaml", "--from", "HEAD~1")
        #expect(diff.status == 0)
        #expect(diff.stdout == "+ a  A  40.0%\n+ c  C  20.0%\n+ d  D  40.0%\n", "\(diff.stdout)")
    }
}

/// Output folders with a one-character component still to create (`-o o`, `-o x/out`): piec crashed
/// with SIGILL in Foundation's `NSString.deletingLastPathComponent` while creating them.
@Suite struct CLIOneLetterOutputTests {
    @Test(arguments: ["o", "x/out", "site/x"])
    func buildsIntoAOneLetterFolder(_ output: String) throws {
        let ws = try Workspace()
        try ws.write("old.yaml", CLIFromTests.v1)
        try ws.write("share.yaml", CLIFromTests.v2)
        let run = try ws.run("build", "share.yaml", "-o", output, "--from", "old.yaml")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(ws.exists("\(output)/share/manifest.json"))
    }
}
