/// An ordered JSON value with a deterministic serializer: object keys keep insertion
/// order, numbers use piec's fixed formatting (`formatNumber`), strings escape what JSON
/// requires plus what libyaml would not read back (`JSONWriter.string`).
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
    /// The text of `JSONWriter.write`, the one JSON writer.
    public func serialized(pretty: Bool = false) -> String {
        var out = ByteWriter(capacity: 256)
        JSONWriter.write(self, pretty: pretty, into: &out)
        return out.string
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }
}
