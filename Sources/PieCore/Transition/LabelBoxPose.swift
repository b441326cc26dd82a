import PieSpec

/// `labels.box` at one end of a transition (`ChartPose.labelBox`) or at one instant: its
/// colours, border width, padding and rounding, each blended linearly in the labels' eased
/// progress (the CSS animation of the box's `fill`, `stroke`, `stroke-width`, `x`, `y`,
/// `width`, `height` and `rx` interpolates the same numbers the same way; colours per sRGB
/// channel). A border that one end lacks is the other end's border with no width: it grows
/// from or thins to nothing in its own colour.
public struct LabelBoxPose: Sendable, Hashable {
    public var fill: Color
    /// The border's colour; nil: no border at either end.
    public var stroke: Color?
    /// Px of the border (`LabelBoxOptions.strokeWidth`, or 0 where this end has none).
    public var strokeWidth: Double
    public var radius: Double
    public var padding: Double

    public init(_ box: LabelBoxOptions) {
        fill = box.fill
        stroke = box.stroke
        strokeWidth = box.stroke == nil ? 0 : LabelBoxOptions.strokeWidth
        radius = box.radius
        padding = box.padding
    }

    /// Px the box reaches beyond the text on every side (`LabelBoxOptions.reach`).
    public var reach: Double { padding + strokeWidth / 2 }

    /// The two ends as drawn: a missing start is the end (a box that appears is there from
    /// the start); a border missing at one end is the other's with no width. Nil without a
    /// box at the end.
    static func ends(_ a: LabelBoxPose?, _ b: LabelBoxPose?) -> (from: LabelBoxPose, to: LabelBoxPose)? {
        guard var to = b else { return nil }
        var from = a ?? to
        if from.stroke == nil, let s = to.stroke { (from.stroke, from.strokeWidth) = (s, 0) }
        if to.stroke == nil, let s = from.stroke { (to.stroke, to.strokeWidth) = (s, 0) }
        return (from, to)
    }

    /// The pose at eased progress `e` from `a` (0) to `b` (1); a box missing at either end
    /// keeps the start's until the end.
    static func blend(_ a: LabelBoxPose?, _ b: LabelBoxPose?, at e: Double) -> LabelBoxPose? {
        guard let a, b != nil, let (from, to) = ends(a, b) else { return e >= 1 ? b : a }
        if e >= 1 { return b }
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * e }
        var p = from
        p.fill = DarkTheme.mix(from.fill, to.fill, e)
        p.stroke = from.stroke.map { DarkTheme.mix($0, to.stroke ?? $0, e) }
        p.strokeWidth = mix(from.strokeWidth, to.strokeWidth)
        p.radius = mix(from.radius, to.radius)
        p.padding = mix(from.padding, to.padding)
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

        /// The rect at progress `e` from `self` to `other`, as CSS interpolates each property.
        func blended(to other: Rect, at e: Double) -> Rect {
            if e >= 1 { return other }
            func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * e }
            return Rect(x: mix(x, other.x), y: mix(y, other.y), width: mix(width, other.width), height: mix(height, other.height),
                        rx: mix(rx, other.rx), fill: DarkTheme.mix(fill, other.fill, e),
                        stroke: stroke.map { DarkTheme.mix($0, other.stroke ?? $0, e) }, strokeWidth: mix(strokeWidth, other.strokeWidth))
        }
    }

    /// This pose's box behind `text`.
    public func rect(_ text: String, fontSize: Double) -> Rect {
        let size = LabelFit.size(text, fontSize: fontSize)
        let w = size.width + 2 * padding, h = size.height + 2 * padding
        return Rect(x: -w / 2, y: -h / 2, width: w, height: h, rx: min(radius, w / 2, h / 2), fill: fill, stroke: stroke,
                    strokeWidth: strokeWidth)
    }
}
