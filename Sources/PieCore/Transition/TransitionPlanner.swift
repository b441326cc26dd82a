import PieSpec

extension Planner {
    /// The transition from the previous version's layout to the new one.
    ///
    /// Segments follow the merged order of `diff` (see `SliceDiff`). Each segment's start angle
    /// is the running sum of the widths before it, in the old and in the new chart, so in
    /// every frame the segments tile the sweep without gap or overlap: removed slices shrink
    /// in place, inserted ones grow in place, stable ones move and resize. A moved slice leaves
    /// a closing place and an opening place (both in its colour, so nothing shows through)
    /// and is drawn once more on top as a *mover* that rotates from its old to its new place,
    /// carrying its label.
    public static func transition(from old: ChartLayout, to new: ChartLayout, diff: SliceDiff,
                                  animation: AnimationOptions) -> TransitionPlan {
        var segments: [Segment] = []
        segments.reserveCapacity(diff.entries.count)
        var fromCursor = old.startAngle, toCursor = new.startAngle
        for entry in diff.entries {
            let o = entry.oldIndex.map { old.slices[$0] }
            let n = entry.newIndex.map { new.slices[$0] }
            let fromWidth = entry.role == .inserted || entry.role == .movedTo ? 0 : (o?.span ?? 0)
            let toWidth = entry.role == .removed || entry.role == .movedFrom ? 0 : (n?.span ?? 0)
            let oldRing = o.map { ring($0, in: old) } ?? n.map { ring($0, in: new) }!
            let newRing = n.map { ring($0, in: new) } ?? oldRing
            let color = (n ?? o)!.color
            let from = SegmentGeometry(startAngle: fromCursor, endAngle: fromCursor + fromWidth,
                                       outerRadius: oldRing.outer * old.outerRadius, innerRadius: old.innerRadius,
                                       color: entry.role == .stable ? o!.color : color).exploded((o ?? n)!.explode)
            let to = SegmentGeometry(startAngle: toCursor, endAngle: toCursor + toWidth,
                                     outerRadius: newRing.outer * new.outerRadius, innerRadius: new.innerRadius, color: color).exploded((n ?? o)!.explode)
            fromCursor += fromWidth
            toCursor += toWidth
            let kind: SegmentKind = switch entry.role {
            case .stable: .update
            case .removed, .movedFrom: .exit
            case .inserted, .movedTo: .enter
            }
            let id = (n ?? o)!.id
            // A moved slice's label rides on its mover, not on the opening place.
            let labelled = entry.role == .movedTo ? nil : entry.newIndex
            var segment = Segment(id: id, kind: kind, slice: labelled, from: from, to: to)
            if entry.role == .stable, let oi = entry.oldIndex, let ni = entry.newIndex {
                labelColors(&segment, old: old, oi, new: new, ni)
            }
            if entry.role == .removed, let o, let text = o.labelText {
                segment.exitLabel = ExitLabel(text: text, color: o.textColor, rank: o)
            }
            if entry.role != .movedFrom, entry.role != .movedTo { layerLabels(&segment, old: o, new: n) }
            segments.append(segment)
        }
        let movers = diff.matches.filter(\.moved).map { m in
            var s = mover(old: old.slices[m.oldIndex], new: new.slices[m.newIndex], newIndex: m.newIndex, oldChart: old, newChart: new)
            labelColors(&s, old: old, m.oldIndex, new: new, m.newIndex)
            layerLabels(&s, old: old.slices[m.oldIndex], new: new.slices[m.newIndex])
            return s
        }
        var plan = TransitionPlan(kind: .update, duration: max(animation.duration, 0), delay: max(animation.delay, 0),
                                  easing: animation.easing, from: ChartPose(old), to: ChartPose(new), segments: segments, movers: movers)
        // Staged, a change that replaces every slice has nothing to fill the sweep between
        // its stages: rescaled, the old chart would stand whole and then vanish at once when
        // its last width reached 0; unscaled, it empties, then the new one fills it.
        let fills = animation.stages != .staged || segments.contains { $0.kind == .update }
        plan.normalized = fills && old.usedEndAngle - old.startAngle >= old.sweep - 1e-9 && new.usedEndAngle - new.startAngle >= new.sweep - 1e-9
        if animation.stages == .staged { settleRings(&plan) }
        schedule(&plan, animation: animation)
        return plan
    }

