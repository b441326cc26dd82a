/// An ordered JSON value with a deterministic serializer: object keys keep insertion
/// order, numbers use piec's fixed formatting, strings escape only what JSON requires.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    /// Serialized with `formatNumber` (at most `decimals` places, no exponent, no `-0`).
    case number(Double, decimals: Int = 6)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.serialized() == b.serialized() }
    public func hash(into h: inout Hasher) { h.combine(serialized()) }

    /// Compact (`pretty == false`) or two-space indented output, no trailing newline.
    public func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(into: &out, pretty: pretty, indent: 0)
        return out
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    private func write(into out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let d, let decimals): out += formatNumber(d, decimals: decimals)
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                item.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                JSONValue.writeString(key, into: &out)
                out += pretty ? ": " : ":"
                value.write(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    public static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // Also escaped: C1 controls (libyaml reads U+0085 NEL as a line break, so a raw
                // one would not survive re-parsing the manifest as YAML), LS/PS and the BOM.
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || v == 0xFEFF {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// Fixed, locale-free number formatting used in every output file: rounds half away
/// from zero to `decimals` places, trims trailing zeros, never prints an exponent or `-0`.
/// Same bits in, same text out, on every machine.
public func formatNumber(_ value: Double, decimals: Int = 3) -> String {
    guard value.isFinite else { return "0" }
    let decimals = max(0, min(decimals, 9))
    var scale: Double = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
    if scaled >= 9.0e15 {
        // Beyond exact integer range for the fraction trick: print the integer part only.
        let whole = (abs(value)).rounded(.toNearestOrAwayFromZero)
        let text = whole < 9.2e18 ? String(Int64(whole)) : String(UInt64(min(whole, 1.8e19)))
        return (value < 0 ? "-" : "") + text
    }
    let n = UInt64(scaled)
    if n == 0 { return "0" }
    let unit = UInt64(scale)
    let intPart = n / unit
    var frac = n % unit
    var out = value < 0 ? "-" : ""
    out += String(intPart)
    if frac != 0 {
        var digits = decimals
        while frac % 10 == 0 { frac /= 10; digits -= 1 }
        let f = String(frac)
        out += "." + String(repeating: "0", count: digits - f.count) + f
    }
    return out
}
