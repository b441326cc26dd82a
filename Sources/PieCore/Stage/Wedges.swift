import PieSpec

/// The wedges of a stage and their extensions, as tracks: each drawn segment and each
/// reordered slice (a mover) with its two ends, and each extension (`Stage.bridges`) with its
/// two ends. `at(_:)` reads both at an instant from the exact state (`state(at:)`), which is
/// what the motion layer draws there: sampled keyframes hold it at each sample, and a plan
/// whose keyframes are eased (`Sampling.eased`) is uniform, where the eased mix of a wedge's
/// two ends is that state.
extension Stage {
    /// A drawn wedge: motion element `index` (into `plan.segments + plan.movers`) from
    /// `from` to `to` (on a sampled instant's stage, `from` is the instant).
    struct Wedge {
        var index: Int
        var from: SegmentGeometry
        var to: SegmentGeometry
        /// A reordered slice (`plan.movers`), painted on top of the others.
        var mover = false
        /// The boundary after this wedge lies inside one wedge (`joinsNext(_:_:in:)`): it and
        /// the next wedge track are parts of Other in its colour throughout the transition.
        var joinsNext = false
    }

    /// An extension under the seam after segment `after` (nil: the closing one, at the
    /// bottom), from `from` to `to`; `exact`: it joins the same slices at both ends (see
    /// `Stage.bridges`). `owner`: the segment whose motion element it is drawn like.
    struct Extension {
        var after: Int?
        var owner: Int
        var from: SegmentGeometry
        var to: SegmentGeometry
        var exact: Bool
    }

    /// The wedge tracks: the segments that draw something in either state of the whole
    /// transition (`Stage.drawn`), in angular order, then the movers.
    static func wedgeItems(_ plan: TransitionPlan, shape: TransitionPlan) -> [Wedge] {
        var result: [Wedge] = []
        for (k, s) in shape.segments.enumerated() where draws(s) {
            if let last = result.last { result[result.count - 1].joinsNext = joinsNext(last.index, k, in: shape) }
            result.append(Wedge(index: k, from: plan.segments[k].from, to: plan.segments[k].to))
        }
        for (j, m) in plan.movers.enumerated() {
            result.append(Wedge(index: plan.segments.count + j, from: m.from, to: m.to, mover: true))
        }
        return result
    }

    /// Whether segments `a` and `b` of the whole transition `shape`, drawn one after the other,
    /// are one wedge: parts of Other (never movers: `OtherTransition`), each at each end of
    /// the transition a part of Other or of no width (a member that joins or leaves Other
    /// opens or closes its part there), of one colour and ring at each end, with nothing
    /// between them. Their union at any instant is then exactly one wedge from `a`'s start to
    /// `b`'s end (boundaries move linearly in angle), which a run of such parts is drawn as
    /// where wedges are drawn apart (`DrawingPlan.joinsRuns`, `runEnds`): two abutting
    /// translucent dashes of Other's colour let the background through their shared
    /// anti-aliased edge. At rest Other is one wedge too.
    static func joinsNext(_ a: Int, _ b: Int, in shape: TransitionPlan) -> Bool {
        let s = shape.segments[a], n = shape.segments[b]
        func part(_ s: Segment) -> Bool {
            (s.fromExtras.inOther || s.toExtras.inOther) && (s.fromExtras.inOther || s.from.span <= 0)
                && (s.toExtras.inOther || s.to.span <= 0)
        }
        func alike(_ p: SegmentGeometry, _ q: SegmentGeometry) -> Bool {
            p.color == q.color && p.outerRadius == q.outerRadius && p.innerRadius == q.innerRadius && p.explode == q.explode
        }
        return part(s) && part(n) && alike(s.from, n.from) && alike(s.to, n.to)
            && shape.segments[(a + 1)..<b].allSatisfy { $0.from.span <= 0 && $0.to.span <= 0 }
    }

