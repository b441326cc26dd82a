import PieJSON

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
        var out = ByteWriter(capacity: s.utf8.count + 16)
        append(s, to: &out)
        return out.string
    }

    static func append(_ s: String, to out: inout ByteWriter) {
        var s = s
        let plain = s.withUTF8 { utf8 -> Bool in
            for b in utf8 where b < 0x20 || b == 0x26 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x27 || b == 0xEF {
                return false
            }
            out.append(utf8)
            return true
        }
        if plain { return }
        // Byte by byte (no String per character): ASCII specials become references, other
        // control characters are dropped, and so are U+FFFE/U+FFFF (EF BF BE/BF in UTF-8), the
        // only characters of a Swift string above 0x1F that XML 1.0 does not allow.
        s.withUTF8 { utf8 in
            var i = 0
            while i < utf8.count {
                let b = utf8[i]
                switch b {
                case 0x26: out.raw("&amp;")
                case 0x3C: out.raw("&lt;")
                case 0x3E: out.raw("&gt;")
                case 0x22: out.raw("&quot;")
                case 0x27: out.raw("&#39;")
                case 0x09: out.raw("&#9;")
                case 0x0A: out.raw("&#10;")
                case 0x0D: out.raw("&#13;")
                case ..<0x20: break
                case 0xEF where i + 2 < utf8.count && utf8[i + 1] == 0xBF && (utf8[i + 2] == 0xBE || utf8[i + 2] == 0xBF):
                    i += 3
                    continue
                default: out.byte(b)
                }
                i += 1
            }
        }
    }
}

extension ByteWriter {
    /// Appends user text escaped for XML/HTML text content or a quoted attribute value.
    mutating func text(_ s: String) {
        XMLEscape.append(s, to: &self)
    }
}
