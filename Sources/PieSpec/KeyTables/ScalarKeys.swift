import PieDiagnostics
import PieJSON
import PieYAML

/// The typed constructors of `Keys`' entries: one per scalar kind, each for a plain and an
/// optional field. A constructor types the YAML node (`Lowering`'s typer of its kind) and
/// stores it through `FieldAccess`; its canonical value, as a tree and as stream bytes, is its
/// `CanonicalForm`'s.
extension KeySpec {
    static func make<R: KeyRoot>(_ root: R.Type, _ name: String, _ kind: ValueKind, required: Bool = false, omitDefault: Bool = false,
                                 documentsDefault: Bool = true, change: ChangeRule, _ doc: String,
                                 lower: @escaping @Sendable (inout Lowering, YAMLNode, KeySpec, KeyPlace, inout R) -> Void,
                                 json: @escaping @Sendable (R) -> JSONValue?,
                                 write: @escaping KeyBinding<R>.Write) -> KeySpec {
        KeySpec(name: name, kind: kind, required: required, defaultValue: required || !documentsDefault ? nil : json(R.defaults),
                change: change, doc: doc, bound: R.bound(KeyBinding(lower: lower, json: json, omitDefault: omitDefault, write: write)))
    }

    /// A key of one scalar kind bound to a plain field: `form` gives both its tree and its
    /// stream form; the stream leaves the key out while it equals its default (`omitDefault`).
    private static func scalar<R: KeyRoot, F: CanonicalForm>(
        _ name: String, _ field: FieldAccess<R, F.Value>, _ form: F.Type, _ kind: ValueKind, required: Bool = false,
        omitDefault: Bool = false, documentsDefault: Bool = true, change: ChangeRule, _ doc: String,
        lower: @escaping @Sendable (inout Lowering, YAMLNode, KeySpec, KeyPlace, inout R) -> Void
    ) -> KeySpec where F.Value: Equatable {
        let omitted = omitDefault ? field(R.defaults) : nil
        return make(R.self, name, kind, required: required, omitDefault: omitDefault, documentsDefault: documentsDefault,
                    change: change, doc, lower: lower,
                    json: { F.tree(field($0)) },
                    write: { p, name, j in
                        let v = field.read(p)
                        if let omitted, v == omitted { return }
                        j.key(name)
                        F.emit(v, into: &j)
                    })
    }

    /// `scalar` for an optional field: left out while it is nil.
    private static func scalar<R: KeyRoot, F: CanonicalForm>(
        _ name: String, _ field: FieldAccess<R, F.Value?>, _ form: F.Type, _ kind: ValueKind, required: Bool = false,
        change: ChangeRule, _ doc: String,
        lower: @escaping @Sendable (inout Lowering, YAMLNode, KeySpec, KeyPlace, inout R) -> Void
    ) -> KeySpec {
        make(R.self, name, kind, required: required, change: change, doc, lower: lower,
             json: { field($0).map(F.tree) },
             write: { p, name, j in
                 guard let v = field.read(p) else { return }
                 j.key(name)
                 F.emit(v, into: &j)
             })
    }

