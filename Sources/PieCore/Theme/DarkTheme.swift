import PieJSON
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

    /// The dark variant of `layout` under `theme`, nil with `theme.dark: none`.
    static func make(_ theme: ThemeOptions, layout: ChartLayout) -> DarkTheme? {
        guard theme.dark == .auto else { return nil }
        let background = theme.darkBackground ?? defaultBackground
        let white = Color(r: 255, g: 255, b: 255)
        let stroke = layout.stroke.color
        let looksLikeGap = stroke == white || stroke == layout.background
        var track: Color?
        if let t = layout.track, t.luminance > 0.3 { track = mix(background, t, 0.22) }
        return DarkTheme(background: background, paintsBackground: layout.background != nil, ink: ink(on: background),
                         separator: looksLikeGap && layout.stroke.width > 0 ? background : nil, track: track)
    }

    /// Text colour on `background`: the light ink when it contrasts >= 4.5, else black or white.
    static func ink(on background: Color) -> Color {
        Color.contrast(lightInk, background) >= minContrast ? lightInk : Layout.textColor(on: background)
    }

    /// Ink of text on the chart's light-mode background (the legend's `fill`).
    static func lightModeInk(_ layout: ChartLayout) -> Color {
        layout.background.map { Layout.textColor(on: $0) } ?? lightModeInk
    }

    static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        func c(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
        return Color(r: c(a.r, b.r), g: c(a.g, b.g), b: c(a.b, b.b))
    }

    /// The chart's dark rules (chart.svg's `<style>` and chart.css), nested in the chart's
    /// scope block.
    func chartCSS(into out: inout ByteWriter) {
        if !forced { out.raw("@media (prefers-color-scheme:dark){\n") }
        if paintsBackground { rule(".p-bg{fill:", background, into: &out) }
        rule(".p-ink,.p-ink text{fill:", ink, into: &out)
        rule(".p-ink path,.p-ink line,.p-ink polyline{stroke:", ink, into: &out)
        if let separator { rule(".p-sep{stroke:", separator, into: &out) }
        if let track { rule(".p-track{fill:", track, into: &out) }
        if !forced { out.raw("}\n") }
    }

    /// `<head>#rrggbb}` and a newline: one rule with a single colour value.
    private func rule(_ head: StaticString, _ color: Color, into out: inout ByteWriter) {
        out.raw(head)
        out.hex(color)
        out.raw("}\n")
    }

    /// index.html's dark rules: the page, tooltips and focus rings.
    func pageCSS(sel: String, into out: inout ByteWriter) {
        out.raw("@media (prefers-color-scheme:dark){\nbody{color:")
        out.hex(ink)
        out.raw(";background:")
        out.hex(background)
        out.raw("}\n")
        out.raw(sel)
        out.raw(".p-t rect{fill:#f4f4f5}\n")
        out.raw(sel)
        out.raw(".p-tips{fill:#18181b}\n")
        out.raw(sel)
        out.raw(".p-w:focus-visible path,")
        out.raw(sel)
        out.raw(".p-li:focus-visible .p-hit{stroke:#fafafa}\n}\n")
    }
}
