/// A strict JSON reader (RFC 8259) into `JSONValue`, for documents other programs hand piec
/// (mdBook's book): object members keep their order, whole numbers in Int's range are `.int`,
/// other numbers `.number` (printed back with up to 15 decimals). Nesting deeper than
/// `maxDepth` and anything after the value but whitespace are errors.
public enum JSONParser {
    public static let maxDepth = 512

    public struct Failure: Error, Sendable, Equatable {
        /// Byte offset of the problem.
        public var offset: Int
        public var message: String
    }

    public static func parse(_ bytes: [UInt8]) -> Result<JSONValue, Failure> {
        var reader = Reader(bytes: bytes)
        do {
            reader.skipSpace()
            let value = try reader.value(depth: 0)
            reader.skipSpace()
            guard reader.i == bytes.count else { throw Failure(offset: reader.i, message: "unexpected text after the JSON value") }
            return .success(value)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(offset: reader.i, message: "\(error)"))
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var i = 0

        func fail(_ message: String) -> Failure { Failure(offset: i, message: message) }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        mutating func literal(_ word: StaticString, _ value: JSONValue) throws -> JSONValue {
            let n = word.utf8CodeUnitCount
            guard i + n <= bytes.count, word.withUTF8Buffer({ bytes[i..<(i + n)].elementsEqual($0) }) else {
                throw fail("expected a JSON value")
            }
            i += n
            return value
        }

        mutating func value(depth: Int) throws -> JSONValue {
            guard depth < JSONParser.maxDepth else { throw fail("nested deeper than \(JSONParser.maxDepth) levels") }
            guard i < bytes.count else { throw fail("the JSON ends where a value should be") }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var members: [(String, JSONValue)] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a member name in quotes") }
                    let key = try string()
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected `:` after a member name") }
                    i += 1
                    skipSpace()
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard i < bytes.count else { throw fail("the JSON ends inside an object") }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
                    guard bytes[i] == UInt8(ascii: ",") else { throw fail("expected `,` or `}` in an object") }
                    i += 1
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [JSONValue] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard i < bytes.count else { throw fail("the JSON ends inside an array") }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                    guard bytes[i] == UInt8(ascii: ",") else { throw fail("expected `,` or `]` in an array") }
                    i += 1
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: return try number()
            }
        }

        mutating func number() throws -> JSONValue {
            let start = i
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
            func digits() -> Int {
                let from = i
                while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
                return i - from
            }
            let whole = i
            guard digits() > 0 else { throw fail("expected a JSON value") }
            if bytes[whole] == 0x30, i - whole > 1 { throw Failure(offset: whole, message: "a number may not start with 0") }
            var integral = true
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                integral = false
                guard digits() > 0 else { throw fail("expected digits after `.`") }
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                i += 1
                integral = false
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { throw fail("expected digits in the exponent") }
            }
            let text = String(decoding: bytes[start..<i], as: UTF8.self)
            if integral, let n = Int(text) { return .int(n) }
            guard let d = Double(text), d.isFinite else { throw Failure(offset: start, message: "the number \(text) is out of range") }
            return .number(d, decimals: 15)
        }

        /// A string from its opening quote; escapes decoded, surrogate pairs joined.
        mutating func string() throws -> String {
            i += 1
            var out: [UInt8] = []
            while true {
                let from = i
                while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
                out += bytes[from..<i]
                guard i < bytes.count else { throw fail("the JSON ends inside a string") }
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    i += 1
                    guard let text = String(validating: out, as: UTF8.self) else { throw fail("a string is not UTF-8") }
                    return text
                case UInt8(ascii: "\\"):
                    i += 1
                    guard i < bytes.count else { throw fail("the JSON ends inside a string") }
                    let c = bytes[i]
                    i += 1
                    switch c {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(c)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800...0xDBFF).contains(scalar) {
                            guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                                throw fail("a lone surrogate in a \\u escape")
                            }
                            i += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate in a \\u escape") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else if (0xDC00...0xDFFF).contains(scalar) {
                            throw fail("a lone surrogate in a \\u escape")
                        }
                        out += Array(String(Unicode.Scalar(scalar)!).utf8)
                    default: throw Failure(offset: i - 1, message: "an unknown escape `\\\(Character(Unicode.Scalar(c)))`")
                    }
                default: throw fail("a control character in a string (escape it)")
                }
            }
        }

        mutating func hex4() throws -> UInt32 {
            guard i + 4 <= bytes.count else { throw fail("a \\u escape needs four hex digits") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[i]
                let d: UInt32
                switch c {
                case 0x30...0x39: d = UInt32(c - 0x30)
                case 0x41...0x46: d = UInt32(c - 0x41 + 10)
                case 0x61...0x66: d = UInt32(c - 0x61 + 10)
                default: throw fail("a \\u escape needs four hex digits")
                }
                v = v * 16 + d
                i += 1
            }
            return v
        }
    }
}
