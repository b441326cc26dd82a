#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// No leader line through another label's text (issue 40): a drawn leader piece keeps
/// `margin` px off every text box but its own label's, in pie coordinates (px from the centre,
/// y down). `RadialLabels.place` tests each label it places against the labels and leaders
/// placed before it; `OutsideLabels.place` tests the labels at their own slice's rim against
/// every other pose; both test against `LabelWedges.keepOut` (the grid's tick labels).
enum LeaderClearance {
    /// px a leader keeps off a text box (the engines' boxes differ from `TextMetrics` by a
    /// fraction of a pixel).
    static let margin = 1.5

    /// Whether leader piece `s` passes through `box` grown by `margin` (a piece of no length
    /// never does).
    static func crosses(_ s: OutsideLabels.Segment, _ box: SectorBox) -> Bool {
        guard s.length > 1e-9 else { return false }
        let u = (x: cos(s.angle * Double.pi / 180) * s.length, y: sin(s.angle * Double.pi / 180) * s.length)
        // Liang-Barsky: the part of the piece inside the grown box.
        var lo = 0.0, hi = 1.0
        for (p, q) in [(-u.x, s.x - (box.minX - margin)), (u.x, box.maxX + margin - s.x),
                       (-u.y, s.y - (box.minY - margin)), (u.y, box.maxY + margin - s.y)] {
            if p == 0 {
                if q < 0 { return false }
            } else if p < 0 {
                lo = max(lo, q / p)
            } else {
                hi = min(hi, q / p)
            }
        }
        return hi - lo > 1e-9
    }

    /// Whether any of `leaders` passes through `box`.
    static func crosses(_ leaders: [OutsideLabels.Segment], _ box: SectorBox) -> Bool {
        leaders.contains { crosses($0, box) }
    }

    /// The drawn pieces of a pose's leader (the elbow may have no length).
    static func pieces(_ pose: OutsideLabels.Pose) -> [OutsideLabels.Segment] {
        [pose.tick, pose.elbow].filter { $0.length > 1e-9 }
    }

    /// A posed label's text box: `side` +1 starts at the anchor, -1 ends there, 0 is centred;
    /// its width `reservedWidth` cut at `width`; grown by `box` on every side (the label's box,
    /// `LabelRoom.box`: what is drawn there).
    static func box(_ text: String, _ pose: OutsideLabels.Pose, width: Double, fontSize: Double, box: Double = 0) -> SectorBox {
        let w = min(OutsideLabels.reservedWidth(text, fontSize: fontSize), width)
        let v = TextLines.verticalExtent(text, fontSize: fontSize)
        let minX = pose.side > 0 ? pose.x : (pose.side < 0 ? pose.x - w : pose.x - w / 2)
        return SectorBox(minX: minX - box, minY: pose.y + v.top - box, maxX: minX + w + box, maxY: pose.y + v.bottom + box)
    }

    /// The outside labels of the chart at rest (`OutsideLabels.place`, as the ink layer poses
    /// them): their text boxes, and their leaders' pieces when leaders are drawn.
    static func atRest(_ slices: [SliceLayout], room: LabelRoom, outer: Double, sign: Double, fontSize: Double,
                       wedges: LabelWedges?) -> (texts: [SectorBox], leaders: [OutsideLabels.Segment]) {
        let inputs = OutsideLabels.inputs(slices)
        let poses = OutsideLabels.place(inputs, room: room, outer: outer, sign: sign, fontSize: fontSize, wedges: wedges)
        let width = OutsideLabels.textWidth(room: room, outer: outer)
        var texts: [SectorBox] = [], leaders: [OutsideLabels.Segment] = []
        for input in inputs {
            guard let pose = poses[input.index] else { continue }
            texts.append(box(input.text, pose, width: width, fontSize: fontSize, box: room.box))
            if room.leaders { leaders += pieces(pose) }
        }
        return (texts, leaders)
    }
}
