import PieSpec

/// The labels beside the pie (outside labels, with their leaders), as tracks: each label's
/// pose (position, text anchor, leader polyline, opacity) at every sample instant of the
/// transition, solved together with `OutsideLabels.place` on the exact state of that instant
/// (`state(at:)`: the slices' geometry, the floating labels, the label distance); the first
/// sample is the old chart's layout, the last the new chart's. The keyframes of the ink layer
/// are these samples, linear between them, and `at(_:)` reads an instant the same way
/// (`Outside.at`), so `piec render`'s frames draw what the CSS does.
extension Stage {
    /// One outside label: its text and its pose at every sample (nil = hidden then).
    struct OutsideLabel {
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
        /// `colors` in the dark look where an end is the ink (`SegmentExtras.outsideLabelDarkColor`);
        /// nil: `colors` in both looks.
        var darkColors: [Color]? = nil
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

        /// The poses with hidden samples filled from the nearest shown one (opacity 0 there),
        /// and leader angles unwrapped so no pair of samples turns the long way round; nil
        /// when the label is never shown.
        var filled: [OutsideLabels.Pose]? {
            guard let first = poses.first(where: { $0 != nil }) ?? nil else { return nil }
            var last = first
            var result: [OutsideLabels.Pose] = []
            result.reserveCapacity(poses.count)
            for pose in poses {
                if let pose { last = pose; result.append(pose) } else { var p = last; p.opacity = 0; result.append(p) }
            }
            for i in result.indices.dropFirst() {
                result[i].tick.angle = Stage.unwrap(result[i].tick.angle, near: result[i - 1].tick.angle)
                result[i].elbow.angle = Stage.unwrap(result[i].elbow.angle, near: result[i - 1].elbow.angle)
            }
            return result
        }
    }

    /// `a` turned by whole turns to lie within 180° of `b`.
    static func unwrap(_ a: Double, near b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d < -180 { d += 360 }
        return b + d
    }

    /// The outside labels of a stage: the sample instants (ms after load; the end alone when
    /// nothing moves) and one track per label outside at either end.
    struct Outside {
        var times: [Double] = []
        var labels: [OutsideLabel] = []

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

        init() {}

        /// The tracks of `stage`'s outside labels, solved at `samples` (the sampled
        /// keyframes' instants, which the caller's budgets decide) and at the end.
        init(_ stage: Stage, samples: [Double]) {
            let layout = stage.layout, plan = stage.plan, moves = stage.moves
            guard let room = layout.labelRoom else { return }
            let entries = Outside.entries(layout: layout, plan: plan, animated: moves)
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
            times = moves ? samples + [line.end] : [line.end]
            var poses = Array(repeating: [OutsideLabels.Pose?](), count: entries.count)
            // Slice-coloured leaders follow their slice's colour at every sample.
            let coloured = layout.leaderColor == .slice && layout.drawsLeaders
            var colors = Array(repeating: [Color](), count: coloured ? entries.count : 0)
            // Texts whose colour blends (`SegmentExtras.outsideLabelColor`), at every sample.
            let blends = moves ? entries.map { $0.segment.fromExtras.outsideLabelColor != nil } : entries.map { _ in false }
            var texts = entries.map { _ in [Color]() }
            // Those that blend from or to the ink, in the dark look.
            let darkBlends = entries.indices.map { blends[$0] && entries[$0].segment.fromExtras.outsideLabelDarkColor != nil }
            var darkTexts = entries.map { _ in [Color]() }
            // Each sample is solved with that sample's box (its padding and border blend), so
            // the stack spaces the boxes as drawn and each leader ends at its box's edge.
            // The texts as drawn (cut to the new version's column).
            let drawn = entries.map { TextLines.truncate($0.text, maxWidth: width, fontSize: layout.fontSize) }
            let widest = drawn.map { TextLines.width($0, fontSize: layout.fontSize) }.max() ?? 0
            let boxes = Outside.boxes(stage, at: times).map { Outside.fitting($0, widest: widest, width: width, rest: room.box) }
            for (k, t) in times.enumerated() {
                let state = moves ? stage.state(at: t) : plan
                var room = room
                if let boxes { room.box = boxes[k].reach }
                let solved = Outside.solve(entries, state: state, plan: plan, at: t, layout: layout, room: room)
                for i in entries.indices { poses[i].append(solved[i]) }
                if coloured {
                    for (i, e) in entries.enumerated() { colors[i].append(Outside.segment(e.position, of: state).from.color) }
                }
                for (i, e) in entries.enumerated() where blends[i] {
                    let x = Outside.segment(e.position, of: state).fromExtras
                    texts[i].append(x.outsideLabelColor ?? e.segment.toExtras.outsideLabelColor ?? layout.ink)
                }
                for (i, e) in entries.enumerated() where darkBlends[i] {
                    let x = Outside.segment(e.position, of: state).fromExtras
                    darkTexts[i].append(x.outsideLabelDarkColor ?? e.segment.toExtras.outsideLabelDarkColor ?? layout.dark?.ink ?? layout.ink)
                }
            }
            labels = entries.enumerated().map { i, e in
                let leader = Outside.leader(e, layout: layout)
                let changing = coloured && colors[i].contains { $0 != colors[i][0] } ? colors[i] : nil
                return OutsideLabel(index: i, text: drawn[i], poses: poses[i],
                                    leader: leader, leaders: changing, color: Outside.textColor(e, layout: layout),
                                    colors: blends[i] && texts[i].contains { $0 != texts[i][0] } ? texts[i] : nil,
                                    darkColors: darkBlends[i] && darkTexts[i] != texts[i] ? darkTexts[i] : nil, boxes: boxes)
            }
        }

