import PieSpec

extension Stage {
    /// What the stage draws at one instant: the plot's opacity, the wedges with their
    /// extensions and orbits, separator lines, inside labels, the labels beside the pie with their
    /// leaders, centre texts, title lines and the separators between rings, each read from
    /// its track by the stage's one sampling policy (`Sampling`; the labels beside the pie by
    /// their samples, `Outside.at`). The chart-level elements (the grid, the shadow, the
    /// outline) are read from their own tracks (`ChartElements.at`).
    struct Instant {
        /// A separator: a radial line at chart angle `angle`.
        struct Line {
            var angle: Double
            var inner: Double
            var outer: Double
            var opacity: Double
        }

        /// An inside label at screen angle `angle` (signed) and `radius` from the centre.
        struct Label {
            var text: String
            var color: Color
            var angle: Double
            var radius: Double
            var opacity: Double
            /// The text's turn inside its group (`Stage.Label.turn`).
            var turn: Double
            /// The box behind the text at this instant (`labels.box`), nil without one.
            var box: LabelBoxPose.Rect? = nil
            /// The text's scale about its anchor (`Stage.Label.fromScale` at the start, 1 at rest).
            var scale: Double = 1
        }

        /// A label beside the pie at the instant: its pose (position, text anchor, leader
        /// polyline, opacity), its leader's and its text's own colours (nil: the ink).
        struct OutsideLabel {
            /// Its track's index (`Stage.OutsideLabel.index`), which numbers its classes and keyframes.
            var index: Int
            var text: String
            var pose: OutsideLabels.Pose
            var leader: Color? = nil
            var color: Color? = nil
            /// `color` in the dark look, where it differs (a colour blending from or to the ink).
            var darkColor: Color? = nil
            /// The box behind the text (`labels.box`), nil without one.
            var box: LabelBoxPose.Rect? = nil

            /// This label and `other` (the next sample of its track) mixed at `f`, as the browser
            /// interpolates two keyframes linearly: the pose (`Stage.Outside.lerp`), the colours
            /// and the box.
            func lerp(_ other: OutsideLabel, _ f: Double) -> OutsideLabel {
                OutsideLabel(index: index, text: text, pose: Stage.Outside.lerp(pose, other.pose, f),
                             leader: leader.map { a in other.leader.map { DarkTheme.mix(a, $0, f) } ?? a },
                             color: color.map { a in other.color.map { DarkTheme.mix(a, $0, f) } ?? a },
                             darkColor: darkColor.map { a in other.darkColor.map { DarkTheme.mix(a, $0, f) } ?? a },
                             box: box.flatMap { a in other.box.map { a.blended(to: $0, at: f) } })
            }
        }

        /// Wedge track `index` (`Stage.Wedge.index`) at the instant: its geometry.
        struct Wedge {
            var index: Int
            var geometry: SegmentGeometry
        }

        /// Wedge track `index`'s orbit at the instant (`Stage.Orbit`): moved `offset` px out
        /// along chart angle `middle`.
        struct Orbit {
            var index: Int
            var middle: Double
            var offset: Double
        }

        /// An extension at the instant, painted after segment `after` (nil: at the bottom).
        struct Extension {
            var after: Int?
            var geometry: SegmentGeometry
        }

        struct Center {
            var text: CenterText
            var opacity: Double
        }

        struct Title {
            var lines: [TitleBlock.Line]
            var opacity: Double
        }

        /// The stage moves angles or radii and `t` is before the end of its timeline (the
        /// motion layer shows; at rest the exact layer does).
        var moving: Bool
        /// The plot's opacity (below 1 while a fading plot fades in).
        var opacity: Double
        /// `theme.opacity` at this instant: the group every pie is drawn in (`GroupOpacity`).
        var groupOpacity: Double = 1
        /// Every wedge track's geometry (the exact state in motion, the `to` ends at rest),
        /// in the order of `Stage.wedges`.
        var wedges: [Wedge] = []
        /// The extensions that draw something, bridged between the wedges of the instant
        /// (`Stage.extensions(_:)`).
        var extensions: [Extension] = []
        /// Every wedge's orbit where the whole transition explodes (`Stage.orbits`), read like
        /// `wedges`, in their order; empty elsewhere.
        var orbits: [Orbit] = []
        /// Every wedge's gaps and corners (`Stage.cuts`): the same at every instant.
        var cuts: [Cut] = []
        var lines: [Line] = []
        var labels: [Label] = []
        /// The labels beside the pie (`Stage.outside`), in the order of its tracks that are shown.
        var outside: [OutsideLabel] = []
        var centers: [Center] = []
        /// The title lines that stay, then those that fade.
        var titles: [Title] = []
        /// The separators between rings drawn at this instant (`Stage.ringEdges(_:at:)`).
        var ringEdges: [RingEdgeInstant] = []
    }

