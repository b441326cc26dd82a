import PieSpec

/// How an inside label's text is turned under `labels.orientation`, in screen degrees
/// (clockwise, y down; SVG's `rotate`). The text's box is centred on its anchor, so a turn
/// about the anchor keeps the box's centre: the fit (`LabelFit.spot`) tests the turned box.
///
/// - radial: along the radius through the anchor, reading outwards (the anchor's screen
///   angle minus 90); on the left half (screen angles in (180, 360)) half a turn more, so the
///   text reads inwards there and is never upside down;
/// - tangential: along the arc, perpendicular to the radius (the screen angle itself); on the
///   bottom half (screen angles in (90, 270)) half a turn more.
///
/// Half a turn more never changes the box, only which way its text reads: the box of a
/// radial label is its text's box with width and height swapped, turned to the anchor's
/// screen angle; a tangential label's is the text's box turned to it.
public enum LabelTurn {
    /// The text's turn at an anchor at screen angle `angle` (`sign` times its chart angle), in
    /// [-90, 90]; nil when the label is upright (`horizontal`).
    public static func angle(at angle: Double, _ orientation: LabelOrientation) -> Double? {
        var a = angle.truncatingRemainder(dividingBy: 360)
        if a < 0 { a += 360 }
        switch orientation {
        case .horizontal: return nil
        case .radial: return a <= 180 ? a - 90 : a - 270
        case .tangential: return a <= 90 ? a : a < 270 ? a - 180 : a - 360
        }
    }

    /// The box that is turned by the anchor's own screen angle: the text's box, with width and
    /// height swapped when the text runs along the radius.
    public static func box(width: Double, height: Double, _ orientation: LabelOrientation) -> (width: Double, height: Double) {
        orientation == .radial ? (height, width) : (width, height)
    }

    /// Sampled keyframes run linearly from one sample to the next, and each sample reads a
    /// text's turn afresh (within half a turn of its end's), so where that reading wraps the
    /// text would spin a whole turn in one step. Winds each sample's text turn (`turns[i]`,
    /// the turn inside its group) by whole turns, from the last sample back, so that the
    /// text's turn on the canvas (its group's `carriers[i]` plus `turns[i]`) changes by at most
    /// half a turn from each sample to the next, and from the last to `rest` (the rest state's
    /// group turn plus text turn, which is kept exact). Only whole turns are added: every
    /// sample still draws its exact state.
    public static func wound(turns: [Double], carriers: [Double], rest: Double) -> [Double] {
        var result = turns
        var next = rest
        for i in turns.indices.reversed() {
            let total = carriers[i] + turns[i]
            var d = (total - next).truncatingRemainder(dividingBy: 360)
            if d > 180 { d -= 360 } else if d <= -180 { d += 360 }
            // Whole turns only (rounded, so the sample's own value is kept to the bit).
            result[i] = turns[i] + 360 * ((next + d - total) / 360).rounded()
            next = carriers[i] + result[i]
        }
        return result
    }

    /// The turn of a label's text inside its group, which is turned to `drawn` (the anchor's
    /// screen angle as drawn, explode included): upright, `-drawn`; else the text's turn at
    /// its spot's screen angle `spot` (the angle the fit tested, so an exploded slice carries
    /// its label without turning it) less `drawn`, within half a turn.
    public static func inner(spot: Double, drawn: Double, _ orientation: LabelOrientation) -> Double {
        guard let turn = angle(at: spot, orientation) else { return -drawn }
        var d = (turn - drawn).truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 } else if d <= -180 { d += 360 }
        return d
    }
}