        /// The labels' box (`labels.box`) at each of `times`: the plan's two ends blended at the
        /// labels' eased progress, as `Stage.at` blends an inside label's; nil without a box.
        static func boxes(_ stage: Stage, at times: [Double]) -> [LabelBoxPose]? {
            let plan = stage.plan
            guard let ends = LabelBoxPose.ends(plan.from.labelBox, plan.to.labelBox) else { return nil }
            let window = TimeWindow(start: plan.delay, length: plan.duration)
            return times.map { t in
                let e = stage.moves && t < plan.timeline.end ? plan.easing.value(at: window.progress(at: t)) : 1
                return LabelBoxPose.blend(ends.from, ends.to, at: e) ?? ends.to
            }
        }

        /// `boxes` with each padding cut where the box would not fit beside the widest drawn
        /// text: the canvas and the texts are the new version's (`width` px of text beside a box
        /// of reach `rest`), so an older, wider box has its padding cut to what the columns
        /// hold (`widest` px of text in a box of reach `rest + (width - widest) / 2`).
        static func fitting(_ boxes: [LabelBoxPose], widest: Double, width: Double, rest: Double) -> [LabelBoxPose] {
            let most = rest + max(width - widest, 0) / 2
            return boxes.map { b in
                var b = b
                if b.reach > most + 1e-9 { b.padding = max(b.padding - (b.reach - most), 0) }
                return b
            }
        }

        /// Enter-grow (no old chart): each label waits at its final place, hidden, for the first
        /// half of the timeline, then fades in while the slices settle: three samples instead
        /// of a solve per sample, as nothing was shown before.
        private mutating func enterTracks(_ entries: [Entry], stage: Stage, room: LabelRoom, width: Double) {
            let plan = stage.plan, layout = stage.layout, line = plan.timeline
            times = [line.start, line.start + line.length / 2, line.end]
            let final = Outside.solve(entries, state: stage.state(at: line.end), plan: plan, at: line.end, layout: layout, room: room)
            labels = entries.enumerated().map { i, e in
                let hidden = final[i].map { p -> OutsideLabels.Pose in var p = p; p.opacity = 0; return p }
                return OutsideLabel(index: i, text: TextLines.truncate(e.text, maxWidth: width, fontSize: layout.fontSize),
                                    poses: [hidden, hidden, final[i]], leader: Outside.leader(e, layout: layout),
                                    color: Outside.textColor(e, layout: layout), boxes: Outside.boxes(stage, at: times))
            }
        }

