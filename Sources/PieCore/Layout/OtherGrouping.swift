import PieSpec

/// One slice drawn inside "Other".
public struct OtherMember: Sendable, Hashable {
    public var id: String
    public var label: String
    public var value: Double
    /// Position of the slice in the spec's `slices` list.
    public var specIndex: Int
    /// The slice asked to keep its label (`keepLabel`): Other's stands for it (E0351).
    public var keepLabel = false
}

/// The slices that `chart.other` grouped, in display order, and the grouped slice's look.
public struct OtherGroup: Sendable, Hashable {
    public var members: [OtherMember]
    public var label: String
    public var color: Color
    public var memberIDs: Set<String> { Set(members.map(\.id)) }
}

/// `chart.other`: which slices join "Other", and the grouped spec that layout draws.
///
/// Rules (README "chart.other"): a slice with a value above 0 and below `minPercent` of the
/// total (the sum, or `chart.total`) joins Other. Then, when the remaining slices plus Other
/// would be more than `maxSlices`, only the `maxSlices - 1` largest remain (ties: earlier in
/// the spec) and the rest join Other. Other (id `other`) is drawn last whatever the `sort`,
/// its value is the sum of its members, its colour is `chart.other.color`. Zero-valued slices
/// join only through `maxSlices`. No member, no Other slice.
public enum OtherGrouping {
    /// The grouped spec (kept slices in display order, then Other; `sort: none`), the spec
    /// index of each of its slices (Other: `spec.slices.count`) and the group, or the spec
    /// itself when nothing is grouped.
    public static func group(_ spec: ChartSpec) -> (spec: ChartSpec, sourceIndex: [Int], group: OtherGroup?) {
        guard let options = spec.chart.other else { return (spec, Array(spec.slices.indices), nil) }
        let member = members(spec, options: options)
        guard member.contains(true) else { return (spec, Array(spec.slices.indices), nil) }
        let order = Layout.order(spec.slices, sort: spec.chart.sort)
        var grouped = spec
        grouped.chart.sort = .none
        grouped.slices = []
        var source: [Int] = []
        var group = OtherGroup(members: [], label: options.label, color: options.color)
        for i in order {
            let s = spec.slices[i]
            if member[i] {
                group.members.append(OtherMember(id: s.id, label: s.label, value: max(s.value, 0), specIndex: i, keepLabel: s.keepLabel))
            } else {
                grouped.slices.append(s)
                source.append(i)
            }
        }
        var other = SliceSpec(id: OtherOptions.id, label: options.label, value: group.members.reduce(0) { $0 + $1.value })
        other.color = options.color
        other.description = describe(group.members)
        grouped.slices.append(other)
        source.append(spec.slices.count)
        return (grouped, source, group)
    }

    /// `member[i]`: slice i of the spec joins Other.
    static func members(_ spec: ChartSpec, options: OtherOptions) -> [Bool] {
        let values = spec.slices.map { max($0.value, 0) }
        let sum = values.reduce(0, +)
        let denominator = max(spec.chart.total ?? sum, sum)
        var member = values.map { v in denominator > 0 && v > 0 && v / denominator * 100 < options.minPercent }
        if let maxSlices = options.maxSlices {
            let kept = values.indices.filter { !member[$0] }
            let hasOther = member.contains(true)
            if kept.count + (hasOther ? 1 : 0) > maxSlices {
                let ranked = kept.sorted { a, b in values[a] != values[b] ? values[a] > values[b] : a < b }
                for i in ranked.dropFirst(max(maxSlices - 1, 0)) { member[i] = true }
            }
        }
        return member
    }

    /// "Includes Perl, Ruby and Lua" (at most 12 names, then "and N more").
    static func describe(_ members: [OtherMember]) -> String {
        let names = members.prefix(12).map(\.label)
        let more = members.count - names.count
        var text = "Includes "
        for (k, name) in names.enumerated() {
            if k > 0 { text += k == names.count - 1 && more == 0 ? " and " : ", " }
            text += name
        }
        if more > 0 { text += " and " + String(more) + " more" }
        return text
    }

    /// The layout with Other subdivided into one sub-slice per member (Other's colour and
    /// ring, widths in proportion to the members' values, no labels), so that a transition
    /// can match members by id: a slice that joins Other moves into Other's range and takes
    /// its colour, one that leaves does the reverse. Unchanged when nothing is grouped.
    public static func expanded(_ layout: ChartLayout) -> ChartLayout {
        guard let group = layout.other, let k = layout.slices.lastIndex(where: { $0.id == OtherOptions.id }) else { return layout }
        let other = layout.slices[k]
        let total = group.members.reduce(0) { $0 + $1.value }
        var cursor = other.startAngle
        var parts: [SliceLayout] = []
        for m in group.members {
            let width = total > 0 ? other.span * m.value / total : 0
            var s = other
            s.id = m.id
            s.label = m.label
            s.value = m.value
            s.description = nil
            s.specIndex = m.specIndex
            s.labelText = nil
            s.layerText = nil
            s.startAngle = cursor
            s.endAngle = cursor + width
            cursor += width
            parts.append(s)
        }
        // The last member with a value closes Other's range exactly (no rounding gap).
        if let last = parts.lastIndex(where: { $0.value > 0 }), total > 0 { parts[last].endAngle = other.endAngle }
        var result = layout
        result.slices.replaceSubrange(k...k, with: parts)
        return result
    }
}
