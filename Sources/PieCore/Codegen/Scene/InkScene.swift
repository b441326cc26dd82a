import PieSpec

/// The ink layer (`.p-ink`): outside labels with their leader lines and the donut's centre
/// text, drawn on the chart background above all slices. Outside labels are solved with
/// `OutsideLabels.place` at sample instants of the transition, from the stage's exact state
/// (`Stage.state(at:)`): the first sample is the old chart's label layout, the
/// last the new chart's, and keyframes between samples are linear.
struct InkScene {
    /// One outside label: its text and its pose at every sample (nil = hidden then).
    struct Track {
        var index: Int
        var text: String
        var poses: [OutsideLabels.Pose?]
        /// The leader's colour when it is not the ink (`labels.leaderColor: slice`), at rest.
        var leader: Color? = nil
        /// The leader's colour at every sample when its slice's colour changes (nil: `leader`
        /// throughout).
        var leaders: [Color]? = nil
        /// The text's own colour at rest (`labels.color`, a slice's `labelColor`); nil: the ink.
        var color: Color? = nil
        /// The text's colour at every sample where it blends (`SegmentExtras.outsideLabelColor`).
        var colors: [Color]? = nil
        /// The label's box (`labels.box`) at every sample, nil without boxes: its paint,
        /// padding and rounding blended as an inside label's (`LabelBoxPose.blend`); its
        /// place follows the pose (`LabelBoxPose.rect(_:at:fontSize:)`).
        var boxes: [LabelBoxPose]? = nil
        /// The pose at rest (last sample), when shown.
        var rest: OutsideLabels.Pose? { poses.last ?? nil }

        /// The box drawn behind the text at sample `k` when its pose is `pose`.
        func box(_ k: Int, at pose: OutsideLabels.Pose, fontSize: Double) -> LabelBoxPose.Rect? {
            boxes.map { $0[min(k, $0.count - 1)].rect(text, at: pose, fontSize: fontSize) }
        }
    }

    /// The centre texts and title lines (`Stage.Center`, `Stage.Title`), the stage's.
    typealias Center = Stage.Center
    typealias Title = Stage.Title

    /// Sample instants (ms after load); a single instant when nothing moves.
    var times: [Double] = []
    var tracks: [Track] = []
    /// The stage's centre texts and changed title lines (`Stage.centerItems`,
    /// `Stage.titleItems`), which the scene hands to the ink layer.
    var centers: [Center] = []
    var titles: [Title] = []

    var isEmpty: Bool { tracks.isEmpty && centers.isEmpty }

    init() {}

    /// A label that may be drawn outside: where it comes from in the plan and its modes.
    struct Entry {
        /// Index into `plan.segments + plan.movers + plan.floatingLabels` (Other's label).
        var position: Int
        var segment: Segment
        var text: String
        /// Outside in the old chart / the new chart.
        var fromOutside: Bool
        var toOutside: Bool
        var priority: Double
        /// `keepLabel`: placed before labels that are not kept (`LabelRank`).
        var kept = false
    }

