#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieSpec

/// The room beside the pie where outside labels go, in pie coordinates (px from the pie's
/// centre, y down): the canvas around the pie minus the legend.
public struct LabelRoom: Sendable, Hashable {
    public var minX: Double
    public var maxX: Double
    public var minY: Double
    public var maxY: Double
    /// x distance from the centre to the leaders' ends (`OutsideLabels.column`).
    public var column: Double
    /// Px the most exploded slice moves out (labels stand beyond its rim).
    public var explode: Double = 0
    /// `labels.radius` above 1: labels stand at this many times the outer radius, on their
    /// slices' middle angles (`RadialLabels`), not in the columns beside the pie.
    public var radial: Double? = nil
    /// Whether leader lines are drawn (`labels.leader`): only then must they clear the texts
    /// (`LeaderClearance`).
    public var leaders = true
    /// Px a label's box (`labels.box`) reaches beyond its text on every side; 0 without
    /// boxes. The box is the label for the fit: stacks, widths and clearances use it, and
    /// the leader ends at its edge (`gap`).
    public var box: Double = 0
}

/// Geometry of outside labels: which labels go outside (`auto`), the leader line (a radial
/// tick from the slice's outer edge, then an elbow to the label column) and the text anchor,
/// solved for one instant with `LabelPlacer`.
public enum OutsideLabels {
    /// Radial tick beyond the outer radius, then the elbow's horizontal reach, then the gap
    /// between the leader's end and the text (px).
    public static let tick = 8.0
    public static let elbow = 12.0
    public static let textGap = 4.0
    /// Outside label texts are cut (with an ellipsis) to this width.
    public static let maxWidth = 160.0

    /// Width reserved for `text` beside the pie (each line cut at `maxWidth`).
    public static func reservedWidth(_ text: String, fontSize: Double) -> Double {
        min(TextLines.width(text, fontSize: fontSize), maxWidth)
    }

    /// The distance between the centres of two one-line labels: a line box (in its label box
    /// of reach `box`, `LabelRoom.box`) and 2 px.
    public static func lineHeight(_ fontSize: Double, box: Double = 0) -> Double { height("x", fontSize: fontSize, box: box) }

    /// The height a label takes in its side's stack: its text's box, grown by `box` above
    /// and below (`LabelRoom.box`), and 2 px.
    public static func height(_ text: String, fontSize: Double, box: Double = 0) -> Double {
        TextLines.boxHeight(text, fontSize: fontSize) + 2 * box + 2
    }

    /// Px between the leader's end and the text's anchor: `textGap`, or with a box of reach
    /// `box` the box's reach, so that the leader ends at the box's edge.
    public static func gap(box: Double) -> Double { box > 0 ? box : textGap }

    /// x distance from the centre to the leader's end (the label column), beyond the rim of
    /// the chart's most exploded slice.
    /// Without leader lines (`labels.leader: none`) the column stands a tick's length off the
    /// rim, where the elbow would begin.
    public static func column(outer: Double, explode: Double = 0, leaders: Bool = true) -> Double {
        outer + explode + tick + (leaders ? elbow : 0)
    }

    /// One straight piece of a leader line: from (x, y), `length` px at `angle` degrees
    /// (screen, 0 = +x, clockwise as y points down). Drawn as a unit line `M0 0H1` with
    /// `translate(x y) rotate(angle) scale(length 1)`, so it animates without touching `d`.
    public struct Segment: Sendable, Hashable {
        public var x: Double
        public var y: Double
        public var angle: Double
        public var length: Double

        /// Where the piece ends.
        var end: (x: Double, y: Double) {
            (x + cos(angle * Double.pi / 180) * length, y + sin(angle * Double.pi / 180) * length)
        }

        static func between(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Segment {
            let dx = b.x - a.x, dy = b.y - a.y
            return Segment(x: a.x, y: a.y, angle: atan2(dy, dx) * 180 / Double.pi, length: (dx * dx + dy * dy).squareRoot())
        }
    }

    /// A label at one instant: the text's anchor point (vertical centre), its side and its leader.
    /// `side` 0: centred on the anchor (`text-anchor: middle`, labels at a distance).
    public struct Pose: Sendable, Hashable {
        public var x: Double
        public var y: Double
        /// +1: right of the pie, `text-anchor: start`; -1: left, `end`; 0: `middle`.
        public var side: Double
        public var tick: Segment
        public var elbow: Segment
        public var opacity: Double = 1
    }

    /// A label that wants to go outside at one instant.
    public struct Input: Sendable, Hashable {
        public var index: Int
        /// The slice at that instant (chart angles).
        public var geometry: SegmentGeometry
        public var priority: Double
        /// The label's text: its box's height (`height`) spaces the stack.
        public var text: String = ""
        /// `keepLabel`: placed before every label that is not kept.
        public var kept = false

