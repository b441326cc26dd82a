import PieSpec

/// The chart's `title` and `subtitle`, drawn above everything in chart.svg (and the inline SVG
/// of index.html) as plain `<text>` with presentation attributes, so static renderers show it.
/// The canvas grows by the block's height (and to its width, up to `maxWidth`); longer lines
/// are cut with an ellipsis. Line breaks in either text start new lines.
public struct TitleBlock: Sendable, Hashable {
    public struct Line: Sendable, Hashable {
        public var text: String
        /// Baseline, px from the top of the canvas.
        public var y: Double
        public var fontSize: Double
        public var bold: Bool
    }
    public var lines: [Line]
    /// Height the canvas grows by.
    public var height: Double
    /// Width of the widest line.
    public var width: Double

    public static let titleSize = 16.0
    public static let subtitleSize = 12.0
    /// Space above the first line and below the last, px.
    public static let pad = 12.0
    /// Space between two lines' boxes, px.
    static let gap = 2.0
    /// The canvas grows to hold a title up to this wide (px); longer lines are cut.
    public static let maxWidth = 640.0

    /// The block of `spec`, or nil when nothing is drawn (no title and no subtitle, or
    /// `chart.showTitle: false`). `canvasWidth`: the chart's width without the title.
    static func make(_ spec: ChartSpec, canvasWidth: Double) -> TitleBlock? {
        guard spec.chart.showTitle else { return nil }
        var texts: [(String, Double, Bool)] = []
        if let title = spec.title, !title.isEmpty { texts.append((title, titleSize, true)) }
        if let subtitle = spec.subtitle, !subtitle.isEmpty { texts.append((subtitle, subtitleSize, false)) }
        guard !texts.isEmpty else { return nil }
        let room = max(canvasWidth, maxWidth) - 2 * pad
        var lines: [Line] = []
        // Each baseline sits below the previous line's box (its descent, `gap`) by the line's
        // ascent, so no two lines' boxes touch (a 16 px title over a 12 px subtitle did).
        var bottom = pad - gap, width = 0.0
        for (text, size, bold) in texts {
            for line in TextLines.split(text) {
                let scale = bold ? TextMetrics.boldScale : 1.0
                let cut = TextMetrics.truncate(String(line), maxWidth: room / scale, fontSize: size)
                width = max(width, TextMetrics.width(cut, fontSize: size) * scale)
                let baseline = bottom + gap + TextLines.ascent(line, fontSize: size)
                lines.append(Line(text: cut, y: baseline, fontSize: size, bold: bold))
                bottom = baseline + TextLines.descent(line, fontSize: size)
            }
        }
        return TitleBlock(lines: lines, height: bottom + pad / 2, width: width)
    }
}
