/// Growable byte storage behind `ByteWriter`: bulk appends are a capacity check and a copy.
/// The hot appends are `@inlinable` so that writers in other modules pay no call per byte, and
/// the fields skip dynamic exclusivity checks (each append would otherwise register an access:
/// a third of codegen's time in PieCore). Sound because a writer is used by one thread and no
/// append calls out while it holds an access.
///
/// The bytes live in chunks of at most `chunkLimit` bytes (unless one append is larger): when
/// the current chunk is full, it is kept as it is and a new one begins, so growing never copies
/// what was written, and `takeBytes()` frees each chunk as soon as it is copied out. A large
/// output (the manifest of 100,000 slices is 67 MB) is then never held twice.
public final class ByteStorage {
    @exclusivity(unchecked) @usableFromInline var pointer: UnsafeMutablePointer<UInt8>
    /// Bytes in the current chunk.
    @exclusivity(unchecked) @usableFromInline var count = 0
    /// Size of the current chunk.
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    /// The filled chunks before the current one, in order, and their byte count.
    @exclusivity(unchecked) var filled: [UnsafeMutableBufferPointer<UInt8>] = []
    @exclusivity(unchecked) var filledCount = 0

    /// The largest chunk that growth allocates (an append larger than this gets its own).
    public static let chunkLimit = 1 << 20

    public init(capacity: Int) {
        self.capacity = min(max(capacity, 64), ByteStorage.chunkLimit)
        pointer = .allocate(capacity: self.capacity)
    }

    deinit {
        pointer.deallocate()
        for chunk in filled { chunk.deallocate() }
    }

    /// Bytes written so far.
    public var total: Int { filledCount + count }

    @inlinable @inline(__always) func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    /// Room for `needed - count` more contiguous bytes: a new chunk after the filled one (or a
    /// larger first chunk while nothing is written).
    @usableFromInline func grow(to needed: Int) {
        let extra = needed - count
        let newCapacity = max(min(capacity * 2, ByteStorage.chunkLimit), extra)
        let newPointer = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        if count == 0 {
            pointer.deallocate()
        } else {
            filled.append(UnsafeMutableBufferPointer(start: pointer, count: count))
            filledCount += count
        }
        pointer = newPointer
        capacity = newCapacity
        count = 0
    }

    @inlinable @inline(__always) func append(_ byte: UInt8) {
        reserve(1)
        pointer[count] = byte
        count += 1
    }