        var rank: LabelRank { LabelRank(kept: kept, priority: priority, index: index) }
    }

    /// Solves every input's pose for one instant. `outer` is the chart's outer radius (where
    /// leaders bend), `sign` the chart's screen sign; the labels stand in `room.column`.
    /// `wedges` (slices of differing radii at that instant): the label of a slice whose rim is
    /// inside the chart's stands just beyond that rim (its leader bends a tick beyond it and
    /// reaches an elbow further), where its text and leader clear every slice and the room
    /// holds its text; else in the column. Heights are solved for all together, so two labels
    /// of one side never overlap either way.
    public static func place(_ inputs: [Input], room: LabelRoom, outer: Double, sign: Double, fontSize: Double,
                             wedges: LabelWedges? = nil) -> [Int: Pose] {
        if let factor = room.radial {
            return RadialLabels.place(inputs, room: room, factor: factor, outer: outer, sign: sign, fontSize: fontSize, wedges: wedges)
        }
        let reach = room.column - elbow
        // Where a slice's leader bends: a tick beyond its own rim (`own`), or the chart's.
        func bend(_ g: SegmentGeometry, own: Bool) -> Double {
            own ? reach - outer - room.explode + g.outerRadius + g.explode : reach
        }
        let byIndex = Dictionary(inputs.map { ($0.index, $0) }, uniquingKeysWith: { a, _ in a })
        let width = textWidth(room: room, outer: outer)
        let h = lineHeight(fontSize, box: room.box)
        // The labels that try their own rim; a second solve, when one of them does not stand
        // there, takes it to the column from the column's natural height.
        var own = Set(inputs.filter { wedges?.isOwn($0.geometry) == true }.map(\.index))
        // Each pass after the first takes at least one label from its rim to the column, so
        // this ends (at the latest when every label stands in the column).
        for pass in 0...(own.count + 1) {
            let candidates = inputs.map { input -> LabelPlacer.Candidate in
                let a = sign * (input.geometry.startAngle + input.geometry.endAngle) / 2
                let p = Geometry.point(angle: a, radius: bend(input.geometry, own: own.contains(input.index)))
                return LabelPlacer.Candidate(index: input.index, side: side(ofScreenAngle: a), naturalY: p.y, priority: input.priority,
                                             extra: max(0, height(input.text, fontSize: fontSize, box: room.box) - h),
                                             kept: input.kept)
            }
            let placed = LabelPlacer.solve(candidates, top: room.minY, bottom: room.maxY, lineHeight: h)
            var poses: [Int: Pose] = [:], moved = false
            for p in placed {
                guard let input = byIndex[p.index] else { continue }
                let g = input.geometry
                let a = sign * (g.startAngle + g.endAngle) / 2
                let edge = Geometry.point(angle: a, radius: g.outerRadius + g.explode)
                if own.contains(p.index) {
                    if let wedges, let pose = ownPose(input.text, side: p.side, y: p.y, edge: edge,
                                                      bend: Geometry.point(angle: a, radius: bend(g, own: true)),
                                                      width: width, room: room, wedges: wedges, fontSize: fontSize) {
                        poses[p.index] = pose
                        continue
                    }
                    if pass == 0 { own.remove(p.index); moved = true }
                }
                let bend = Geometry.point(angle: a, radius: reach)
                let end = (x: p.side * room.column, y: p.y)
                poses[p.index] = Pose(x: end.x + p.side * gap(box: room.box), y: p.y, side: p.side,
                                      tick: .between(edge, bend), elbow: .between(bend, end))
            }
            // A label at its rim whose leader passes through another label's text, or whose
            // text another leader passes through, goes to the column too.
            if room.leaders {
                let clashing = clashes(poses, among: own, texts: byIndex.mapValues(\.text), width: width, fontSize: fontSize, box: room.box)
                if !clashing.isEmpty { own.subtract(clashing); moved = true }
            }
            if !moved { return poses }
        }
        return [:]
    }

