/// The final state of a motion dash, apart from its `transform`, written as SVG presentation
/// attributes: `stroke-dasharray`, `stroke-dashoffset`, `stroke-width`, `stroke`.
///
/// A presentation attribute is the underlying value of the CSS property it maps to, so it is
/// the implicit `to` keyframe of the element's CSS animation, whose keyframes hold only the
/// `from` state: one copy of the final state and no CSS rule (measured in Chromium 156,
/// Firefox 153 and WebKitGTK 2.50). `transform` is the exception: WebKit does not map the
/// attribute to the property, so the final rotation stays a CSS rule (`StyleWriter.rule`).
extension ByteWriter {
    mutating func dashAttributes(_ d: Scene.Dash, circumference: Double, rotatesDashes: Bool) {
        raw(" stroke-dasharray=\"")
        num(d.length)
        raw(" ")
        num(max(circumference - d.length, 0))
        raw("\"")
        if !rotatesDashes {
            raw(" stroke-dashoffset=\"")
            num(Scene.dashOffset(d, circumference: circumference))
            raw("\"")
        }
        if let width = d.width {
            raw(" stroke-width=\"")
            num(width)
            raw("\"")
        }
        if let color = d.color {
            raw(" stroke=\"")
            hex(color)
            raw("\"")
        }
    }
}
