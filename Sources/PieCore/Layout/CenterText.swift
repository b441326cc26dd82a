import PieDiagnostics
import PieSpec

/// The centre text of a donut (`chart.center`), filled in and sized to fit the drawn part of
/// the hole: the whole hole of a full circle; of a partial sweep (a gauge), the hole's sector
/// under the sweep, so a half gauge's text sits above its flat edge.
public struct CenterText: Sendable, Hashable {
    public var text: String
    /// px; the largest size (at most `maxFontSize`) at which the text fits the hole.
    public var fontSize: Double
    /// Centre of the text block, px from the pie's centre (0, 0 on a full circle).
    public var x: Double = 0
    public var y: Double = 0

    public static let maxFontSize = 28.0
    public static let minFontSize = 6.0
    /// px kept between the text's box and the hole's edge.
    static let margin = 4.0

    /// The part of the hole the text may use: the sweep's chart angles and direction.
    struct Hole {
        var radius: Double
        var start: Double = 0
        var sweep: Double = 360
        var sign: Double = 1
        var isFull: Bool { sweep >= 360 - 1e-9 }
    }

    /// Fills `template` for `slices` and fits it into the hole; nil for a pie (no hole) or an
    /// empty text. `{total}` = prefix + sum of the values + suffix; `{label}`, `{value}`,
    /// `{percent}`, `{id}` are those of the largest slice (the first in angular order among
    /// equals).
    static func make(_ template: LabelTemplate?, slices: [SliceLayout], format: FormatOptions, hole: Hole) -> CenterText? {
        guard let template, hole.radius > 0 else { return nil }
        let total = slices.reduce(0) { $0 + $1.value }
        var largest: SliceLayout?
        for s in slices where largest == nil || s.value > largest!.value { largest = s }
        guard let slice = largest else { return nil }
        let text = Layout.render(template, slice: slice, format: format, total: total)
        guard !text.isEmpty else { return nil }
        return fit(text, hole: hole)
    }

    /// `chart.hoverCenter`: `template` filled for each slice (`{total}` = sum of the values
    /// with prefix and suffix, the other tokens that slice's), each fitted to the hole on its
    /// own as `make` fits the centre text (cut with an ellipsis at the smallest size); nil
    /// where the filled text is empty. Empty without a template or a hole.
    static func hover(_ template: LabelTemplate?, slices: [SliceLayout], format: FormatOptions, hole: Hole) -> [CenterText?] {
        guard let template, hole.radius > 0 else { return [] }
        let total = slices.reduce(0) { $0 + $1.value }
        return slices.map { slice in
            let text = Layout.render(template, slice: slice, format: format, total: total)
            return text.isEmpty ? nil : fit(text, hole: hole)
        }
    }

    /// The largest font size (in 0.5 px steps, `minFontSize...maxSize`) at which `text`
    /// fits the hole (`place`). At the smallest size the text is cut with an ellipsis.
    static func fit(_ text: String, inner: Double) -> CenterText { fit(text, hole: Hole(radius: inner)) }

    static func fit(_ text: String, hole: Hole, maxSize: Double = maxFontSize) -> CenterText {
        let r = max(hole.radius - margin, 1)
        var size = (min(maxSize, r * 0.8) * 2).rounded(.down) / 2
        while size >= minFontSize {
            if let p = place(text, size: size, hole: hole) { return CenterText(text: text, fontSize: size, x: p.x, y: p.y) }
            size -= 0.5
        }
        size = minFontSize
        var width = TextLines.width(text, fontSize: size)
        while width > 0 {
            width -= 2
            let cut = TextLines.truncate(text, maxWidth: width, fontSize: size)
            if let p = place(cut, size: size, hole: hole) { return CenterText(text: cut, fontSize: size, x: p.x, y: p.y) }
        }
        return CenterText(text: "", fontSize: size)
    }

    /// Where the box of `text` at `size` fits the hole, nearest its centre along the sweep's
    /// middle, or nil.
    static func place(_ text: String, size: Double, hole: Hole) -> (x: Double, y: Double)? {
        let r = max(hole.radius - margin, 1)
        if hole.isFull { return fits(text, size: size, radius: r) ? (0, 0) : nil }
        let (w, h) = LabelFit.size(text, fontSize: size)
        let mid = Geometry.point(angle: hole.sign * (hole.start + hole.sweep / 2), radius: 1)
        var d = 0.0
        while d < r {
            let box = SectorBox(centerX: mid.x * d, y: mid.y * d, width: w, height: h, pad: margin / 2)
            if box.isInside(start: hole.start, end: hole.start + hole.sweep, inner: 0, outer: hole.radius - margin / 2, sign: hole.sign) {
                return (mid.x * d, mid.y * d)
            }
            d += 1
        }
        return nil
    }

    /// Whether a text box of `width` x `size` centred in a circle of `radius` stays inside it.
    static func fits(_ text: String, size: Double, radius: Double) -> Bool {
        let w = TextLines.width(text, fontSize: size), h = TextLines.boxHeight(text, fontSize: size)
        return (w / 2) * (w / 2) + (h / 2) * (h / 2) <= radius * radius
    }
}

extension PieBox {
    /// The box grown to hold the centre text (a partial sweep's text may reach past the ring's
    /// extreme points, towards the centre).
    func including(_ center: CenterText?) -> PieBox {
        guard let center else { return self }
        let (w, h) = LabelFit.size(center.text, fontSize: center.fontSize)
        let minX = min(-centerX, center.x - w / 2 - 1), maxX = max(width - centerX, center.x + w / 2 + 1)
        let minY = min(-centerY, center.y - h / 2 - 1), maxY = max(height - centerY, center.y + h / 2 + 1)
        return PieBox(width: maxX - minX, height: maxY - minY, centerX: -minX, centerY: -minY)
    }
}

extension PieBox {
    /// The box grown to hold every hover centre text too (index.html shows one at a time).
    func including(_ centers: [CenterText?]) -> PieBox {
        centers.reduce(self) { $0.including($1) }
    }
}
