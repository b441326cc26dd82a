import PieSpec

/// The colour of text drawn on a colour.
enum TextInk {
    /// Black or white, whichever has the higher contrast with `color`.
    /// Computes `color`'s luminance once (`Color.contrast` would compute all four); same
    /// formula, so the same choice.
    static func on(_ color: Color) -> Color {
        let black = Color(r: 0, g: 0, b: 0), white = Color(r: 255, g: 255, b: 255)
        let l = color.luminance
        func contrast(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }
        return contrast(l, blackLuminance) >= contrast(l, whiteLuminance) ? black : white
    }

    /// Black or white, whichever has the higher lowest contrast with all of `grounds` (one
    /// colour seen over several backgrounds, e.g. a translucent slice in both looks).
    static func on(all grounds: [Color]) -> Color {
        let black = Color(r: 0, g: 0, b: 0), white = Color(r: 255, g: 255, b: 255)
        let b = grounds.map { Color.contrast(black, $0) }.min() ?? 21
        let w = grounds.map { Color.contrast(white, $0) }.min() ?? 21
        return b >= w ? black : white
    }

    private static let blackLuminance = Color(r: 0, g: 0, b: 0).luminance
    private static let whiteLuminance = Color(r: 255, g: 255, b: 255).luminance
}
