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
/// pattern stay together across versions; a list or a mapping by id gives slices user hatch
/// patterns (`Hatch`).
public enum PatternMode: Sendable, Hashable {
    case none, auto
    /// One entry per slice id in order (`slotIDs`); nil entries are `none`.
    case list([Hatch?])
    /// Entries by slice id, in written order.
    case ids([IDHatch])
}

extension Lowering {
    /// `theme.darkBackground`: opaque, or an error whose help gives the opaque colour.
    mutating func darkBackground(_ node: YAMLNode, path: @autoclosure () -> String, into th: inout ThemeOptions) {
        guard let c = color(node, path: path()) else { return }
        if c.isOpaque {
            th.darkBackground = c
        } else {
            error(SpecDiagnostics.wrongType, "`\(path())` must be opaque, found alpha \(c.a) of 255", at: node.range,
                  help: "use `\(Color(r: c.r, g: c.g, b: c.b).hex)`")
        }
    }
}