    init(stage: Stage) {
        let layout = stage.layout, plan = stage.plan, moves = stage.moves
        guard let room = layout.labelRoom else { return }
        let entries = InkScene.entries(layout: layout, plan: plan, animated: moves)
        guard !entries.isEmpty else { return }
        let width = OutsideLabels.textWidth(room: room, outer: layout.outerRadius)
        // No room beside the pie (e.g. `auto` whose new version fits every label inside,
        // animating from an old one that had outside labels): outside labels are not drawn
        // rather than drawn past the viewBox (an ellipsis must fit at least).
        guard width >= TextMetrics.width("\u{2026}", fontSize: layout.fontSize) else { return }
        let line = plan.timeline
        if plan.kind == .enterGrow {
            enterTracks(entries, stage: stage, room: room, width: width)
            return
        }
        times = moves ? Strategies.SampledKeyframes.sampleTimes(plan) + [line.end] : [line.end]
        var poses = Array(repeating: [OutsideLabels.Pose?](), count: entries.count)
        // Slice-coloured leaders follow their slice's colour at every sample.
        let coloured = layout.leaderColor == .slice && layout.drawsLeaders
        var colors = Array(repeating: [Color](), count: coloured ? entries.count : 0)
        // Texts whose colour blends (`SegmentExtras.outsideLabelColor`), at every sample.
        let blends = moves ? entries.map { $0.segment.fromExtras.outsideLabelColor != nil } : entries.map { _ in false }
        var texts = entries.map { _ in [Color]() }
        for t in times {
            let state = moves ? stage.state(at: t) : plan
            let solved = InkScene.solve(entries, state: state, plan: plan, at: t, layout: layout, room: room)
            for i in entries.indices { poses[i].append(solved[i]) }
            if coloured {
                for (i, e) in entries.enumerated() { colors[i].append(InkScene.segment(e.position, of: state).from.color) }
            }
            for (i, e) in entries.enumerated() where blends[i] {
                let x = InkScene.segment(e.position, of: state).fromExtras
                texts[i].append(x.outsideLabelColor ?? e.segment.toExtras.outsideLabelColor ?? layout.ink)
            }
        }
        let boxes = InkScene.boxes(stage, at: times)
        tracks = entries.enumerated().map { i, e in
            let leader = InkScene.leader(e, layout: layout)
            let changing = coloured && colors[i].contains { $0 != colors[i][0] } ? colors[i] : nil
            return Track(index: i, text: TextLines.truncate(e.text, maxWidth: width, fontSize: layout.fontSize), poses: poses[i],
                         leader: leader, leaders: changing, color: InkScene.textColor(e, layout: layout),
                         colors: blends[i] && texts[i].contains { $0 != texts[i][0] } ? texts[i] : nil, boxes: boxes)
        }
    }

    /// The labels' box (`labels.box`) at each of `times`: the plan's two ends blended at the
    /// labels' eased progress, as `Stage.at` blends an inside label's; nil without a box.
    static func boxes(_ stage: Stage, at times: [Double]) -> [LabelBoxPose]? {
        let plan = stage.plan
        guard stage.layout.labelBox != nil, let ends = LabelBoxPose.ends(plan.from.labelBox, plan.to.labelBox) else { return nil }
        let window = TimeWindow(start: plan.delay, length: plan.duration)
        return times.map { t in
            let e = stage.moves && t < plan.timeline.end ? plan.easing.value(at: window.progress(at: t)) : 1
            return LabelBoxPose.blend(ends.from, ends.to, at: e) ?? ends.to
        }
    }

    /// Enter-grow (no old chart): each label waits at its final place, hidden, for the first
    /// half of the timeline, then fades in while the slices settle: three keyframes instead
    /// of a solve per sample, as nothing was shown before.
    private mutating func enterTracks(_ entries: [Entry], stage: Stage, room: LabelRoom, width: Double) {
        let plan = stage.plan, layout = stage.layout, line = plan.timeline
        times = [line.start, line.start + line.length / 2, line.end]
        let final = InkScene.solve(entries, state: stage.state(at: line.end), plan: plan, at: line.end, layout: layout, room: room)
        tracks = entries.enumerated().map { i, e in
            let hidden = final[i].map { p -> OutsideLabels.Pose in var p = p; p.opacity = 0; return p }
            return Track(index: i, text: TextLines.truncate(e.text, maxWidth: width, fontSize: layout.fontSize),
                         poses: [hidden, hidden, final[i]], leader: InkScene.leader(e, layout: layout), color: InkScene.textColor(e, layout: layout),
                         boxes: InkScene.boxes(stage, at: times))
        }
    }

    /// The leader's colour of `e` with `labels.leaderColor: slice`: its slice's colour in the
    /// new chart (a leaving slice's in the old one), the same at every instant; nil: the ink.
    static func leader(_ e: Entry, layout: ChartLayout) -> Color? {
        guard layout.leaderColor == .slice else { return nil }
        return e.segment.slice.map { layout.slices[$0].color } ?? e.segment.from.color
    }

