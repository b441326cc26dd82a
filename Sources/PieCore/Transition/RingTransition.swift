import PieSpec

/// One ring as drawn: a chart of its own (`RingLayout.ringChart`) and its plan.
public struct RingPart: Sendable {
    public var layout: ChartLayout
    public var plan: TransitionPlan
    /// The ring's id, and where its slices begin in the chart's flattened slices (nil for a
    /// ring of the previous version that shrinks away).
    public var ringID: String
    public var first: Int?
}

/// Layout, plans and changes of a chart of concentric rings (`rings:`).
///
/// Each ring is planned on its own, by the ordinary one-sweep planner: its slices match by id
/// within the ring of the same id in the previous version, so inserted and removed slices
/// grow and shrink in place inside their ring's band, and a band that moves (another ring
/// added or removed) is a change of radii. Rings of both versions that keep their order are
/// kept; any other ring leaves or enters. Between two kept rings (or the hole, or the rim), the
/// rings that leave shrink to no width at the gap's inner side (the outer edge of the kept
/// ring inside, in the new chart) and those that enter grow from a band of no width at its
/// outer side (the inner edge of the kept ring outside, in the old chart); in the innermost
/// gap of a pie, the other way round (no ring can shrink to radius 0: when one would have to,
/// the innermost ring of a pie leaving or moving out, the chart enters instead, its changes
/// still reported). All radii move in
/// the same eased progress, so the bands tile the disc in every frame; for that reason a transition whose bands move runs every ring with one
/// timing (`stages: single`, no `stagger`). A chart that switches between `slices` and `rings`
/// plays its `enter` animation (nothing to match by).
///
/// The change report and the manifest see the flattened chart (`ChartSpec.flattened`: ids
/// `ring/slice`), so matching there is by (ring id, slice id) too.
enum RingTransition {
    static func chart(_ spec: ChartSpec, previous: ChartSpec?) -> CompiledChart {
        guard let previous, !previous.rings.isEmpty, !spec.rings.isEmpty else {
            let layout = Layout.layout(spec)
            // Nothing to match between `slices` (an empty chart's too) and `rings`: the chart
            // enters, and its changes (every slice of one removed, of the other inserted) are
            // still reported.
            let changes = previous.map { switched(from: $0, to: spec, layout: layout) }
            guard !spec.rings.isEmpty else { return CompiledChart(layout: layout, plan: Planner.enter(layout, animation: spec.animation), changes: changes) }
            return enter(spec, layout: layout, changes: changes)
        }
        let oldLayout = Layout.layout(previous)
        let pinned = Transition.pinnedColors(old: oldLayout.rings.flatMap(\.slices), new: spec.rings.flatMap(\.slices),
                                             palette: spec.theme.palette)
        let newLayout = Layout.layout(spec, pinned: pinned, wholeTurn: Transition.turns(previous, spec))
        let oldFlat = previous.flattened, newFlat = spec.flattened
        let diff = SliceDiff.compute(oldIDs: oldLayout.slices.map(\.id), newIDs: newLayout.slices.map(\.id),
                                     renames: Transition.renames(newFlat.slices)(newLayout))
        let changes = ChangeReport.make(old: oldFlat, oldLayout: oldLayout, new: newFlat, newLayout: newLayout, diff: diff)

        // Rings kept: those of both versions whose order is kept (the longest run in the same
        // order); a ring that changes places leaves its old band and enters its new one, so
        // no two rings ever cross.
        let kept = keptRings(old: oldLayout.rings.map(\.id), new: newLayout.rings.map(\.id))
        let oldIndex = Dictionary(oldLayout.rings.enumerated().filter { kept.contains($1.id) }.map { ($1.id, $0) },
                                  uniquingKeysWith: { a, _ in a })
        let newIDs = kept
        let bandsMove = oldLayout.rings.count != newLayout.rings.count
            || zip(oldLayout.rings, newLayout.rings).contains { $0.id != $1.id || $0.innerRadius != $1.innerRadius || $0.outerRadius != $1.outerRadius }
        var animation = spec.animation
        if bandsMove {
            animation.stages = .single
            animation.stagger = 0
        }
        var parts: [RingPart] = []
        for (k, band) in newLayout.rings.enumerated() {
            let new = RingLayout.ringChart(newLayout, k)
            let old: ChartLayout
            var appears = false
            if let j = oldIndex[band.id] {
                old = RingLayout.ringChart(oldLayout, j)
            } else {
                // Grows from the inner edge of the nearest kept ring outside it (the outer
                // radius if none); rings that leave the same gap shrink towards its other side.
                // In the innermost gap of a pie, the other way round: a ring cannot shrink to
                // radius 0 (the motion circle of no radius draws nothing), so there entering
                // rings grow from the old hole and leaving ones shrink outwards.
                let inside = newLayout.rings[..<k].last { oldIndex[$0.id] != nil }
                let outside = newLayout.rings[(k + 1)...].first { oldIndex[$0.id] != nil }
                let r = inside == nil && newLayout.innerRadius <= 0 ? oldLayout.innerRadius
                    : outside.map { oldLayout.rings[oldIndex[$0.id]!].innerRadius } ?? oldLayout.outerRadius
                old = collapsed(new, at: r)
                appears = true
            }
            let ringSpec = spec.rings.first { $0.id == band.id }!
            var plan = Transition.plan(from: old, to: new, renames: Transition.renames(ringSpec.slices), animation: animation)
            // A new ring's labels fade in as it grows (never over its neighbours' edge).
            if appears { for i in plan.segments.indices { plan.segments[i].fromExtras.labelOpacity = 0 } }
            parts.append(RingPart(layout: new, plan: plan, ringID: band.id, first: band.first))
        }
        for (j, band) in oldLayout.rings.enumerated() where !newIDs.contains(band.id) {
            // Shrinks to the outer edge of the nearest kept ring inside it in the new chart (the
            // hole if none); rings entering the same gap grow from its other side.
            let inside = oldLayout.rings[..<j].last { newIDs.contains($0.id) }
            let outside = oldLayout.rings[(j + 1)...].first { newIDs.contains($0.id) }
            let r = inside == nil && newLayout.innerRadius <= 0
                ? outside.map { id in newLayout.rings.first { $0.id == id.id }!.innerRadius } ?? newLayout.outerRadius
                : inside.map { id in newLayout.rings.first { $0.id == id.id }!.outerRadius } ?? newLayout.innerRadius
            // A ring cannot shrink to the centre of a pie (a motion circle of radius 0 draws
            // nothing, so it would vanish at the first frame): such a chart enters instead.
            guard r > 0 else { return enter(spec, layout: newLayout, changes: changes) }
            let old = RingLayout.ringChart(oldLayout, j)
            var new = collapsed(old, at: r)
            new.id = newLayout.id + "_x" + String(j)
            for i in new.slices.indices { new.slices[i].labelText = nil }
            let plan = Transition.plan(from: old, to: new, renames: { _ in [:] }, animation: animation)
            parts.append(RingPart(layout: new, plan: plan, ringID: band.id, first: nil))
        }
        var chart = CompiledChart(layout: newLayout, plan: combined(parts, layout: newLayout, kind: .update), changes: changes)
        chart.plan.from.outline = OutlinePose(oldLayout)
        chart.plan.to.outline = OutlinePose(newLayout)
        chart.plan.from.shadow = ShadowPose(oldLayout)
        chart.plan.to.shadow = ShadowPose(newLayout)
        chart.rings = parts
        return chart
    }

