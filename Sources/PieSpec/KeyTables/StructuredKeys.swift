import PieDiagnostics
import PieJSON
import PieYAML

/// Keys whose value is not one scalar kind: inputs read by a lowering of their own, custom
/// keys (their own typing and canonical form), and sections.
extension KeySpec {
    /// A key read by a lowering of its own that stores something else (`data.file`: the
    /// slices it reads). Its default, if any, is documentation only.
    static func input(_ name: String, _ kind: ValueKind, required: Bool = false, default defaultValue: JSONValue? = nil,
                      _ doc: String) -> KeySpec {
        KeySpec(name: name, kind: kind, required: required, defaultValue: defaultValue, change: .silent, doc: doc, bound: .input)
    }

    /// Whether this key is an `input` (no binding).
    var isInput: Bool { if case .input = bound { true } else { false } }

    /// A key bound to the field at `p` whose typing is its own (the version, ids, palettes,
    /// lists): `lower` types and stores it, `json` gives the field's canonical value (nil: left
    /// out), `write` (when given) streams it faster than writing what `json` gives.
    /// `omitDefault`: the canonical spec leaves the key out while its value is the default's.
    static func custom<R: KeyRoot, V>(_ name: String, _ p: FieldPath<R, V>, _ kind: ValueKind, required: Bool = false,
                                      omitDefault: Bool = false, documentsDefault: Bool = true, change: ChangeRule = .reported(), _ doc: String,
                                      lower: @escaping @Sendable (inout Lowering, YAMLNode, KeySpec, KeyPlace, inout R) -> Void,
                                      json: @escaping @Sendable (V) -> JSONValue?,
                                      write: KeyBinding<R>.Write? = nil) -> KeySpec {
        let field = FieldAccess(p)
        let omitted = omitDefault ? json(field(R.defaults)) : nil
        return make(R.self, name, kind, required: required, omitDefault: omitDefault, documentsDefault: documentsDefault, change: change, doc,
                    lower: lower,
                    json: { json(field($0)) },
                    write: write ?? { p, name, j in
                        // The field alone is read (never a copy of the whole slice or section).
                        guard let v = json(field.read(p)), omitted == nil || v != omitted else { return }
                        j.key(name)
                        j.value(v)
                    })
    }

    /// A mapping whose keys are `table`'s, filling the section value at `p` (always present:
    /// its defaults when not written).
    static func section<R: KeyRoot, S: KeyRoot>(_ name: String, _ table: KeyTable, _ p: FieldPath<R, S>, _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return KeySpec(name: name, kind: .object(table), required: false, defaultValue: nil, change: .silent, doc: doc,
                bound: R.bound(KeyBinding(
                    lower: { l, node, _, at, r in field.update(&r) { _ = l.lowerFields(node, table, path: at.path, into: &$0) } },
                    json: { .object(table.canonical(field($0))) }, omitDefault: false,
                    write: { p, name, j in
                        j.key(name)
                        table.writeCanonical(field.pointer(p), into: &j)
                    })))
    }

    /// A mapping that turns a feature on (`chart.other`): nil when not written, `S.defaults`
    /// (then its keys) when written.
    static func optionalSection<R: KeyRoot, S: KeyRoot>(_ name: String, _ table: KeyTable, _ p: FieldPath<R, S?>,
                                                        change: ChangeRule, _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return KeySpec(name: name, kind: .object(table), required: false, defaultValue: nil, change: change, doc: doc,
                bound: R.bound(KeyBinding(
                    lower: { l, node, _, at, r in
                        var section = S.defaults
                        if l.lowerFields(node, table, path: at.path, into: &section) { field.set(&r, section) }
                    },
                    json: { field($0).map { .object(table.canonical($0)) } }, omitDefault: false,
                    write: { p, name, j in
                        guard let section = field.read(p) else { return }
                        j.key(name)
                        withUnsafePointer(to: section) { table.writeCanonical($0, into: &j) }
                    })))
    }
}
