#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import CZlib

/// One pack of a repository's object store, read for `GitStore`: its index (version 2 only:
/// magic, fan-out, sorted ids, CRCs, offsets, large offsets, checksums) and its entries (zlib
/// data of commits, trees, blobs and tags, and deltas against a base at an earlier offset,
/// `OFS_DELTA`, or named by id, `REF_DELTA`). Both files are mapped read-only; every offset
/// and length is checked against their sizes, and any entry that is not exactly what git
/// writes answers nil (`GitStore` then asks git).
final class GitPack {
    let base: String
    private let index: MappedFile
    private let pack: MappedFile
    private let count: Int

    /// The pack `folder/base.pack` with its index `folder/base.idx`; nil when either is not a
    /// version git writes, or they do not belong together (object count, pack checksum).
    init?(folder: String, base: String) {
        guard let index = MappedFile(folder + "/" + base + ".idx"), let pack = MappedFile(folder + "/" + base + ".pack") else { return nil }
        self.base = base
        self.index = index
        self.pack = pack
        let idx = index.bytes, data = pack.bytes
        // Index v2: \377tOc, version 2, 256 fan-out counts, then per object id, CRC and offset.
        guard idx.count >= 8 + 1024 + 40, idx[0] == 0xFF, idx[1] == 0x74, idx[2] == 0x4F, idx[3] == 0x63,
              Self.uint32(idx, 4) == 2 else { return nil }
        var previous = 0
        for i in 0..<256 {
            let value = Int(Self.uint32(idx, 8 + 4 * i))
            guard value >= previous else { return nil }
            previous = value
        }
        count = previous
        let fixed = 8 + 1024 + count * 28 + 40
        guard idx.count >= fixed, (idx.count - fixed) % 8 == 0 else { return nil }
        // The pack: PACK, version 2 or 3, the same count, and the checksum the index records.
        guard data.count >= 32, data[0] == 0x50, data[1] == 0x41, data[2] == 0x43, data[3] == 0x4B,
              [2, 3].contains(Self.uint32(data, 4)), Int(Self.uint32(data, 8)) == count else { return nil }
        for k in 0..<20 where data[data.count - 20 + k] != idx[idx.count - 40 + k] { return nil }
    }

