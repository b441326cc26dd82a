import PieSpec

/// `theme.shadow` placed: the silhouette it is the shadow of (one circle, an annulus for a
/// donut or a chart of rings: `inner` to `outer`, the outline's outer edge included), its blur
/// and offset in px, and the written colour.
public struct ShadowLayout: Sendable, Hashable {
    /// Radii of the silhouette, px (inner 0: a whole disc).
    public var outer: Double
    public var inner: Double
    public var blur: Double
    public var dx: Double
    public var dy: Double
    /// The written colour; nil = black at `ShadowLayout.lightAlpha` (the dark look's at
    /// `darkAlpha`).
    public var color: Color?

    /// The default colour's alpha in the light and dark looks (30% and 50%).
    public static let lightAlpha: UInt8 = 77
    public static let darkAlpha: UInt8 = 128

    /// How far past the pie's rim the shadow reaches on its farthest side along an axis, px.
    static func reach(_ options: ShadowOptions?) -> Double {
        guard let options else { return 0 }
        return max(options.blur, 0) + max(abs(options.offsetX), abs(options.offsetY))
    }

    static func make(_ options: ShadowOptions?, outer: Double, inner: Double) -> ShadowLayout? {
        guard let options else { return nil }
        return ShadowLayout(outer: outer, inner: min(inner, outer), blur: max(options.blur, 0), dx: options.offsetX, dy: options.offsetY,
                            color: options.color)
    }
}
