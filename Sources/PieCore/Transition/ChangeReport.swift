import PieDiagnostics
import PieSpec

/// What changed between two versions of a chart, slice by slice and for the chart itself.
/// One value feeds `piec diff` (text and JSON), the manifest's `changes` and the sentence in
/// `<desc>` and index.html.
public struct ChangeReport: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case insert, remove, update, rename, move
        /// A slice that joined "Other" (`chart.other`) / came out of it.
        case merge, split
    }

    public struct SliceChange: Sendable, Hashable {
        public var kind: Kind
        public var id: String
        public var label: String
        /// Percent texts (without `%`) in the old and new chart, when the slice is there.
        public var oldPercent: String?
        public var newPercent: String?
        /// 1-based positions in the old and new display order.
        public var oldPosition: Int?
        public var newPosition: Int?
        /// For renames: the old id.
        public var oldID: String?
        /// For updates and renames: which keys changed, in `Keys.slice` order (`label`, `value`, ...).
        public var fields: [String]
        /// For merges and splits: the label of the grouped slice ("Other").
        public var group: String? = nil
        /// Reordered (drawn on top while it rotates to its new place): always for `.move`,
        /// and for an update or rename that also moved.
        public var moved = false
    }

    /// A reported chart key that changed (`ChangeRule` in `Keys`).
    public struct ChartChange: Sendable, Hashable {
        public var field: String
        public var old: String
        public var new: String
        /// Whether the sentence for readers mentions it (data and geometry, not styling).
        public var inSentence: Bool = true
    }

    /// The chart became empty (its slices all left: `slices: []`, a data file without rows)
    /// or stopped being empty.
    public enum Emptiness: String, Sendable, Hashable {
        case emptied = "became-empty"
        case filled = "no-longer-empty"
    }

    public var slices: [SliceChange]
    public var chart: [ChartChange]
    /// Whether the chart became empty or stopped being empty; nil when neither version is
    /// empty or both are.
    public var emptiness: Emptiness? = nil
    public var isEmpty: Bool { slices.isEmpty && chart.isEmpty && emptiness == nil }

    public init(slices: [SliceChange], chart: [ChartChange], emptiness: Emptiness? = nil) {
        self.slices = slices
        self.chart = chart
        self.emptiness = emptiness
    }

    /// `.emptied` / `.filled` when exactly one of two versions has no slices.
    static func emptiness(old: ChartLayout, new: ChartLayout) -> Emptiness? {
        old.isEmpty == new.isEmpty ? nil : new.isEmpty ? .emptied : .filled
    }

    /// Compares two laid-out versions. `diff` must come from the layouts' display orders.
    public static func make(old: ChartSpec, oldLayout: ChartLayout, new: ChartSpec, newLayout: ChartLayout, diff: SliceDiff) -> ChangeReport {
        var changes: [SliceChange] = []
        let joined = newLayout.other?.memberIDs ?? [], left = oldLayout.other?.memberIDs ?? []
        for entry in diff.entries {
            switch entry.role {
            case .inserted:
                let s = newLayout.slices[entry.newIndex!]
                changes.append(SliceChange(kind: left.contains(s.id) ? .split : .insert, id: s.id, label: TextLines.joined(s.label), oldPercent: nil, newPercent: s.percentText,
                                           oldPosition: nil, newPosition: entry.newIndex! + 1, oldID: nil, fields: [],
                                           group: left.contains(s.id) ? oldLayout.other?.label : nil))
            case .removed:
                let s = oldLayout.slices[entry.oldIndex!]
                changes.append(SliceChange(kind: joined.contains(s.id) ? .merge : .remove, id: s.id, label: TextLines.joined(s.label), oldPercent: s.percentText, newPercent: nil,
                                           oldPosition: entry.oldIndex! + 1, newPosition: nil, oldID: nil, fields: [],
                                           group: joined.contains(s.id) ? newLayout.other?.label : nil))
            case .stable, .movedTo:
                // One entry per slice: a rename, else an update (its share or a key changed),
                // else a move; `moved` says whether it was also reordered.
                let o = oldLayout.slices[entry.oldIndex!], n = newLayout.slices[entry.newIndex!]
                let fields = changedFields(entry.oldIndex!, entry.newIndex!, old: old, new: new, oldLayout: oldLayout, newLayout: newLayout)
                let renamed = o.id != n.id, moved = entry.role == .movedTo
                let updated = !fields.isEmpty || o.percentText != n.percentText
                guard renamed || moved || updated else { continue }
                var c = SliceChange(kind: renamed ? .rename : updated ? .update : .move, id: n.id, label: TextLines.joined(n.label),
                                    oldPercent: o.percentText, newPercent: n.percentText, oldPosition: entry.oldIndex! + 1,
                                    newPosition: entry.newIndex! + 1, oldID: renamed ? o.id : nil, fields: fields)
                c.moved = moved
                changes.append(c)
            case .movedFrom:
                continue
            }
        }
        return ChangeReport(slices: changes, chart: chartChanges(old, new), emptiness: emptiness(old: oldLayout, new: newLayout))
    }

    /// Slice fields in report order: the slice table's (`label`, `value`, `color`, ...).
    static let sliceFieldOrder = Keys.slice.names

    /// The reported keys of a slice's spec (`Keys.slice`), and what the layout shows changed
    /// without a key of the slice changing: Other's value, label and colour, a palette's colour,
    /// radii that follow the chart (not a ring's band moving: that is the chart's change).
    static func changedFields(_ oldIndex: Int, _ newIndex: Int, old: ChartSpec, new: ChartSpec,
                              oldLayout: ChartLayout, newLayout: ChartLayout) -> [String] {
        let o = oldLayout.slices[oldIndex], n = newLayout.slices[newIndex]
        var changed: Set<String> = []
        if o.specIndex >= 0, o.specIndex < old.slices.count, n.specIndex >= 0, n.specIndex < new.slices.count {
            changed.formUnion(SliceSpec.changedFields(old.slices[o.specIndex], new.slices[n.specIndex]))
        }
        if o.value != n.value { changed.insert("value") }
        if o.label != n.label { changed.insert("label") }
        if o.color != n.color { changed.insert("color") }
        if radiusFraction(oldIndex, in: oldLayout) != radiusFraction(newIndex, in: newLayout) { changed.insert("radius") }
        return changed.isEmpty ? [] : sliceFieldOrder.filter(changed.contains)
    }

    /// A slice's outer radius as a fraction of where it may reach: the chart's outer radius,
    /// or across its ring's band in a chart of rings.
    static func radiusFraction(_ index: Int, in layout: ChartLayout) -> Double {
        let s = layout.slices[index]
        if let ring = layout.rings.first(where: { index >= $0.first && index < $0.first + $0.slices.count }) {
            return (s.outerRadius - ring.innerRadius) / max(ring.outerRadius - ring.innerRadius, 1e-9)
        }
        return s.outerRadius / max(layout.outerRadius, 1e-9)
    }

    static func chartChanges(_ a: ChartSpec, _ b: ChartSpec) -> [ChartChange] {
        ChartSpec.changedFields(a, b).map { ChartChange(field: $0.field, old: $0.old, new: $0.new, inSentence: $0.inSentence) }
    }

    /// The readable plan, one line per slice, then one per chart key:
    /// `+ go  Go  12.0%`, `- perl  8.0%`, `~ python  40.0% -> 35.5%  (value)`,
    /// `~ python -> python3  30.0% -> 28.0%  (label, value)`, `moved rust 3 -> 1`,
    /// `chart innerRadius 0 -> 0.6`, and `chart is now empty` / `chart is no longer empty`.
    /// "no changes" when there are none.
    public func text() -> String {
        if isEmpty { return "no changes\n" }
        var out = ""
        for c in slices {
            switch c.kind {
            case .insert: out += "+ \(c.id)  \(c.label)  \(c.newPercent ?? "")%\n"
            case .remove: out += "- \(c.id)  \(c.oldPercent ?? "")%\n"
            case .move: out += "moved \(c.id) \(c.oldPosition ?? 0) -> \(c.newPosition ?? 0)\n"
            case .merge: out += "< \(c.id) into other\n"
            case .split: out += "+ \(c.id)  \(c.label)  \(c.newPercent ?? "")%  (out of other)\n"
            case .update, .rename:
                var line = "~ " + (c.oldID.map { "\($0) -> " } ?? "") + "\(c.id)  \(c.oldPercent ?? "")% -> \(c.newPercent ?? "")%"
                if !c.fields.isEmpty { line += "  (\(c.fields.joined(separator: ", ")))" }
                if c.moved { line += "  moved \(c.oldPosition ?? 0) -> \(c.newPosition ?? 0)" }
                out += line + "\n"
            }
        }
        for c in chart { out += "chart \(c.field) \(c.old) -> \(c.new)\n" }
        switch emptiness {
        case .emptied?: out += "chart is now empty\n"
        case .filled?: out += "chart is no longer empty\n"
        case nil: break
        }
        return out
    }

    /// `{"changed", "slices", "chart"}`, and `"empty": "became-empty" | "no-longer-empty"`
    /// when the chart became empty or stopped being empty (left out otherwise).
    public func json() -> JSONValue {
        func opt(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        func pos(_ i: Int?) -> JSONValue { i.map(JSONValue.int) ?? .null }
        var members: [(String, JSONValue)] = [
            ("changed", .bool(!isEmpty)),
            ("slices", .array(slices.map { c in
                .object([("kind", .string(c.kind.rawValue)), ("id", .string(c.id)), ("label", .string(c.label)),
                         ("oldPercent", opt(c.oldPercent)), ("newPercent", opt(c.newPercent)),
                         ("oldPosition", pos(c.oldPosition)), ("newPosition", pos(c.newPosition)),
                         ("oldId", opt(c.oldID)), ("fields", .array(c.fields.map(JSONValue.string))), ("moved", .bool(c.moved))])
            })),
            ("chart", .array(chart.map { .object([("field", .string($0.field)), ("old", .string($0.old)), ("new", .string($0.new))]) })),
        ]
        if let emptiness { members.append(("empty", .string(emptiness.rawValue))) }
        return .object(members)
    }

    /// One plain sentence: "Python fell from 40% to 35.5%; Go was added at 12%."
    /// Percentages read in `locale` (`42,5 %` in de-DE).
    public func sentence(limit: Int = 6, locale: NumberLocale = .enUS) -> String {
        var parts: [String] = []
        func pc(_ s: String?) -> String { locale.percent(plain: s ?? "") }
        for c in slices {
            let o = Double(c.oldPercent ?? "") ?? 0, n = Double(c.newPercent ?? "") ?? 0
            let share = o == n ? nil : "\(n > o ? "rose" : "fell") from \(pc(c.oldPercent)) to \(pc(c.newPercent))"
            let move = c.moved ? "moved from position \(c.oldPosition ?? 0) to \(c.newPosition ?? 0)" : nil
            switch c.kind {
            case .insert: parts.append("\(c.label) was added at \(pc(c.newPercent))")
            case .remove: parts.append("\(c.label) was removed (was \(pc(c.oldPercent)))")
            case .merge: parts.append("\(c.label) moved into \(c.group ?? "Other")")
            case .split: parts.append("\(c.label) came out of \(c.group ?? "Other") at \(pc(c.newPercent))")
            case .rename: parts.append(([("\(c.oldID ?? "") was renamed to \(c.label)")] + [share, move].compactMap { $0 }).joined(separator: " and "))
            case .move: parts.append("\(c.label) " + (move ?? ""))
            case .update:
                var what = [share, move].compactMap { $0 }
                if share == nil, c.fields.contains("label") {
                    parts.append((["a slice was relabelled \(c.label)"] + what).joined(separator: " and "))
                    continue
                }
                if share == nil, !c.fields.isEmpty { what.insert("changed \(c.fields.joined(separator: " and "))", at: 0) }
                if !what.isEmpty { parts.append("\(c.label) " + what.joined(separator: " and ")) }
            }
        }
        for c in chart where c.inSentence { parts.append("the chart's \(c.field) changed from \(c.old) to \(c.new)") }
        // Said first: it is what a reader most needs to know of the change.
        switch emptiness {
        case .emptied?: parts.insert("the chart is now empty", at: 0)
        case .filled?: parts.insert("the chart is no longer empty", at: 0)
        case nil: break
        }
        if parts.isEmpty { return "Nothing changed." }
        if parts.count > limit {
            let counts = Dictionary(grouping: slices, by: \.kind)
            let added = (counts[.insert]?.count ?? 0) + (counts[.split]?.count ?? 0)
            let removed = (counts[.remove]?.count ?? 0) + (counts[.merge]?.count ?? 0)
            let changed = (counts[.update]?.count ?? 0) + (counts[.move]?.count ?? 0) + (counts[.rename]?.count ?? 0)
            var summary: [String] = []
            switch emptiness {
            case .emptied?: summary.append("the chart is now empty: \(removed) \(removed == 1 ? "slice was" : "slices were") removed")
            case .filled?: summary.append("the chart is no longer empty: \(added) \(added == 1 ? "slice was" : "slices were") added")
            case nil:
                if added > 0 { summary.append("\(added) \(added == 1 ? "slice was" : "slices were") added") }
                if removed > 0 { summary.append("\(removed) removed") }
            }
            if changed > 0 { summary.append("\(changed) changed") }
            let told = chart.filter(\.inSentence)
            if !told.isEmpty { summary.append("the chart's \(told.map(\.field).joined(separator: ", ")) changed") }
            return capitalized(summary.joined(separator: ", ")) + "."
        }
        return capitalized(parts.joined(separator: "; ")) + "."
    }

    private func capitalized(_ s: String) -> String {
        guard let first = s.first else { return s }
        return first.uppercased() + s.dropFirst()
    }
}
