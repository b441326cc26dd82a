/// Percentages that sum to exactly 100 at a fixed number of decimals (largest remainder
/// method), and their fixed-decimal text.
public enum Percentages {
    /// Each value's share of `denominator`, in units of 10^-decimals percent. When the
    /// values sum to `denominator` the units sum to exactly `100 * 10^decimals`; with a
    /// larger denominator (a `total`), the missing share is treated as one more hidden value
    /// so that the shown percentages plus the remainder sum to 100. Ties go to the earlier value.
    public static func units(_ values: [Double], denominator: Double, decimals: Int) -> [Int64] {
        let decimals = max(0, min(decimals, 6))
        var scale: Int64 = 100
        for _ in 0..<decimals { scale *= 10 }
        let sum = values.reduce(0, +)
        guard denominator > 0, sum > 0 else { return [Int64](repeating: 0, count: values.count) }
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
        let frac = String(magnitude % scale)
        return (negative ? "-" : "") + String(magnitude / scale) + "."
            + String(repeating: "0", count: decimals - frac.count) + frac
    }
}
