import Foundation
import Testing
@testable import PieDriver

/// The native git object reader's decoding on small hand-made inputs: deltas, loose objects,
/// a pack with an `OFS_DELTA` and a `REF_DELTA` entry, the config it accepts. Real
/// repositories (what git itself writes) are Tests/vcs/test_git_store.py's.
@Suite struct PreviousGitStoreTests {
    /// A zlib stream of `data` in one stored (uncompressed) block.
    static func zlib(_ data: [UInt8]) -> [UInt8] {
        precondition(data.count < 0x10000)
        let length = UInt16(data.count)
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        let adler = b << 16 | a
        return [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            + data + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
    }

    static let base = Array("hello world".utf8)
    /// "hello" + insert " there" + copy " world" → "hello there world".
    static let delta: [UInt8] = [11, 17, 0x90, 5, 6] + Array(" there".utf8) + [0x91, 5, 6]

    @Test func aDeltaCopiesAndInsertsExactly() {
        #expect(GitPack.apply(Self.delta, to: Self.base) == Array("hello there world".utf8))
        #expect(GitPack.apply(Self.delta, to: Array("hello worlds".utf8)) == nil, "the base size is not the one the delta names")
        #expect(GitPack.apply([11, 17, 0x91, 8, 6], to: Self.base) == nil, "a copy past the base")
        #expect(GitPack.apply([11, 5, 0x90, 5, 0], to: Self.base) == nil, "op 0 is reserved")
        #expect(GitPack.apply([11, 6, 0x90, 5], to: Self.base) == nil, "fewer bytes than the result size")
        #expect(GitPack.apply([11, 4, 0x90, 5], to: Self.base) == nil, "more bytes than the result size")
        #expect(GitPack.apply([11, 3, 0x80], to: Self.base) == nil, "a copy of size 0 is 0x10000 bytes")
        #expect(GitPack.apply([11, 3, 3, 0x61], to: Self.base) == nil, "an insert past the end of the delta")
    }

    @Test func aLooseObjectIsItsHeaderAndExactlyItsBytes() {
        let good = Self.zlib(Array("blob 5\u{0}hello".utf8))
        #expect(GitStore.inflateLoose(good).map { "\($0.type) \(String(decoding: $0.bytes, as: UTF8.self))" } == "blob hello")
        #expect(GitStore.inflateLoose(Self.zlib(Array("tree 0\u{0}".utf8)))?.bytes == [])
        #expect(GitStore.inflateLoose(Self.zlib(Array("blob 6\u{0}hello".utf8))) == nil, "shorter than its header says")
        #expect(GitStore.inflateLoose(Self.zlib(Array("blob 4\u{0}hello".utf8))) == nil, "longer than its header says")
        #expect(GitStore.inflateLoose(Self.zlib(Array("blub 5\u{0}hello".utf8))) == nil, "an unknown type")
        #expect(GitStore.inflateLoose(Array(good.dropLast(2))) == nil, "truncated")
        #expect(GitStore.inflateLoose(good + [0]) == nil, "garbage after the stream")
        var corrupt = good
        corrupt[corrupt.count - 1] ^= 1
        #expect(GitStore.inflateLoose(corrupt) == nil, "a wrong checksum")
    }

    static func id(_ type: String, _ bytes: [UInt8]) -> [UInt8] {
        GitBlob.sha1(Array("\(type) \(bytes.count)\u{0}".utf8) + bytes)
    }

    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    /// A pack of a blob, an OFS_DELTA on it and a REF_DELTA on that, with its v2 index.
    static func writePack(in dir: TempDir) throws -> (blob: [UInt8], ofs: [UInt8], ref: [UInt8]) {
        let second = Array("hello there world".utf8)
        let third = Array("hello there world!".utf8)
        let refDelta: [UInt8] = [17, 18, 0x90, 17, 1, 0x21]
        var pack: [UInt8] = Array("PACK".utf8) + be32(2) + be32(3)
        let offsets = [pack.count]
        pack += [0x30 | UInt8(base.count)] + zlib(base)
        let ofsOffset = pack.count
        pack += [0x80 | 0x60 | UInt8(delta.count & 0x0F), UInt8(delta.count >> 4), UInt8(ofsOffset - offsets[0])] + zlib(delta)
        let refOffset = pack.count
        pack += [0x70 | UInt8(refDelta.count)] + id("blob", second) + zlib(refDelta)
        let checksum = GitBlob.sha1(pack)
        pack += checksum
        let ids = [(id("blob", base), offsets[0]), (id("blob", second), ofsOffset), (id("blob", third), refOffset)]
            .sorted { $0.0.lexicographicallyPrecedes($1.0) }
        var index: [UInt8] = [0xFF, 0x74, 0x4F, 0x63] + be32(2)
        for byte in 0..<256 { index += be32(ids.filter { Int($0.0[0]) <= byte }.count) }
        for (id, _) in ids { index += id }
        for _ in ids { index += be32(0) }
        for (_, offset) in ids { index += be32(offset) }
        index += checksum + [UInt8](repeating: 0, count: 20)
        try Data(pack).write(to: URL(fileURLWithPath: dir.url("pack-test.pack")))
        try Data(index).write(to: URL(fileURLWithPath: dir.url("pack-test.idx")))
        return (id("blob", base), id("blob", second), id("blob", third))
    }

    @Test func aPackResolvesOffsetAndRefDeltaChains() throws {
        let dir = try TempDir()
        let ids = try Self.writePack(in: dir)
        let pack = try #require(GitPack(folder: dir.path, base: "pack-test"))
        func read(_ id: [UInt8], budget: Int = 10) -> String? {
            guard let offset = pack.offset(of: id) else { return nil }
            let object = pack.object(at: offset, budget: budget) { base, left in
                pack.offset(of: base).flatMap { pack.object(at: $0, budget: left) { _, _ in nil } }
            }
            return object.map { "\($0.type): \(String(decoding: $0.bytes, as: UTF8.self))" }
        }
        #expect(read(ids.blob) == "blob: hello world")
        #expect(read(ids.ofs) == "blob: hello there world")
        #expect(read(ids.ref) == "blob: hello there world!")
        #expect(read(ids.ref, budget: 1) == nil, "a chain longer than the budget")
        #expect(pack.offset(of: [UInt8](repeating: 0xAB, count: 20)) == nil)
        // An index that does not belong to the pack (another checksum) is not read.
        var index = try Data(contentsOf: URL(fileURLWithPath: dir.url("pack-test.idx")))
        index[index.count - 40] ^= 1
        try index.write(to: URL(fileURLWithPath: dir.url("pack-test.idx")))
        #expect(GitPack(folder: dir.path, base: "pack-test") == nil)
        index[index.count - 40] ^= 1
        index[7] = 3   // version 3
        try index.write(to: URL(fileURLWithPath: dir.url("pack-test.idx")))
        #expect(GitPack(folder: dir.path, base: "pack-test") == nil)
    }

    @Test func theConfigDeclinesWhatTheReaderDoesNotKnow() {
        func allows(_ text: String) -> Bool { GitStore.configAllows(bytes: Array(text.utf8)) }
        #expect(allows("[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n"))
        #expect(allows("[core]\n\trepositoryformatversion = 1\n[extensions]\n\tobjectFormat = sha1\n\tworktreeConfig = true\n"))
        #expect(allows("[remote \"origin\"]\n\turl = x\n[user]\n\tname = a # b\n"))
        #expect(!allows("[core]\n\trepositoryformatversion = 2\n"))
        #expect(!allows("[core]\n\trepositoryformatversion = 1\n[extensions]\n\tobjectformat = sha256\n"))
        #expect(!allows("[extensions]\n\trefStorage = reftable\n"))
        #expect(!allows("[Extensions]\n\tpartialClone = origin\n"))
        #expect(!allows("[include]\n\tpath = other\n"))
        #expect(!allows("[includeIf \"gitdir:x\"]\n\tpath = other\n"))
        #expect(!allows("[user]\n\tname = a \\\n[extensions]\n"), "a continued line")
        #expect(!allows("[core] repositoryformatversion = 5\n"), "a key on the section's line")
    }

    @Test func onlyPlainBranchNamesAreFollowed() {
        #expect(GitStore.isPlainBranch("refs/heads/main"))
        #expect(GitStore.isPlainBranch("refs/heads/feature/x-1.2_b+c"))
        for name in ["refs/tags/v1", "refs/heads/", "refs/heads/a..b", "refs/heads/.x", "refs/heads/x.lock", "refs/heads/a//b",
                     "refs/heads/a b", "refs/heads/a@{1}", "refs/heads/a:b"] {
            #expect(!GitStore.isPlainBranch(name), "\(name)")
        }
    }

    @Test func aPackWrittenAfterThePacksWereListedIsFoundByListingThemAgain() throws {
        let tmp = try PreviousVersionTests.history()
        try PreviousVersionTests.git(["repack", "-q", "-a", "-d"], in: tmp.path)
        let root = try #require(SpecInputsReader.realPath(tmp.path))
        let store = try #require(GitStore(workTree: root))
        #expect(store.contents("HEAD:README.md") == .object(type: "blob", bytes: Array("unrelated\n".utf8)))
        #expect(store.contents("HEAD:specs/nope.yaml") == .missing)
        #expect(store.contents("HEAD:README.md/x") == .missing, "a file is no folder")
        #expect(store.contents("HEAD~1:README.md") == nil, "only HEAD:path is answered")
        #expect(store.contents("HEAD:./README.md") == nil, "git reads ./ from the current folder")
        #expect(store.contents("HEAD:README.md\u{0}x") == nil, "git reads a name up to a NUL")
        guard case .object("tree", _)? = store.contents("HEAD:specs/") else { Issue.record("HEAD:specs/ is a tree"); return }
        // Written after the store listed its packs (what a fetch does meanwhile).
        try tmp.write("new.txt", "new\n")
        try PreviousVersionTests.git(["hash-object", "-w", "new.txt"], in: tmp.path)
        try PreviousVersionTests.git(["repack", "-q", "-d"], in: tmp.path)
        #expect(store.object(Self.id("blob", Array("new\n".utf8)))?.bytes == Array("new\n".utf8))
        #expect(store.object(Self.id("blob", Array("absent\n".utf8))) == nil)
    }
}
