import PieDiagnostics

/// An append-only UTF-8 output buffer. Every output file is built in one of these (linear in
/// its size, no repeated concatenation of large strings).
struct ByteWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends trusted text (markup, CSS, generated names) verbatim.
    mutating func raw(_ s: String) {
        bytes.append(contentsOf: s.utf8)
    }

    mutating func raw(_ other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    /// Appends a number through `formatNumber` (3 decimals by default).
    mutating func num(_ value: Double, decimals: Int = 3) {
        raw(formatNumber(value, decimals: decimals))
    }

    mutating func int(_ value: Int) {
        raw(String(value))
    }

    /// Appends user text escaped for XML/HTML text content or a quoted attribute value.
    mutating func text(_ s: String) {
        XMLEscape.append(s, to: &bytes)
    }

    /// The bytes as a string (tests and debugging).
    var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// Escaping of user text for XML 1.0 (and HTML): `& < > " '` become references, characters
/// XML 1.0 does not allow are dropped, and tab/newline/carriage return become character
/// references so attribute values keep them.
public enum XMLEscape {
    /// Whether `scalar` may appear in an XML 1.0 document.
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: return true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// `s` escaped for XML text and double- or single-quoted attribute values.
    public static func escape(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func append(_ s: String, to out: inout [UInt8]) {
        // Fast path: nothing to escape.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0xEF }) {
            out.append(contentsOf: s.utf8)
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".utf8)
            case "<": out.append(contentsOf: "&lt;".utf8)
            case ">": out.append(contentsOf: "&gt;".utf8)
            case "\"": out.append(contentsOf: "&quot;".utf8)
            case "'": out.append(contentsOf: "&#39;".utf8)
            case "\t": out.append(contentsOf: "&#9;".utf8)
            case "\n": out.append(contentsOf: "&#10;".utf8)
            case "\r": out.append(contentsOf: "&#13;".utf8)
            default:
                guard isAllowed(scalar) else { continue }
                out.append(contentsOf: String(scalar).utf8)
            }
        }
    }
}
