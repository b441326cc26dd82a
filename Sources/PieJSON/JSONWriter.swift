/// The one JSON writer: `JSONValue` trees (compact or two-space indented) and strings,
/// straight into a byte buffer. `JSONValue.serialized` and `JSONStream` are built on it.
public enum JSONWriter {
    public static func write(_ value: JSONValue, pretty: Bool, indent: Int = 0, into out: inout ByteWriter) {
        writeValue(value, pretty: pretty, indent: indent, into: &out)
    }

    /// A newline and two spaces per level.
    public static func newline(_ indent: Int, into out: inout ByteWriter) {
        out.storage.appendNewline(spaces: 2 * max(indent, 0))
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
            out.byte(0x5B)
            for (i, item) in items.enumerated() {
                if i > 0 { out.byte(0x2C) }
                if pretty { newline(indent + 1, into: &out) }
                writeValue(item, pretty: pretty, indent: indent + 1, into: &out)
            }
            if pretty { newline(indent, into: &out) }
            out.byte(0x5D)
        case .object(let members):
            if members.isEmpty { out.raw("{}"); return }
            out.byte(0x7B)
            for (i, (key, item)) in members.enumerated() {
                if i > 0 { out.byte(0x2C) }
                if pretty { newline(indent + 1, into: &out) }
                string(key, into: &out)
                out.raw(pretty ? ": " : ":")
                writeValue(item, pretty: pretty, indent: indent + 1, into: &out)
            }
            if pretty { newline(indent, into: &out) }
            out.byte(0x7D)
        }
    }

    /// A JSON string: escapes `"`, `\`, control characters, DEL, C1 controls (libyaml reads
    /// U+0085 NEL as a line break), U+2028, U+2029 and U+FEFF, so a manifest read back as YAML
    /// yields the same strings.
    public static func string(_ s: String, into out: inout ByteWriter) {
        out.byte(0x22)
        var s = s
        s.withUTF8 { utf8 in
            var plain = true
            for b in utf8 where b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F || b == 0xC2 || b == 0xE2 || b == 0xEF {
                plain = false
                break
            }
            if plain {
                out.append(utf8)
            } else {
                escaped(Array(utf8), into: &out)
            }
        }
        out.byte(0x22)
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
            case 0xC2 where i + 1 < utf8.count && (0x80...0x9F).contains(utf8[i + 1]):
                unicodeEscape(UInt32(utf8[i + 1]), into: &out)
                i += 1
            case 0xE2 where i + 2 < utf8.count && utf8[i + 1] == 0x80 && (utf8[i + 2] == 0xA8 || utf8[i + 2] == 0xA9):
                unicodeEscape(utf8[i + 2] == 0xA8 ? 0x2028 : 0x2029, into: &out)
                i += 2
            case 0xEF where i + 2 < utf8.count && utf8[i + 1] == 0xBB && utf8[i + 2] == 0xBF:
                unicodeEscape(0xFEFF, into: &out)
                i += 2
            default: out.byte(b)
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
public struct JSONStream {
    public var out: ByteWriter
    /// Nesting depth, and one bit per depth: whether that container has members yet.
    private var depth = 0
    private var filled: UInt64 = 0

    public init(capacity: Int) {
        out = ByteWriter(capacity: capacity)
    }

    public mutating func open(_ bracket: StaticString) {
        out.raw(bracket)
        depth += 1
        filled &= ~(1 << UInt64(depth & 63))
    }

    /// Closes the innermost container (`}` or `]`); empty containers stay `{}` / `[]`.
    public mutating func close(_ bracket: StaticString) {
        let hadMembers = filled & (1 << UInt64(depth & 63)) != 0
        depth -= 1
        if hadMembers { JSONWriter.newline(depth, into: &out) }
        out.raw(bracket)
    }

    /// Starts the next array item.
    public mutating func item() {
        let bit: UInt64 = 1 << UInt64(depth & 63)
        if filled & bit != 0 { out.byte(0x2C) }
        filled |= bit
        JSONWriter.newline(depth, into: &out)
    }

    /// Starts the next object member. `name` is a plain ASCII key (no escaping needed).
    public mutating func key(_ name: StaticString) {
        let bit: UInt64 = 1 << UInt64(depth & 63)
        let comma = filled & bit != 0
        filled |= bit
        let spaces = 2 * max(depth, 0)
        name.withUTF8Buffer { out.storage.appendKey($0, comma: comma, spaces: spaces) }
    }

    /// Starts the next object member named by a runtime string (a spec key: plain ASCII).
    public mutating func key(_ name: String) {
        let bit: UInt64 = 1 << UInt64(depth & 63)
        let comma = filled & bit != 0
        filled |= bit
        let spaces = 2 * max(depth, 0)
        var name = name
        name.withUTF8 { out.storage.appendKey($0, comma: comma, spaces: spaces) }
    }

    public mutating func value(_ v: JSONValue) {
        JSONWriter.write(v, pretty: true, indent: depth, into: &out)
    }

    /// The next value, written as `value(.string(s))` would write it (no `JSONValue` made).
    public mutating func string(_ s: String) {
        JSONWriter.string(s, into: &out)
    }

    /// The next value, as `value(.number(x, decimals:))` would write it.
    public mutating func number(_ x: Double, decimals: Int) {
        out.num(x, decimals: decimals)
    }

    /// The next value, as `value(.int(i))` would write it.
    public mutating func int(_ i: Int) {
        out.int(i)
    }

    /// The next value, as `value(.bool(b))` would write it.
    public mutating func bool(_ b: Bool) {
        out.raw(b ? "true" : "false")
    }

    public mutating func member(_ name: StaticString, _ v: JSONValue) {
        key(name)
        value(v)
    }

    public mutating func member(_ name: StaticString, string: String) {
        key(name)
        self.string(string)
    }

    public mutating func member(_ name: StaticString, number: Double, decimals: Int = 3) {
        key(name)
        self.number(number, decimals: decimals)
    }
}
