import PieJSON
import PieSpec

// The markup primitives every writer shares: exact wedge paths, path outlines
// (`PaddedWedge`, corner masks) and text of several lines.

/// Writes exact wedge paths: explicit arc commands with large-arc flags, a full circle as two
/// arcs with no radial line, donut wedges with their inner arc.
extension ByteWriter {
    /// The largest bulge an arc may have and still be written as its chord.
    static let flatArcBulge = 0.0005

    private mutating func pt(_ p: (x: Double, y: Double)) {
        num(p.x)
        spacedNum(p.y)
    }

    /// A path-data number after another: the separating space is left out before a minus
    /// sign (`0-108.75`), which the path grammar allows and every renderer reads.
    mutating func spacedNum(_ value: Double, decimals: Int = 3) {
        // `num` writes a minus sign exactly when the rounded value is not zero.
        if value >= 0 || NumberText.decimal(value, decimals: decimals) == .zero { raw(" ") }
        num(value, decimals: decimals)
    }

    private mutating func arc(radius: Double, large: Bool, clockwise: Bool, to p: (x: Double, y: Double)) {
        raw("A")
        num(radius)
        raw(" ")
        num(radius)
        raw(large ? " 0 1 " : " 0 0 ")
        raw(clockwise ? "1" : "0")
        spacedNum(p.x)
        spacedNum(p.y)
    }

    /// Arc from the current point (at `from`) to `to` on `radius`; spans near 360 are split
    /// in two so the end point never coincides with the start (which would drop the arc). An
    /// arc that bulges from its chord by less than the numbers' last decimal can show (half a
    /// thousandth of a unit) is its chord: a line, 15 bytes shorter, and the same shape.
    private mutating func arcs(radius: Double, from: Double, to: Double) {
        let span = abs(to - from)
        let clockwise = to >= from
        if Geometry.bulge(degrees: span, radius: radius) < Self.flatArcBulge {
            raw("L")
            pt(Geometry.point(angle: to, radius: radius))
            return
        }
        if span > 359 {
            let mid = (from + to) / 2
            arc(radius: radius, large: false, clockwise: clockwise, to: Geometry.point(angle: mid, radius: radius))
            arc(radius: radius, large: false, clockwise: clockwise, to: Geometry.point(angle: to, radius: radius))
        } else {
            arc(radius: radius, large: span > 180, clockwise: clockwise, to: Geometry.point(angle: to, radius: radius))
        }
    }

    /// A full circle as two half arcs from 12 o'clock, clockwise or not.
    private mutating func circle(radius: Double, clockwise: Bool) {
        raw("M")
        pt((0, -radius))
        arc(radius: radius, large: true, clockwise: clockwise, to: (0, radius))
        arc(radius: radius, large: true, clockwise: clockwise, to: (0, -radius))
        raw("Z")
    }

    /// The `d` of a wedge from `start` to `end` (degrees) between `inner` and `outer` radius.
    mutating func wedge(start: Double, end: Double, inner: Double, outer: Double) {
        if Geometry.isFullCircle(end - start) {
            circle(radius: outer, clockwise: true)
            if inner > 0 { circle(radius: inner, clockwise: false) }
            return
        }
        if inner > 0 {
            raw("M")
            pt(Geometry.point(angle: start, radius: outer))
            arcs(radius: outer, from: start, to: end)
            raw("L")
            pt(Geometry.point(angle: end, radius: inner))
            arcs(radius: inner, from: end, to: start)
        } else {
            raw("M0 0L")
            pt(Geometry.point(angle: start, radius: outer))
            arcs(radius: outer, from: start, to: end)
        }
        raw("Z")
    }

    /// A radial separator line along 12 o'clock from `inner` to `outer` (rotated into place).
    mutating func radial(inner: Double, outer: Double) {
        raw("M0")
        spacedNum(-inner)
        raw("V")
        num(-outer)
    }
}

extension ByteWriter {
    /// Writes path commands (numbers through the one formatter).
    mutating func path(_ ops: [PathOp]) {
        for op in ops {
            switch op {
            case .move(let p): raw("M"); point(p)
            case .line(let p): raw("L"); point(p)
            case .arc(let r, let large, let sweep, let p):
                raw("A"); num(r); raw(" "); num(r)
                raw(large ? " 0 1 " : " 0 0 ")
                raw(sweep ? "1" : "0")
                spacedNum(p.x)
                spacedNum(p.y)
            case .close: raw("Z")
            }
        }
    }

    private mutating func point(_ p: Point) {
        num(p.x)
        spacedNum(p.y)
    }
}

extension ByteWriter {
    /// The content of a `<text>` whose `y` was shifted by `TextLines.firstLineShift`: the text
    /// escaped, or one `<tspan x="x" dy="..">` per line.
    mutating func textLines(_ text: String, x: Double, fontSize: Double) {
        if LabelDetail.marked(text) { return styledLines(text, x: x, fontSize: fontSize) }
        guard text.utf8.contains(0x0A) else { return self.text(text) }
        for (i, line) in TextLines.split(text).enumerated() {
            raw("<tspan x=\"")
            num(x)
            if i > 0 {
                raw("\" dy=\"")
                num(TextLines.leading * fontSize)
            }
            raw("\">")
            self.text(String(line))
            raw("</tspan>")
        }
    }

    /// Lines of their own sizes and colours (`LabelDetail`): each `<tspan>` a styled line
    /// carries its `font-size` and its `fill` (or `fill-opacity` on the text's own fill).
    private mutating func styledLines(_ text: String, x: Double, fontSize: Double) {
        var above = fontSize
        for (i, line) in TextLines.split(text).enumerated() {
            let (body, style) = LabelDetail.parse(line)
            let size = fontSize * (style?.scale ?? 1)
            raw("<tspan x=\"")
            num(x)
            if i > 0 {
                raw("\" dy=\"")
                num(TextLines.gap(above, size))
            }
            if let style {
                raw("\" font-size=\"")
                num(size)
                if let c = style.color {
                    raw("\" fill=\"")
                    hex(c)
                } else if style.opacity < 1 {
                    raw("\" fill-opacity=\"")
                    num(style.opacity)
                }
            }
            raw("\">")
            self.text(String(body))
            raw("</tspan>")
            above = size
        }
    }
}
