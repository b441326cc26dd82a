import PieDiagnostics
import PieSpec

/// Same bytes as `JSONValue.serialized(pretty:)`, written straight into a byte buffer.
enum JSONWriter {
    static func write(_ value: JSONValue, pretty: Bool, indent: Int = 0, into out: inout ByteWriter) {
        writeValue(value, pretty: pretty, indent: indent, into: &out)
    }

    static func newline(_ indent: Int, into out: inout ByteWriter) {
        out.bytes.append(0x0A)
        for _ in 0..<indent { out.bytes.append(0x20); out.bytes.append(0x20) }
    }

    private static func writeValue(_ value: JSONValue, pretty: Bool, indent: Int, into out: inout ByteWriter) {
        switch value {
        case .null: out.raw("null")
        case .bool(let b): out.raw(b ? "true" : "false")
        case .int(let i): out.int(i)
        case .number(let d, let decimals): out.num(d, decimals: decimals)
        case .string(let s): string(s, into: &out)
        case .array(let items):
            if items.isEmpty { out.raw("[]"); return }
            out.bytes.append(0x5B)
            for (i, item) in items.enumerated() {
                if i > 0 { out.bytes.append(0x2C) }
                if pretty { newline(indent + 1, into: &out) }
                writeValue(item, pretty: pretty, indent: indent + 1, into: &out)
            }
            if pretty { newline(indent, into: &out) }
            out.bytes.append(0x5D)
        case .object(let members):
            if members.isEmpty { out.raw("{}"); return }
            out.bytes.append(0x7B)
            for (i, (key, item)) in members.enumerated() {
                if i > 0 { out.bytes.append(0x2C) }
                if pretty { newline(indent + 1, into: &out) }
                string(key, into: &out)
                out.raw(pretty ? ": " : ":")
                writeValue(item, pretty: pretty, indent: indent + 1, into: &out)
            }
            if pretty { newline(indent, into: &out) }
            out.bytes.append(0x7D)
        }
    }

    /// A JSON string: escapes `"`, `\`, control characters, DEL, U+2028 and U+2029.
    static func string(_ s: String, into out: inout ByteWriter) {
        out.bytes.append(0x22)
        let plain = !s.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }
        if plain {
            out.bytes.append(contentsOf: s.utf8)
        } else {
            escaped(Array(s.utf8), into: &out)
        }
        out.bytes.append(0x22)
    }

    private static func escaped(_ utf8: [UInt8], into out: inout ByteWriter) {
        var i = 0
        while i < utf8.count {
            let b = utf8[i]
            switch b {
            case 0x22: out.raw("\\\"")
            case 0x5C: out.raw("\\\\")
            case 0x0A: out.raw("\\n")
            case 0x0D: out.raw("\\r")
            case 0x09: out.raw("\\t")
            case 0..<0x20, 0x7F: unicodeEscape(UInt32(b), into: &out)
            case 0xE2 where i + 2 < utf8.count && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9):
                unicodeEscape(utf8[i + 2] == 0xA8 ? 0x2028 : 0x2029, into: &out)
                i += 2
            default: out.bytes.append(b)
            }
            i += 1
        }
    }

    private static func unicodeEscape(_ v: UInt32, into out: inout ByteWriter) {
        let hex = String(v, radix: 16)
        out.raw("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
    }
}

/// Streams pretty JSON in exactly the layout of `JSONValue.serialized(pretty: true)`, so large
/// arrays (one object per slice) need no intermediate tree.
struct JSONStream {
    var out: ByteWriter
    /// Members written so far in each open container.
    private var counts: [Int] = []

    init(capacity: Int) {
        out = ByteWriter(capacity: capacity)
    }

    mutating func open(_ bracket: String) {
        out.raw(bracket)
        counts.append(0)
    }

    /// Closes the innermost container (`}` or `]`); empty containers stay `{}` / `[]`.
    mutating func close(_ bracket: String) {
        let count = counts.removeLast()
        if count > 0 { JSONWriter.newline(counts.count, into: &out) }
        out.raw(bracket)
    }

    /// Starts the next array item.
    mutating func item() {
        if counts[counts.count - 1] > 0 { out.raw(",") }
        counts[counts.count - 1] += 1
        JSONWriter.newline(counts.count, into: &out)
    }

    /// Starts the next object member.
    mutating func key(_ name: String) {
        item()
        JSONWriter.string(name, into: &out)
        out.raw(": ")
    }

    mutating func value(_ v: JSONValue) {
        JSONWriter.write(v, pretty: true, indent: counts.count, into: &out)
    }

    mutating func member(_ name: String, _ v: JSONValue) {
        key(name)
        value(v)
    }

    mutating func member(_ name: String, string: String) {
        key(name)
        JSONWriter.string(string, into: &out)
    }

    mutating func member(_ name: String, number: Double, decimals: Int = 3) {
        key(name)
        out.num(number, decimals: decimals)
    }

    mutating func member(_ name: String, color: Color) {
        key(name)
        out.raw("\"")
        out.hex(color)
        out.raw("\"")
    }
}
