import PieSpec

/// `labels.box` at one end of a transition (`ChartPose.labelBox`) or at one instant: its
/// colours, border width, padding and rounding, each blended linearly in the labels' eased
/// progress (the CSS animation of the box's `fill`, `stroke`, `stroke-width`, `x`, `y`,
/// `width`, `height`, `rx` and `opacity` interpolates the same numbers the same way; colours
/// per sRGB channel). A border that one end lacks is the other end's border with no width: it
/// grows from or thins to nothing in its own colour. A box that one end lacks is the other
/// end's box with no padding, no border and opacity 0 (`absent`): it fades in growing from
/// its text's edge, or fades out shrinking onto it.
public struct LabelBoxPose: Sendable, Hashable {
    public var fill: Color
    /// The border's colour; nil: no border at either end.
    public var stroke: Color?
    /// Px of the border (`LabelBoxOptions.strokeWidth`, or 0 where this end has none).
    public var strokeWidth: Double
    public var radius: Double
    public var padding: Double
    /// 1, or less while the box fades in or out (`absent` at one end).
    public var opacity: Double = 1

    public init(_ box: LabelBoxOptions) {
        fill = box.fill
        stroke = box.stroke
        strokeWidth = box.stroke == nil ? 0 : LabelBoxOptions.strokeWidth
        radius = box.radius
        padding = box.padding
    }

    /// Px the box reaches beyond the text on every side (`LabelBoxOptions.reach`).
    public var reach: Double { padding + strokeWidth / 2 }

    /// `box` where its version has none: its paint and rounding, no padding, no border and
    /// opacity 0, so it reaches nothing beyond its text (the columns are solved as without
    /// a box) and draws nothing.
    static func absent(like box: LabelBoxPose) -> LabelBoxPose {
        var p = box
        (p.padding, p.strokeWidth, p.opacity) = (0, 0, 0)
        return p
    }

    /// The two ends as drawn: a missing end is the other's `absent` box (a box that appears
    /// fades in, one that goes fades out); a border missing at one end is the other's with no
    /// width. Nil without a box at either end.
    static func ends(_ a: LabelBoxPose?, _ b: LabelBoxPose?) -> (from: LabelBoxPose, to: LabelBoxPose)? {
        guard let some = b ?? a else { return nil }
        var to = b ?? absent(like: some)
        var from = a ?? absent(like: some)
        if from.stroke == nil, let s = to.stroke { (from.stroke, from.strokeWidth) = (s, 0) }
        if to.stroke == nil, let s = from.stroke { (to.stroke, to.strokeWidth) = (s, 0) }
        return (from, to)
    }

    /// The pose at eased progress `e` from `a` (0) to `b` (1); a box missing at one end is
    /// its `absent` box there (nil at the end where it is gone).
    static func blend(_ a: LabelBoxPose?, _ b: LabelBoxPose?, at e: Double) -> LabelBoxPose? {
        if e >= 1 { return b }
        guard let (from, to) = ends(a, b) else { return nil }
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * e }
        var p = from
        p.fill = DarkTheme.mix(from.fill, to.fill, e)
        p.stroke = from.stroke.map { DarkTheme.mix($0, to.stroke ?? $0, e) }
        p.strokeWidth = mix(from.strokeWidth, to.strokeWidth)
        p.radius = mix(from.radius, to.radius)
        p.padding = mix(from.padding, to.padding)
        p.opacity = mix(from.opacity, to.opacity)
        return p
    }

    /// The box behind one label's text as drawn: the text's box (`LabelFit.size`, centred
    /// on the anchor) grown by `padding` on every side, corners rounded by `radius` (at most
    /// half the smaller side), in this pose's paint.
    public struct Rect: Sendable, Hashable {
        public var x: Double, y: Double, width: Double, height: Double, rx: Double
        public var fill: Color
        public var stroke: Color?
        public var strokeWidth: Double
        /// 1, or less while the box fades in or out.
        public var opacity: Double = 1

        /// The rect at progress `e` from `self` to `other`, as CSS interpolates each property.
        func blended(to other: Rect, at e: Double) -> Rect {
            if e >= 1 { return other }
            func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * e }
            return Rect(x: mix(x, other.x), y: mix(y, other.y), width: mix(width, other.width), height: mix(height, other.height),
                        rx: mix(rx, other.rx), fill: DarkTheme.mix(fill, other.fill, e),
                        stroke: stroke.map { DarkTheme.mix($0, other.stroke ?? $0, e) }, strokeWidth: mix(strokeWidth, other.strokeWidth),
                        opacity: mix(opacity, other.opacity))
        }
    }

    /// This pose's box behind `text`.
    public func rect(_ text: String, fontSize: Double) -> Rect {
        let size = LabelFit.size(text, fontSize: fontSize)
        let w = size.width + 2 * padding, h = size.height + 2 * padding
        return Rect(x: -w / 2, y: -h / 2, width: w, height: h, rx: min(radius, w / 2, h / 2), fill: fill, stroke: stroke,
                    strokeWidth: strokeWidth, opacity: opacity)
    }
}
