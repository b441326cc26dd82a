import PieSpec

/// An empty chart (no slices: `slices: []`, a data file without rows): its track, and its
/// text (`chart.empty`) where the centre text goes. The canvas, title, outline and legend room
/// are laid out as for any chart, so a chart that empties or fills keeps its place.
enum EmptyState {
    /// The neutral track under an empty chart on a light background (the gauges' grey).
    static let lightTrack = Color(r: 0xe5, g: 0xe7, b: 0xeb)
    /// px: the text says the chart is empty, at the title's size at most (a centre text's
    /// 28 px headline would shout it).
    static let maxFontSize = 16.0

    /// The track an empty chart draws: `chart.track` when set; none under `chart.outline`
    /// (the outline alone draws its shape); else a neutral ring (a disc for a pie), light
    /// grey, or that grey mixed into a dark `theme.background` (darker than mid grey) as the
    /// dark variant mixes it.
    static func track(_ chart: ChartOptions, outline: OutlineLayout?, background: Color?) -> Color? {
        if let track = chart.track, track.a > 0 { return track }
        guard outline == nil else { return nil }
        guard let background, background.luminance < 0.18 else { return lightTrack }
        return DarkTheme.mix(background, lightTrack, 0.22)
    }

    /// `chart.empty` fitted where the centre text goes: a donut's hole, the whole pie for a
    /// pie (its part under the sweep); nil for an empty text.
    static func text(_ text: String, hole: CenterText.Hole, outer: Double) -> CenterText? {
        guard !text.isEmpty else { return nil }
        var hole = hole
        if hole.radius <= 0 { hole.radius = outer }
        let fitted = CenterText.fit(text, hole: hole, maxSize: maxFontSize)
        return fitted.text.isEmpty ? nil : fitted
    }
}

extension ChartLayout {
    /// No slices: the chart draws its empty state (`EmptyState`).
    public var isEmpty: Bool { slices.isEmpty }
}