    /// Where each wedge track's run of joined wedges (`Wedge.joinsNext`) ends, in the order of
    /// `wedges`: the position of the run's last wedge at the first wedge of each run (itself
    /// when alone), nil for the later wedges of a run (the first one's wedge covers them).
    var runEnds: [Int?] {
        var result: [Int?] = []
        for i in wedges.indices {
            if i > 0, wedges[i - 1].joinsNext { result.append(nil); continue }
            var last = i
            while last + 1 < wedges.count, wedges[last].joinsNext { last += 1 }
            result.append(last)
        }
        return result
    }

    /// Whether a segment draws something in either state (`Stage.drawn`).
    static func draws(_ s: Segment) -> Bool {
        (s.from.span > 0 && s.from.outerRadius > s.from.innerRadius) || (s.to.span > 0 && s.to.outerRadius > s.to.innerRadius)
    }

    /// The extension tracks (one per seam, the closing one first; kept for every seam, even
    /// one left with no ring: a sampled instant has the element set of the whole transition).
    /// Segments with an angle but no ring at either end (a rose's 0) take part, so that
    /// extensions stop at them. Whether the circle closes is the whole transition's (a
    /// sampled instant of a staged plan may have no slice with width at all).
    var extensions: [Extension] {
        let (indices, closed) = seams
        let whole = (from: indices.map { self.whole.segments[$0].from }, to: indices.map { self.whole.segments[$0].to })
        let bridges = Stage.bridges(from: indices.map { plan.segments[$0].from }, to: indices.map { plan.segments[$0].to },
                                    closed: closed, whole: whole)
        return bridges.map { b in
            Extension(after: b.after.map { indices[$0] }, owner: indices[b.after ?? 0], from: b.from, to: b.to, exact: b.exact)
        }
    }

    /// The segments extensions join (an angle at either end of the whole transition) and
    /// whether they close the circle at both ends.
    private var seams: (indices: [Int], closed: Bool) {
        let segments = whole.segments
        let indices = segments.indices.filter { segments[$0].from.span > 0 || segments[$0].to.span > 0 }
        return (indices, Stage.closes(indices.map { segments[$0].from }) && Stage.closes(indices.map { segments[$0].to }))
    }

    /// The exact state at `t` ms after load (`TransitionPlan.frozen(at:)`): the `from` of
    /// every segment, mover and floating label of the returned plan is its geometry and extras
    /// at that instant. What the wedge and extension tracks are read from (`at(_:)`), what a
    /// sampled instant is (`instant(at:)`), and what the outside label tracks are solved on.
    func state(at t: Double) -> TransitionPlan { plan.frozen(at: t) }

    /// The stage of the instant `t` ms after load (`instant(_:)` of `state(at:)`): what sampled
    /// keyframes write at sample `t`.
    func instant(at t: Double) -> Stage { instant(state(at: t)) }

    /// The wedges at the exact state `now`, in the order of `wedges`.
    func wedges(in now: TransitionPlan) -> [Instant.Wedge] {
        wedges.map { w in
            Instant.Wedge(index: w.index, geometry: w.mover ? now.movers[w.index - now.segments.count].from : now.segments[w.index].from)
        }
    }

    /// The extensions that draw something (an angle and a ring) when the segments joined are
    /// `geometry(k)` (segment k): bridged between those neighbours at that instant (no track is
    /// mixed: where an extension joins different slices at its two ends only sampled instants
    /// are exact, `Stage.bridges`).
    func extensions(_ geometry: (Int) -> SegmentGeometry) -> [Instant.Extension] {
        let (indices, closed) = seams
        let now = indices.map(geometry)
        return Stage.bridges(from: now, to: now, closed: closed).compactMap { b in
            guard b.to.span > 0, b.to.outerRadius > b.to.innerRadius else { return nil }
            return Instant.Extension(after: b.after.map { indices[$0] }, geometry: b.to)
        }
    }
}
