import PieSpec

/// The `prefers-color-scheme: dark` variant of a chart (`theme.dark: auto`). Slice colours are
/// data and stay; what sits on the background changes with it:
/// - an opaque `theme.background` turns into `theme.darkBackground` (default `#18181b`); a
///   transparent chart stays transparent (the page behind it is dark then);
/// - text drawn on the background (the legend and every `p-ink` group: outside labels, leader
///   lines, centre text) takes a light ink with contrast >= 4.5 against the dark background;
/// - separators that look like the light background (white, or the background colour) take the
///   dark background's colour, so they still read as gaps;
/// - a light track darkens; index.html's tooltips, focus ring and page follow.
public struct DarkTheme: Sendable, Hashable {
    public static let defaultBackground = Color(r: 0x18, g: 0x18, b: 0x1b)
    /// The preferred light ink on dark backgrounds (used whenever it contrasts >= 4.5).
    public static let lightInk = Color(r: 0xe4, g: 0xe4, b: 0xe7)
    /// Ink of text on a transparent chart in light mode (the page is assumed light).
    public static let lightModeInk = Color(r: 0x22, g: 0x22, b: 0x22)
    public static let minContrast = 4.5

    public var background: Color
    /// Whether the chart paints a background rectangle (an opaque `theme.background`).
    public var paintsBackground: Bool
    public var ink: Color
    /// New separator colour, nil when the separators keep theirs.
    public var separator: Color?
    /// New track colour, nil when there is no track or it is already dark.
    public var track: Color?
    /// The rules apply whatever the reader's colour scheme (`ForcedTheme.dark`): no media query.
    public var forced = false
    /// Keys the dark rules to a page's theme selector instead of the reader's system
    /// (`--dark-selector`, `DarkSelector`): `SELECTOR &{...}` in the chart's scope block.
    public var selector: String?

    /// Text colour on `background`: the light ink when it contrasts >= 4.5, else black or white.
    static func ink(on background: Color) -> Color {
        Color.contrast(lightInk, background) >= minContrast ? lightInk : TextInk.on(background)
    }

    /// `a` blended towards `b` at `t` (`Color.mix`; an overshooting easing is clamped).
    static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color { Color.mix(a, b, t) }
}