    @inlinable @inline(__always) func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        reserve(buffer.count)
        (pointer + count).update(from: base, count: buffer.count)
        count += buffer.count
    }

    public func removeAll() {
        for chunk in filled { chunk.deallocate() }
        filled = []
        filledCount = 0
        count = 0
    }

    /// Calls `body` with each chunk's bytes, in order.
    public func forEachChunk(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        for chunk in filled { body(UnsafeBufferPointer(chunk)) }
        body(UnsafeBufferPointer(start: pointer, count: count))
    }

    /// All bytes in one array; with `freeing`, each filled chunk is freed once copied and the
    /// storage is left empty.
    func copy(freeing: Bool) -> [UInt8] {
        let length = total
        let out = [UInt8](unsafeUninitializedCapacity: length) { target, initialized in
            var at = target.baseAddress!
            for chunk in filled {
                at.initialize(from: chunk.baseAddress!, count: chunk.count)
                at += chunk.count
                if freeing { chunk.deallocate() }
            }
            at.initialize(from: pointer, count: count)
            initialized = length
        }
        if freeing {
            filled = []
            filledCount = 0
            count = 0
        }
        return out
    }

    /// A pretty JSON member's start in one capacity check: `,` when `comma`, a newline,
    /// `spaces` spaces, then `"name": `.
    public func appendKey(_ name: UnsafeBufferPointer<UInt8>, comma: Bool, spaces: Int) {
        let length = name.count
        reserve(length + spaces + 6)
        var p = pointer + count
        if comma {
            p.pointee = 0x2C
            p += 1
        }
        p.pointee = 0x0A
        p += 1
        for _ in 0..<spaces {
            p.pointee = 0x20
            p += 1
        }
        p.pointee = 0x22
        p += 1
        if let base = name.baseAddress { p.update(from: base, count: length) }
        p += length
        p[0] = 0x22
        p[1] = 0x3A
        p[2] = 0x20
        count = p + 3 - pointer
    }

    /// A newline and `spaces` spaces (JSON indentation).
    public func appendNewline(spaces: Int) {
        reserve(1 + spaces)
        pointer[count] = 0x0A
        (pointer + count + 1).initialize(repeating: 0x20, count: spaces)
        count += 1 + spaces
    }

    /// Decimal digits of `n`, left-padded with zeros to `minimumCount` (at most 20).
    public func appendDigits(_ n: UInt64, minimumCount: Int) {
        var length = 1
        while length < 20, n >= ByteStorage.powers[length] { length += 1 }
        length = max(length, min(minimumCount, 20))
        reserve(length)
        var rest = n
        var i = count + length - 1
        while i >= count {
            pointer[i] = UInt8(truncatingIfNeeded: 0x30 &+ rest % 10)
            rest /= 10
            i -= 1
        }
        count += length
    }

    /// `n` scaled down by 10^`fractionDigits` in decimal: at least one integer digit, then `.`
    /// and exactly `fractionDigits` digits when there are any; `-` first when `negative`.
    /// `n` < 10^19 (at most 19 digits, so at most 22 bytes with sign, `0` and point).
    public func appendDecimal(_ n: UInt64, fractionDigits: Int, negative: Bool) {
        reserve(ByteStorage.decimalCapacity)
        count += ByteStorage.writeDecimal(n, fractionDigits: fractionDigits, negative: negative, to: pointer + count)
    }

    /// Room `writeDecimal` may need.
    public static let decimalCapacity = 24

    /// Writes what `appendDecimal` appends at `start` (`decimalCapacity` bytes of room);
    /// returns the byte count.
    public static func writeDecimal(_ n: UInt64, fractionDigits: Int, negative: Bool, to start: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 1
        var power: UInt64 = 10
        while length < 19, n >= power {
            length += 1
            power &*= 10
        }
        length = max(length, fractionDigits + 1)
        let total = length + (fractionDigits > 0 ? 1 : 0) + (negative ? 1 : 0)
        if negative { start.pointee = 0x2D }
        var p = start + total
        var rest = n
        if fractionDigits > 0 {
            for _ in 0..<fractionDigits {
                p -= 1
                p.pointee = UInt8(truncatingIfNeeded: 0x30 &+ rest % 10)
                rest /= 10
            }
            p -= 1
            p.pointee = 0x2E
        }
        let first = negative ? start + 1 : start
        while p > first {
            p -= 1
            p.pointee = UInt8(truncatingIfNeeded: 0x30 &+ rest % 10)
            rest /= 10
        }
        return total
    }

    private static let powers: [UInt64] = (0..<20).map { k in (0..<k).reduce(UInt64(1)) { p, _ in p * 10 } }
}

/// An append-only UTF-8 output buffer. Every output file is built in one of these (linear in
/// its size, no repeated concatenation of large strings). It has reference semantics: make
/// one per output and pass it `inout`.
public struct ByteWriter {
    public let storage: ByteStorage

    public init(capacity: Int = 0) {
        storage = ByteStorage(capacity: capacity)
    }

    /// A copy of the bytes written so far (one memcpy per chunk, not an element-wise copy).
    public var bytes: [UInt8] { storage.copy(freeing: false) }

    /// The bytes written so far, leaving the writer empty: each chunk is freed as soon as it is
    /// copied, so a large output is never held twice (the writer's last use).
    public func takeBytes() -> [UInt8] { storage.copy(freeing: true) }

    public var count: Int { storage.total }

    /// Appends trusted text (markup, CSS, generated names) verbatim.
    @inlinable @inline(__always) public mutating func raw(_ s: String) {
        var s = s
        s.withUTF8 { storage.append($0) }
    }

    @inlinable @inline(__always) public mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { storage.append($0) }
    }

    public mutating func raw(_ other: [UInt8]) {
        other.withUnsafeBufferPointer { storage.append($0) }
    }

    public mutating func raw(_ other: ByteWriter) {
        other.storage.forEachChunk { storage.append($0) }
    }

    @inlinable @inline(__always) public mutating func byte(_ b: UInt8) {
        storage.append(b)
    }

    @inlinable @inline(__always) public mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        storage.append(buffer)
    }

    public mutating func removeAll() { storage.removeAll() }

    /// The bytes as a string (tests and debugging).
    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
