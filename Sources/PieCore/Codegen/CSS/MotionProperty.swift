import PieJSON
import PieSpec

/// One CSS property a `MotionFrame` may declare, in the order declarations are written, with
/// the custom property that carries an element's own value when several elements share one
/// `@keyframes` (`SharedKeyframes`: `from{rotate:var(--r)}`, the element's rule `--r:-90deg`).
/// Unregistered custom properties only: `var()` is substituted per element in keyframes by
/// every engine (measured exact in Chromium 156, Firefox ESR 153 and WebKitGTK 2.50), whereas
/// a registered (`@property`) one is ignored in keyframes by Firefox ESR and inside a shadow
/// tree by every engine.
enum MotionProperty: Int, CaseIterable {
    case rotate, translate, scale, scaleY, dasharray, dashoffset, strokeWidth, stroke, visibility, opacity, radius, fill
    /// A rect's geometry (a label's box, `labels.box`, whose padding or rounding changes).
    case x, y, width, height, rx

    var bit: UInt32 { 1 << UInt32(rawValue) }

    /// `name:` as written in a declaration.
    var declaration: StaticString {
        switch self {
        case .rotate: "rotate:"
        case .translate: "translate:"
        case .scale, .scaleY: "scale:"
        case .dasharray: "stroke-dasharray:"
        case .dashoffset: "stroke-dashoffset:"
        case .strokeWidth: "stroke-width:"
        case .stroke: "stroke:"
        case .visibility: "visibility:"
        case .opacity: "opacity:"
        case .radius: "r:"
        case .fill: "fill:"
        case .x: "x:"
        case .y: "y:"
        case .width: "width:"
        case .height: "height:"
        case .rx: "rx:"
        }
    }

    /// The custom property of an element's own value (`--r`); `visibility` is always literal.
    var custom: StaticString {
        switch self {
        case .rotate: "--r"
        case .translate: "--t"
        case .scale: "--s"
        case .scaleY: "--y"
        case .dasharray: "--d"
        case .dashoffset: "--f"
        case .strokeWidth: "--w"
        case .stroke: "--c"
        case .visibility: "--v"
        case .opacity: "--o"
        case .radius: "--rr"
        case .fill: "--fc"
        case .x: "--bx"
        case .y: "--by"
        case .width: "--bw"
        case .height: "--bh"
        case .rx: "--br"
        }
    }

    /// Properties whose keyframe, read through an unset custom property, draws the element
    /// where it is (an unset `var()` makes the declaration `unset`: `none`, measured in all
    /// three engines): an element of a layer named once that does not move may be left to it.
    static let harmlessUnset: UInt32 = MotionProperty.rotate.bit | MotionProperty.translate.bit
        | MotionProperty.scale.bit | MotionProperty.scaleY.bit
}

extension MotionFrame {
    /// The properties this frame declares, one bit each (`MotionProperty.bit`).
    func signature() -> UInt32 {
        var s: UInt32 = 0
        if rotate != nil { s |= MotionProperty.rotate.bit }
        if translateY != nil { s |= MotionProperty.translate.bit }
        if scale != nil { s |= MotionProperty.scale.bit }
        if scaleY != nil { s |= MotionProperty.scaleY.bit }
        if pattern != nil { s |= MotionProperty.dasharray.bit }
        if let dash {
            s |= MotionProperty.dasharray.bit
            if dash.start != nil { s |= MotionProperty.dashoffset.bit }
            if dash.width != nil { s |= MotionProperty.strokeWidth.bit }
            if dash.color != nil { s |= MotionProperty.stroke.bit }
        }
        if visible { s |= MotionProperty.visibility.bit }
        if opacity != nil { s |= MotionProperty.opacity.bit }
        if lineWidth != nil { s |= MotionProperty.strokeWidth.bit }
        if lineColor != nil { s |= MotionProperty.stroke.bit }
        if radius != nil { s |= MotionProperty.radius.bit }
        if fillColor != nil { s |= MotionProperty.fill.bit }
        if let rect {
            if rect.x != nil { s |= MotionProperty.x.bit }
            if rect.y != nil { s |= MotionProperty.y.bit }
            if rect.width != nil { s |= MotionProperty.width.bit }
            if rect.height != nil { s |= MotionProperty.height.bit }
            if rect.rx != nil { s |= MotionProperty.rx.bit }
        }
        return s
    }

