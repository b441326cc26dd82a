import PieDiagnostics
import PieSpec

/// Byte-level writers for the hot paths of codegen. Each produces exactly the bytes of its
/// String-based counterpart (`formatNumber`, `Color.hex`, `JSONValue.serialized`), without
/// allocating a String per call; tests compare them.
extension ByteWriter {
    private static let powers: [UInt64] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    /// Same text as `formatNumber(value, decimals:)`.
    mutating func num(_ value: Double, decimals: Int = 3) {
        guard value.isFinite else { bytes.append(0x30); return }
        let d = max(0, min(decimals, 9))
        let unit = ByteWriter.powers[d]
        let scaled = (abs(value) * Double(unit)).rounded(.toNearestOrAwayFromZero)
        if scaled >= 9.0e15 {
            raw(formatNumber(value, decimals: decimals))
            return
        }
        let n = UInt64(scaled)
        if n == 0 { bytes.append(0x30); return }
        if value < 0 { bytes.append(0x2D) }
        digits(n / unit, minimumCount: 1)
        var frac = n % unit
        if frac != 0 {
            var count = d
            while frac % 10 == 0 { frac /= 10; count -= 1 }
            bytes.append(0x2E)
            digits(frac, minimumCount: count)
        }
    }

    mutating func int(_ value: Int) {
        if value < 0 { bytes.append(0x2D) }
        digits(value.magnitude.toUInt64, minimumCount: 1)
    }

    /// Decimal digits of `n`, left-padded with zeros to `minimumCount`.
    private mutating func digits(_ n: UInt64, minimumCount: Int) {
        var power: UInt64 = 1, count = 1
        while power <= n / 10 {
            power *= 10
            count += 1
        }
        if minimumCount > count {
            for _ in 0..<(minimumCount - count) { bytes.append(0x30) }
        }
        var rest = n
        while power > 0 {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 &+ rest / power))
            rest %= power
            power /= 10
        }
    }

    /// Same text as `color.hex`.
    mutating func hex(_ color: Color) {
        bytes.append(0x23)
        hexByte(color.r)
        hexByte(color.g)
        hexByte(color.b)
        if !color.isOpaque { hexByte(color.a) }
    }

    private mutating func hexByte(_ v: UInt8) {
        bytes.append(ByteWriter.hexDigit(v >> 4))
        bytes.append(ByteWriter.hexDigit(v & 15))
    }

    private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x57 + v }
}

private extension UInt {
    var toUInt64: UInt64 { UInt64(self) }
}

