import PieSpec

/// Paint decided with the layout: the dark variant and each slice's fill pattern.
extension DarkTheme {
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

    /// Ink of text on the chart's light-mode background (the legend's `fill`).
    static func lightModeInk(_ layout: ChartLayout) -> Color {
        layout.background.map { TextInk.on($0) } ?? lightModeInk
    }
}

extension Patterns {
    /// Each slice's pattern: its own `pattern`, else (with `theme.patterns: auto`) the cycle
    /// entry of its colour's place in the palette (the id's hash for colours not in it).
    /// `spec` is the source spec: `SliceLayout.specIndex` indexes its slices (Other, which
    /// groups several, has none of its own).
    static func assign(_ spec: ChartSpec, to layout: inout ChartLayout) {
        let palette = palette(spec.theme), slots = PatternMode.slotIDs(spec)
        for k in layout.slices.indices {
            if let kind = kind(spec, layout.slices[k], index: k, palette: palette, slots: slots) { layout.slices[k].pattern = kind }
        }
        if spec.theme.patterns == .auto { layout.autoPatternPalette = palette }
    }

    /// The colours whose places in the palette choose `theme.patterns: auto` patterns.
    static func palette(_ theme: ThemeOptions) -> [Color] {
        switch theme.palette {
        case .named(let name): Palettes.colors(named: name) ?? []
        case .list(let list): list
        case .scale: []
        }
    }

    /// The pattern `assign` gives `slice` at display index `k`; nil: none assigned (`.none`).
    /// A user hatch goes by the slice's id (`PatternMode.hatch(id:slots:)`), never by its
    /// display place, so sorting or a version's reordering keeps it on its slice.
    static func kind(_ spec: ChartSpec, _ slice: SliceLayout, index k: Int, palette: [Color], slots: [String]) -> SlicePattern? {
        if slice.specIndex < spec.slices.count, let own = spec.slices[slice.specIndex].pattern { return SlicePattern(own) }
        switch spec.theme.patterns {
        case .none: return nil
        case .auto: return SlicePattern(autoKind(color: slice.color, id: slice.id, palette: palette, index: k))
        case .list, .ids: return spec.theme.patterns.hatch(id: slice.id, slots: slots).map(SlicePattern.hatch)
        }
    }
}
