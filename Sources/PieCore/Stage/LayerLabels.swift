import PieSpec

/// The second label layer's labels (`InsideLayer`: percentages inside while names stand
/// beside the pie), as tracks beside the main layer's inside labels: each at its slice's
/// spot for that end's layer `radius` (the old version's at the start,
/// `ChartPose.layerFraction`), fading in where the old version did not show it and out
/// where the new one does not (`SegmentExtras.layerOpacity`, `exitLayerLabel`). A changed
/// `size` grows or shrinks each shown label from the old size (`ChartPose.layerScale`), at the
/// spot the old version's fit gives the text at that size; a leaving label keeps its old size.
extension Stage {
    /// The layer's labels, indexed on from `first` (after the main layer's). `modes` is the
    /// whole plan: which labels exist never depends on the sampled instant.
    static func layerLabelItems(_ plan: TransitionPlan, modes: TransitionPlan, layout: ChartLayout, animated: Bool, first: Int) -> [Label] {
        guard let layer = layout.insideLayer else { return [] }
        let sign = layout.screenSign
        func spot(_ g: SegmentGeometry, _ text: String, from: Bool = false) -> (angle: Double, radius: Double, turn: Double) {
            let at = LabelFit.drawnSpot(text, geometry: g, fontSize: layout.fontSize, sign: sign,
                                        fraction: from ? plan.from.layerFraction : layer.fraction)
            let drawn = at.drawn(on: g, sign: sign)
            return (drawn.angle, drawn.radius, LabelTurn.inner(spot: sign * at.angle, drawn: drawn.angle, .horizontal))
        }
        // The start's size over the end's (the old version's, or the frozen instant's).
        let fromScale = animated ? (plan.from.layerScale ?? layer.scale) / layer.scale : 1
        // The text at the start's size, where the fit at the start is found.
        func atStart(_ text: String) -> String {
            fromScale == 1 ? text : LabelDetail.sized(LabelDetail.plain(text), scale: plan.from.layerScale ?? layer.scale)
        }
        var result: [Label] = []
        for (s, m) in zip(plan.segments + plan.movers + plan.floatingLabels, modes.segments + modes.movers + modes.floatingLabels) {
            let text = s.slice.flatMap { layout.slices[$0].layerText }
            if text == nil, let exit = m.exitLayerLabel {
                guard animated else { continue }
                let (from, to) = (spot(s.from, exit.text, from: true), spot(s.to, exit.text))
                result.append(Label(index: first + result.count, text: exit.text, color: exit.color, radius: to.radius, fromRadius: from.radius,
                                    from: from.angle, to: to.angle, fromOpacity: s.fromExtras.layerOpacity ?? 1, toOpacity: 0,
                                    turn: to.turn, fromTurn: from.turn))
                continue
            }
            guard let k = s.slice, let text else { continue }
            let end = spot(s.to, text), start = animated ? spot(s.from, atStart(text), from: true) : end
            let opacity = animated ? s.fromExtras.layerOpacity ?? (s.from.span <= 0 ? 0 : 1) : 1
            result.append(Label(index: first + result.count, text: text, color: layout.slices[k].layerInk, radius: end.radius,
                                fromRadius: start.radius, from: start.angle, to: end.angle, fromOpacity: opacity,
                                turn: end.turn, fromTurn: start.turn, fromScale: fromScale))
        }
        return result
    }
}
