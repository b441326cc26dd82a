import PieSpec

/// Fill patterns over slice colours (for colour-blind readers and print). A pattern is an
/// overlay: marks of one ink (black or white at partial opacity) on a transparent tile, drawn
/// over the slice's own colour, so colour changes and patterns never interact.
///
/// The ink is the one the slice's label does NOT use (white marks on a slice with black text,
/// black marks under white text): the marks only push the slice further from its label colour,
/// so a label keeps contrast >= 4.5 over its marks (see `ink(on:)`).
///
/// Motion: the overlay of a moving slice is a non-rotating rectangle filled with the pattern and
/// masked by a copy of the slice's stroke-dash circle (same class, so the same keyframes), so
/// the marks stand still while the slice turns, exactly as they lie on the exact rest wedge.
enum Patterns {
    /// Tile side in user units.
    static let tile = 8.0
    static let opacity = 0.4

    /// `theme.patterns: auto` order: the pattern of palette colour k is `cycle[k % count]`.
    static let cycle: [PatternKind] = [.none, .stripes, .dots, .crosshatch, .backstripes, .grid, .horizontal, .vertical]

    /// The `theme.patterns: auto` pattern of a slice with `color` and `id` at display `index`.
    static func autoKind(color: Color, id: String, palette: [Color], index: Int) -> PatternKind {
        let place = palette.firstIndex(of: color)
            ?? (palette.isEmpty ? index : Int(Palettes.fnv1a(id) % UInt64(cycle.count)))
        return cycle[place % cycle.count]
    }

    /// The ink of a slice's marks: the opposite of its label colour, unless the marks would
    /// not show (a near-black slice under black marks); then the label's colour, as long as the
    /// label keeps contrast >= 4.5 on the marks.
    static func ink(on color: Color) -> Color {
        let text = TextInk.on(color)
        let opposite = text.r == 0 ? Color(r: 255, g: 255, b: 255) : Color(r: 0, g: 0, b: 0)
        if Color.contrast(markColor(opposite, on: color), color) >= minMarkContrast { return opposite }
        return Color.contrast(text, markColor(text, on: color)) >= DarkTheme.minContrast ? text : opposite
    }

    /// Marks should differ from their slice at least this much (WCAG contrast ratio).
    static let minMarkContrast = 1.15

    /// The colour of a mark of `ink` drawn at `opacity` over `color`.
    static func markColor(_ ink: Color, on color: Color) -> Color {
        DarkTheme.mix(color, ink, opacity)
    }
}
