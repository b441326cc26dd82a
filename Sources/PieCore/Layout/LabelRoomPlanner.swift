import PieSpec

/// Grows the pie's box so outside labels fit beside it: wide enough on each side for the
/// leader (tick + elbow) and the widest outside label (cut at `OutsideLabels.maxWidth`), tall
/// enough for the side with the most outside labels (at most twice the pie's height; labels
/// beyond that are hidden by `LabelPlacer`). The legend is then placed around the grown box,
/// so labels and legend never overlap.
enum LabelRoomPlanner {
    struct Result {
        var box: PieBox
        var room: LabelRoom?
    }

    static func padded(_ box: PieBox, slices: [SliceLayout], position: LabelPosition, outer: Double, fontSize: Double) -> Result {
        guard position == .outside || position == .auto else { return Result(box: box, room: nil) }
        let outside = slices.filter { $0.labelOutside && $0.labelText != nil }
        var (left, right, top, bottom) = (0.0, 0.0, 0.0, 0.0)
        if !outside.isEmpty {
            let widest = outside.map { min(OutsideLabels.reservedWidth($0.labelText!, fontSize: fontSize), OutsideLabels.maxWidth * OutsideLabels.slack) }.max()!
            let reach = OutsideLabels.column(outer: outer) + OutsideLabels.textGap + widest + 2
            left = max(0, reach - box.centerX)
            right = max(0, reach - (box.width - box.centerX))
            let h = OutsideLabels.lineHeight(fontSize)
            let rightCount = outside.filter { OutsideLabels.side(ofScreenAngle: $0.midAngle) > 0 }.count
            // Counterclockwise charts mirror the sides; the larger side is the same.
            let need = Double(max(rightCount, outside.count - rightCount)) * h + 2
            let extra = min(max(0, need - box.height), box.height)
            let arc = outer + OutsideLabels.tick + h / 2
            top = max(extra / 2, arc - box.centerY, 0)
            bottom = max(extra / 2, arc - (box.height - box.centerY), 0)
        }
        let grown = PieBox(width: box.width + left + right, height: box.height + top + bottom,
                           centerX: box.centerX + left, centerY: box.centerY + top)
        let room = LabelRoom(minX: -grown.centerX, maxX: grown.width - grown.centerX,
                             minY: -grown.centerY, maxY: grown.height - grown.centerY)
        return Result(box: grown, room: room)
    }
}
