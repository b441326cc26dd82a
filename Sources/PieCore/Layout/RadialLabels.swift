/// Outside labels at a distance (`labels.radius` above 1, Vega-Lite's radius offset,
/// matplotlib's `labeldistance`): each label on its slice's middle angle, centred
/// (`text-anchor: middle`), its box just beyond the circle of radius `distance` × the outer
/// radius (plus the most exploded slice's offset): the box's centre sits along the ray as far
/// out as the box reaches back towards the pie (its support in that direction), so every
/// point of the box lies beyond the tangent at that circle and so off the disc.
///
/// Labels are placed in `LabelRank` order (kept labels, then the higher priority); one that would overlap a placed label (2 px apart)
/// or leave the room, or (leaders drawn, `room.leaders`) whose leader would pass through a
/// placed label's text or whose text a placed leader would pass through (`LeaderClearance`),
/// is pushed outward, half a line at a time, `pushes` times at most, and otherwise left out
/// (reported as `.noRoom` at rest, hidden at that instant in a transition).
public enum RadialLabels {
    /// px between two labels' boxes.
    public static let gap = 2.0
    /// Outward steps (half a line each) a label may take to clear its neighbours.
    public static let pushes = 3

    /// Placed boxes by the grid cells they cover (`cell` px), so that a label is tested only
    /// against its neighbours: placing many labels stays linear (a chart with thousands of
    /// labelled slices is solved at every sample of its transition).
    /// Placed leaders likewise, by the cells their pieces' bounding boxes cover.
    struct Grid {
        static let cell = 32.0
        private var boxes: [SectorBox] = []
        private var cells: [Int64: [Int]] = [:]
        private var leaders: [OutsideLabels.Segment] = []
        private var leaderCells: [Int64: [Int]] = [:]

        private static func span(_ b: SectorBox) -> (x: ClosedRange<Int64>, y: ClosedRange<Int64>) {
            func c(_ v: Double) -> Int64 { Int64((v / cell).rounded(.down)) }
            let pad = max(gap, LeaderClearance.margin)
            return (c(b.minX - pad)...c(b.maxX + pad), c(b.minY - pad)...c(b.maxY + pad))
        }

        /// The bounding box of a leader piece.
        private static func bounds(_ s: OutsideLabels.Segment) -> SectorBox {
            let e = s.end
            return SectorBox(minX: min(s.x, e.x), minY: min(s.y, e.y), maxX: max(s.x, e.x), maxY: max(s.y, e.y))
        }

        /// Whether leader piece `s` passes through a placed box.
        func crosses(_ s: OutsideLabels.Segment) -> Bool {
            let span = Grid.span(Grid.bounds(s))
            for x in span.x { for y in span.y {
                if let list = cells[Grid.key(x, y)], list.contains(where: { LeaderClearance.crosses(s, boxes[$0]) }) { return true }
            } }
            return false
        }

        /// Whether a placed leader passes through `b`.
        func isCrossed(_ b: SectorBox) -> Bool {
            let span = Grid.span(b)
            for x in span.x { for y in span.y {
                if let list = leaderCells[Grid.key(x, y)], list.contains(where: { LeaderClearance.crosses(leaders[$0], b) }) { return true }
            } }
            return false
        }

        mutating func insert(_ s: OutsideLabels.Segment) {
            let span = Grid.span(Grid.bounds(s))
            for x in span.x { for y in span.y { leaderCells[Grid.key(x, y), default: []].append(leaders.count) } }
            leaders.append(s)
        }

        private static func key(_ x: Int64, _ y: Int64) -> Int64 { x &* 1_000_003 &+ y }

        func overlaps(_ b: SectorBox) -> Bool {
            let s = Grid.span(b)
            for x in s.x { for y in s.y { if let list = cells[Grid.key(x, y)], list.contains(where: { boxes[$0].overlaps(b, by: gap) }) { return true } } }
            return false
        }

        mutating func insert(_ b: SectorBox) {
            let s = Grid.span(b)
            for x in s.x { for y in s.y { cells[Grid.key(x, y), default: []].append(boxes.count) } }
            boxes.append(b)
        }
    }

    /// The text's size as drawn: the widest line (cut at `OutsideLabels.maxWidth`) and the
    /// block's top and bottom relative to the anchor's y (the vertical centre one line has),
    /// grown by `box` on every side (`LabelRoom.box`: the label's box, which is what is placed
    /// and drawn about the text's centre, `LabelBoxPose.rect(_:at:fontSize:)`).
    static func extent(_ text: String, fontSize: Double, box: Double = 0) -> (width: Double, top: Double, bottom: Double) {
        let v = TextLines.verticalExtent(text, fontSize: fontSize)
        return (OutsideLabels.reservedWidth(text, fontSize: fontSize) + 2 * box, v.top - box, v.bottom + box)
    }

    /// Where a label of `extent` goes on screen angle `a` (degrees, 0 = 12 o'clock, clockwise)
    /// beyond the circle of radius `d`: its anchor (horizontal and vertical centre of one line)
    /// and its box.
    static func spot(_ e: (width: Double, top: Double, bottom: Double), angle a: Double, distance d: Double)
        -> (x: Double, y: Double, box: SectorBox) {
        let u = Geometry.point(angle: a, radius: 1)
        let h = e.bottom - e.top
        let reach = abs(u.x) * e.width / 2 + abs(u.y) * h / 2
        let c = (x: u.x * (d + reach), y: u.y * (d + reach))
        let y = c.y - (e.top + e.bottom) / 2
        return (c.x, y, SectorBox(minX: c.x - e.width / 2, minY: y + e.top, maxX: c.x + e.width / 2, maxY: y + e.bottom))
    }

