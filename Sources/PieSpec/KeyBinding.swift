import PieDiagnostics
import PieJSON
import PieYAML

/// A key path a static key table can hold (a literal such as `\ChartOptions.size` captures
/// nothing, so it is Sendable).
public typealias FieldPath<Root, Value> = WritableKeyPath<Root, Value> & Sendable

/// A value that a key table fills: `ChartSpec` (the top level), each section's options
/// (`ChartOptions`, `ThemeOptions`, ...) and `SliceSpec`. A table's bindings are typed by the
/// value of its own section, so a key path is one stored property (cheap to read and write:
/// the canonical spec reads every key of every spec).
protocol KeyRoot: Sendable {
    /// Every field at its default.
    static var defaults: Self { get }
    /// `key`'s binding to this type, nil when the key is bound to another type.
    static func binding(of key: KeySpec) -> KeyBinding<Self>?
    static func bound(_ binding: KeyBinding<Self>) -> KeySpec.Bound
}

extension KeySpec {
    /// The binding of a key, by the type of value its table fills.
    enum Bound: Sendable {
        case spec(KeyBinding<ChartSpec>)
        case chart(KeyBinding<ChartOptions>)
        case other(KeyBinding<OtherOptions>)
        case labels(KeyBinding<LabelOptions>)
        case format(KeyBinding<FormatOptions>)
        case legend(KeyBinding<LegendOptions>)
        case theme(KeyBinding<ThemeOptions>)
        case stroke(KeyBinding<StrokeOptions>)
        case animation(KeyBinding<AnimationOptions>)
        case slice(KeyBinding<SliceSpec>)
        case ring(KeyBinding<RingSpec>)
        /// Read by a lowering of its own and not stored in the spec (`data:`, whose slices the
        /// canonical spec holds instead): no binding, never in the canonical spec or a report.
        case input
    }
}

extension ChartSpec: KeyRoot {
    static let defaults = ChartSpec(id: "")
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .spec(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .spec(b) }
}
extension ChartOptions: KeyRoot {
    static let defaults = ChartOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .chart(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .chart(b) }
}
extension OtherOptions: KeyRoot {
    static let defaults = OtherOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .other(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .other(b) }
}
extension LabelOptions: KeyRoot {
    static let defaults = LabelOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .labels(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .labels(b) }
}
extension FormatOptions: KeyRoot {
    static let defaults = FormatOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .format(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .format(b) }
}
extension LegendOptions: KeyRoot {
    static let defaults = LegendOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .legend(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .legend(b) }
}
extension ThemeOptions: KeyRoot {
    static let defaults = ThemeOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .theme(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .theme(b) }
}
extension StrokeOptions: KeyRoot {
    static let defaults = StrokeOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .stroke(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .stroke(b) }
}
extension AnimationOptions: KeyRoot {
    static let defaults = AnimationOptions()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .animation(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .animation(b) }
}
extension SliceSpec: KeyRoot {
    static let defaults = SliceSpec(id: "", label: "", value: 0)
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .slice(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .slice(b) }
}

extension RingSpec: KeyRoot {
    static let defaults = RingSpec(id: "", label: "")
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .ring(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .ring(b) }
}

/// Reads and writes the stored property a key path names, at its offset
/// (`MemoryLayout.offset(of:)`, taken once when the table is built). The key path runtime looks
/// up generic metadata on every access; lowering writes and the canonical spec reads every key
/// of every spec and slice, and those lookups were most of their cost. Key tables bind stored
/// properties only (checked here), whose memory is the property's own type inside `Root`.
struct FieldAccess<Root, Value>: Sendable {
    let offset: Int
    init(_ p: FieldPath<Root, Value>) {
        guard let offset = MemoryLayout<Root>.offset(of: p) else {
            preconditionFailure("a key table binds a computed property: \(p)")
        }
        self.offset = offset
    }
    func callAsFunction(_ root: Root) -> Value {
        withUnsafePointer(to: root) { read($0) }
    }
    /// The property of the value at `p`: only the property is copied, not the whole value
    /// (copying a slice retains its strings; the canonical spec reads every key of every slice).
    func read(_ p: UnsafePointer<Root>) -> Value {
        UnsafeRawPointer(p).load(fromByteOffset: offset, as: Value.self)
    }
    /// Where the property of the value at `p` is (a section, written in place).
    func pointer(_ p: UnsafePointer<Root>) -> UnsafePointer<Value> {
        (UnsafeRawPointer(p) + offset).assumingMemoryBound(to: Value.self)
    }
    /// Runs `body` on the property in place (an assignment, or lowering into a section).
    func update<T>(_ root: inout Root, _ body: (inout Value) -> T) -> T {
        withUnsafeMutablePointer(to: &root) { pointer in
            body(&UnsafeMutableRawPointer(pointer).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee)
        }
    }
    func set(_ root: inout Root, _ value: Value) {
        update(&root) { $0 = value }
    }
}

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
    /// field through the pointer: typed keys write its text directly, custom keys what `json`
    /// gives for it.
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