    static func number<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Double>, min: Double, max: Double, exclusiveMin: Bool = false,
                                   required: Bool = false, omitDefault: Bool = false, change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return scalar(name, field, NumberForm.self, .number(min: min, max: max, exclusiveMin: exclusiveMin), required: required,
                      omitDefault: omitDefault, change: change, doc,
                      lower: { l, node, key, at, r in if let x = l.number(node, key, path: at.path) { field.set(&r, x) } })
    }

    static func number<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Double?>, min: Double, max: Double, exclusiveMin: Bool = false,
                                   required: Bool = false, change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return scalar(name, field, NumberForm.self, .number(min: min, max: max, exclusiveMin: exclusiveMin), required: required,
                      change: change, doc,
                      lower: { l, node, key, at, r in if let x = l.number(node, key, path: at.path) { field.set(&r, x) } })
    }

    static func integer<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Int>, min: Int, max: Int,
                                    change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return scalar(name, field, IntegerForm.self, .integer(min: min, max: max), change: change, doc,
                      lower: { l, node, key, at, r in if let x = l.integer(node, key, path: at.path) { field.set(&r, x) } })
    }

    static func integer<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Int?>, min: Int, max: Int,
                                    change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return scalar(name, field, IntegerForm.self, .integer(min: min, max: max), change: change, doc,
                      lower: { l, node, key, at, r in if let x = l.integer(node, key, path: at.path) { field.set(&r, x) } })
    }

    static func text<R: KeyRoot>(_ name: String, _ p: FieldPath<R, String>, maxLength: Int, required: Bool = false,
                                 omitDefault: Bool = false, change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return scalar(name, field, TextForm.self, .text(maxLength: maxLength), required: required, omitDefault: omitDefault, change: change, doc,
                      lower: { l, node, key, at, r in if let x = l.text(node, key, path: at.path) { field.set(&r, x) } })
    }

    static func text<R: KeyRoot>(_ name: String, _ p: FieldPath<R, String?>, maxLength: Int, required: Bool = false,
                                 change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return scalar(name, field, TextForm.self, .text(maxLength: maxLength), required: required, change: change, doc,
                      lower: { l, node, key, at, r in if let x = l.text(node, key, path: at.path) { field.set(&r, x) } })
    }

    /// An id (`[a-z0-9][a-z0-9_-]*`, `_` only when `allowUnderscore`).
    static func identifier<R: KeyRoot>(_ name: String, _ p: FieldPath<R, String>, allowUnderscore: Bool, documentsDefault: Bool = true,
                                       change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return scalar(name, field, TextForm.self, .identifier(allowUnderscore: allowUnderscore), documentsDefault: documentsDefault,
                      change: change, doc,
                      lower: { l, node, key, at, r in if let x = l.identifier(node, key, path: at.path) { field.set(&r, x) } })
    }

    /// An optional id (a sunburst slice's `parent`): nil when not written.
    static func identifier<R: KeyRoot>(_ name: String, _ p: FieldPath<R, String?>, allowUnderscore: Bool,
                                       change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return scalar(name, field, TextForm.self, .identifier(allowUnderscore: allowUnderscore), change: change, doc,
                      lower: { l, node, key, at, r in if let x = l.identifier(node, key, path: at.path) { field.set(&r, x) } })
    }

    static func choice<R: KeyRoot, E: RawRepresentable & CaseIterable & Equatable & Sendable>(
        _ name: String, _ p: FieldPath<R, E>, omitDefault: Bool = false, change: ChangeRule = .reported(), _ doc: String
    ) -> KeySpec where E.RawValue == String {
        let field = FieldAccess(p)
        return scalar(name, field, ChoiceForm<E>.self, .choice(E.allCases.map(\.rawValue)), omitDefault: omitDefault, change: change, doc,
                      lower: { l, node, key, at, r in if let x = l.choice(node, key, path: at.path) { field.set(&r, E(rawValue: x)!) } })
    }

    /// A choice the canonical spec leaves out where it does not apply (`appliesWhen` is false
    /// for the mapping it is in), so a canonical spec never holds a key its lowering refuses.
    static func choice<R: KeyRoot, E: RawRepresentable & CaseIterable & Equatable & Sendable>(
        _ name: String, _ p: FieldPath<R, E>, change: ChangeRule = .reported(), _ doc: String,
        appliesWhen applies: @escaping @Sendable (R) -> Bool
    ) -> KeySpec where E.RawValue == String {
        let field = FieldAccess(p)
        return make(R.self, name, .choice(E.allCases.map(\.rawValue)), change: change, doc,
                    lower: { l, node, key, at, r in if let x = l.choice(node, key, path: at.path) { field.set(&r, E(rawValue: x)!) } },
                    json: { applies($0) ? ChoiceForm<E>.tree(field($0)) : nil },
                    write: { p, name, j in
                        guard applies(p.pointee) else { return }
                        j.key(name)
                        ChoiceForm<E>.emit(field.read(p), into: &j)
                    })
    }

    static func choice<R: KeyRoot, E: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ p: FieldPath<R, E?>, change: ChangeRule = .reported(), _ doc: String
    ) -> KeySpec where E.RawValue == String {
        let field = FieldAccess(p)
        return scalar(name, field, ChoiceForm<E>.self, .choice(E.allCases.map(\.rawValue)), change: change, doc,
                      lower: { l, node, key, at, r in if let x = l.choice(node, key, path: at.path) { field.set(&r, E(rawValue: x)!) } })
    }

    static func boolean<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Bool>, omitDefault: Bool = false,
                                    change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return scalar(name, field, BooleanForm.self, .boolean, omitDefault: omitDefault, change: change, doc,
                      lower: { l, node, _, at, r in if let x = l.boolean(node, path: at.path) { field.set(&r, x) } })
    }

    /// `opaque`: the colour paints slices (see `Lowering.color`).
    static func color<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Color>, opaque: Bool = false,
                                  change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return scalar(name, field, ColorForm.self, .color, change: change, doc,
                      lower: { l, node, _, at, r in if let x = l.color(node, path: at.path, opaque: opaque) { field.set(&r, x) } })
    }

    static func color<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Color?>, opaque: Bool = false,
                                  change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return scalar(name, field, ColorForm.self, .color, change: change, doc,
                      lower: { l, node, _, at, r in if let x = l.color(node, path: at.path, opaque: opaque) { field.set(&r, x) } })
    }

    static func template<R: KeyRoot>(_ name: String, _ p: FieldPath<R, LabelTemplate>,
                                     change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return scalar(name, field, TemplateForm.self, .template, change: change, doc,
                      lower: { l, node, _, at, r in if let x = l.template(node, path: at.path) { field.set(&r, x) } })
    }

    static func template<R: KeyRoot>(_ name: String, _ p: FieldPath<R, LabelTemplate?>,
                                     change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return scalar(name, field, TemplateForm.self, .template, change: change, doc,
                      lower: { l, node, _, at, r in if let x = l.template(node, path: at.path) { field.set(&r, x) } })
    }

    /// Milliseconds, written `800ms` in the canonical spec.
    static func duration<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Double>, maxMilliseconds: Double,
                                     change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return scalar(name, field, DurationForm.self, .duration(maxMilliseconds: maxMilliseconds), change: change, doc,
                      lower: { l, node, key, at, r in if let x = l.duration(node, key, path: at.path) { field.set(&r, x) } })
    }
}
