import PieSpec

/// Where a segment's label stands at the transition's start, read by the inside labels
/// (`labelItems`) and the outside label tracks (`Stage.Outside.entries`) alike.
extension Stage {
    /// The mode of `s`'s label at the start of `plan` as drawn: inside its old wedge
    /// (`s.from`), outside, or hidden; nil when it has no label (a leaving slice's label is
    /// its `exitLabel`). A kept label that fits nowhere inside is outside only where the new
    /// chart has room for outside labels (`layout.labelRoom`, as `Layout` decides at rest):
    /// the ink layer draws no outside label without it, so there the label is hidden at the
    /// start and fades in (a kept label that was outside in the old chart, whose slice grows
    /// so that every label of the new chart fits inside, is not drawn at `t = 0`).
    static func startMode(of s: Segment, plan: TransitionPlan, layout: ChartLayout) -> LabelMode? {
        let text: String, keep: Bool
        if let exit = s.exitLabel {
            (text, keep) = (exit.text, exit.kept)
        } else if let k = s.slice, let label = layout.slices[k].labelText {
            (text, keep) = (label, layout.slices[k].keepLabel)
        } else {
            return nil
        }
        return LabelFit.mode(layout.labelPosition, text: text, geometry: s.from, fontSize: layout.fontSize, sign: layout.screenSign,
                             fraction: plan.from.labelFraction ?? layout.labelFraction, keep: keep && layout.labelRoom != nil,
                             orientation: plan.from.labelOrientation, box: plan.from.labelBox?.reach ?? 0)
    }
}
