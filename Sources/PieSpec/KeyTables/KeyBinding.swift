import PieDiagnostics
import PieJSON
import PieYAML

/// Where a key sits, for messages: `chart.size`, `slices[3].value`. The text is built only
/// when a message needs it (slices are lowered 100,000 times).
struct KeyPlace {
    let section: String
    /// The slice's index, for keys of a slice.
    let slice: Int?
    let name: String
    var path: String {
        if let slice { return "slices[\(slice)].\(name)" }
        return section.isEmpty ? name : "\(section).\(name)"
    }
}

/// What one key does with the value that holds it: type a YAML node and store it, and read it
/// back as canonical JSON.
final class KeyBinding<Root>: Sendable {
    /// Types `node` and stores the result in `root`, or reports what is wrong (and stores nothing).
    let lower: @Sendable (inout Lowering, YAMLNode, KeySpec, KeyPlace, inout Root) -> Void
    /// The value in the canonical spec; nil when unset (an optional field that is nil).
    let json: @Sendable (Root) -> JSONValue?
    /// The canonical spec leaves the key out while it holds its default (keys added after
    /// version 1 shipped, so canonical specs written before them stay byte-identical).
    let omitDefault: Bool
    /// The value at `Root.defaults`, for `omitDefault`.
    let defaultJSON: JSONValue?
    /// Writes the member (key and value) of the value at the pointer straight into a stream,
    /// or nothing when the canonical spec leaves it out: the manifest streams the canonical spec
    /// (`writeCanonical`) instead of building its tree. Every constructor reads only its own
    /// field through the pointer: typed keys write it with their `CanonicalForm` (the same
    /// emitter that gives `json`), custom keys write what `json` gives for it.
    let write: Write
    typealias Write = @Sendable (UnsafePointer<Root>, String, inout JSONStream) -> Void

    init(lower: @escaping @Sendable (inout Lowering, YAMLNode, KeySpec, KeyPlace, inout Root) -> Void,
         json: @escaping @Sendable (Root) -> JSONValue?, omitDefault: Bool, write: @escaping Write) where Root: KeyRoot {
        self.lower = lower
        self.json = json
        self.omitDefault = omitDefault
        self.defaultJSON = omitDefault ? json(Root.defaults) : nil
        self.write = write
    }

    /// Whether the canonical spec leaves `value` out (`omitDefault` and it is the default).
    func omits(_ value: JSONValue) -> Bool {
        guard omitDefault, let d = defaultJSON else { return false }
        switch (value, d) {
        case (.number(let a, _), .number(let b, _)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        default: return value == d
        }
    }
}
