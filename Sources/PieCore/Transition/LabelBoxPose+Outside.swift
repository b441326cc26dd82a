import PieSpec

extension LabelBoxPose {
    /// This pose's box behind an outside label's drawn `text` at `pose` (`OutsideLabels.Pose`,
    /// pie coordinates): the text's box as the fit measures it (its width, `TextLines`'s
    /// vertical extent about the anchor, on the pose's side) grown by `padding`, so that its
    /// border's outer edge is the box's reach beyond the text, where the leader ends
    /// (`OutsideLabels.gap`). `x` and `y` are its top-left corner.
    public func rect(_ text: String, at pose: OutsideLabels.Pose, fontSize: Double) -> Rect {
        let w = TextLines.width(text, fontSize: fontSize)
        let v = TextLines.verticalExtent(text, fontSize: fontSize)
        let minX = pose.side > 0 ? pose.x : (pose.side < 0 ? pose.x - w : pose.x - w / 2)
        let width = w + 2 * padding, height = v.bottom - v.top + 2 * padding
        return Rect(x: minX - padding, y: pose.y + v.top - padding, width: width, height: height,
                    rx: min(radius, width / 2, height / 2), fill: fill, stroke: stroke, strokeWidth: strokeWidth,
                    opacity: opacity)
    }
}
