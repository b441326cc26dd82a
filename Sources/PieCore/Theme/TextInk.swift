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

    private static let blackLuminance = Color(r: 0, g: 0, b: 0).luminance
    private static let whiteLuminance = Color(r: 255, g: 255, b: 255).luminance
}
