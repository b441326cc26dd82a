import PieDiagnostics
import PieYAML

/// What a rebuilt bundle shows, in a few words for the terminal ("+1 slice, 2 updated"), read
/// back from its `manifest.json`: the `changes` member when the compiler wrote one, else the
/// `transitions` (their `kind` and whether anything moved), else the number of slices.
public struct ChangeSummary: Sendable, Equatable {
    public var added = 0
    public var removed = 0
    public var updated = 0
    public var renamed = 0
    public var moved = 0
    /// Chart-level fields that changed (`innerRadius`, ...).
    public var chartFields: [String] = []
    /// Slices in the new chart.
    public var slices = 0
    /// True when the bundle plays its enter animation (there was no previous version).
    public var entering = false

    public init() {}

    /// "+1 slice, -2, 3 updated, chart innerRadius"; "5 slices" when entering;
    /// "no visible change" when nothing moved.
    public var text: String {
        if entering { return "\(slices) slice\(slices == 1 ? "" : "s")" }
        var parts: [String] = []
        if added > 0 { parts.append("+\(added) slice\(added == 1 ? "" : "s")") }
        if removed > 0 { parts.append("-\(removed) slice\(removed == 1 ? "" : "s")") }
        if updated > 0 { parts.append("\(updated) updated") }
        if renamed > 0 { parts.append("\(renamed) renamed") }
        if moved > 0 { parts.append("\(moved) moved") }
        if !chartFields.isEmpty { parts.append("chart " + chartFields.joined(separator: ", ")) }
        return parts.isEmpty ? "no visible change" : parts.joined(separator: ", ")
    }

    /// The summary of a bundle's manifest; nil when the bytes are not a manifest. JSON is read
    /// with the YAML front end (JSON is YAML), so PieDriver does without Foundation.
    public static func of(manifest bytes: [UInt8]) -> ChangeSummary? {
        let document = YAMLParser.parse(SourceFile(path: "manifest.json", bytes: bytes))
        guard document.diagnostics.isEmpty, let root = document.root, case .mapping = root else { return nil }
        var summary = ChangeSummary()
        summary.slices = root["slices"]?.items.count ?? 0
        let kind = root["animation"]?["kind"]?.text ?? ""
        if let changes = root["changes"], case .mapping = changes {
            summary.count(changes: changes)
        } else if kind == "transition" {
            summary.count(transitions: root["transitions"]?.items ?? [])
        } else {
            summary.entering = true
        }
        return summary
    }

    private mutating func count(changes: YAMLNode) {
        for change in changes["slices"]?.items ?? [] {
            switch change["kind"]?.text {
            case "insert": added += 1
            case "remove": removed += 1
            case "update": updated += 1
            case "rename": renamed += 1
            case "move": moved += 1
            default: continue
            }
        }
        chartFields = (changes["chart"]?.items ?? []).compactMap { $0["field"]?.text }
    }

    private mutating func count(transitions: [YAMLNode]) {
        var updatedIDs = Set<String>()
        for t in transitions {
            switch t["kind"]?.text {
            case "enter": added += 1
            case "exit": removed += 1
            case "update":
                let from = t["from"].map(JSONShape.init), to = t["to"].map(JSONShape.init)
                if from != to, let id = t["id"]?.text { updatedIDs.insert(id) }
            default: continue
            }
        }
        updated = updatedIDs.count
    }
}

/// A parsed JSON value without source positions, members sorted by key: equal shapes are
/// equal values (what `NSDictionary.isEqual` compared before).
private indirect enum JSONShape: Equatable {
    case scalar(String, quoted: Bool)
    case object([(String, JSONShape)])
    case array([JSONShape])

    init(_ node: YAMLNode) {
        switch node {
        case .scalar(let s): self = .scalar(s.value, quoted: s.style != .plain)
        case .sequence(let items, _): self = .array(items.map(JSONShape.init))
        case .mapping(let entries, _):
            self = .object(entries.map { ($0.key.value, JSONShape($0.value)) }.sorted { $0.0 < $1.0 })
        }
    }

    static func == (a: JSONShape, b: JSONShape) -> Bool {
        switch (a, b) {
        case let (.scalar(x, p), .scalar(y, q)): x == y && p == q
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }
}

private extension YAMLNode {
    /// The value of member `key` of a mapping.
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let entries, _) = self else { return nil }
        return entries.first { $0.key.value == key }?.value
    }

    /// The items of a sequence (empty otherwise).
    var items: [YAMLNode] {
        if case .sequence(let items, _) = self { return items }
        return []
    }

    /// A scalar's text.
    var text: String? {
        if case .scalar(let s) = self { return s.value }
        return nil
    }
}
