import Foundation

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

    /// The summary of a bundle's manifest; nil when the bytes are not a manifest.
    public static func of(manifest bytes: [UInt8]) -> ChangeSummary? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return nil }
        var summary = ChangeSummary()
        summary.slices = (object["slices"] as? [Any])?.count ?? 0
        let kind = (object["animation"] as? [String: Any])?["kind"] as? String ?? ""
        if let changes = object["changes"] as? [String: Any] {
            summary.count(changes: changes)
        } else if kind == "transition" {
            summary.count(transitions: object["transitions"] as? [[String: Any]] ?? [])
        } else {
            summary.entering = true
        }
        return summary
    }

    private mutating func count(changes: [String: Any]) {
        for change in changes["slices"] as? [[String: Any]] ?? [] {
            switch change["kind"] as? String {
            case "insert": added += 1
            case "remove": removed += 1
            case "update": updated += 1
            case "rename": renamed += 1
            case "move": moved += 1
            default: continue
            }
        }
        chartFields = (changes["chart"] as? [[String: Any]] ?? []).compactMap { $0["field"] as? String }
    }

    private mutating func count(transitions: [[String: Any]]) {
        var updatedIDs = Set<String>()
        for t in transitions {
            switch t["kind"] as? String {
            case "enter": added += 1
            case "exit": removed += 1
            case "update":
                let from = t["from"] as? [String: Any] ?? [:], to = t["to"] as? [String: Any] ?? [:]
                if !NSDictionary(dictionary: from).isEqual(to), let id = t["id"] as? String { updatedIDs.insert(id) }
            default: continue
            }
        }
        updated = updatedIDs.count
    }
}
