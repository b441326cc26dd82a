import PieSpec

/// The inside labels of a stage: which labels are drawn inside their slice at each end (the
/// label modes of both versions), where they stand and how they fade and change colour.
extension Stage {
    /// A label (`.p-l<index>`) at `radius` on screen angles `from` -> `to` (already signed).
    struct Label {
        var index: Int
        var text: String
        var color: Color
        /// The text's colour at the start where it blends (`SegmentExtras.labelColor`), else nil.
        var fromColor: Color? = nil
        var radius: Double
        var fromRadius: Double
        var from: Double
        var to: Double
        var fromOpacity: Double
        /// 0 for the label of a slice that leaves (it fades out while its slice shrinks).
        var toOpacity: Double = 1
        /// The text's turn inside its group at each end (`LabelTurn.inner`): `-to` and
        /// `-from` upright (the counter-turn); a turned label's within half a turn of each other.
        var turn: Double = 0
        var fromTurn: Double = 0
        /// The text's size at the start over its size at the end (an inside label layer whose
        /// `size` changes, `ChartPose.layerScale`): drawn at the end's size, scaled about its
        /// anchor, which is the text laid out at the start's size. 1 elsewhere.
        var fromScale: Double = 1
    }

    /// Inside labels. A label drawn outside in both states lives in the ink layer; one that
    /// changes between inside and outside (`auto`) fades out here while it fades in there.
    /// `modes` is the whole plan: whether a label is inside or outside at each end never
    /// depends on the sampled instant (a sampled scene keeps the element set).
    static func labelItems(_ plan: TransitionPlan, modes: TransitionPlan, layout: ChartLayout, animated: Bool) -> [Label] {
        let sign = layout.screenSign
        var result: [Label] = []
        // At the end, where the layout put the label (`LabelFit.spot`: the default spot or the
        // nearest where it fits); at the start, where the old version put it.
        // The text's turn in its group (`LabelTurn.inner`) rides along.
        func spot(_ g: SegmentGeometry, _ text: String, from: Bool = false) -> (angle: Double, radius: Double, turn: Double) {
            let fraction = from ? plan.from.labelFraction ?? layout.labelFraction : layout.labelFraction
            let orientation = from ? plan.from.labelOrientation : layout.labelOrientation
            let box = from ? plan.from.labelBox?.reach ?? 0 : layout.labelBoxReach
            let at = LabelFit.drawnSpot(text, geometry: g, fontSize: layout.fontSize, sign: sign, fraction: fraction, orientation: orientation,
                                        box: box)
            let drawn = at.drawn(on: g, sign: sign)
            return (drawn.angle, drawn.radius, LabelTurn.inner(spot: sign * at.angle, drawn: drawn.angle, orientation))
        }
        // The start's turn within half a turn of the end's, so a turned label turns the short way.
        func near(_ turn: Double, _ end: Double) -> Double {
            guard layout.labelOrientation != .horizontal || plan.from.labelOrientation != .horizontal else { return turn }
            var d = (turn - end).truncatingRemainder(dividingBy: 360)
            if d > 180 { d -= 360 } else if d <= -180 { d += 360 }
            return end + d
        }
        for (s, m) in zip(plan.segments + plan.movers + plan.floatingLabels, modes.segments + modes.movers + modes.floatingLabels) {
            if let exit = s.exitLabel, animated {
                if Stage.startMode(of: m, plan: modes, layout: layout) != .inside { continue }
                let (from, to) = (spot(s.from, exit.text, from: true), spot(s.to, exit.text))
                result.append(Label(index: result.count, text: exit.text, color: exit.color, radius: to.radius,
                                    fromRadius: from.radius, from: from.angle, to: to.angle, fromOpacity: 1, toOpacity: 0,
                                    turn: to.turn, fromTurn: near(from.turn, to.turn)))
                continue
            }
            guard let k = s.slice, let text = layout.slices[k].labelText else { continue }
            let toOutside = layout.slices[k].labelOutside
            let from = animated && m.from.span > 0 ? Stage.startMode(of: m, plan: modes, layout: layout) ?? .hidden : (toOutside ? .outside : .inside)
            if toOutside, from != .inside { continue }
            let end = spot(s.to, text), start = animated ? spot(s.from, text, from: true) : end
            let color = layout.slices[k].textColor
            result.append(Label(index: result.count, text: text, color: color,
                                fromColor: animated && m.fromExtras.labelColor != nil ? s.fromExtras.labelColor ?? color : nil,
                                radius: end.radius, fromRadius: start.radius, from: start.angle, to: end.angle,
                                fromOpacity: animated ? (from != .inside ? 0 : s.fromExtras.labelOpacity ?? (s.from.span <= 0 ? 0 : 1)) : 1,
                                toOpacity: toOutside ? 0 : 1, turn: end.turn, fromTurn: near(start.turn, end.turn)))
        }
        return result
    }
}
