import PieSpec

/// Grows the pie's box so outside labels fit beside it: wide enough on each side for the
/// leader (tick + elbow, beyond the most exploded slice) and the widest outside label (cut at
/// `OutsideLabels.maxWidth`), and tall enough on each side for its labels' stack, centred on
/// where the labels would sit (so a half gauge's labels do not ask for room below its flat
/// edge). The grown box is at most `maxGrowth` times the chart's size taller than the pie's
/// box; labels beyond that are left out by `LabelPlacer` (and reported). The legend is then
/// placed around the grown box, so labels and legend never overlap. Labels in boxes
/// (`labels.box`, of reach `labelBox`) take their boxes' room. Columns are at least `leaving`
/// px wide (labels of the previous version that leave, `Layout.layout`).
enum LabelRoomPlanner {
    struct Result {
        var box: PieBox
        var room: LabelRoom?
    }

    /// How much taller than the pie's box the labels may make it, in chart sizes.
    static let maxGrowth = 1.0
    /// px between the labels and the top and bottom of the grown box (a legend above or below
    /// it starts right there, and its text's box reaches 2 px above its row).
    static let inset = 3.0

    static func padded(_ box: PieBox, slices: [SliceLayout], position: LabelPosition, outer: Double, explode: Double,
                       sign: Double, size: Double, fontSize: Double, distance: Double? = nil, leaders: Bool = true,
                       sweep: (start: Double, sweep: Double) = (0, 360), wedges: LabelWedges? = nil, labelBox: Double = 0,
                       leaving: Double = 0) -> Result {
        // `inside`: room only for kept labels that fit nowhere inside (`keepLabel`).
        guard position == .outside || position == .auto || slices.contains(where: \.labelOutside) else { return Result(box: box, room: nil) }
        if let distance {
            return radial(box, slices: slices, factor: distance, outer: outer, explode: explode, sign: sign, sweep: sweep, fontSize: fontSize,
                          wedges: wedges, leaders: leaders, labelBox: labelBox)
        }
        let column = OutsideLabels.column(outer: outer, explode: explode, leaders: leaders)
        let outside = slices.filter { $0.labelOutside && $0.labelText != nil }
        var (left, right, top, bottom) = (0.0, 0.0, 0.0, 0.0)
        if !outside.isEmpty {
            // At least an ellipsis: the ink layer draws no outside label where that does not fit.
            let widest = max(outside.map { OutsideLabels.reservedWidth($0.labelText!, fontSize: fontSize) }.max()!,
                             TextMetrics.width("\u{2026}", fontSize: fontSize), leaving)
            let reach = column + OutsideLabels.gap(box: labelBox) + widest + labelBox + 2
            left = max(0, reach - box.centerX)
            right = max(0, reach - (box.width - box.centerX))
            var span = (low: -box.centerY, high: box.height - box.centerY)
            for side in [-1.0, 1.0] {
                let mine = outside.filter { OutsideLabels.side(ofScreenAngle: sign * $0.midAngle) == side }
                guard let stack = stack(mine, sign: sign, bend: column - OutsideLabels.elbow, fontSize: fontSize, box: labelBox) else { continue }
                span = (min(span.low, stack.low), max(span.high, stack.high))
            }
            let limit = box.height + maxGrowth * size
            if span.high - span.low > limit {
                let cut = (span.high - span.low - limit) / 2
                span = (min(span.low + cut, -box.centerY), max(span.high - cut, box.height - box.centerY))
            }
            top = max(0, -span.low - box.centerY)
            bottom = max(0, span.high - (box.height - box.centerY))
            // Whole pixels: the pie's centre keeps the fraction it had, so leaders stay where
            // every renderer anti-aliases them alike.
            (left, right, top, bottom) = (left.rounded(.up), right.rounded(.up), top.rounded(.up), bottom.rounded(.up))
        }
        let grown = box.grown(left: left, right: right, top: top, bottom: bottom)
        var room = LabelRoom(minX: -grown.centerX, maxX: grown.width - grown.centerX,
                             minY: -grown.centerY + inset, maxY: grown.height - grown.centerY - inset, column: column,
                             explode: explode)
        room.leaders = leaders
        room.box = labelBox
        return Result(box: grown, room: room)
    }

    /// Labels at a distance (`RadialLabels`): the box grown around every label's box at rest
    /// and the widest label's at every angle of the sweep, plus `inset` (whole pixels); each
    /// in its box of reach `labelBox` (`labels.box`), which the room keeps for the placing.
    static func radial(_ box: PieBox, slices: [SliceLayout], factor: Double, outer: Double, explode: Double, sign: Double,
                       sweep: (start: Double, sweep: Double), fontSize: Double, wedges: LabelWedges? = nil,
                       leaders: Bool = true, labelBox: Double = 0) -> Result {
        var (left, right, top, bottom) = (0.0, 0.0, 0.0, 0.0)
        if let need = RadialLabels.envelope(OutsideLabels.inputs(slices), factor: factor, outer: outer, explode: explode, start: sweep.start,
                                            sweep: sweep.sweep, sign: sign, fontSize: fontSize, wedges: wedges, leaders: leaders,
                                            box: labelBox) {
            left = max(0, -need.minX + inset - box.centerX).rounded(.up)
            right = max(0, need.maxX + inset - (box.width - box.centerX)).rounded(.up)
            top = max(0, -need.minY + inset - box.centerY).rounded(.up)
            bottom = max(0, need.maxY + inset - (box.height - box.centerY)).rounded(.up)
        }
        let grown = box.grown(left: left, right: right, top: top, bottom: bottom)
        var room = LabelRoom(minX: -grown.centerX + inset, maxX: grown.width - grown.centerX - inset,
                             minY: -grown.centerY + inset, maxY: grown.height - grown.centerY - inset,
                             column: OutsideLabels.column(outer: outer, explode: explode), explode: explode, radial: factor)
        room.leaders = leaders
        room.box = labelBox
        return Result(box: grown, room: room)
    }

    /// The vertical extent one side's labels need: from the highest natural position to the
    /// lowest (the leaders' bends), widened evenly about its middle to the stack's height.
    static func stack(_ slices: [SliceLayout], sign: Double, bend: Double, fontSize: Double, box: Double = 0) -> (low: Double, high: Double)? {
        guard !slices.isEmpty else { return nil }
        var low = Double.infinity, high = -Double.infinity, total = 0.0, half = 0.0
        for s in slices {
            let y = Geometry.point(angle: sign * s.midAngle, radius: bend).y
            let height = OutsideLabels.height(s.labelText ?? "", fontSize: fontSize, box: box)
            low = min(low, y)
            high = max(high, y)
            total += height
            half = max(half, height / 2)
        }
        low -= half
        high += half
        if high - low < total {
            let grow = (total - (high - low)) / 2
            low -= grow
            high += grow
        }
        return (low - inset, high + inset)
    }
}
