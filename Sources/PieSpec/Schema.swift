import PieDiagnostics

/// The JSON Schema (2020-12) of the spec language, generated from `Keys` — the same tables the
/// parser uses — so the schema cannot drift from what piec accepts (a test compares it with
/// `Schemas/piec.schema.json`).
public enum SpecSchema {
    public static let id = "https://piec.dev/schemas/piec.schema.json"

    /// The text of `Schemas/piec.schema.json` (pretty JSON, trailing newline).
    public static func generate() -> String {
        var root = document(Keys.root, id: id, title: "piec chart spec, version 1")
        // The slices are written (`slices`), read from a file (`data`) or given ring by ring
        // (`rings`), or each chart holds its own (`charts`): exactly one of them.
        root.append(("oneOf", .array(["slices", "data", "rings", "charts"].map { .object([("required", .array([.string($0)]))]) })))
        return JSONValue.object(root).serialized(pretty: true) + "\n"
    }

    public static let defaultsID = "https://piec.dev/schemas/piec-defaults.schema.json"

    /// The text of `Schemas/piec-defaults.schema.json`, the schema of `.piec.yaml` files: the
    /// spec's sections, none required, and none of the keys that describe one chart.
    public static func generateDefaults() -> String {
        let root = document(SharedDefaults.table, id: defaultsID, title: "piec shared defaults (.piec.yaml), version 1")
        return JSONValue.object(root).serialized(pretty: true) + "\n"
    }

    /// A schema document: its dialect, id and title, then `table` as an object schema.
    static func document(_ table: KeyTable, id: String, title: String) -> [(String, JSONValue)] {
        [("$schema", .string("https://json-schema.org/draft/2020-12/schema")), ("$id", .string(id)), ("title", .string(title))]
            + object(table)
    }

    static func object(_ table: KeyTable) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("type", .string("object")), ("description", .string(table.doc))]
        members.append(("properties", .object(table.keys.map { ($0.name, property($0)) })))
        let required = table.keys.filter(\.required).map { JSONValue.string($0.name) }
        if !required.isEmpty { members.append(("required", .array(required))) }
        members.append(("additionalProperties", .bool(false)))
        return members
    }

    static func property(_ key: KeySpec) -> JSONValue {
        var m = schema(for: key.kind)
        m.insert(("description", .string(key.doc)), at: 0)
        if let d = key.defaultValue { m.append(("default", d)) }
        return .object(m)
    }

    static let colorPattern = "^#([0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"

    /// `rgb()`, `rgba()`, `hsl()`, `hsla()` (`CSSColorFunctions` checks the values).
    static let colorFunctionPattern = "^\\s*([rR][gG][bB][aA]?|[hH][sS][lL][aA]?)\\([^()]*\\)\\s*$"

    static func schema(for kind: ValueKind) -> [(String, JSONValue)] {
        switch kind {
        case .text(let maxLength):
            return [("type", .string("string")), ("maxLength", .int(maxLength))]
        case .number(let min, let max, let exclusiveMin):
            return [("type", .string("number")), (exclusiveMin ? "exclusiveMinimum" : "minimum", .number(min)), ("maximum", .number(max))]
        case .integer(let min, let max):
            return [("type", .string("integer")), ("minimum", .int(min)), ("maximum", .int(max))]
        case .boolean:
            return [("type", .string("boolean"))]
        case .choice(let options):
            return [("type", .string("string")), ("enum", .array(options.map(JSONValue.string)))]
        case .color:
            return [("anyOf", .array([
                .object([("type", .string("string")), ("pattern", .string(colorPattern))]),
                .object([("type", .string("string")), ("pattern", .string(colorFunctionPattern))]),
                .object([("enum", .array((["transparent"] + CSSColorNames.names).map(JSONValue.string)))]),
            ]))]
        case .colorOr(let words):
            guard case .array(let colors)? = schema(for: .color).first?.1 else { return [] }
            return [("anyOf", .array([.object([("enum", .array(words.map(JSONValue.string)))])] + colors))]
        case .duration:
            return [("type", .string("string")), ("pattern", .string("^(0|[1-9][0-9]*)(\\.[0-9]+)?(ms|s)$"))]
        case .easing:
            let names = Easing.named.map { JSONValue.string($0.0) }
            let number = "\\s*-?(0|[1-9][0-9]*)(\\.[0-9]+)?\\s*"
            let bezier = "^cubic-bezier\\(" + Array(repeating: number, count: 4).joined(separator: ",") + "\\)$"
            return [("anyOf", .array([
                .object([("enum", .array(names))]),
                .object([("type", .string("string")), ("pattern", .string(bezier))]),
            ]))]
        case .palette:
            return [("anyOf", .array([
                .object([("enum", .array(Palettes.names.map(JSONValue.string)))]),
                .object([("type", .string("array")), ("minItems", .int(1)), ("items", .object(schema(for: .color)))]),
                .object(object(Keys.paletteScale)),
            ]))]
        case .patterns:
            // An entry with no mark is E0383: at least one key (`density` alone is caught by piec).
            let entry: JSONValue = .object([("anyOf", .array([
                .object([("enum", .array([.string("none")]))]),
                .object(object(Keys.hatch) + [("minProperties", .int(1))]),
            ]))])
            return [("anyOf", .array([
                .object([("enum", .array([.string("none"), .string("auto")]))]),
                .object([("type", .string("array")), ("minItems", .int(1)), ("items", entry)]),
                // The same entry as a list item's (one closed object per table).
                .object([("type", .string("object")), ("minProperties", .int(1)),
                         ("propertyNames", .object(schema(for: .identifier(allowUnderscore: true)))),
                         ("additionalProperties", .object([("$ref", .string("#/properties/theme/properties/patterns/anyOf/1/items"))]))]),
            ]))]
        case .identifier(let allowUnderscore):
            return [("type", .string("string")), ("pattern", .string(allowUnderscore ? "^[a-z0-9][a-z0-9_-]*$" : "^[a-z0-9]([a-z0-9-]*[a-z0-9])?$")), ("maxLength", .int(64))]
        case .template:
            return [("type", .string("string")), ("maxLength", .int(Keys.maxTemplate)), ("pattern", .string("^([^{]|\\{(label|value|percent|id|total)\\})*$"))]
        case .object(let table):
            return object(table)
        case .list(let element, let minItems, let maxItems):
            // `minItems: 0` says nothing: left out (`slices: []` is an empty chart).
            return [("type", .string("array"))] + (minItems > 0 ? [("minItems", .int(minItems))] : [])
                + (maxItems.map { [("maxItems", .int($0))] } ?? []) + [("items", .object(schema(for: element)))]
        case .objectOrList(let table):
            return [("oneOf", .array([
                .object(object(table)),
                // Each item is the mapping above (a root key's first alternative), not a copy of it.
                .object([("type", .string("array")), ("minItems", .int(1)),
                         ("items", .object([("$ref", .string("#/properties/\(table.section)/oneOf/0"))]))]),
            ]))]
        case .choiceOrObject(let words, let table):
            return [("oneOf", .array([
                .object([("type", .string("string")), ("enum", .array(words.map(JSONValue.string)))]),
                .object(object(table)),
            ]))]
        case .choiceOrList(let words, let element):
            return [("anyOf", .array([
                .object([("enum", .array(words.map(JSONValue.string)))]),
                .object([("type", .string("array")), ("minItems", .int(1)), ("uniqueItems", .bool(true)), ("items", .object(schema(for: element)))]),
            ]))]
        }
    }
}