    /// The labels of `own` whose leader passes through another pose's text box, or whose text
    /// box (grown by `box`, `LabelRoom.box`) another pose's leader passes through (`LeaderClearance`).
    static func clashes(_ poses: [Int: Pose], among own: Set<Int>, texts: [Int: String], width: Double, fontSize: Double,
                        box: Double = 0) -> Set<Int> {
        let mine = own.filter { poses[$0] != nil }
        guard !mine.isEmpty else { return [] }
        let keys = poses.keys.sorted()
        let boxes = Dictionary(uniqueKeysWithValues: keys.map { ($0, LeaderClearance.box(texts[$0] ?? "", poses[$0]!, width: width, fontSize: fontSize, box: box)) })
        let pieces = Dictionary(uniqueKeysWithValues: keys.map { ($0, LeaderClearance.pieces(poses[$0]!)) })
        var out = Set<Int>()
        for i in mine {
            for j in keys where j != i {
                if LeaderClearance.crosses(pieces[i]!, boxes[j]!) || LeaderClearance.crosses(pieces[j]!, boxes[i]!) {
                    out.insert(i)
                    break
                }
            }
        }
        return out
    }

    /// A label standing beyond its own slice's rim (`place`): the elbow reaches `elbow` px
    /// sideways from `bend` to height `y`, the text `gap` further; nil when its text (cut at
    /// `width`, in its box: `LabelRoom.box`) leaves the room or its text or leader meets a slice.
    static func ownPose(_ text: String, side: Double, y: Double, edge: (x: Double, y: Double), bend: (x: Double, y: Double),
                        width: Double, room: LabelRoom, wedges: LabelWedges, fontSize: Double) -> Pose? {
        let end = (x: bend.x + side * elbow, y: y)
        let r = room.box, x = end.x + side * gap(box: r), w = min(reservedWidth(text, fontSize: fontSize), width)
        let v = TextLines.verticalExtent(text, fontSize: fontSize)
        let box = SectorBox(minX: (side > 0 ? x : x - w) - r, minY: y + v.top - r, maxX: (side > 0 ? x + w : x) + r, maxY: y + v.bottom + r)
        guard box.isInside(room), abs(end.x) <= room.column + 1e-9 else { return nil }
        let tick = Segment.between(edge, bend), reach = Segment.between(bend, end)
        guard wedges.clears(box), wedges.clears(tick), wedges.clears(reach) else { return nil }
        return Pose(x: x, y: y, side: side, tick: tick, elbow: reach)
    }

    /// The outside labels of the chart at rest that do not fit beside it (`LabelPlacer` keeps
    /// them in `LabelRank` order) lose their text and are marked `.noRoom`; the ink layer then
    /// places the others, which fit, at every instant.
    static func leaveOut(_ slices: inout [SliceLayout], room: LabelRoom, outer: Double, sign: Double, fontSize: Double,
                         wedges: LabelWedges? = nil) {
        let inputs = inputs(slices)
        guard !inputs.isEmpty else { return }
        let placed = place(inputs, room: room, outer: outer, sign: sign, fontSize: fontSize, wedges: wedges)
        for input in inputs where placed[input.index] == nil {
            slices[input.index].labelText = nil
            slices[input.index].labelOutside = false
            slices[input.index].labelLeftOut = .noRoom
        }
    }

    /// The labels of the chart at rest that go outside: each slice as drawn (exploded), with
    /// its `labelPriority` and `keepLabel`.
    static func inputs(_ slices: [SliceLayout]) -> [Input] {
        var inputs: [Input] = []
        for (k, s) in slices.enumerated() where s.labelOutside {
            guard let text = s.labelText else { continue }
            inputs.append(Input(index: k, geometry: s.geometry.exploded(s.explode), priority: s.labelPriority, text: text, kept: s.keepLabel))
        }
        return inputs
    }

    /// Right of the pie (+1) when the screen angle (0 = 12 o'clock, clockwise) is in [0, 180).
    static func side(ofScreenAngle a: Double) -> Double {
        let n = (a.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        return n < 180 - 1e-9 ? 1 : -1
    }

    /// Width (as measured by `TextMetrics`) the text of an outside label may take on either
    /// side of `room` (inside its box there, `LabelRoom.box`).
    public static func textWidth(room: LabelRoom, outer: Double) -> Double {
        // At a distance the room is grown around each label's box (`RadialLabels.envelope`).
        if room.radial != nil { return maxWidth }
        let c = room.column + gap(box: room.box) + room.box
        return max(min(room.maxX - c, -room.minX - c, maxWidth), 0)
    }

    /// The ink colour: dark grey on light backgrounds, near-white on dark ones, black or white
    /// when neither reaches a WCAG contrast of 4.5 (transparent = a white page).
    public static func ink(on background: Color?) -> Color {
        let bg = background ?? Color(r: 255, g: 255, b: 255)
        let dark = Color(r: 0x33, g: 0x33, b: 0x33), light = Color(r: 0xf5, g: 0xf5, b: 0xf5)
        let best = Color.contrast(dark, bg) >= Color.contrast(light, bg) ? dark : light
        if Color.contrast(best, bg) >= 4.5 { return best }
        return TextInk.on(bg)
    }
}
