/// The JSON reading the driver needs, without a JSON tree: piec's own files are read back only
/// for what they end with, so a manifest of tens of MiB is not parsed to find its file list.
public enum JSONReader {
    /// The strings of `name` when it is the last member of the object that `bytes` holds:
    /// `"name": [ "a", ... ]` (strings without escapes) then the closing `}` and only
    /// whitespace. Nil for any other shape.
    public static func lastMemberStrings(_ name: String, in bytes: [UInt8]) -> [String]? {
        let key = Array(("\"" + name + "\":").utf8)
        guard bytes.count > key.count else { return nil }
        var start: Int?
        for i in stride(from: bytes.count - key.count, through: 0, by: -1) where bytes[i] == key[0] {
            if bytes[i..<(i + key.count)].elementsEqual(key) { start = i + key.count; break }
        }
        guard var i = start else { return nil }
        func skipSpace() { while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 } }
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "[") else { return nil }
        i += 1
        var names: [String] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1 } else {
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
                let from = i + 1
                i = from
                while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
                names.append(String(decoding: bytes[from..<i], as: UTF8.self))
                i += 1
                skipSpace()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: "]") { i += 1; break }
                guard bytes[i] == UInt8(ascii: ",") else { return nil }
                i += 1
            }
        }
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "}") else { return nil }
        i += 1
        skipSpace()
        return i == bytes.count ? names : nil
    }
}
