import Foundation
import PieCore
import PieJSON
import Testing
@testable import PieDriver

/// A file written as the chunks it was generated into (`BundleFile(name:writer:)`, the
/// manifest of a streamed bundle): staged, compared and left alone chunk by chunk, never
/// joined into one array beside them.
@Suite struct ChunkedFileTests {
    /// A manifest of about 2.5 MiB (`ByteStorage.chunkLimit` is 1 MiB) whose padding differs
    /// from chunk to chunk, its byte at `flip` of the padding changed when given.
    func large(flip: Int? = nil) -> ByteWriter {
        var w = ByteWriter()
        w.raw("{\"id\":\"big\",\"pad\":\"")
        for k in 0..<(5 << 19) { w.byte(UInt8(97 + (k &* 31 &+ k >> 11) % 26) ^ (k == flip ? 1 : 0)) }
        // `files` last, as in every manifest (the driver reads it from the end).
        w.raw("\",\"files\":[\"chart.svg\",\"chart.css\",\"index.html\",\"manifest.json\"]}\n")
        return w
    }

    func bundle(_ manifest: ByteWriter) -> BundleFiles {
        let small = makeBundle("big", body: "v1").files.filter { $0.name != "manifest.json" }
        return BundleFiles(id: "big", names: small.map(\.name) + ["manifest.json"],
                           steps: [{ small }, { [BundleFile(name: "manifest.json", writer: manifest)] }])
    }

    @Test func aChunkedFileIsItsBytes() {
        let w = large()
        #expect(w.storage.forEachChunkCount > 2)
        let file = BundleFile(name: "manifest.json", writer: w)
        let joined = large().bytes
        // (Compared as Bools: a failing comparison of arrays would print megabytes.)
        let sameBytes = file.count == joined.count && file.bytes == joined
        #expect(sameBytes)
        var streamed: [UInt8] = []
        file.forEachBuffer { streamed.append(contentsOf: $0) }
        let sameStream = streamed == joined
        #expect(sameStream)
        let equal = file == BundleFile(name: "manifest.json", bytes: joined)
        #expect(equal)
    }

    @Test func aChunkedManifestIsWrittenComparedAndLeftAlone() throws {
        let tmp = try TempDir()
        let out = tmp.url("out")
        #expect(AtomicBundleWriter(outputDir: out).write(files: [bundle(large())]).written == ["big"])
        let path = out + "/big/manifest.json"
        let first = FileManager.default.contents(atPath: path).map(Array.init) == large().bytes
        #expect(first)
        // The same bytes again: compared chunk by chunk with the file on disk, not rewritten.
        let before = identity(path)
        let again = AtomicBundleWriter(outputDir: out).write(files: [bundle(large())])
        #expect(again.unchanged == ["big"])
        #expect(identity(path) == before)
        // One byte differs in the third chunk: the comparison finds it and the file is replaced.
        let flip = (5 << 19) - 7
        #expect(AtomicBundleWriter(outputDir: out).write(files: [bundle(large(flip: flip))]).written == ["big"])
        let replaced = FileManager.default.contents(atPath: path).map(Array.init) == large(flip: flip).bytes
        #expect(replaced)
        #expect(tempLeftovers(out).isEmpty)
    }
}

extension ByteStorage {
    var forEachChunkCount: Int {
        var n = 0
        forEachChunk { _ in n += 1 }
        return n
    }
}
