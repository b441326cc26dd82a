import PieSpec

/// Transitions across `chart.other`: a slice that joins "Other" animates into it, one that
/// leaves comes out of it.
///
/// The plan is made on *expanded* layouts (`OtherGrouping.expanded`), where Other is one
/// sub-slice per member, in Other's colour. Matching by id then makes a joining slice an
/// update that moves into Other's range and takes Other's colour, and a leaving slice the
/// reverse; the usual running sums keep every frame tiled. This step turns that plan into
/// one for the grouped chart: segment labels point at the grouped layout (members have none,
/// in either label layer), a joining slice's label fades out, a leaving one's fades in, Other's own label travels
/// between Other's old and new middle, and the parts of Other are marked so no separator
/// shows between them at rest (a separator between a joining slice and Other fades out).
enum OtherTransition {
    /// `diff` matched `oldExpanded` to `newExpanded`; `plan` was made from them.
    static func adapt(_ plan: inout TransitionPlan, diff: SliceDiff, oldExpanded: ChartLayout, newExpanded: ChartLayout,
                      old: ChartLayout, new: ChartLayout) {
        guard old.other != nil || new.other != nil else { return }
        let oldMembers = old.other?.memberIDs ?? [], newMembers = new.other?.memberIDs ?? []
        var groupedIndex: [String: Int] = [:]
        for (k, s) in new.slices.enumerated() { groupedIndex[s.id] = k }
        func regroup(_ segment: inout Segment, oldIndex: Int?, newIndex: Int?) {
            let o = oldIndex.map { oldExpanded.slices[$0] }, n = newIndex.map { newExpanded.slices[$0] }
            segment.fromExtras.inOther = o.map { oldMembers.contains($0.id) } ?? false
            segment.toExtras.inOther = n.map { newMembers.contains($0.id) } ?? false
            if let k = segment.slice { segment.slice = newMembers.contains(newExpanded.slices[k].id) ? nil : groupedIndex[newExpanded.slices[k].id] }
            guard let o, n != nil else { return }
            if segment.toExtras.inOther, !segment.fromExtras.inOther, let text = o.labelText {
                segment.exitLabel = ExitLabel(text: text, color: o.textColor, rank: o)
            }
            if segment.fromExtras.inOther, !segment.toExtras.inOther { segment.fromExtras.labelOpacity = 0 }
        }
        for (i, entry) in diff.entries.enumerated() {
            // A moved slice's closing place is old-only, its opening place new-only.
            let oldIndex = entry.role == .movedTo ? nil : entry.oldIndex
            regroup(&plan.segments[i], oldIndex: oldIndex, newIndex: entry.newIndex)
        }
        for (j, m) in diff.matches.filter(\.moved).enumerated() where j < plan.movers.count {
            regroup(&plan.movers[j], oldIndex: m.oldIndex, newIndex: m.newIndex)
            plan.movers[j].fromExtras.inOther = false
            plan.movers[j].toExtras.inOther = false
        }
        if let label = otherLabel(old: old, new: new) { plan.floatingLabels.append(label) }
    }

    /// A segment that draws nothing and carries Other's label from the middle of the old
    /// Other to the middle of the new one (fading in or out when Other appears or goes).
    static func otherLabel(old: ChartLayout, new: ChartLayout) -> Segment? {
        let o = old.slices.last { $0.id == OtherOptions.id && old.other != nil }
        let k = new.other == nil ? nil : new.slices.lastIndex { $0.id == OtherOptions.id }
        let n = k.map { new.slices[$0] }
        guard let anchor = n ?? o else { return nil }
        // Other's whole wedge (a missing end: the other end's middle), so the label sits at its
        // middle and is tested against the slice it is drawn on.
        func point(_ s: SliceLayout?, _ chart: ChartLayout) -> SegmentGeometry {
            let w = s.map { ($0.startAngle, $0.endAngle) } ?? (anchor.midAngle, anchor.midAngle)
            return SegmentGeometry(startAngle: w.0, endAngle: w.1, outerRadius: (s ?? anchor).outerRadius,
                                   innerRadius: chart.innerRadius, color: (s ?? anchor).color)
        }
        var segment = Segment(id: OtherOptions.id, kind: n == nil ? .exit : (o == nil ? .enter : .update), slice: k,
                              from: point(o, old), to: point(n, new))
        segment.fromExtras.labelOpacity = o?.labelText == nil ? 0 : 1
        if n?.labelText == nil, let o, let text = o.labelText { segment.exitLabel = ExitLabel(text: text, color: o.textColor, rank: o) }
        Planner.layerLabels(&segment, old: o, new: n)
        return segment
    }
}