/// Whether a change of a key between two versions appears in the change report (`piec diff`,
/// the manifest's `changes`, the sentence in `<desc>`). Chosen per key in `Keys`, so a new key
/// is reported unless it says why not.
public enum ChangeRule: Sendable, Equatable {
    /// Not a change of its own: its effect is reported another way (a slice's `id` as a
    /// rename, `chart.other` as merges and splits) or it changes nothing a reader sees.
    case silent
    /// Reported under `name` (nil: the key's own name in `chart`, `section.key` elsewhere);
    /// keys sharing a name are one change whose values are joined by a space. `sentence`:
    /// also in the plain sentence for readers (data and geometry, not styling).
    case reported(as: String? = nil, sentence: Bool = true)
}

extension KeySpec {
    private static func make<R: KeyRoot>(_ root: R.Type, _ name: String, _ kind: ValueKind, required: Bool = false, omitDefault: Bool = false,
                                         documentsDefault: Bool = true, change: ChangeRule, _ doc: String,
                                         lower: @escaping @Sendable (inout Lowering, YAMLNode, KeySpec, KeyPlace, inout R) -> Void,
                                         json: @escaping @Sendable (R) -> JSONValue?,
                                         write: @escaping KeyBinding<R>.Write) -> KeySpec {
        KeySpec(name: name, kind: kind, required: required, defaultValue: required || !documentsDefault ? nil : json(R.defaults),
                change: change, doc: doc, bound: R.bound(KeyBinding(lower: lower, json: json, omitDefault: omitDefault, write: write)))
    }

    /// Canonical numbers: up to 9 decimals, fixed format.
    static func num(_ v: Double) -> JSONValue { .number(v, decimals: 9) }

    /// The canonical writer of a typed field: reads it in place and writes its text with `emit`
    /// (the same bytes `json` gives); nothing while it equals `d` (an `omitDefault` key).
    private static func writer<R, V: Equatable & Sendable>(_ field: FieldAccess<R, V>, omitting d: V? = nil,
                                                           _ emit: @escaping @Sendable (V, inout JSONStream) -> Void) -> KeyBinding<R>.Write {
        { p, name, j in
            let v = field.read(p)
            if let d, v == d { return }
            j.key(name)
            emit(v, &j)
        }
    }

    /// `writer` for an optional field: nothing while it is nil.
    private static func optionalWriter<R, V>(_ field: FieldAccess<R, V?>,
                                             _ emit: @escaping @Sendable (V, inout JSONStream) -> Void) -> KeyBinding<R>.Write {
        { p, name, j in
            guard let v = field.read(p) else { return }
            j.key(name)
            emit(v, &j)
        }
    }