    /// The distance (px) labels stand at: `factor` × `outer`, beyond the most exploded rim.
    static func distance(factor: Double, outer: Double, explode: Double) -> Double {
        factor * outer + explode
    }

    /// Poses of `inputs` at one instant (`room.radial` is the factor). The leader, drawn
    /// when `labels.leader: line`, is a radial tick from the slice's rim to the circle the
    /// labels stand beyond; the elbow has no length.
    /// `wedges` (slices of differing radii): a slice whose rim is inside the chart's tries
    /// `factor` × its own outer radius first (the same pushes), its box clear of every slice;
    /// then the chart's distance.
    static func place(_ inputs: [OutsideLabels.Input], room: LabelRoom, factor: Double, outer: Double, sign: Double,
                      fontSize: Double, wedges: LabelWedges? = nil) -> [Int: OutsideLabels.Pose] {
        let base = distance(factor: factor, outer: outer, explode: room.explode)
        let step = OutsideLabels.lineHeight(fontSize) / 2
        let order = inputs.indices.sorted { inputs[$0].rank.precedes(inputs[$1].rank) }
        var placed = Grid()
        var poses: [Int: OutsideLabels.Pose] = [:]
        for i in order {
            let input = inputs[i], g = input.geometry
            let a = sign * (g.startAngle + g.endAngle) / 2
            let e = extent(input.text, fontSize: fontSize, box: room.box)
            let own = wedges.map { $0.isOwn(g) } == true ? distance(factor: factor, outer: g.outerRadius, explode: room.explode) : nil
            let distances = (own.map { o in (0...pushes).map { (o + Double($0) * step, true) } } ?? [])
                + (0...pushes).map { (base + Double($0) * step, false) }
            for (d, mine) in distances {
                let s = spot(e, angle: a, distance: d)
                guard s.box.isInside(room), !placed.overlaps(s.box) else { continue }
                if mine, let wedges, !wedges.clears(s.box) { continue }
                let rim = Geometry.point(angle: a, radius: g.outerRadius + g.explode)
                let end = Geometry.point(angle: a, radius: max(d - 1, g.outerRadius + g.explode))
                let tick = OutsideLabels.Segment.between(rim, end)
                if room.leaders, placed.crosses(tick) || placed.isCrossed(s.box) { continue }
                placed.insert(s.box)
                if room.leaders { placed.insert(tick) }
                poses[input.index] = OutsideLabels.Pose(x: s.x, y: s.y, side: 0, tick: tick, elbow: .between(end, end))
                break
            }
        }
        return poses
    }

    /// The box the labels may need, around the pie's centre: every label's box at rest (solved
    /// without bounds) and, so that a transition's labels fit at every angle they pass, a box
    /// of the widest and tallest label at every angle of the sweep (1 degree apart); each in
    /// its box of reach `box` (`labels.box`).
    static func envelope(_ inputs: [OutsideLabels.Input], factor: Double, outer: Double, explode: Double, start: Double,
                         sweep: Double, sign: Double, fontSize: Double, wedges: LabelWedges? = nil, leaders: Bool = true,
                         box: Double = 0) -> SectorBox? {
        guard !inputs.isEmpty else { return nil }
        var open = LabelRoom(minX: -.infinity, maxX: .infinity, minY: -.infinity, maxY: .infinity, column: 0, explode: explode)
        open.leaders = leaders
        open.box = box
        let rest = place(inputs, room: open, factor: factor, outer: outer, sign: sign, fontSize: fontSize, wedges: wedges)
        let extents = inputs.map { extent($0.text, fontSize: fontSize, box: box) }
        var widest = TextMetrics.width("\u{2026}", fontSize: fontSize) + 2 * box, top = 0.0, bottom = 0.0
        for e in extents {
            widest = max(widest, e.width)
            top = min(top, e.top)
            bottom = max(bottom, e.bottom)
        }
        let d = distance(factor: factor, outer: outer, explode: explode)
        var box: SectorBox? = nil
        func add(_ b: SectorBox) { box = box.map { $0.union(b) } ?? b }
        let n = max(Int(sweep.rounded(.up)), 1)
        for k in 0...n {
            add(spot((widest, top, bottom), angle: sign * (start + sweep * Double(k) / Double(n)), distance: d).box)
        }
        for (input, e) in zip(inputs, extents) {
            guard let p = rest[input.index] else { continue }
            add(SectorBox(minX: p.x - e.width / 2, minY: p.y + e.top, maxX: p.x + e.width / 2, maxY: p.y + e.bottom))
        }
        return box
    }
}

/// What labels at a distance ask of a text box: two boxes apart, within the room, together.
extension SectorBox {
    func overlaps(_ o: SectorBox, by gap: Double) -> Bool {
        minX < o.maxX + gap && o.minX < maxX + gap && minY < o.maxY + gap && o.minY < maxY + gap
    }

    func isInside(_ room: LabelRoom) -> Bool {
        minX >= room.minX - 1e-9 && maxX <= room.maxX + 1e-9 && minY >= room.minY - 1e-9 && maxY <= room.maxY + 1e-9
    }

    func union(_ o: SectorBox) -> SectorBox {
        SectorBox(minX: Swift.min(minX, o.minX), minY: Swift.min(minY, o.minY), maxX: Swift.max(maxX, o.maxX), maxY: Swift.max(maxY, o.maxY))
    }
}
