import PieDiagnostics
import PieYAML

/// `legend.order`: one of `LegendOrder.words`, or a list of slice ids, which are checked
/// against the slices once they are all known (`validateLegendOrder`).
extension Lowering {
    mutating func legendOrder(_ node: YAMLNode, path: String) -> LegendOrder? {
        let words = LegendOrder.words.map { "`\($0)`" }.joined(separator: ", ")
        if case .sequence(let items, let range) = node {
            guard !items.isEmpty else {
                error(SpecDiagnostics.wrongType, "`\(path)` must list at least one slice id", at: range,
                      help: "write e.g. `order: [a, b]`, or one of \(words)")
                return nil
            }
            let key = Keys.slice.key("id")!
            var ids: [String] = []
            var ranges: [SourceRange] = []
            for (i, item) in items.enumerated() {
                guard let id = identifier(item, key, path: "\(path)[\(i)]") else { continue }
                ids.append(id)
                ranges.append(item.range)
            }
            guard ids.count == items.count else { return nil }
            legendOrderItems = ranges
            return .ids(ids)
        }
        guard let s = scalar(node, expected: "one of \(words) or a list of slice ids", path: path) else { return nil }
        switch s.value {
        case "slices": return .slices
        case "value": return .value
        case "reverse": return .reverse
        default:
            error(SpecDiagnostics.badChoice, "`\(path)` must be one of \(words) or a list of slice ids, found `\(sanitized(s.value))`",
                  at: s.range, help: Suggestions.didYouMean(s.value, among: LegendOrder.words) ?? "to put slices first, list their ids: `order: [\(sanitized(s.value))]`")
            return nil
        }
    }

    /// Every id of a `legend.order` list names a slice (E0340; in a chart of rings, a slice of
    /// some ring) and is listed once (E0341). One error per root cause: an unknown id listed
    /// twice is reported once.
    mutating func validateLegendOrder(_ spec: ChartSpec) {
        guard case .ids(let ids) = spec.legend.order, ids.count == legendOrderItems.count else { return }
        var known: [String] = []
        var seen = Set<String>()
        // A spec of `charts:`: the ids of every chart's slices (the shared legend's rows).
        let all = !spec.charts.isEmpty ? spec.charts.flatMap { $0.slices + $0.rings.flatMap(\.slices) }
            : spec.rings.isEmpty ? spec.slices : spec.rings.flatMap(\.slices)
        for s in all where seen.insert(s.id).inserted { known.append(s.id) }
        for (i, id) in ids.enumerated() {
            let here = legendOrderItems[i]
            if let first = ids[..<i].firstIndex(of: id) {
                // An unknown id is reported once, where it is first listed.
                guard seen.contains(id) else { continue }
                error(LegendDiagnostics.listedTwice, "slice id `\(id)` is listed twice in `legend.order`", at: here,
                      labels: [DiagnosticLabel(range: legendOrderItems[first], message: "first listed here")],
                      notes: ["each slice has one row in the legend"], help: "remove one of them")
            } else if !seen.contains(id) {
                let other = id == OtherOptions.id && spec.chart.other != nil
                let help = other ? "remove `other`: Other's row is always the last"
                    : Suggestions.didYouMean(id, among: known) ?? "list ids of this chart's slices (`slices[].id`, by default the slug of the label)"
                error(LegendDiagnostics.unknownID, "`legend.order` lists `\(id)`, which is no slice's id", at: here,
                      notes: !spec.charts.isEmpty ? ["in a spec of `charts`, the ids are the slice ids of every chart (one legend row per id)"]
                        : spec.rings.isEmpty ? [] : ["in a chart of rings, the ids are the rings' slice ids (the same id in two rings is one category)"],
                      help: help)
            }
        }
    }
}

/// Codes of `legend.order` (E0340-E0349).
public enum LegendDiagnostics {
    public static let unknownID = DiagnosticCode("E0340")
    public static let listedTwice = DiagnosticCode("E0341")
    public static let catalog: [CodeInfo] = [
        CodeInfo("E0340", "`legend.order` lists an id that is no slice's", """
            A list in `legend.order` puts the legend rows of those slices first, in that order \
            (the others follow in slice order). Each item is a slice id as the slices have it: \
            the `id` written, or the slug of the label; in a chart of rings, the id of a slice \
            of any ring; in a spec of `charts:`, the id of a slice of any chart. An id that names no slice is refused rather than ignored, so a typo \
            or a renamed slice is seen. Other's row (`chart.other`) is always the last and is \
            not listed.
            """),
        CodeInfo("E0341", "`legend.order` lists an id twice", """
            Each slice has one row in the legend, so a slice id appears at most once in a \
            `legend.order` list. Remove the second one.
            """),
    ]
}
