/// The value of a plain decimal without going through `strtod` for the usual short numbers.
extension Lowering {
    /// The value of `text`, which `isPlainDecimal` accepted. Numbers of at most 15 digits take
    /// the exact fast path (Clinger): the digits form an integer below 2^53 and 10^k (k <= 15)
    /// is exact too, so one correctly rounded division gives the same `Double` as `Double(text)`.
    /// Longer numbers use `Double(text)`.
    static func decimalValue(_ text: String) -> Double? {
        var text = text
        if let v = text.withUTF8({ shortDecimal(utf8: $0) }) { return v }
        return Double(text)
    }

    /// `-?[0-9]*(\.[0-9]*)?` with 1 to 15 digits, else nil (the caller falls back).
    static func shortDecimal(utf8 u: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0
        let negative = i < u.count && u[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0, fractionDigits = 0
        var seenDot = false
        while i < u.count {
            let c = u[i]
            if c == UInt8(ascii: ".") {
                if seenDot { return nil }
                seenDot = true
            } else if c >= 48 && c <= 57 {
                mantissa = mantissa * 10 + UInt64(c - 48)
                digits += 1
                if seenDot { fractionDigits += 1 }
                if digits > 15 { return nil }
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0 else { return nil }
        var scale = 1.0
        for _ in 0..<fractionDigits { scale *= 10 }  // exact: powers of ten up to 1e15
        let v = Double(mantissa) / scale
        return negative ? -v : v
    }
}