    static func number<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Double>, min: Double, max: Double, exclusiveMin: Bool = false,
                                   required: Bool = false, omitDefault: Bool = false, change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return make(R.self, name, .number(min: min, max: max, exclusiveMin: exclusiveMin), required: required, omitDefault: omitDefault,
                    change: change, doc,
             lower: { l, node, key, at, r in if let x = l.number(node, key, path: at.path) { field.set(&r, x) } },
             json: { num(field($0)) },
             write: writer(field, omitting: omitDefault ? field(R.defaults) : nil) { v, j in j.number(v, decimals: 9) })
    }

    static func number<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Double?>, min: Double, max: Double, exclusiveMin: Bool = false,
                                   required: Bool = false, change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return make(R.self, name, .number(min: min, max: max, exclusiveMin: exclusiveMin), required: required, change: change, doc,
             lower: { l, node, key, at, r in if let x = l.number(node, key, path: at.path) { field.set(&r, x) } },
             json: { field($0).map(num) },
             write: optionalWriter(field) { v, j in j.number(v, decimals: 9) })
    }

    static func integer<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Int>, min: Int, max: Int,
                                    change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return make(R.self, name, .integer(min: min, max: max), change: change, doc,
             lower: { l, node, key, at, r in if let x = l.integer(node, key, path: at.path) { field.set(&r, x) } },
             json: { .int(field($0)) },
             write: writer(field) { v, j in j.int(v) })
    }

    static func integer<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Int?>, min: Int, max: Int,
                                    change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return make(R.self, name, .integer(min: min, max: max), change: change, doc,
             lower: { l, node, key, at, r in if let x = l.integer(node, key, path: at.path) { field.set(&r, x) } },
             json: { field($0).map(JSONValue.int) },
             write: optionalWriter(field) { v, j in j.int(v) })
    }

    static func text<R: KeyRoot>(_ name: String, _ p: FieldPath<R, String>, maxLength: Int, required: Bool = false,
                                 change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return make(R.self, name, .text(maxLength: maxLength), required: required, change: change, doc,
             lower: { l, node, key, at, r in if let x = l.text(node, key, path: at.path) { field.set(&r, x) } },
             json: { .string(field($0)) },
             write: writer(field) { v, j in j.string(v) })
    }

    /// An id (`[a-z0-9][a-z0-9_-]*`, `_` only when `allowUnderscore`).
    static func identifier<R: KeyRoot>(_ name: String, _ p: FieldPath<R, String>, allowUnderscore: Bool, documentsDefault: Bool = true,
                                       change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return make(R.self, name, .identifier(allowUnderscore: allowUnderscore), documentsDefault: documentsDefault, change: change, doc,
             lower: { l, node, key, at, r in if let x = l.identifier(node, key, path: at.path) { field.set(&r, x) } },
             json: { .string(field($0)) },
             write: writer(field) { v, j in j.string(v) })
    }

    static func text<R: KeyRoot>(_ name: String, _ p: FieldPath<R, String?>, maxLength: Int, required: Bool = false,
                                 change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return make(R.self, name, .text(maxLength: maxLength), required: required, change: change, doc,
             lower: { l, node, key, at, r in if let x = l.text(node, key, path: at.path) { field.set(&r, x) } },
             json: { field($0).map(JSONValue.string) },
             write: optionalWriter(field) { v, j in j.string(v) })
    }

    static func choice<R: KeyRoot, E: RawRepresentable & CaseIterable & Equatable & Sendable>(
        _ name: String, _ p: FieldPath<R, E>, omitDefault: Bool = false, change: ChangeRule = .reported(), _ doc: String
    ) -> KeySpec where E.RawValue == String {
        let field = FieldAccess(p)
        return make(R.self, name, .choice(E.allCases.map(\.rawValue)), omitDefault: omitDefault, change: change, doc,
             lower: { l, node, key, at, r in if let x = l.choice(node, key, path: at.path) { field.set(&r, E(rawValue: x)!) } },
             json: { .string(field($0).rawValue) },
             write: writer(field, omitting: omitDefault ? field(R.defaults) : nil) { v, j in j.string(v.rawValue) })
    }

    static func choice<R: KeyRoot, E: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ p: FieldPath<R, E?>, change: ChangeRule = .reported(), _ doc: String
    ) -> KeySpec where E.RawValue == String {
        let field = FieldAccess(p)
        return make(R.self, name, .choice(E.allCases.map(\.rawValue)), change: change, doc,
             lower: { l, node, key, at, r in if let x = l.choice(node, key, path: at.path) { field.set(&r, E(rawValue: x)!) } },
             json: { field($0).map { .string($0.rawValue) } },
             write: optionalWriter(field) { v, j in j.string(v.rawValue) })
    }

    static func boolean<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Bool>, omitDefault: Bool = false,
                                    change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return make(R.self, name, .boolean, omitDefault: omitDefault, change: change, doc,
             lower: { l, node, _, at, r in if let x = l.boolean(node, path: at.path) { field.set(&r, x) } },
             json: { .bool(field($0)) },
             write: writer(field, omitting: omitDefault ? field(R.defaults) : nil) { v, j in j.bool(v) })
    }

    /// `opaque`: the colour paints slices (see `Lowering.color`).
    static func color<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Color>, opaque: Bool = false,
                                  change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return make(R.self, name, .color, change: change, doc,
             lower: { l, node, _, at, r in if let x = l.color(node, path: at.path, opaque: opaque) { field.set(&r, x) } },
             json: { .string(field($0).hex) },
             write: writer(field) { v, j in j.color(v) })
    }

    static func color<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Color?>, opaque: Bool = false,
                                  change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return make(R.self, name, .color, change: change, doc,
             lower: { l, node, _, at, r in if let x = l.color(node, path: at.path, opaque: opaque) { field.set(&r, x) } },
             json: { field($0).map { .string($0.hex) } },
             write: optionalWriter(field) { v, j in j.color(v) })
    }

    static func template<R: KeyRoot>(_ name: String, _ p: FieldPath<R, LabelTemplate>,
                                     change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return make(R.self, name, .template, change: change, doc,
             lower: { l, node, _, at, r in if let x = l.template(node, path: at.path) { field.set(&r, x) } },
             json: { .string(field($0).source) },
             write: writer(field) { v, j in j.string(v.source) })
    }

    static func template<R: KeyRoot>(_ name: String, _ p: FieldPath<R, LabelTemplate?>,
                                     change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return make(R.self, name, .template, change: change, doc,
             lower: { l, node, _, at, r in if let x = l.template(node, path: at.path) { field.set(&r, x) } },
             json: { field($0).map { .string($0.source) } },
             write: optionalWriter(field) { v, j in j.string(v.source) })
    }

    /// Milliseconds, written `800ms` in the canonical spec.
    static func duration<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Double>, maxMilliseconds: Double,
                                     change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        let field = FieldAccess(p)
        return make(R.self, name, .duration(maxMilliseconds: maxMilliseconds), change: change, doc,
             lower: { l, node, key, at, r in if let x = l.duration(node, key, path: at.path) { field.set(&r, x) } },
             json: { .string(formatNumber(field($0), decimals: 3) + "ms") },
             write: writer(field) { v, j in
                 j.out.byte(0x22)
                 j.out.num(v, decimals: 3)
                 j.out.raw("ms\"")
             })
    }

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
    static func custom<R: KeyRoot, V>(_ name: String, _ p: FieldPath<R, V>, _ kind: ValueKind, required: Bool = false,
                                      documentsDefault: Bool = true, change: ChangeRule = .reported(), _ doc: String,
                                      lower: @escaping @Sendable (inout Lowering, YAMLNode, KeySpec, KeyPlace, inout R) -> Void,
                                      json: @escaping @Sendable (V) -> JSONValue?,
                                      write: KeyBinding<R>.Write? = nil) -> KeySpec {
        let field = FieldAccess(p)
        return make(R.self, name, kind, required: required, documentsDefault: documentsDefault, change: change, doc, lower: lower,
                    json: { json(field($0)) },
                    write: write ?? { p, name, j in
                        // The field alone is read (never a copy of the whole slice or section).
                        guard let v = json(field.read(p)) else { return }
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

extension KeyTable {
    /// The canonical members of this table's mapping in `root`, in table order.
    func canonical<R: KeyRoot>(_ root: R) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(keys.count)
        for i in keys.indices {
            guard let b = R.binding(of: keys[i]), let v = b.json(root), !b.omits(v) else { continue }
            members.append((keys[i].name, v))
        }
        return members
    }

    /// The same members as `canonical`, written as one object straight into `j`: no tree is
    /// built (the manifest of every build holds the canonical spec), and the value at `root` is
    /// read in place, key by key.
    func writeCanonical<R: KeyRoot>(_ root: UnsafePointer<R>, into j: inout JSONStream) {
        j.open("{")
        for key in keys {
            R.binding(of: key)?.write(root, key.name, &j)
        }
        j.close("}")
    }
}

extension KeyTable {
    /// The member `name: [...]` with one canonical object of this table per item, each read in
    /// place; nothing when `items` is empty (a list key's `json` gives nil then).
    func writeCanonicalList<R: KeyRoot>(_ items: [R], named name: String, into j: inout JSONStream) {
        guard !items.isEmpty else { return }
        j.key(name)
        j.open("[")
        items.withUnsafeBufferPointer { items in
            for k in items.indices {
                j.item()
                writeCanonical(items.baseAddress! + k, into: &j)
            }
        }
        j.close("]")
    }
}

extension JSONStream {
    /// The next value, as `value(.string(color.hex))` would write it.
    public mutating func color(_ c: Color) {
        out.byte(0x22)
        out.hex(c)
        out.byte(0x22)
    }
}

extension Lowering {
    /// Lowers the mapping `node` by `table` into `root`: each key written, in table order.
    /// False (after one error) when `node` is not a mapping.
    @discardableResult
    mutating func lowerFields<R: KeyRoot>(_ node: YAMLNode, _ table: KeyTable, path: @autoclosure () -> String, into root: inout R,
                                          slice: Int? = nil) -> Bool {
        guard let e = entries(node, table: table, path: path(), slice: slice) else { return false }
        lowerKnown(e, table, into: &root, slice: slice)
        return true
    }

    /// Lowers the known entries `e` of a mapping by `table` into `root`, in table order (one
    /// pass over the entries finds the keys written; only those are visited).
    mutating func lowerKnown<R: KeyRoot>(_ e: KnownEntries, _ table: KeyTable, into root: inout R, slice: Int? = nil) {
        let count = table.keys.count
        withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { entryOf in
            entryOf.initialize(repeating: -1)
            for i in e.list.indices {
                // Unknown keys were reported by `entries`; duplicates never reach the tree.
                if let k = table.index(of: e.list[i].key.value) { entryOf[k] = i }
            }
            for k in 0..<count where entryOf[k] >= 0 {
                let key = table.keys[k]
                guard let b = R.binding(of: key) else { continue }
                b.lower(&self, e.list[entryOf[k]].value, key, KeyPlace(section: table.section, slice: slice, name: key.name), &root)
            }
        }
    }
}
