import PieYAML

/// `theme.dark`: whether the chart carries a `prefers-color-scheme: dark` variant.
public enum DarkMode: String, Sendable, Hashable, CaseIterable {
    /// A dark variant inside `@media (prefers-color-scheme: dark)`.
    case auto
    /// One look in every colour scheme.
    case none
}

/// A fill pattern drawn over a slice's colour (for colour-blind readers and print).
public enum PatternKind: String, Sendable, Hashable, CaseIterable {
    case none, stripes, dots, crosshatch, backstripes, grid, horizontal, vertical
}

/// `theme.patterns`: `none` draws plain colours (per-slice `pattern` still applies); `auto`
/// gives each slice a pattern from the position of its colour in the palette, so colour and
/// pattern stay together across versions.
public enum PatternMode: String, Sendable, Hashable, CaseIterable { case none, auto }

extension Lowering {
    /// `theme.dark`, `theme.darkBackground`, `theme.patterns`.
    mutating func lowerThemeModes(_ e: KnownEntries, into th: inout ThemeOptions) {
        let t = Keys.theme
        if let v = e["dark"], let x = choice(v.value, t.key("dark")!, path: "theme.dark") { th.dark = DarkMode(rawValue: x)! }
        if let v = e["darkBackground"], let c = color(v.value, path: "theme.darkBackground") {
            if c.isOpaque {
                th.darkBackground = c
            } else {
                error(SpecDiagnostics.wrongType, "`theme.darkBackground` must be opaque, found alpha \(c.a) of 255", at: v.value.range,
                      help: "use `\(Color(r: c.r, g: c.g, b: c.b).hex)`")
            }
        }
        if let v = e["patterns"], let x = choice(v.value, t.key("patterns")!, path: "theme.patterns") { th.patterns = PatternMode(rawValue: x)! }
    }
}