    /// The text colour of `e` when it is its own (`ChartLayout.outsideLabelColor`): its slice's
    /// in the new chart; a leaving slice's label keeps its slice's colour under `slice`. nil: the ink.
    static func textColor(_ e: Entry, layout: ChartLayout) -> Color? {
        if let k = e.segment.slice { return layout.outsideLabelColor(k) }
        return layout.labelColor == .slice ? e.segment.from.color : layout.labelBox.map { TextInk.on($0.fill) }
    }

    /// The segment at `position` of `plan.segments + plan.movers + plan.floatingLabels` (an
    /// `Entry`'s position), without joining the three at every sample.
    static func segment(_ position: Int, of plan: TransitionPlan) -> Segment {
        let s = plan.segments.count, m = plan.movers.count
        return position < s ? plan.segments[position]
            : position < s + m ? plan.movers[position - s] : plan.floatingLabels[position - s - m]
    }

    /// Labels that are outside at either end, in the plan's order (segments, then movers).
    static func entries(layout: ChartLayout, plan: TransitionPlan, animated: Bool) -> [Entry] {
        var result: [Entry] = []
        // Outside at the start (`Stage.startMode`: a kept label that fits nowhere inside, where there is room).
        func outsideAtStart(_ s: Segment) -> Bool { Stage.startMode(of: s, plan: plan, layout: layout) == .outside }
        for (position, s) in (plan.segments + plan.movers + plan.floatingLabels).enumerated() {
            if let exit = s.exitLabel, animated {
                if outsideAtStart(s) {
                    result.append(Entry(position: position, segment: s, text: exit.text, fromOutside: true, toOutside: false,
                                        priority: exit.priority, kept: exit.kept))
                }
                continue
            }
            guard let k = s.slice, let text = layout.slices[k].labelText else { continue }
            let to = layout.slices[k].labelOutside, kept = layout.slices[k].keepLabel
            let from = animated && s.from.span > 0 ? outsideAtStart(s) : to
            if from || to {
                result.append(Entry(position: position, segment: s, text: text, fromOutside: from, toOutside: to,
                                    priority: layout.slices[k].labelPriority, kept: kept))
            }
        }
        return result
    }

    /// Poses of every entry at `t`: the labels outside at that instant (the old chart's set
    /// before a segment starts, the new chart's after it ends, both while it runs), solved
    /// together. Opacity follows the eased progress for labels that appear or leave.
    static func solve(_ entries: [Entry], state: TransitionPlan, plan: TransitionPlan, at t: Double,
                      layout: ChartLayout, room: LabelRoom) -> [OutsideLabels.Pose?] {
        var inputs: [OutsideLabels.Input] = []
        var opacity: [Double] = []
        for (i, e) in entries.enumerated() {
            let g = InkScene.segment(e.position, of: state).from
            let p = plan.window(of: e.segment).progress(at: t)
            let eased = plan.easing.value(at: p)
            let fromShown = e.fromOutside && e.segment.from.span > 0
            let toShown = e.toOutside && e.segment.slice != nil && e.segment.to.span > 0
            let shown = p <= 0 ? fromShown : (p >= 1 ? toShown : (fromShown || toShown))
            opacity.append((fromShown ? 1 - eased : 0) + (toShown ? eased : 0))
            if shown, g.span > 0 {
                inputs.append(OutsideLabels.Input(index: i, geometry: g, priority: e.priority, text: e.text, kept: e.kept))
            }
        }
        // Labels at a distance stand at the distance of this instant (both versions' blend).
        var room = room
        if room.radial != nil, let d = state.from.labelDistance { room.radial = d }
        // Slices of differing radii at this instant: labels stand at their own rims (`LabelWedges`).
        let wedges = layout.outline == nil
            ? LabelWedges((state.segments + state.movers).map(\.from), sign: layout.screenSign) : nil
        let poses = OutsideLabels.place(inputs, room: room, outer: layout.labelRim, sign: layout.screenSign, fontSize: layout.fontSize,
                                        wedges: wedges)
        return entries.indices.map { i in
            guard var pose = poses[i] else { return nil }
            pose.opacity = min(max(opacity[i], 0), 1)
            return pose
        }
    }
}
