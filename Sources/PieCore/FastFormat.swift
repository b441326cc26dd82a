import PieDiagnostics
import PieSpec

/// Byte-level writers for the hot paths of codegen. Each produces exactly the bytes of its
/// String-based counterpart (`formatNumber`, `Color.hex`, `JSONValue.serialized`), without
/// allocating a String per call; tests compare them.
extension ByteWriter {
    /// Same text as `formatNumber(value, decimals:)`: the rounded value's digits are written
    /// once, right to left, with the fraction's trailing zeros dropped first.
    mutating func num(_ value: Double, decimals: Int = 3) {
        switch ByteWriter.decimal(value, decimals: decimals) {
        case .zero: byte(0x30)
        case .digits(let n, let fraction): storage.appendDecimal(n, fractionDigits: fraction, negative: value < 0)
        case .large: raw(formatNumber(value, decimals: decimals))
        }
    }

    /// `formatNumber(value, decimals:)` as a String, written in place (no intermediate Strings).
    static func numberText(_ value: Double, decimals: Int = 3) -> String {
        switch decimal(value, decimals: decimals) {
        case .zero: return "0"
        case .digits(let n, let fraction):
            return String(unsafeUninitializedCapacity: ByteStorage.decimalCapacity) { buffer in
                ByteStorage.writeDecimal(n, fractionDigits: fraction, negative: value < 0, to: buffer.baseAddress!)
            }
        case .large: return formatNumber(value, decimals: decimals)
        }
    }

    /// What `formatNumber` prints: `0`, the rounded digits `n` with `fraction` of them after
    /// the point (trailing zeros dropped), or a value too large for the fraction trick.
    enum Decimal: Equatable {
        case zero
        case digits(UInt64, fraction: Int)
        case large
    }

    @inline(__always) static func decimal(_ value: Double, decimals: Int) -> Decimal {
        guard value.isFinite else { return .zero }
        let d = max(0, min(decimals, 9))
        var unit: UInt64 = 1
        for _ in 0..<d { unit &*= 10 }
        let scaled = (abs(value) * Double(unit)).rounded(.toNearestOrAwayFromZero)
        if scaled >= 9.0e15 { return .large }
        var n = UInt64(scaled)
        if n == 0 { return .zero }
        var fraction = d
        while fraction > 0, n % 10 == 0 {
            n /= 10
            fraction -= 1
        }
        return .digits(n, fraction: fraction)
    }

    mutating func int(_ value: Int) {
        if value < 0 { byte(0x2D) }
        digits(value.magnitude.toUInt64, minimumCount: 1)
    }

    /// Decimal digits of `n`, left-padded with zeros to `minimumCount`.
    private mutating func digits(_ n: UInt64, minimumCount: Int) {
        storage.appendDigits(n, minimumCount: minimumCount)
    }

    /// Same text as `color.hex`.
    mutating func hex(_ color: Color) {
        byte(0x23)
        hexByte(color.r)
        hexByte(color.g)
        hexByte(color.b)
        if !color.isOpaque { hexByte(color.a) }
    }

    /// Same text as `color.hex`, without its per-character String building.
    static func hexString(_ color: Color) -> String {
        var w = ByteWriter(capacity: 16)
        w.hex(color)
        return w.string
    }

    private mutating func hexByte(_ v: UInt8) {
        byte(ByteWriter.hexDigit(v >> 4))
        byte(ByteWriter.hexDigit(v & 15))
    }

    private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x57 + v }
}

private extension UInt {
    var toUInt64: UInt64 { UInt64(self) }
}