    /// The offset in the pack of the object `id` (20 bytes), or nil when the pack has none.
    func offset(of id: [UInt8]) -> Int? {
        let idx = index.bytes
        let first = Int(id[0])
        var low = first == 0 ? 0 : Int(Self.uint32(idx, 8 + 4 * (first - 1)))
        var high = Int(Self.uint32(idx, 8 + 4 * first))
        let names = 8 + 1024
        while low < high {
            let mid = (low + high) / 2
            var order = 0
            for k in 0..<20 {
                let byte = idx[names + mid * 20 + k]
                if byte != id[k] { order = byte < id[k] ? -1 : 1; break }
            }
            if order == 0 { return entryOffset(mid) }
            if order < 0 { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    private func entryOffset(_ position: Int) -> Int? {
        let idx = index.bytes
        let small = Self.uint32(idx, 8 + 1024 + count * 24 + position * 4)
        guard small & 0x8000_0000 != 0 else { return Int(small) }
        let large = 8 + 1024 + count * 28 + Int(small & 0x7FFF_FFFF) * 8
        guard large + 8 <= idx.count - 40 else { return nil }
        let value = (UInt64(Self.uint32(idx, large)) << 32) | UInt64(Self.uint32(idx, large + 4))
        return value < UInt64(Int.max) ? Int(value) : nil
    }

    /// The object whose entry starts at `offset`, its deltas applied; `base` finds the base of
    /// a `REF_DELTA` by id (anywhere in the store) with what is left of the delta budget.
    func object(at offset: Int, budget: Int,
                base: (_ id: [UInt8], _ budget: Int) -> (type: String, bytes: [UInt8])?) -> (type: String, bytes: [UInt8])? {
        var deltas: [[UInt8]] = []
        var at = offset
        var found: (type: String, bytes: [UInt8])?
        while found == nil {
            guard deltas.count < budget, let entry = entry(at: at) else { return nil }
            switch entry.type {
            case 1, 2, 3, 4:
                guard let bytes = inflate(at: entry.dataStart, size: entry.size) else { return nil }
                found = (["commit", "tree", "blob", "tag"][entry.type - 1], bytes)
            case 6:
                guard let delta = inflate(at: entry.dataStart, size: entry.size), let baseOffset = entry.baseOffset else { return nil }
                deltas.append(delta)
                at = baseOffset
            case 7:
                guard let delta = inflate(at: entry.dataStart, size: entry.size), let id = entry.baseID else { return nil }
                deltas.append(delta)
                guard let resolved = base(id, budget - deltas.count) else { return nil }
                found = resolved
            default:
                return nil
            }
        }
        guard var object = found else { return nil }
        for delta in deltas.reversed() {
            guard let applied = Self.apply(delta, to: object.bytes) else { return nil }
            object.bytes = applied
        }
        return object
    }

    private struct Entry {
        var type: Int
        var size: Int
        var dataStart: Int
        var baseOffset: Int?
        var baseID: [UInt8]?
    }

    /// The header of the entry at `offset`: type and size (a varint), then for `OFS_DELTA`
    /// the distance back to its base, for `REF_DELTA` its base's id.
    private func entry(at offset: Int) -> Entry? {
        let data = pack.bytes
        let end = data.count - 20
        guard offset >= 12, offset < end else { return nil }
        var i = offset
        var byte = data[i]
        i += 1
        let type = Int(byte >> 4) & 7
        var size = Int(byte & 0x0F)
        var shift = 4
        while byte & 0x80 != 0 {
            guard i < end, shift <= 53 else { return nil }
            byte = data[i]
            i += 1
            size |= Int(byte & 0x7F) << shift
            shift += 7
        }
        guard size <= GitStore.maxObjectSize else { return nil }
        var result = Entry(type: type, size: size, dataStart: i)
        if type == 6 {
            guard i < end else { return nil }
            byte = data[i]
            i += 1
            var distance = Int(byte & 0x7F)
            while byte & 0x80 != 0 {
                guard i < end, distance < (1 << 48) else { return nil }
                byte = data[i]
                i += 1
                distance = ((distance + 1) << 7) | Int(byte & 0x7F)
            }
            guard distance > 0, distance < offset else { return nil }
            result.baseOffset = offset - distance
            result.dataStart = i
        } else if type == 7 {
            guard i + 20 <= end else { return nil }
            result.baseID = Array(data[i..<(i + 20)])
            result.dataStart = i + 20
        }
        return result
    }

    /// Exactly `size` bytes inflated from the zlib stream at `start`, which must end there.
    private func inflate(at start: Int, size: Int) -> [UInt8]? {
        // zlib counts its input in 32 bits: a stream in a pack over 4 GiB is read from a window.
        let end = min(pack.bytes.count - 20, start + Int(UInt32.max))
        guard start < end, let stream = Inflater(UnsafeRawBufferPointer(rebasing: pack.bytes[start..<end])) else { return nil }
        var out = [UInt8](repeating: 0, count: size)
        let got = out.withUnsafeMutableBytes { stream.inflate(into: $0) }
        guard got == size, stream.finished() else { return nil }
        return out
    }

    /// `delta` (git's format: base size, result size, then copy and insert instructions)
    /// applied to `base`; nil when it does not fit `base` or does not make its stated size.
    static func apply(_ delta: [UInt8], to base: [UInt8]) -> [UInt8]? {
        var i = 0
        func varint() -> Int? {
            var value = 0, shift = 0
            while true {
                guard i < delta.count, shift <= 56 else { return nil }
                let byte = delta[i]
                i += 1
                value |= Int(byte & 0x7F) << shift
                shift += 7
                if byte & 0x80 == 0 { return value }
            }
        }
        guard let baseSize = varint(), baseSize == base.count, let resultSize = varint(),
              resultSize <= GitStore.maxObjectSize else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(resultSize)
        while i < delta.count {
            let op = delta[i]
            i += 1
            if op & 0x80 != 0 {
                var offset = 0, length = 0
                for bit in 0..<4 where op & (1 << bit) != 0 {
                    guard i < delta.count else { return nil }
                    offset |= Int(delta[i]) << (8 * bit)
                    i += 1
                }
                for bit in 0..<3 where op & (0x10 << bit) != 0 {
                    guard i < delta.count else { return nil }
                    length |= Int(delta[i]) << (8 * bit)
                    i += 1
                }
                if length == 0 { length = 0x10000 }
                guard offset + length <= base.count, out.count + length <= resultSize else { return nil }
                out += base[offset..<(offset + length)]
            } else if op != 0 {
                let length = Int(op)
                guard i + length <= delta.count, out.count + length <= resultSize else { return nil }
                out += delta[i..<(i + length)]
                i += length
            } else {
                return nil   // reserved
            }
        }
        return out.count == resultSize ? out : nil
    }

    static func uint32(_ bytes: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }
}

/// A file mapped read-only for the life of the value (packs are never rewritten in place).
final class MappedFile {
    let bytes: UnsafeRawBufferPointer

    init?(_ path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        guard let address = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else { return nil }
        bytes = UnsafeRawBufferPointer(start: address, count: Int(info.st_size))
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}

/// One zlib inflate stream over a buffer that outlives it.
final class Inflater {
    /// zlib keeps a pointer back to its stream: it must not move.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private var ended = false

    init?(_ input: UnsafeRawBufferPointer) {
        stream.initialize(to: z_stream())
        guard input.count > 0, input.count <= Int(UInt32.max),
              inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            stream.deallocate()
            return nil
        }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Inflates into `out` until it is full or the stream ends; the bytes written, or -1 on
    /// an error (a corrupt stream, or input that ends before the stream does).
    func inflate(into out: UnsafeMutableRawBufferPointer) -> Int {
        guard !ended, out.count > 0 else { return 0 }
        stream.pointee.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(out.count)
        var written = 0
        while true {
            let before = stream.pointee.avail_out
            let status = CZlib.inflate(stream, Z_NO_FLUSH)
            written += Int(before - stream.pointee.avail_out)
            if status == Z_STREAM_END { ended = true; return written }
            guard status == Z_OK else { return -1 }
            if stream.pointee.avail_out == 0 { return written }
            if stream.pointee.avail_in == 0 { return -1 }
        }
    }

    /// Whether the stream ended (read on to be sure when the output was exactly full).
    func finished() -> Bool {
        if ended { return true }
        var extra: UInt8 = 0
        let got = withUnsafeMutableBytes(of: &extra) { inflate(into: $0) }
        return got == 0 && ended
    }

    /// Input bytes after the end of the stream.
    var inputLeft: Int { Int(stream.pointee.avail_in) }
}
