import PieDiagnostics
import PieJSON
import Testing

/// ByteStorage keeps large outputs in chunks (growing never copies; `takeBytes` frees each chunk
/// once copied): every append form must give the bytes a plain array would, across chunk edges.
@Suite("ByteWriter in chunks")
struct ByteStorageChunkTests {
    /// Appends of every kind, some larger than a chunk, mirrored into a plain array.
    func write(rounds: Int) -> (ByteWriter, [UInt8]) {
        var w = ByteWriter(capacity: 100)
        var reference: [UInt8] = []
        var x: UInt64 = 12345
        for i in 0..<rounds {
            x = x &* 6364136223846793005 &+ 1442695040888963407
            switch i % 6 {
            case 0:
                w.byte(UInt8(truncatingIfNeeded: x >> 56))
                reference.append(UInt8(truncatingIfNeeded: x >> 56))
            case 1:
                let text = String(repeating: "piec ", count: Int(x % 40))
                w.raw(text)
                reference += Array(text.utf8)
            case 2:
                w.storage.appendDecimal(x % 1_000_000_000, fractionDigits: 3, negative: x & 1 == 1)
                var s = String(x % 1_000_000_000)
                while s.count < 4 { s = "0" + s }
                s.insert(".", at: s.index(s.endIndex, offsetBy: -3))
                reference += Array(((x & 1 == 1 ? "-" : "") + s).utf8)
            case 3:
                let key: StaticString = "key"
                key.withUTF8Buffer { w.storage.appendKey($0, comma: true, spaces: 4) }
                reference += Array(",\n    \"key\": ".utf8)
            case 4:
                w.storage.appendNewline(spaces: Int(x % 7))
                reference += [0x0A] + Array(repeating: 0x20, count: Int(x % 7))
            default:
                // Twice an append larger than a chunk.
                let big = [UInt8](repeating: UInt8(truncatingIfNeeded: i), count: i % 6000 == 5 ? ByteStorage.chunkLimit + 17 : 33)
                w.raw(big)
                reference += big
            }
        }
        return (w, reference)
    }

    @Test func everyAppendMatchesAPlainArrayAcrossChunks() {
        let (w, reference) = write(rounds: 12_000)
        #expect(reference.count > 2 * ByteStorage.chunkLimit, "the test must cross several chunks")
        #expect(w.count == reference.count)
        #expect(w.bytes == reference)
        var copy = ByteWriter(capacity: 10)
        copy.raw("<")
        copy.raw(w)
        #expect(copy.bytes == [0x3C] + reference)
        #expect(w.takeBytes() == reference)
        #expect(w.count == 0 && w.bytes.isEmpty, "takeBytes leaves the writer empty")
    }

    @Test func removeAllEmptiesAndTheWriterIsReusable() {
        var (w, _) = write(rounds: 12_000)
        w.removeAll()
        #expect(w.count == 0)
        w.raw("again")
        #expect(w.string == "again")
    }

    @Test func sourceLocationsKeepTheirNumbersAndOrder() {
        let a = SourceLocation(line: 3, column: 7)
        var b = SourceLocation(line: 3, column: 8)
        #expect(a < b && !(b < a) && a != b)
        b.column = 7
        #expect(a == b && a.description == "3:7")
        let far = SourceLocation(line: 2_000_000, column: 1)
        #expect(far.line == 2_000_000 && a < far)
        #expect(SourceLocation(line: Int.max, column: 1).line == Int(Int32.max), "clamped, never trapping")
        #expect(MemoryLayout<SourceRange>.size == 16, "two 32-bit numbers per location")
    }
}
