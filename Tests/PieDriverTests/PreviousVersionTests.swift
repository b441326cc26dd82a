import Foundation
import PieCore
import PieSpec
import Testing
@testable import PieDriver

/// The pieces that find a previous version: what a manifest records, a spec's git history,
/// what `--from` names, and the command E0510 suggests.
@Suite struct PreviousVersionTests {
    static func spec(_ values: [Int], id: String = "share") -> String {
        "piec: 1\nid: \(id)\nslices:\n" + values.enumerated().map { "  - { id: s\($0), label: S\($0), value: \($1) }\n" }.joined()
    }

    static func load(_ text: String) throws -> ChartSpec {
        try #require(SpecLoader.load(SourceFile(path: "s.yaml", bytes: Array(text.utf8)), defaultID: "x").spec)
    }

    static func manifest(_ new: String, previous: String?) throws -> SourceFile {
        let bundle = Compiler.compile(spec: try load(new), sourceBytes: Array(new.utf8), previous: try previous.map(load))
        return SourceFile(path: "out/share/manifest.json", bytes: bundle.files.first { $0.name == "manifest.json" }!.bytes)
    }

    @Test func aManifestRecordsItsSpecAndPrevious() throws {
        let file = try Self.manifest(Self.spec([2, 1]), previous: Self.spec([1, 1, 1]))
        let record = try #require(ManifestRecord(file))
        #expect(record.isBuilt(from: Manifest.memberText(try Self.load(Self.spec([2, 1])))))
        #expect(!record.isBuilt(from: Manifest.memberText(try Self.load(Self.spec([1, 1, 1])))))
        guard case .some(.some(let previous)) = record.recordedPrevious else { Issue.record("no previous recorded"); return }
        let loaded = try #require(previous.load(defaultID: "x").spec)
        #expect(loaded.slices.map(\.value) == [1, 1, 1])
        // The excerpt keeps the manifest's lines: its first line holding text is `previous`'s.
        let text = String(decoding: file.bytes, as: UTF8.self)
        let line = text.prefix { _ in true }.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.hasPrefix("  \"previous\": ") }.map { $0 + 1 }
        let excerpt = String(decoding: previous.file.bytes, as: UTF8.self)
        #expect(excerpt.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { !$0.isEmpty }.map { $0 + 1 } == line)
    }

    @Test func anEnteringChartRecordsNullAndAnOlderManifestNothing() throws {
        let file = try Self.manifest(Self.spec([2, 1]), previous: nil)
        let record = try #require(ManifestRecord(file))
        guard case .some(.none) = record.recordedPrevious else { Issue.record("null is recorded as entering"); return }
        // A manifest of a piec that did not record `previous` records nothing.
        let old = String(decoding: file.bytes, as: UTF8.self).replacingOccurrences(of: "  \"previous\": null,\n", with: "")
        let older = try #require(ManifestRecord(SourceFile(path: "m", bytes: Array(old.utf8))))
        #expect(older.recordedPrevious == nil)
        #expect(older.isBuilt(from: Manifest.memberText(try Self.load(Self.spec([2, 1])))))
        // Anything else is not a manifest this reader trusts.
        for bytes in ["", "{}", "[1]", "{\n  \"spec\": {},\n  \"x\": 1\n}\n", "{\"manifestVersion\": 2, \"spec\": {}}"] {
            #expect(ManifestRecord(SourceFile(path: "m", bytes: Array(bytes.utf8))) == nil, "\(bytes)")
        }
    }

    @Test func theFixCommandRepeatsTheBuildsArguments() {
        #expect(BuildRequest(inputs: [], mode: .checkStale).fixCommand() == "piec build")
        #expect(BuildRequest(inputs: ["specs", "more charts"], outputDir: "docs/charts", mode: .checkStale, from: "HEAD~1", svgOnly: true)
            .fixCommand() == "piec build specs 'more charts' -o docs/charts --svg-only --from HEAD~1")
        #expect(shellQuoted("it's") == "'it'\\''s'")
        #expect(shellQuoted("") == "''")
    }

    /// The ids `git hash-object` gives, so an unchanged file is told from `git ls-tree` alone.
    @Test func blobIDsAreGitsObjectIDs() {
        let sha1 = "ce013625030ba8dba906f756967f9e9ca394464a"
        #expect(GitBlob.id(of: Array("hello\n".utf8), like: sha1) == sha1)
        #expect(GitBlob.id(of: [], like: sha1) == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391")
        let long = [UInt8](repeating: 0x61, count: 1000)
        #expect(GitBlob.id(of: long, like: sha1) == "a50be72b20f0e3f078d252e8e56b11b4bec67509")  // several blocks
        #expect(GitBlob.id(of: [], like: String(repeating: "0", count: 64))
            == "473a0f4c3be8a93681a267e3b1e9a7dcda1185436fe141f7749120a303721813")
        #expect(GitBlob.id(of: [], like: "abc") == nil)
    }

    // MARK: git

    static func git(_ arguments: [String], in dir: String) throws {
        let identity = ["-c", "user.name=piec test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false"]
        let run = Git.run(identity + arguments, in: dir)
        try #require(run.status == 0, "git \(arguments): \(String(decoding: run.error, as: UTF8.self))")
    }

    static func commit(_ tmp: TempDir, _ message: String) throws {
        try git(["add", "-A"], in: tmp.path)
        try git(["commit", "-q", "--allow-empty", "-m", message], in: tmp.path)
    }

    /// A spec reading a data file and a `.piec.yaml`, changed by four commits and an unrelated one.
    static func history() throws -> TempDir {
        let tmp = try TempDir()
        try git(["init", "-q"], in: tmp.path)
        try tmp.write("specs/share.yaml", "piec: 1\nid: share\ndata: {file: ../data/share.csv}\n")
        try tmp.write("data/share.csv", "label,value\nA,1\nB,2\n")
        try commit(tmp, "one")
        try tmp.write("data/share.csv", "label,value\nA,3\nB,2\n")
        try commit(tmp, "data")
        try tmp.write("README.md", "unrelated\n")
        try commit(tmp, "unrelated")
        try tmp.write(".piec.yaml", "chart: {innerRadius: 0.5}\n")
        try commit(tmp, "defaults")
        try FileManager.default.removeItem(atPath: tmp.url("specs/share.yaml"))
        try commit(tmp, "deleted")
        try tmp.write("specs/share.yaml", "piec: 1\nid: share\ndata: {file: ../data/share.csv}\n")
        try commit(tmp, "back")
        return tmp
    }

    /// The build's one git session: files, trees and missing objects answered as `cat-file` and
    /// `ls-tree` give them, one question after another.
    @Test func oneGitSessionAnswersAsLsTreeAndCatFileDo() throws {
        let tmp = try Self.history()
        let real = try #require(SpecInputsReader.realPath(tmp.path))
        let tree = try #require(GitWorkTree.containing(realDir: real))
        let session = try #require(GitObjects(tree: tree))
        #expect(session.blob("HEAD:specs/share.yaml") == .some(Array("piec: 1\nid: share\ndata: {file: ../data/share.csv}\n".utf8)))
        #expect(session.blob("HEAD:README.md") == .some(Array("unrelated\n".utf8)))
        #expect(session.blob("HEAD:nope") == .some(nil))
        #expect(session.blob("HEAD:data") == .some(nil), "a tree is no file")
        let root = try #require(session.tree("HEAD:")).map { "\($0.type) \($0.name)" }
        #expect(root == ["blob .piec.yaml", "blob README.md", "tree data", "tree specs"])
        let listing = tree.run(["ls-tree", "-z", "HEAD", "--", "data/"]).output
        let id = try #require(session.tree("HEAD:data")?.first?.id)
        #expect(String(decoding: listing, as: UTF8.self).contains(" \(id)\tdata/share.csv"))
        #expect(session.tree("HEAD:nope")?.isEmpty == true)
        #expect(session.contents("HEAD:a\nb") == nil, "a name with a line break cannot be asked")
        #expect(session.blob("HEAD~5:specs/share.yaml") != nil)
    }

    @Test func aSpecsHistoryListsTheCommitsOfItsFilesWithTheirVersions() throws {
        let tmp = try Self.history()
        let path = tmp.url("specs/share.yaml")
        let source = SourceFile(path: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let history = try #require(SpecHistory(specPath: path, source: source))
        let versions = history.versions(limit: 10)
        #expect(versions.map(\.commit.subject) == ["one", "data", "defaults", "deleted", "back"])
        #expect(versions[3].source == nil, "the spec did not exist at the commit that deleted it")
        let values = versions.map { $0.source?.load(defaultID: "share").spec?.slices.map(\.value) ?? [] }
        #expect(values == [[1, 2], [3, 2], [3, 2], [], [3, 2]])
        let inner = versions.compactMap { $0.source?.load(defaultID: "share").spec?.chart.innerRadius }
        #expect(inner == [0, 0, 0.5, 0.5])
        #expect(history.commits(limit: 2).map(\.subject) == ["back", "deleted"])
        #expect(versions[0].source?.file.path.hasSuffix(":" + path) == true)
        #expect(history.source(at: "HEAD", display: "HEAD")?.file.path == "HEAD:" + path)
    }

    @Test func aWorkTreeReadsManyFilesInOneProcess() throws {
        let tmp = try Self.history()
        let real = try #require(SpecInputsReader.realPath(tmp.url("specs")))
        let tree = try #require(GitWorkTree.containing(realDir: real))
        #expect(tree.relative(tree.root + "/specs/a.yaml") == "specs/a.yaml" && tree.relative("/elsewhere") == nil)
        let read = tree.read(["HEAD:README.md", "HEAD:missing", "HEAD:specs", "HEAD~1:specs/share.yaml", "HEAD:data/share.csv", "HEAD:a\nb"])
        #expect(read.map { $0.map { String(decoding: $0, as: UTF8.self) } } == [
            "unrelated\n", nil, nil, nil, "label,value\nA,3\nB,2\n", nil,
        ])
        #expect(tree.commit("HEAD~5") != nil && tree.commit("HEAD~6") == nil && tree.commit("--all") == nil)
    }

    @Test func fromNamesOneThingOrIsAUsageError() throws {
        let tmp = try Self.history()
        let specs = [tmp.url("specs/share.yaml"), tmp.url("specs/other.yaml")]
        #expect(try FromReference.parse("none", specPaths: specs).get() == .none)
        #expect(try FromReference.parse("HEAD~1", specPaths: specs).get() == .revision("HEAD~1"))
        guard case .failure(let typo) = FromReference.parse("HAED", specPaths: specs) else { Issue.record("HAED"); return }
        #expect(typo.help.first == "did you mean 'HEAD'?")
        try tmp.write("old/share.yaml", Self.spec([1]))
        #expect(try FromReference.parse(tmp.url("old"), specPaths: specs).get() == .folder(tmp.url("old")))
        #expect(try FromReference.parse(tmp.url("old/share.yaml"), specPaths: specs).get()
            == .single(path: tmp.url("old/share.yaml"), kind: .specFile, id: "share", bySpecID: true))
        try tmp.write("empty/.keep", "")
        // An empty folder names no previous version: refused, not every chart entering.
        guard case .failure(let empty) = FromReference.parse(tmp.url("empty"), specPaths: specs) else {
            Issue.record("an empty --from folder was accepted")
            return
        }
        #expect(empty.message.contains("is an empty folder"))
        try tmp.write("notes/todo.txt", "x")
        guard case .failure(let neither) = FromReference.parse(tmp.url("notes"), specPaths: specs) else { Issue.record("notes"); return }
        #expect(neither.message.contains("holds neither bundles nor specs"))
        let outside = try TempDir()
        guard case .failure(let noGit) = FromReference.parse("HEAD", specPaths: [outside.url("a.yaml")]) else { Issue.record("no git"); return }
        #expect(noGit.message.contains("is not inside a git repository"))
    }
}