    /// The changes of a chart that switches between `slices` and `rings`, on the flattened
    /// charts (ids `ring/slice` never match a plain slice's).
    static func switched(from previous: ChartSpec, to spec: ChartSpec, layout: ChartLayout) -> ChangeReport {
        let oldLayout = Layout.layout(previous)
        let diff = SliceDiff.compute(oldIDs: oldLayout.slices.map(\.id), newIDs: layout.slices.map(\.id))
        return ChangeReport.make(old: previous.flattened, oldLayout: oldLayout, new: spec.flattened, newLayout: layout, diff: diff)
    }

    /// The ring ids of both versions that keep their relative order: matched like slices
    /// (`SliceDiff`: the longest increasing subsequence of old positions), the stable ones.
    static func keptRings(old: [String], new: [String]) -> Set<String> {
        let diff = SliceDiff.compute(oldIDs: old, newIDs: new)
        return Set(diff.matches.filter { !$0.moved }.map { new[$0.newIndex] })
    }

    /// Every ring plays the `enter` animation.
    static func enter(_ spec: ChartSpec, layout: ChartLayout, changes: ChangeReport?) -> CompiledChart {
        let parts = layout.rings.indices.map { k in
            let ring = RingLayout.ringChart(layout, k)
            return RingPart(layout: ring, plan: Planner.enter(ring, animation: spec.animation), ringID: layout.rings[k].id,
                            first: layout.rings[k].first)
        }
        var chart = CompiledChart(layout: layout, plan: combined(parts, layout: layout, kind: nil), changes: changes)
        chart.plan.from.outline = OutlinePose(layout)
        chart.plan.to.outline = OutlinePose(layout)
        // Growing rings are not yet their circle: the shadow fades in as they grow.
        chart.plan.from.shadow = spec.animation.enter == .grow ? nil : ShadowPose(layout)
        chart.plan.to.shadow = ShadowPose(layout)
        chart.rings = parts
        return chart
    }

    /// `ring` with a band of no width at radius `r` (same angles).
    static func collapsed(_ ring: ChartLayout, at r: Double) -> ChartLayout {
        var l = ring
        l.innerRadius = r
        l.outerRadius = r
        for i in l.slices.indices {
            l.slices[i].innerRadius = r
            l.slices[i].outerRadius = r
        }
        return l
    }

    /// Every ring's segments as one plan (ids `ring/slice`, slice indices into the flattened
    /// chart): what the manifest lists. Drawing uses the parts.
    static func combined(_ parts: [RingPart], layout: ChartLayout, kind: TransitionKind?) -> TransitionPlan {
        var plan = parts.first?.plan ?? Planner.enter(layout, animation: AnimationOptions())
        if let kind { plan.kind = kind }
        plan.segments = []
        plan.movers = []
        plan.floatingLabels = []
        for (k, part) in parts.enumerated() {
            let ringID = part.ringID, first = part.first
            for var s in part.plan.segments {
                s.id = ChartSpec.ringSliceID(ring: ringID, slice: s.id)
                s.slice = first.flatMap { f in s.slice.map { f + $0 } }
                s.ringPart = k
                plan.segments.append(s)
            }
            for var s in part.plan.movers {
                s.id = ChartSpec.ringSliceID(ring: ringID, slice: s.id)
                s.slice = first.flatMap { f in s.slice.map { f + $0 } }
                s.ringPart = k
                plan.movers.append(s)
            }
        }
        return plan
    }
}
