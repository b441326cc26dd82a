import PieDiagnostics
import PieYAML

/// A key path a static key table can hold (a literal such as `\ChartSpec.chart.size` captures
/// nothing, so it is Sendable).
public typealias FieldPath<Root, Value> = WritableKeyPath<Root, Value> & Sendable

/// A value that key tables fill: `ChartSpec` for the sections, `SliceSpec` for one slice.
protocol KeyRoot {
    /// Every field at its default; optional sections (`chart.other`) present, so the defaults
    /// of their keys can be read too.
    static var defaults: Self { get }
    /// `key`'s binding to this type, nil when the key is bound to another type.
    static func binding(of key: KeySpec) -> KeyBinding<Self>?
    static func bound(_ binding: KeyBinding<Self>) -> KeySpec.Bound
}

extension ChartSpec: KeyRoot {
    static let defaults: ChartSpec = {
        var spec = ChartSpec(id: "")
        spec.chart.other = OtherOptions()
        return spec
    }()
    static func binding(of key: KeySpec) -> KeyBinding<ChartSpec>? {
        if case .spec(let b) = key.bound { return b }
        return nil
    }
    static func bound(_ binding: KeyBinding<ChartSpec>) -> KeySpec.Bound { .spec(binding) }
}

extension SliceSpec: KeyRoot {
    static let defaults = SliceSpec(id: "", label: "", value: 0)
    static func binding(of key: KeySpec) -> KeyBinding<SliceSpec>? {
        if case .slice(let b) = key.bound { return b }
        return nil
    }
    static func bound(_ binding: KeyBinding<SliceSpec>) -> KeySpec.Bound { .slice(binding) }
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
struct KeyBinding<Root>: Sendable {
    /// Types `node` and stores the result in `root`, or reports what is wrong (and stores nothing).
    let lower: @Sendable (inout Lowering, YAMLNode, KeySpec, KeyPlace, inout Root) -> Void
    /// The value in the canonical spec; nil when unset (an optional field that is nil).
    let json: @Sendable (Root) -> JSONValue?
    /// The canonical spec leaves the key out while it holds its default (keys added after
    /// version 1 shipped, so canonical specs written before them stay byte-identical).
    let omitDefault: Bool
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
                                         json: @escaping @Sendable (R) -> JSONValue?) -> KeySpec {
        KeySpec(name: name, kind: kind, required: required, documentsDefault: documentsDefault, change: change, doc: doc,
                bound: R.bound(KeyBinding(lower: lower, json: json, omitDefault: omitDefault)))
    }

    /// Canonical numbers: up to 9 decimals, fixed format.
    static func num(_ v: Double) -> JSONValue { .number(v, decimals: 9) }

