import PieJSON

/// Where a canonical value goes. A key's value is needed in two forms: a `JSONValue` (the
/// canonical spec as a tree: `canonicalJSON()`, the change report's comparisons, the schema's
/// defaults) and bytes in a `JSONStream` (the manifest streams the canonical spec of every
/// build). Each scalar kind writes its value once, through this protocol (`CanonicalForm`), so
/// the two forms cannot disagree.
protocol CanonicalSink {
    mutating func string(_ s: String)
    mutating func number(_ x: Double, decimals: Int)
    mutating func int(_ i: Int)
    mutating func bool(_ b: Bool)
    /// A string whose text `body` writes as bytes: ASCII that JSON never escapes (a colour's
    /// hex digits, a number and its unit), so no `String` is made on the way to a stream.
    mutating func plainString(_ body: (inout ByteWriter) -> Void)
}

/// Catches the one value a form writes, as a `JSONValue`.
struct TreeSink: CanonicalSink {
    var value: JSONValue = .null
    mutating func string(_ s: String) { value = .string(s) }
    mutating func number(_ x: Double, decimals: Int) { value = .number(x, decimals: decimals) }
    mutating func int(_ i: Int) { value = .int(i) }
    mutating func bool(_ b: Bool) { value = .bool(b) }
    mutating func plainString(_ body: (inout ByteWriter) -> Void) {
        var w = ByteWriter(capacity: 16)
        body(&w)
        value = .string(w.string)
    }
}

/// The manifest's stream: `string`, `number`, `int` and `bool` are its own value writers
/// (`JSONWriter`'s bytes for the same `JSONValue`).
extension JSONStream: CanonicalSink {
    mutating func plainString(_ body: (inout ByteWriter) -> Void) {
        out.byte(0x22)
        body(&out)
        out.byte(0x22)
    }

    /// The next value, a colour as the canonical spec writes it (`"#rrggbb"`).
    public mutating func color(_ c: Color) {
        ColorForm.emit(c, into: &self)
    }
}

/// How one scalar kind writes its canonical value, the same for both sinks.
protocol CanonicalForm: Sendable {
    associatedtype Value: Sendable
    static func emit<S: CanonicalSink>(_ v: Value, into s: inout S)
}

extension CanonicalForm {
    /// The value as a `JSONValue` (the tree form).
    static func tree(_ v: Value) -> JSONValue {
        var t = TreeSink()
        emit(v, into: &t)
        return t.value
    }
}

/// Numbers: up to 9 decimals, fixed format.
enum NumberForm: CanonicalForm {
    static func emit<S: CanonicalSink>(_ v: Double, into s: inout S) { s.number(v, decimals: 9) }
}

enum IntegerForm: CanonicalForm {
    static func emit<S: CanonicalSink>(_ v: Int, into s: inout S) { s.int(v) }
}

enum BooleanForm: CanonicalForm {
    static func emit<S: CanonicalSink>(_ v: Bool, into s: inout S) { s.bool(v) }
}

/// Text and identifiers, as written.
enum TextForm: CanonicalForm {
    static func emit<S: CanonicalSink>(_ v: String, into s: inout S) { s.string(v) }
}

/// A choice by its name.
enum ChoiceForm<E: RawRepresentable & Sendable>: CanonicalForm where E.RawValue == String {
    static func emit<S: CanonicalSink>(_ v: E, into s: inout S) { s.string(v.rawValue) }
}

/// `#rrggbb`, or `#rrggbbaa` when translucent (`Color.hex`).
enum ColorForm: CanonicalForm {
    static func emit<S: CanonicalSink>(_ v: Color, into s: inout S) { s.plainString { $0.hex(v) } }
}

/// A label template by its source text.
enum TemplateForm: CanonicalForm {
    static func emit<S: CanonicalSink>(_ v: LabelTemplate, into s: inout S) { s.string(v.source) }
}

/// Milliseconds with their unit: `"800ms"`.
enum DurationForm: CanonicalForm {
    static func emit<S: CanonicalSink>(_ v: Double, into s: inout S) {
        s.plainString {
            $0.num(v, decimals: 3)
            $0.raw("ms")
        }
    }
}
