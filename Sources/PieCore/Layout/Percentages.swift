import PieSpec

/// Percentages at a fixed number of decimals, and their fixed-decimal text: by default
/// (`format.percent: exact-sum`) they sum to exactly 100 (largest remainder method); with
/// `format.percent: each` every share is rounded on its own.
public enum Percentages {
    /// Each value's share of `denominator`, in units of 10^-decimals percent.
    ///
    /// `exactSum`: when the values sum to `denominator` the units sum to exactly
    /// `100 * 10^decimals`; with a larger denominator (a `total`), the missing share is treated
    /// as one more hidden value so that the shown percentages plus the remainder sum to 100.
    /// Ties go to the earlier value. `each`: every share rounded to the nearest unit, halves up
    /// (Mermaid's `toFixed`), whatever the others (1, 1, 1 at 0 decimals: 33, 33, 33).
    public static func units(_ values: [Double], denominator: Double, decimals: Int, rounding: PercentRounding = .exactSum) -> [Int64] {
        let decimals = max(0, min(decimals, 6))
        var scale: Int64 = 100
        for _ in 0..<decimals { scale *= 10 }
        let sum = values.reduce(0, +)
        guard denominator > 0, sum > 0 else { return [Int64](repeating: 0, count: values.count) }
        if rounding == .each {
            let whole = max(denominator, sum)
            return values.map { Int64(($0 * Double(scale) / whole).rounded(.toNearestOrAwayFromZero)) }
        }
        var all = values
        let rest = denominator - sum
        if rest > sum * 1e-12 { all.append(rest) }
        let factor = Double(scale) / max(denominator, sum)
        var floors = [Int64](repeating: 0, count: all.count)
        var assigned: Int64 = 0
        for (i, v) in all.enumerated() {
            let f = Int64((v * factor).rounded(.down))
            floors[i] = f
            assigned += f
        }
        var left = scale - assigned
        if left > 0 {
            let remainders = all.indices.map { all[$0] * factor - Double(floors[$0]) }
            let order = all.indices.sorted { a, b in
                remainders[a] != remainders[b] ? remainders[a] > remainders[b] : a < b
            }
            var i = 0
            while left > 0, !order.isEmpty {
                floors[order[i % order.count]] += 1
                left -= 1
                i += 1
            }
        }
        return Array(floors.prefix(values.count))
    }

    /// `units` (10^-decimals percent) as text with exactly `decimals` decimals: `425, 1 -> "42.5"`.
    public static func text(units: Int64, decimals: Int) -> String {
        let decimals = max(0, min(decimals, 6))
        if decimals == 0 { return String(units) }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let negative = units < 0
        let magnitude = negative ? -units : units
        var whole = magnitude / scale, frac = magnitude % scale
        var wholeDigits = 1
        var rest = whole
        while rest >= 10 {
            rest /= 10
            wholeDigits += 1
        }
        // Written right to left into the string's own storage (no intermediate Strings).
        let length = (negative ? 1 : 0) + wholeDigits + 1 + decimals
        return String(unsafeUninitializedCapacity: length) { buffer in
            var i = length
            for _ in 0..<decimals {
                i -= 1
                buffer[i] = UInt8(truncatingIfNeeded: 0x30 + frac % 10)
                frac /= 10
            }
            i -= 1
            buffer[i] = 0x2E
            repeat {
                i -= 1
                buffer[i] = UInt8(truncatingIfNeeded: 0x30 + whole % 10)
                whole /= 10
            } while whole > 0
            if negative { buffer[0] = 0x2D }
            return length
        }
    }
}