    static func number<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Double>, min: Double, max: Double, exclusiveMin: Bool = false,
                                   omitDefault: Bool = false, change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        make(R.self, name, .number(min: min, max: max, exclusiveMin: exclusiveMin), omitDefault: omitDefault, change: change, doc,
             lower: { l, node, key, at, r in if let x = l.number(node, key, path: at.path) { r[keyPath: p] = x } },
             json: { num($0[keyPath: p]) })
    }

    static func number<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Double?>, min: Double, max: Double, exclusiveMin: Bool = false,
                                   required: Bool = false, change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        make(R.self, name, .number(min: min, max: max, exclusiveMin: exclusiveMin), required: required, change: change, doc,
             lower: { l, node, key, at, r in if let x = l.number(node, key, path: at.path) { r[keyPath: p] = x } },
             json: { $0[keyPath: p].map(num) })
    }

    static func integer<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Int>, min: Int, max: Int,
                                    change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        make(R.self, name, .integer(min: min, max: max), change: change, doc,
             lower: { l, node, key, at, r in if let x = l.integer(node, key, path: at.path) { r[keyPath: p] = x } },
             json: { .int($0[keyPath: p]) })
    }

    static func integer<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Int?>, min: Int, max: Int,
                                    change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        make(R.self, name, .integer(min: min, max: max), change: change, doc,
             lower: { l, node, key, at, r in if let x = l.integer(node, key, path: at.path) { r[keyPath: p] = x } },
             json: { $0[keyPath: p].map(JSONValue.int) })
    }

    static func text<R: KeyRoot>(_ name: String, _ p: FieldPath<R, String>, maxLength: Int,
                                 change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        make(R.self, name, .text(maxLength: maxLength), change: change, doc,
             lower: { l, node, key, at, r in if let x = l.text(node, key, path: at.path) { r[keyPath: p] = x } },
             json: { .string($0[keyPath: p]) })
    }

    static func text<R: KeyRoot>(_ name: String, _ p: FieldPath<R, String?>, maxLength: Int, required: Bool = false,
                                 change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        make(R.self, name, .text(maxLength: maxLength), required: required, change: change, doc,
             lower: { l, node, key, at, r in if let x = l.text(node, key, path: at.path) { r[keyPath: p] = x } },
             json: { $0[keyPath: p].map(JSONValue.string) })
    }

    static func choice<R: KeyRoot, E: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ p: FieldPath<R, E>, omitDefault: Bool = false, change: ChangeRule = .reported(), _ doc: String
    ) -> KeySpec where E.RawValue == String {
        make(R.self, name, .choice(E.allCases.map(\.rawValue)), omitDefault: omitDefault, change: change, doc,
             lower: { l, node, key, at, r in if let x = l.choice(node, key, path: at.path) { r[keyPath: p] = E(rawValue: x)! } },
             json: { .string($0[keyPath: p].rawValue) })
    }

    static func choice<R: KeyRoot, E: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ p: FieldPath<R, E?>, change: ChangeRule = .reported(), _ doc: String
    ) -> KeySpec where E.RawValue == String {
        make(R.self, name, .choice(E.allCases.map(\.rawValue)), change: change, doc,
             lower: { l, node, key, at, r in if let x = l.choice(node, key, path: at.path) { r[keyPath: p] = E(rawValue: x)! } },
             json: { $0[keyPath: p].map { .string($0.rawValue) } })
    }

    static func boolean<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Bool>, omitDefault: Bool = false,
                                    change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        make(R.self, name, .boolean, omitDefault: omitDefault, change: change, doc,
             lower: { l, node, _, at, r in if let x = l.boolean(node, path: at.path) { r[keyPath: p] = x } },
             json: { .bool($0[keyPath: p]) })
    }

    /// `opaque`: the colour paints slices (see `Lowering.color`).
    static func color<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Color>, opaque: Bool = false,
                                  change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        make(R.self, name, .color, change: change, doc,
             lower: { l, node, _, at, r in if let x = l.color(node, path: at.path, opaque: opaque) { r[keyPath: p] = x } },
             json: { .string($0[keyPath: p].hex) })
    }

    static func color<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Color?>, opaque: Bool = false,
                                  change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        make(R.self, name, .color, change: change, doc,
             lower: { l, node, _, at, r in if let x = l.color(node, path: at.path, opaque: opaque) { r[keyPath: p] = x } },
             json: { $0[keyPath: p].map { .string($0.hex) } })
    }

    static func template<R: KeyRoot>(_ name: String, _ p: FieldPath<R, LabelTemplate>,
                                     change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        make(R.self, name, .template, change: change, doc,
             lower: { l, node, _, at, r in if let x = l.template(node, path: at.path) { r[keyPath: p] = x } },
             json: { .string($0[keyPath: p].source) })
    }

    static func template<R: KeyRoot>(_ name: String, _ p: FieldPath<R, LabelTemplate?>,
                                     change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        make(R.self, name, .template, change: change, doc,
             lower: { l, node, _, at, r in if let x = l.template(node, path: at.path) { r[keyPath: p] = x } },
             json: { $0[keyPath: p].map { .string($0.source) } })
    }

    /// Milliseconds, written `800ms` in the canonical spec.
    static func duration<R: KeyRoot>(_ name: String, _ p: FieldPath<R, Double>, maxMilliseconds: Double,
                                     change: ChangeRule = .reported(), _ doc: String) -> KeySpec {
        make(R.self, name, .duration(maxMilliseconds: maxMilliseconds), change: change, doc,
             lower: { l, node, key, at, r in if let x = l.duration(node, key, path: at.path) { r[keyPath: p] = x } },
             json: { .string(formatNumber($0[keyPath: p], decimals: 3) + "ms") })
    }

    /// A key whose typing is its own (the version, ids, palettes, lists).
    static func custom<R: KeyRoot>(_ name: String, _ kind: ValueKind, required: Bool = false, documentsDefault: Bool = true,
                                   change: ChangeRule = .reported(), _ doc: String,
                                   lower: @escaping @Sendable (inout Lowering, YAMLNode, KeySpec, KeyPlace, inout R) -> Void,
                                   json: @escaping @Sendable (R) -> JSONValue?) -> KeySpec {
        make(R.self, name, kind, required: required, documentsDefault: documentsDefault, change: change, doc, lower: lower, json: json)
    }

    /// A mapping whose keys are `table`'s, always present (defaults when not written).
    static func section(_ name: String, _ table: KeyTable, _ doc: String) -> KeySpec {
        KeySpec(name: name, kind: .object(table), required: false, documentsDefault: false, change: .silent, doc: doc,
                bound: .spec(KeyBinding(
                    lower: { l, node, _, at, spec in l.lowerFields(node, table, path: at.path, into: &spec) },
                    json: { .object(table.canonical($0)) }, omitDefault: false)))
    }

    /// A mapping that turns a feature on (`chart.other`): nil when not written, `empty` (then
    /// its keys) when written.
    static func optionalSection<S: Sendable>(_ name: String, _ table: KeyTable, _ p: FieldPath<ChartSpec, S?>, empty: S,
                                             change: ChangeRule, _ doc: String) -> KeySpec {
        KeySpec(name: name, kind: .object(table), required: false, documentsDefault: false, change: change, doc: doc,
                bound: .spec(KeyBinding(
                    lower: { l, node, _, at, spec in
                        var filled = spec
                        filled[keyPath: p] = empty
                        if l.lowerFields(node, table, path: at.path, into: &filled) { spec = filled }
                    },
                    json: { $0[keyPath: p] == nil ? nil : .object(table.canonical($0)) }, omitDefault: false)))
    }
}

extension KeyTable {
    /// The canonical members of this table's mapping in `root`, in table order.
    func canonical<R: KeyRoot>(_ root: R) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(keys.count)
        for i in keys.indices {
            guard let b = R.binding(of: keys[i]), let v = b.json(root) else { continue }
            if b.omitDefault, let d = b.json(R.defaults), v == d { continue }
            members.append((keys[i].name, v))
        }
        return members
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

    /// Lowers the known entries `e` of a mapping by `table` into `root`, in table order.
    mutating func lowerKnown<R: KeyRoot>(_ e: KnownEntries, _ table: KeyTable, into root: inout R, slice: Int? = nil) {
        for i in table.keys.indices {
            guard let v = e[table.keys[i].name], let b = R.binding(of: table.keys[i]) else { continue }
            b.lower(&self, v.value, table.keys[i], KeyPlace(section: table.section, slice: slice, name: table.keys[i].name), &root)
        }
    }
}