    /// Staged: the ring changes in the update stage, so a slice that leaves before it keeps the
    /// old ring, and one that arrives after it starts on the new ring.
    private static func settleRings(_ plan: inout TransitionPlan) {
        for i in plan.segments.indices {
            switch plan.segments[i].kind {
            case .exit:
                plan.segments[i].to.outerRadius = plan.segments[i].from.outerRadius
                plan.segments[i].to.innerRadius = plan.segments[i].from.innerRadius
            case .enter:
                plan.segments[i].from.outerRadius = plan.segments[i].to.outerRadius
                plan.segments[i].from.innerRadius = plan.segments[i].to.innerRadius
            case .update:
                break
            }
        }
    }

    /// A slice's outer radius as a fraction of its chart's outer radius.
    private static func ring(_ s: SliceLayout, in chart: ChartLayout) -> (outer: Double, inner: Double) {
        (s.outerRadius / max(chart.outerRadius, 1e-9), chart.innerRadius / max(chart.outerRadius, 1e-9))
    }

    /// The mover of a reordered slice. On a full circle it takes the shorter way round.
    /// The label colours of a slice in both versions, on `segment`'s extras where a written
    /// or slice-coloured one changes (they blend), or where `labels.box` changes and the
    /// automatic colour with it (white on a dark slice, black on a light box: it blends with
    /// the box's fade, else the first frame would draw the new colour on the old slice); an
    /// automatic colour at both ends of the same box is left to the final layout (black or
    /// white on the slice, the themed ink beside the pie).
    static func labelColors(_ segment: inout Segment, old: ChartLayout, _ oi: Int, new: ChartLayout, _ ni: Int) {
        let o = old.slices[oi], n = new.slices[ni]
        if o.ownLabelColor != nil || n.ownLabelColor != nil || old.labelBox != new.labelBox, o.textColor != n.textColor {
            (segment.fromExtras.labelColor, segment.toExtras.labelColor) = (o.textColor, n.textColor)
        }
        let a = old.outsideLabelColor(oi), b = new.outsideLabelColor(ni)
        if a != nil || b != nil, (a ?? old.ink) != (b ?? new.ink) {
            (segment.fromExtras.outsideLabelColor, segment.toExtras.outsideLabelColor) = (a ?? old.ink, b ?? new.ink)
            // An end that is the ink is the dark look's ink there (each version's own look;
            // one without a dark look is drawn alike in both): a label whose box comes or goes
            // blends from or to the ink of the look it is shown in.
            if new.dark != nil, a == nil || b == nil {
                let dark = (a ?? old.dark?.ink ?? old.ink, b ?? new.dark?.ink ?? new.ink)
                if dark != (a ?? old.ink, b ?? new.ink) {
                    (segment.fromExtras.outsideLabelDarkColor, segment.toExtras.outsideLabelDarkColor) = dark
                }
            }
        }
    }

    /// The second label layer's label on `segment` (`InsideLayer`): shown (opacity 1) at the
    /// end where that version shows it, else 0; a label the old version shows and the new
    /// one does not leaves with its old text (`exitLayerLabel`).
    static func layerLabels(_ segment: inout Segment, old o: SliceLayout?, new n: SliceLayout?) {
        guard o?.layerText != nil || n?.layerText != nil else { return }
        segment.fromExtras.layerOpacity = o?.layerText != nil && segment.from.span > 0 ? 1 : 0
        segment.toExtras.layerOpacity = n?.layerText != nil && segment.to.span > 0 ? 1 : 0
        if let o, let text = o.layerText, n?.layerText == nil || segment.slice == nil {
            segment.exitLayerLabel = ExitLabel(text: text, color: o.layerInk)
        }
    }

    private static func mover(old o: SliceLayout, new n: SliceLayout, newIndex: Int, oldChart: ChartLayout, newChart: ChartLayout) -> Segment {
        var shift = 0.0
        if oldChart.sweep >= 360, newChart.sweep >= 360 {
            let delta = n.midAngle - o.midAngle
            if delta > 180 { shift = -360 } else if delta < -180 { shift = 360 }
        }
        let from = SegmentGeometry(startAngle: o.startAngle, endAngle: o.endAngle, outerRadius: o.outerRadius,
                                   innerRadius: oldChart.innerRadius, color: o.color).exploded(o.explode)
        let to = SegmentGeometry(startAngle: n.startAngle + shift, endAngle: n.endAngle + shift, outerRadius: n.outerRadius,
                                 innerRadius: newChart.innerRadius, color: n.color).exploded(n.explode)
        return Segment(id: n.id, kind: .update, slice: newIndex, from: from, to: to)
    }
}
