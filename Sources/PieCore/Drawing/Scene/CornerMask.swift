/// Gaps and rounded corners in the motion layer.
///
/// The motion layer draws each slice as a rotating stroke dash, which has square corners and
/// no gap. Each motion element is therefore wrapped in a group masked by its own *cutout*: a
/// white square minus, at each of the slice's two boundaries, one rigid black shape attached
/// to the boundary ray (the gap band plus the two corner
/// "ears": the region between the arc, the gap's edge and the corner circle), and the centre
/// disc of radius h. Each shape rotates exactly like a separator line (`rotate(a)`, with `a`
/// the boundary's angle, linear in the eased progress), so the cut follows the slice. At the
/// final state the masked dash is exactly the `PaddedWedge` outline of the exact layer.
/// An exploded slice's orbit groups (`Stage.orbits`, `DrawingPlan.Orbits`) hold the masked
/// group, so the mask moves with the slice.
extension Scene {
    /// One boundary shape of a cutout (`.p-c<index>`), at chart angle `from` -> `to` (relative
    /// to the sweep start, like the dashes).
    struct Cut {
        var index: Int
        var from: Double
        var to: Double
        var shape: [PathOp]
        /// When the ring changes, the corner ears are separate elements (`.p-x<2k>` outer,
        /// `.p-x<2k+1>` inner) that also slide along the boundary ray from the old radius to
        /// the new one (`translate(0,-shift)`, linear like the radii); else part of `shape`.
        var outerEar: [PathOp] = []
        var innerEar: [PathOp] = []
        var outerShift: Double = 0
        var innerShift: Double = 0

        /// Cuts nothing (the boundary is inside one wedge).
        mutating func clear() {
            shape = []
            outerEar = []
            innerEar = []
        }
    }

    /// The mask of one motion element.
    struct Cutout {
        /// `Motion.index` of the element it masks.
        var motion: Int
        /// Radius of the black disc at the centre (the gap's cap), 0 for none.
        var disc: Double
        var start: Cut
        var end: Cut
    }

    /// The segment (or mover) a motion element draws.
    static func segment(_ plan: TransitionPlan, motion index: Int) -> Segment {
        index < plan.segments.count ? plan.segments[index] : plan.movers[index - plan.segments.count]
    }

    /// Cutouts for the motion elements of a chart that pads or rounds its slices, asked where
    /// the plan masks them (`DrawingPlan.Masks.cutouts`; where it does not, `square`, the charts
    /// show square, unpadded dashes while moving and the exact shapes at rest). Each element's
    /// gaps, corners and joined boundaries are its wedge track's (`Stage.cuts`). `runEnds`
    /// (`Stage.runEnds`, where the plan joins runs): a run's first element, the dash of the
    /// whole run, is cut at its start and at its last part's end; its later parts (empty
    /// dashes) cut nothing.
    static func cutouts(_ stage: Stage, motion: [Motion], runEnds: [Int?]? = nil) -> [Cutout] {
        let start = stage.layout.startAngle, plan = stage.plan
        let segments = motion.map { segment(plan, motion: $0.index) }
        let extent = extentOf(segments)
        let cuts = stage.cuts
        return zip(segments, cuts).enumerated().map { i, sc in
            let (s, c) = sc
            // The run this element draws: itself, or up to its last joined part (nil: drawn by an earlier one).
            let through = runEnds.map { i < $0.count ? $0[i] : i } ?? i
            var (e, endGap) = (s, c.endGap)
            if let through, through != i { (e, endGap) = (segments[through], cuts[through].endGap) }
            var (g, h) = (s.to, s.from)
            (g.endAngle, h.endAngle) = (e.to.endAngle, e.from.endAngle)
            let wedge = c.shape(g.span > 0 ? g : h, endGap: endGap)
            var first = cut(wedge, s, startSide: true, index: 2 * i, from: s.from.startAngle - start, to: s.to.startAngle - start, extent: extent)
            var last = cut(wedge, e, startSide: false, index: 2 * i + 1, from: e.from.endAngle - start, to: e.to.endAngle - start, extent: extent)
            if c.startJoined || through == nil { first.clear() }
            if runEnds == nil ? c.endJoined : through == nil { last.clear() }
            return Cutout(motion: motion[i].index, disc: max(c.startGap, endGap), start: first, end: last)
        }
    }