    /// Whether `other` declares the same value of `p` (both declare it).
    func same(_ p: MotionProperty, as other: MotionFrame) -> Bool {
        switch p {
        case .rotate: rotate == other.rotate
        case .translate: translateY == other.translateY
        case .scale: scale == other.scale
        case .scaleY: scaleY == other.scaleY
        case .dasharray: dash?.length == other.dash?.length && circumference == other.circumference && pattern == other.pattern
        case .dashoffset: dash.map { Scene.dashOffset($0, circumference: circumference) }
            == other.dash.map { Scene.dashOffset($0, circumference: other.circumference) }
        case .strokeWidth: (dash?.width ?? lineWidth) == (other.dash?.width ?? other.lineWidth)
        case .stroke: (dash?.color ?? lineColor) == (other.dash?.color ?? other.lineColor)
        case .visibility: visible == other.visible
        case .opacity: opacity == other.opacity
        case .radius: radius == other.radius
        case .fill: fillColor == other.fillColor
        case .x: rect?.x == other.rect?.x
        case .y: rect?.y == other.rect?.y
        case .width: rect?.width == other.rect?.width
        case .height: rect?.height == other.rect?.height
        case .rx: rect?.rx == other.rect?.rx
        }
    }

    /// The value of `p` (which this frame declares), e.g. `-90deg`, `0 706.858`, `visible`.
    func writeValue(_ p: MotionProperty, into w: inout ByteWriter) {
        switch p {
        case .rotate:
            w.num(rotate ?? 0)
            w.raw("deg")
        case .translate:
            w.raw("0 ")
            w.num(translateY ?? 0)
            w.raw("px")
        case .scale: w.num(scale ?? 1, decimals: 5)
        case .scaleY:
            w.raw("1 ")
            w.num(scaleY ?? 1, decimals: 5)
        case .dasharray:
            if let pattern { w.dashList(pattern) } else if let dash { w.dashArray(dash, circumference: circumference) }
        case .dashoffset: if let dash { w.num(Scene.dashOffset(dash, circumference: circumference)) }
        case .strokeWidth: w.num(dash?.width ?? lineWidth ?? 0)
        case .stroke: if let color = dash?.color ?? lineColor { w.hex(color) }
        case .visibility: w.raw("visible")
        case .opacity: w.num(opacity ?? 1)
        case .radius:
            w.num(radius ?? 0)
            w.raw("px")
        case .fill: if let fillColor { w.hex(fillColor) }
        case .x: w.px(rect?.x)
        case .y: w.px(rect?.y)
        case .width: w.px(rect?.width)
        case .height: w.px(rect?.height)
        case .rx: w.px(rect?.rx)
        }
    }

    /// The declarations of `signature`'s properties, `;`-separated; a property in `shared`
    /// reads its value from its custom property (`rotate:var(--r)`).
    func writeDeclarations(_ signature: UInt32, shared: UInt32 = 0, into w: inout ByteWriter) {
        var first = true
        for p in MotionProperty.allCases where signature & p.bit != 0 {
            if !first { w.raw(";") }
            first = false
            w.raw(p.declaration)
            if shared & p.bit != 0 {
                w.raw("var(")
                w.raw(p.custom)
                w.raw(")")
            } else {
                writeValue(p, into: &w)
            }
        }
    }
}

extension ByteWriter {
    /// `N px` (a rect's geometry in a keyframe); 0 for nil.
    mutating func px(_ x: Double?) {
        num(x ?? 0)
        raw("px")
    }

    /// The entries of a `stroke-dasharray`, space-separated.
    mutating func dashList(_ entries: [Double]) {
        for (k, x) in entries.enumerated() {
            if k > 0 { raw(" ") }
            num(x)
        }
    }

    /// `L G`: a dash of length `L` and a gap that completes the circle, so the pattern repeats
    /// once per turn.
    mutating func dashArray(_ d: Scene.Dash, circumference: Double) {
        num(d.length)
        raw(" ")
        num(max(circumference - d.length, 0))
    }
}