        /// The labels at `t` ms after load (`moving`: the stage moves and `t` is before the end
        /// of its timeline): between two samples, the two samples' labels (`sample`) mixed
        /// linearly in time (`Instant.OutsideLabel.lerp`), as the browser interpolates the ink
        /// layer's keyframes, which are those samples; before the first sample, the first;
        /// otherwise the rest label (`rest`).
        func at(_ t: Double, moving: Bool, fontSize: Double) -> [Instant.OutsideLabel] {
            labels.compactMap { track in
                guard let poses = track.filled else { return nil }
                guard moving, times.count == poses.count, poses.count > 1,
                      let k = times.firstIndex(where: { $0 > t }) else { return rest(track, poses, fontSize: fontSize) }
                guard k > 0 else { return sample(track, poses, 0, fontSize: fontSize) }
                let f = (t - times[k - 1]) / max(times[k] - times[k - 1], 1e-9)
                return sample(track, poses, k - 1, fontSize: fontSize).lerp(sample(track, poses, k, fontSize: fontSize), f)
            }
        }

        /// `track`'s label at sample `k` (at `times[k]`; `poses`: its `filled` poses): its pose,
        /// its leader's and text's colours and its box then. `at(_:)` reads an instant between
        /// samples from two of these, and the ink layer's keyframes are these (`InkStyle`), so
        /// the frames and the CSS agree by construction.
        func sample(_ track: OutsideLabel, _ poses: [OutsideLabels.Pose], _ k: Int, fontSize: Double) -> Instant.OutsideLabel {
            Instant.OutsideLabel(index: track.index, text: track.text, pose: poses[k], leader: track.leaders?[k] ?? track.leader,
                                 color: track.colors?[k] ?? track.color, darkColor: track.darkColors?[k],
                                 box: track.box(k, at: poses[k], fontSize: fontSize))
        }

        /// `track`'s label at every sample (`sample`), nil when it is never shown.
        func samples(_ track: OutsideLabel, fontSize: Double) -> [Instant.OutsideLabel]? {
            track.filled.map { poses in poses.indices.map { sample(track, poses, $0, fontSize: fontSize) } }
        }

        /// `track`'s label at rest: its last pose and box, its colours at rest (chart.svg's
        /// markup, and every instant after the timeline).
        func rest(_ track: OutsideLabel, _ poses: [OutsideLabels.Pose], fontSize: Double) -> Instant.OutsideLabel {
            let last = poses.count - 1
            return Instant.OutsideLabel(index: track.index, text: track.text, pose: poses[last], leader: track.leader, color: track.color,
                                        box: track.box(last, at: poses[last], fontSize: fontSize))
        }

        /// Two samples' poses mixed at `f`; the text anchor is discrete: it flips half-way
        /// (CSS interpolates `text-anchor` at 50 %).
        static func lerp(_ a: OutsideLabels.Pose, _ b: OutsideLabels.Pose, _ f: Double) -> OutsideLabels.Pose {
            func segment(_ s: OutsideLabels.Segment, _ u: OutsideLabels.Segment) -> OutsideLabels.Segment {
                OutsideLabels.Segment(x: Stage.mix(s.x, u.x, f), y: Stage.mix(s.y, u.y, f), angle: Stage.mix(s.angle, u.angle, f),
                                      length: Stage.mix(s.length, u.length, f))
            }
            return OutsideLabels.Pose(x: Stage.mix(a.x, b.x, f), y: Stage.mix(a.y, b.y, f), side: f < 0.5 ? a.side : b.side,
                                      tick: segment(a.tick, b.tick), elbow: segment(a.elbow, b.elbow),
                                      opacity: Stage.mix(a.opacity, b.opacity, f))
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

        /// Poses of every entry at `t` in the exact state `state` of `plan` at that instant: the
        /// labels outside then (the old chart's set before a segment starts, the new chart's
        /// after it ends, both while it runs), solved together. Opacity follows the eased
        /// progress for labels that appear or leave.
        static func solve(_ entries: [Entry], state: TransitionPlan, plan: TransitionPlan, at t: Double,
                          layout: ChartLayout, room: LabelRoom) -> [OutsideLabels.Pose?] {
            var inputs: [OutsideLabels.Input] = []
            var opacity: [Double] = []
            for (i, e) in entries.enumerated() {
                let g = Outside.segment(e.position, of: state).from
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
}