    /// One boundary's cut; ears split off and shifted when the segment's ring changes.
    private static func cut(_ wedge: PaddedWedge, _ s: Segment, startSide: Bool, index: Int, from: Double, to: Double,
                            extent: Double) -> Cut {
        let parts = wedge.cutParts(startSide: startSide, extent: extent)
        guard s.from.outerRadius != s.to.outerRadius || s.from.innerRadius != s.to.innerRadius else {
            return Cut(index: index, from: from, to: to, shape: parts.band + parts.outer + parts.inner)
        }
        let h = max(wedge.startGap, wedge.endGap)
        return Cut(index: index, from: from, to: to, shape: parts.band, outerEar: parts.outer, innerEar: parts.inner,
                   outerShift: s.from.outerRadius - s.to.outerRadius,
                   innerShift: max(s.from.innerRadius, h) - max(s.to.innerRadius, h))
    }

    /// Half the side of the square every mask covers: beyond any radius drawn.
    static func extentOf(_ segments: [Segment]) -> Double {
        (segments.map { max($0.from.outerRadius, $0.to.outerRadius) }.max() ?? 1) + 4
    }
}

extension PaddedWedge {
    /// The black shape at one boundary, in the boundary's own frame (the boundary ray points
    /// up along -y; the slice lies at +x for its start side, -x for its end side): the half gap
    /// band and the outer and inner corner ears, extended out to `extent`.
    func cut(startSide: Bool, extent: Double) -> [PathOp] {
        let parts = cutParts(startSide: startSide, extent: extent)
        return parts.band + parts.outer + parts.inner
    }

    /// The gap band, the outer ear and the inner ear of `cut(startSide:extent:)`.
    func cutParts(startSide: Bool, extent: Double) -> (band: [PathOp], outer: [PathOp], inner: [PathOp]) {
        let h = startSide ? startGap : endGap
        var local = self
        (local.start, local.end) = (0, max(span, 1e-6))
        if !startSide { (local.startGap, local.endGap) = (endGap, startGap) }
        var ops: [PathOp] = [], outerOps: [PathOp] = [], innerOps: [PathOp] = []
        // The whole band, not just its half on the slice's side: the other half lies outside
        // the slice's own dash, and covering it leaves no anti-aliased hairline at the boundary.
        if h > 0 {
            ops += [.move(Point(x: -h, y: 0)), .line(Point(x: -h, y: -extent)), .line(Point(x: h, y: -extent)), .line(Point(x: h, y: 0)), .close]
        }
        let co = corner(outerArc: true)
        if co > 0 {
            let p = local.cornerPoints(startSide: true, radius: outer, c: co, outward: true)
            outerOps = [.move(p.edge), .line(Point(x: h, y: -extent)), .line(p.arc * (extent / outer)), .line(p.arc),
                    .arc(radius: co, large: false, sweep: false, to: p.edge), .close]
        }
        let ci = hasInnerArc ? corner(outerArc: false) : 0
        if ci > 0 {
            let r = innerEdge
            let p = local.cornerPoints(startSide: true, radius: r, c: ci, outward: false)
            let q = Point(x: h, y: -max(r * r - h * h, 0).squareRoot())
            innerOps = [.move(p.edge), .line(q), .arc(radius: r, large: false, sweep: true, to: p.arc),
                    .arc(radius: ci, large: false, sweep: true, to: p.edge), .close]
        }
        if startSide { return (ops, outerOps, innerOps) }
        return (ops.map(Self.mirrored), outerOps.map(Self.mirrored), innerOps.map(Self.mirrored))
    }

    /// `op` reflected in the y axis (x -> -x; arcs turn the other way).
    static func mirrored(_ op: PathOp) -> PathOp {
        switch op {
        case .move(let p): .move(Point(x: -p.x, y: p.y))
        case .line(let p): .line(Point(x: -p.x, y: p.y))
        case .arc(let r, let large, let sweep, let p): .arc(radius: r, large: large, sweep: !sweep, to: Point(x: -p.x, y: p.y))
        case .close: .close
        }
    }
}