    /// The stage at `t` ms after load: the rest state (the new version) at or after the end
    /// of the timeline or when nothing moves; in between, each track mixed at the plan's eased
    /// progress, or (`Sampling.exact`) read from the exact instant's stage. The wedges,
    /// extensions and orbits are the exact state's in motion (`Wedges.swift`, `Orbits.swift`).
    func at(_ t: Double) -> Instant {
        let line = plan.timeline
        let rest = t >= line.end || plan.kind == .none
        let eased = rest ? 1 : plan.easing.value(at: line.progress(at: t))
        let (moving, e) = labelMotion(at: t)
        let exact = moving ? state(at: t) : nil
        // The sampled keyframes' state at `t`: the exact state, with the element set of the whole plan.
        let now = sampling == .exact ? exact.map(instant) : nil
        var result = Instant(moving: moving, opacity: fades && !rest ? eased : 1)
        result.groupOpacity = groupOpacity.at(t)
        if let exact {
            result.wedges = wedges(in: exact)
            result.extensions = extensions { exact.segments[$0].from }
        } else {
            result.wedges = wedges.map { Instant.Wedge(index: $0.index, geometry: $0.to) }
            result.extensions = extensions { whole.segments[$0].to }
        }
        result.orbits = orbits(of: result.wedges)
        result.cuts = cuts
        result.lines = lines(now: now, e: e, moving: moving)
        result.labels = insideLabels(now: now, e: e)
        result.outside = outside.at(t, moving: moving, fontSize: layout.fontSize)
        result.centers = centers.map { Instant.Center(text: $0.text, opacity: Stage.mix($0.fromOpacity, $0.toOpacity, eased)) }
        let titleProgress = t >= line.end ? 1 : plan.easing.value(at: line.progress(at: t))
        result.titles = stillTitles() + titles.map {
            Instant.Title(lines: $0.lines, opacity: Stage.mix($0.fromOpacity, $0.toOpacity, titleProgress))
        }
        result.ringEdges = Stage.ringEdges(ringEdges, at: t)
        return result
    }

    /// The inside labels at `t` ms after load, as `at(t)` gives them (without the rest of the
    /// instant: the tick labels' clearance reads them at many instants, `Grid.keepClear`).
    func insideLabels(at t: Double) -> [Instant.Label] {
        let (moving, e) = labelMotion(at: t)
        return insideLabels(now: sampling == .exact && moving ? instant(state(at: t)) : nil, e: e)
    }

    /// Whether the chart moves at `t` ms after load, and the eased progress of the plan's own
    /// window (its delay and duration) that the label tracks mix at there (1 when still).
    private func labelMotion(at t: Double) -> (moving: Bool, e: Double) {
        let moving = moves && t < plan.timeline.end && plan.kind != .none
        return (moving, moving ? plan.easing.value(at: TimeWindow(start: plan.delay, length: plan.duration).progress(at: t)) : 1)
    }

    /// The inside labels at eased progress `e`, or (`now`) a sampled instant's stage.
    private func insideLabels(now: Stage?, e: Double) -> [Instant.Label] {
        // The boxes' two ends: a sampled instant's is its frozen pose (as its keyframe's; none
        // once a box that goes has gone).
        let boxes = LabelBoxPose.ends(now.map { $0.plan.from.labelBox } ?? plan.from.labelBox, plan.to.labelBox)
        return labels.enumerated().map { k, l in
            if let now {
                let x = now.labels[k]
                return Instant.Label(text: l.text, color: x.fromColor ?? l.color, angle: x.from, radius: x.fromRadius, opacity: x.fromOpacity,
                                     turn: x.fromTurn, box: boxes?.from.rect(l.text, fontSize: layout.fontSize), scale: x.fromScale)
            }
            let color = l.fromColor.map { DarkTheme.mix($0, l.color, e) } ?? l.color
            let box = boxes.map { $0.from.rect(l.text, fontSize: layout.fontSize).blended(to: $0.to.rect(l.text, fontSize: layout.fontSize), at: e) }
            return Instant.Label(text: l.text, color: color, angle: Stage.mix(l.from, l.to, e), radius: Stage.mix(l.fromRadius, l.radius, e),
                                 opacity: Stage.mix(l.fromOpacity, l.toOpacity, e), turn: Stage.mix(l.fromTurn, l.turn, e), box: box,
                                 scale: Stage.mix(l.fromScale, 1, e))
        }
    }

    /// The time window the chart-level pose (the outline) moves in.
    static func outlineWindow(_ plan: TransitionPlan) -> TimeWindow {
        plan.chartWindow ?? TimeWindow(start: plan.delay, length: plan.duration)
    }

    static func mix(_ a: Double, _ b: Double, _ e: Double) -> Double { a + (b - a) * e }

    /// Title lines that stay (not cross-fading).
    private func stillTitles() -> [Instant.Title] {
        let coming = titles.filter { $0.toOpacity > 0 }.flatMap(\.lines)
        let still = (layout.title?.lines ?? []).filter { !coming.contains($0) }
        return still.isEmpty ? [] : [Instant.Title(lines: still, opacity: 1)]
    }

    /// Separators: turned from their start to their end angle (the motion-only closing line
    /// of a full circle is shown only while moving); sampled plans read the instant's stage.
    private func lines(now: Stage?, e: Double, moving: Bool) -> [Instant.Line] {
        separators.compactMap { b in
            if b.motionOnly, !moving { return nil }
            if let now {
                let x = now.separators.first { $0.index == b.index } ?? b
                return Instant.Line(angle: x.from, inner: x.fromInner ?? x.inner, outer: x.fromOuter ?? x.outer, opacity: x.fromOpacity)
            }
            let finalOpacity = b.motionOnly ? 1 : b.toOpacity
            // Hidden where either slice is too narrow at this instant (`Separator.window`).
            let due = b.due(at: e) ? 1.0 : 0
            return Instant.Line(angle: Stage.mix(b.from, b.to, e), inner: Stage.mix(b.fromInner ?? b.inner, b.inner, e),
                                outer: Stage.mix(b.fromOuter ?? b.outer, b.outer, e),
                                opacity: due * (moving ? Stage.mix(b.fromOpacity, finalOpacity, e) : finalOpacity))
        }
    }
}
