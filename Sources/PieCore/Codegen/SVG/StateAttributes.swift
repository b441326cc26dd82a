import PieJSON

/// The final dash of a motion element (`stroke-dasharray`, `stroke-dashoffset`, `stroke-width`,
/// `stroke`) as SVG presentation attributes. Keyframes write the same values through
/// `MotionFrame.writeValue`, so the two cannot drift apart.
///
/// A presentation attribute is the underlying value of the CSS property it maps to, so the
/// final dash as attributes is the implicit `to` keyframe of the element's CSS animation, whose
/// keyframes hold only the `from` state: one copy of the final state and no CSS rule (measured
/// in Chromium 156, Firefox 153 and WebKitGTK 2.50). `transform` is the exception: WebKit does
/// not map the attribute to the property, so the final rotation stays a CSS rule
/// (`StyleWriter.rule`), except the static turn of a circle whose dash is placed by its
/// offset (`Scene.Dash.start`), which never animates.
extension ByteWriter {
    mutating func dashAttributes(_ d: Scene.Dash, circumference: Double) {
        raw(" stroke-dasharray=\"")
        if d.start == nil {
            // The dash starts where the circle does (no offset): any gap of at least the rest of
            // the turn draws the same one dash, and the whole turn, the same for every circle
            // of the ring, compresses (issue 27). The keyframes keep `L C-L`: mid-way
            // dash + gap is never shorter than the turn either.
            num(d.length)
            raw(" ")
            num(circumference)
        } else {
            dashArray(d, circumference: circumference)
        }
        if let start = d.start {
            raw("\" stroke-dashoffset=\"")
            num(Scene.dashOffset(d, circumference: circumference))
            raw("\" transform=\"rotate(")
            num(start - Scene.circleStart)
            raw(")")
        }
        if let width = d.width {
            raw("\" stroke-width=\"")
            num(width)
        }
        if let color = d.color {
            raw("\" stroke=\"")
            hex(color)
        }
        raw("\"")
    }
}
