/// Fixed, locale-free number formatting used in every output file: rounds half away
/// from zero to `decimals` places (at most 9), trims trailing zeros, never prints an exponent
/// or `-0`; not-finite values print `0`. Same bits in, same text out, on every machine.
/// `ByteWriter.num` writes the same text straight into a byte buffer (the codegen hot path).
public func formatNumber(_ value: Double, decimals: Int = 3) -> String {
    switch NumberText.decimal(value, decimals: decimals) {
    case .zero: return "0"
    case .digits(let n, let fraction):
        return String(unsafeUninitializedCapacity: ByteStorage.decimalCapacity) { buffer in
            ByteStorage.writeDecimal(n, fractionDigits: fraction, negative: value < 0, to: buffer.baseAddress!)
        }
    case .large: return NumberText.large(value)
    }
}

/// The one rounding rule behind `formatNumber` and `ByteWriter.num`.
public enum NumberText {
    /// What `formatNumber` prints: `0`, the rounded digits `n` with `fraction` of them after
    /// the point (trailing zeros dropped), or a value too large for exact fraction digits.
    public enum Decimal: Equatable {
        case zero
        case digits(UInt64, fraction: Int)
        case large
    }

    @inlinable @inline(__always) public static func decimal(_ value: Double, decimals: Int) -> Decimal {
        guard value.isFinite else { return .zero }
        let d = max(0, min(decimals, 9))
        var unit: UInt64 = 1
        for _ in 0..<d { unit &*= 10 }
        let scaled = abs(value) * Double(unit)
        // Doubles in [2^52, 2^53) are integers, so this is `rounded(scaled) >= 9e15`.
        if scaled >= 9.0e15 { return .large }
        // Half away from zero without libm's `round` (a call per number; every output file is
        // mostly numbers): the fraction `scaled - trunc(scaled)` is exact below 2^53.
        var n = UInt64(scaled)
        if scaled - Double(n) >= 0.5 { n += 1 }
        if n == 0 { return .zero }
        var fraction = d
        while fraction > 0, n % 10 == 0 {
            n /= 10
            fraction -= 1
        }
        return .digits(n, fraction: fraction)
    }

    /// Beyond the exact integer range of the fraction digits: the rounded integer part only.
    public static func large(_ value: Double) -> String {
        let whole = abs(value).rounded(.toNearestOrAwayFromZero)
        let text = whole < 9.2e18 ? String(Int64(whole)) : String(UInt64(min(whole, 1.8e19)))
        return (value < 0 ? "-" : "") + text
    }
}

extension ByteWriter {
    /// Appends `formatNumber(value, decimals:)`: the rounded value's digits are written once,
    /// right to left, with the fraction's trailing zeros dropped first.
    @inlinable @inline(__always) public mutating func num(_ value: Double, decimals: Int = 3) {
        switch NumberText.decimal(value, decimals: decimals) {
        case .zero: byte(0x30)
        case .digits(let n, let fraction): storage.appendDecimal(n, fractionDigits: fraction, negative: value < 0)
        case .large: raw(NumberText.large(value))
        }
    }

    /// Appends `String(value)`.
    public mutating func int(_ value: Int) {
        if value < 0 { byte(0x2D) }
        storage.appendDigits(UInt64(value.magnitude), minimumCount: 1)
    }
}
