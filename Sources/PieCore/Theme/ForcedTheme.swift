/// One of a chart's two looks, unconditionally: for places that choose the look themselves
/// instead of the reader's operating system (GitHub's light/dark switch picks an image, see
/// `piec md`). `light` drops the `prefers-color-scheme: dark` rules; `dark` applies them
/// without the media query. A chart with `theme.dark: none` has one look: both are the same.
public enum ForcedTheme: String, Sendable, CaseIterable {
    case light, dark
}

extension CompiledChart {
    /// The chart with its look forced (every ring's too); its bundle's chart.svg shows only it.
    public func forcing(_ theme: ForcedTheme) -> CompiledChart {
        var chart = self
        func force(_ layout: inout ChartLayout) {
            if theme == .light { layout.dark = nil } else { layout.dark?.forced = true }
        }
        force(&chart.layout)
        for i in chart.rings.indices { force(&chart.rings[i].layout) }
        return chart
    }
}
