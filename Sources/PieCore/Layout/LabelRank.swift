import PieSpec

/// The order in which labels keep their place when not every label fits (outside labels in
/// columns, `LabelPlacer`; at a distance, `RadialLabels`): labels of slices with
/// `keepLabel: true` first, then the higher priority (`labels.priority`: `value`, the larger
/// value; `order`, the slice written first), then the earlier label. Labels later in this
/// order are the ones left out.
public struct LabelRank: Sendable, Hashable {
    public var kept: Bool
    public var priority: Double
    public var index: Int

    public init(kept: Bool, priority: Double, index: Int) {
        self.kept = kept
        self.priority = priority
        self.index = index
    }

    /// Whether `self` keeps its place before `other`.
    public func precedes(_ other: LabelRank) -> Bool {
        if kept != other.kept { return kept }
        if priority != other.priority { return priority > other.priority }
        return index < other.index
    }

    /// A slice's priority under `labels.priority`: its value, or minus its spec index (a
    /// chart's Other has the last index, a ring's slices their place in the rings' list).
    static func priority(of slice: SliceLayout, _ rule: LabelPriority) -> Double {
        switch rule {
        case .value: return slice.value
        case .order: return -Double(slice.specIndex)
        }
    }
}
