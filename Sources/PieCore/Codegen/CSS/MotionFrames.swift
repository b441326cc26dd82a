import PieJSON
import PieSpec

/// What one keyframe (or a final-state rule) of an animated element says: the individual
/// transform properties `rotate`, `translate` (along y) and `scale`, a motion dash, and
/// paint. Individual transform properties, not `transform`: every engine interpolates them
/// numerically (WebKit interpolates `transform` lists as matrices, so a turn of 180 degrees
/// or more went the short way and labels cut the chord), and they compose with the SVG
/// `transform` attribute (applied before it: `rotate(d)` then the attribute's `rotate(a)` is
/// `rotate(a + d)` about the chart's centre, the origin of every animated element's user
/// space). Measured in Chromium 156, Firefox ESR 153 and WebKitGTK 2.50.
///
/// Two kinds of element use them differently:
/// - drawn at rest (separators, inside labels): the final transform is the element's
///   `transform` attribute only (static renderers and reduced motion see it), and keyframes
///   hold *deltas* from it (`rotate: from - to`), animated to `none`;
/// - motion-only (motion dashes, gap masks, explode orbits: hidden at rest): absolute values,
///   the final one in a rule per element, so elements with equal from-states share keyframes.
struct MotionFrame: Hashable {
    var rotate: Double? = nil
    var translateY: Double? = nil
    /// `scale: s` (uniform).
    var scale: Double? = nil
    /// `scale: 1 y` (a unit ray stretched along its length).
    var scaleY: Double? = nil
    var dash: Scene.Dash? = nil
    var circumference: Double = 0
    /// A colour circle's `stroke-dasharray` entries (`DrawingPlan.Circle`), instead of a dash.
    var pattern: [Double]? = nil
    var visible = false
    var opacity: Double? = nil
    /// A circle's `r` and a stroke of its own, not a motion dash's (`chart.outline`).
    var radius: Double? = nil
    var lineWidth: Double? = nil
    var lineColor: Color? = nil
    /// A text's `fill` (an inside label whose colour blends).
    var fillColor: Color? = nil
    /// A rect's `x`, `y`, `width`, `height` and `rx` (a label's box whose padding or rounding
    /// changes); each nil where it does not move.
    var rect: RectFrame? = nil

    var isEmpty: Bool { self == MotionFrame() }

    /// The declarations, `;`-separated.
    func write(into w: inout ByteWriter) {
        writeDeclarations(signature(), into: &w)
    }
}

extension MotionFrame {
    /// A label box's from-state `at` (`LabelBoxPose.Rect`): each property in which the
    /// plan's two ends (`whole`, `to`) differ, so every sampled instant declares the same.
    mutating func boxFrom(_ at: LabelBoxPose.Rect, whole: LabelBoxPose.Rect, to: LabelBoxPose.Rect) {
        if whole.fill != to.fill { fillColor = at.fill }
        if whole.stroke != to.stroke { lineColor = at.stroke }
        if whole.strokeWidth != to.strokeWidth { lineWidth = at.strokeWidth }
        if whole.opacity != to.opacity { opacity = at.opacity }
        var r = RectFrame()
        if whole.x != to.x { r.x = at.x }
        if whole.y != to.y { r.y = at.y }
        if whole.width != to.width { r.width = at.width }
        if whole.height != to.height { r.height = at.height }
        if whole.rx != to.rx { r.rx = at.rx }
        if r != RectFrame() { rect = r }
    }
}

/// The geometry of a rect in a keyframe (`MotionFrame.rect`).
struct RectFrame: Hashable {
    var x: Double? = nil, y: Double? = nil, width: Double? = nil, height: Double? = nil, rx: Double? = nil
}

/// The keyframes of each kind of animated element, from a from-state (the plan's start or a
/// sampled instant) and the element's final state. `outer`/`inner` name the two elements a
/// label, a ring-changing separator and an explode orbit are written as (see `SVGWriter`).
enum MotionFrames {
    /// A motion dash `.p-m<k>` (motion-only, absolute): turned to its angle, or placed by its
    /// offset on a circle with a static start (`Scene.Dash.start`). Its final rule is
    /// `dash(to, to:)` without the dash (the dash's final state is its attributes).
    static func dash(_ d: Scene.Dash, to: Scene.Dash, circumference: Double, withDash: Bool = true) -> MotionFrame {
        var f = MotionFrame()
        if d.start == nil { f.rotate = d.angle - Scene.circleStart }
        if d.scale != nil || to.scale != nil { f.scale = d.scale ?? 1 }
        if withDash {
            f.dash = d
            f.circumference = circumference
        }
        return f
    }

    /// A separator `.p-b<k>` drawn as a rotated radial line (attribute `rotate(to)`): the delta.
    static func rotated(from: Double, to: Double, showing: Bool, opacity: Double, fades: Bool) -> MotionFrame {
        var f = MotionFrame()
        if from != to { f.rotate = from - to }
        f.visible = showing
        if opacity != 1 || fades { f.opacity = opacity }
        return f
    }

    /// The final length of a unit ray, kept above 0 so the from-state's stretch is finite.
    static func rayLength(_ length: Double) -> Double { max(length, 0.001) }

    /// The inner element of a ring-changing separator: the unit ray of the final attribute
    /// `translate(0 -inner) scale(1 length)` moved to (`fromInner`, `fromLength`). With
    /// `k = fromLength / length` and `t = -fromInner + k * inner`, `translate(0 t) scale(1 k)`
    /// before the attribute maps the ray onto the from-state, and both are linear in k, so
    /// every instant between is the ray from the interpolated inner radius with the
    /// interpolated length.
    static func rayStretch(fromInner: Double, fromLength: Double, inner: Double, length: Double) -> MotionFrame {
        let k = fromLength / rayLength(length)
        var f = MotionFrame()
        let t = -fromInner + k * inner
        if t != 0 { f.translateY = t }
        if k != 1 { f.scaleY = k }
        return f
    }

    /// An inside label's outer group (attribute `rotate(to) translate(0 -radius)`): the delta
    /// turn and the opacity.
    static func labelOuter(from: Double, to: Double, opacity: Double, fades: Bool) -> MotionFrame {
        rotated(from: from, to: to, showing: false, opacity: opacity, fades: fades)
    }

    /// An inside label's text (attribute `rotate(turn)`, `-to` when upright): the change of its
    /// turn (the counter-turn `to - from` when upright), and the change of radius along the
    /// outer group's (rotated) y axis.
    static func labelInner(fromTurn: Double, turn: Double, fromRadius: Double, radius: Double) -> MotionFrame {
        var f = MotionFrame()
        if fromTurn != turn { f.rotate = fromTurn - turn }
        if fromRadius != radius { f.translateY = radius - fromRadius }
        return f
    }

    /// An explode orbit's outer group `.p-o<k>` (motion-only, absolute): `rotate(mid)`.
    static func orbitOuter(mid: Double) -> MotionFrame {
        var f = MotionFrame()
        f.rotate = mid
        return f
    }

    /// The orbit's inner group: `translate(0 -radius) rotate(-mid)` (the translate is along
    /// the outer group's rotated y axis, so the slice slides along its middle angle).
    static func orbitInner(mid: Double, radius: Double) -> MotionFrame {
        var f = MotionFrame()
        f.translateY = -radius
        f.rotate = -mid
        return f
    }
}
