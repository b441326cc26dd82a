#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieSpec

/// The inside labels' boxes at rest, as the stage draws them (issue 40): the grid's tick labels
/// give way to them (`GridLayout.giveWay`), as they do to the labels beside the pie. Each label
/// stands at its drawn spot (`LabelFit.drawnSpot` on its slice, exploded, moved with the
/// explode, `LabelSpot.drawn`), its text (or its box behind it, `labels.box`) centred there and
/// turned as `LabelTurn` says; the box is the axis-aligned envelope of that (`envelope`, which
/// `Stage.Grid.box(of:)` takes in motion too). Pie coordinates, y down.
enum InsideLabelBoxes {
    /// The axis-aligned envelope of a `width` x `height` box centred on the anchor at screen
    /// angle `angle` (degrees, clockwise from 12 o'clock) and `radius`, turned on the canvas by
    /// `turn` degrees about its centre and scaled by `scale` about it.
    static func envelope(angle: Double, radius: Double, width: Double, height: Double, turn: Double, scale: Double = 1) -> SectorBox {
        let anchor = Geometry.point(angle: angle, radius: radius)
        let t = turn * Double.pi / 180
        let (c, s) = (abs(cos(t)), abs(sin(t)))
        let hx = (width * c + height * s) / 2 * scale
        let hy = (width * s + height * c) / 2 * scale
        return SectorBox(minX: anchor.x - hx, minY: anchor.y - hy, maxX: anchor.x + hx, maxY: anchor.y + hy)
    }

    /// The boxes of `layout`'s inside labels at rest: the main layer's labels drawn inside
    /// (a `labelText` not `labelOutside`, at `labels.radius`, in `labels.orientation`, grown by
    /// `labels.box`'s reach) and the inside layer's (`layerText`, upright, at its `radius`).
    static func atRest(_ layout: ChartLayout) -> [SectorBox] {
        let sign = layout.screenSign, fontSize = layout.fontSize
        var boxes: [SectorBox] = []
        func add(_ text: String, _ slice: SliceLayout, fraction: Double?, orientation: LabelOrientation, reach: Double) {
            let g = slice.geometry.exploded(slice.explode)
            let spot = LabelFit.drawnSpot(text, geometry: g, fontSize: fontSize, sign: sign, fraction: fraction,
                                          orientation: orientation, box: reach)
            let drawn = spot.drawn(on: g, sign: sign)
            let turn = LabelTurn.inner(spot: sign * spot.angle, drawn: drawn.angle, orientation)
            let size = LabelFit.size(text, fontSize: fontSize)
            boxes.append(envelope(angle: drawn.angle, radius: drawn.radius, width: size.width + 2 * reach,
                                  height: size.height + 2 * reach, turn: drawn.angle + turn))
        }
        for slice in layout.slices where slice.isVisible {
            if let text = slice.labelText, !slice.labelOutside {
                add(text, slice, fraction: layout.labelFraction, orientation: layout.labelOrientation, reach: layout.labelBoxReach)
            }
            if let layer = layout.insideLayer, let text = slice.layerText {
                add(text, slice, fraction: layer.fraction, orientation: .horizontal, reach: 0)
            }
        }
        return boxes
    }
}
