import PieJSON
import PieSpec

/// `labels.detail`: line(s) under a label's `content`, at their own size and colour.
///
/// A label's text stays one string (`SliceLayout.labelText`) so that everything that moves,
/// compares, fades or cross-fades a label carries its detail with it. Each detail line starts
/// with a header, `U+001E scale [space colour] U+001F`, that no spec text can hold (control
/// characters are refused, E0215). `TextLines` is the one reader of the header: it measures
/// every line at its own size and writes each as a `<tspan>` with its own `font-size` and fill.
public enum LabelDetail {
    static let start: Character = "\u{1E}"
    static let end: Character = "\u{1F}"

    /// One line's style: its font size as a ratio of the block's, and its colour (nil: the
    /// text's own fill at `opacity`, so it follows the label's ink in every theme).
    public struct Style: Sendable, Hashable {
        public var scale: Double
        public var color: Color?
        public var opacity: Double = 1
    }

    /// `content` followed by `detail`'s lines, each marked with `options`' style; `opacity`
    /// applies when `options` names no colour.
    public static func compose(_ content: String, detail: String, options: LabelDetailOptions, opacity: Double) -> String {
        var header = String(start) + formatNumber(options.size)
        if let c = options.color { header += " " + c.hex } else if opacity < 1 { header += " " + formatNumber(opacity) }
        header.append(end)
        return content + TextLines.split(detail).map { "\n" + header + $0 }.joined()
    }

    /// `text` with every line marked at `scale` times the block's font size (an inside label
    /// layer's `size`): measured, fitted and written at that size like a detail line.
    public static func sized(_ text: String, scale: Double) -> String {
        let header = String(start) + formatNumber(scale, decimals: 6) + String(end)
        return TextLines.split(text).map { header + $0 }.joined(separator: "\n")
    }

    /// The lightest opacity, from `LabelDetailOptions.defaultOpacity` up to 1 in steps of
    /// 0.05, at which the label's ink keeps a contrast of 4.5 against what lies under it in
    /// each of `pairs` (ink, background) whose full ink reaches 4.5 (the others stay as they are).
    public static func opacity(_ pairs: [(ink: Color, background: Color)]) -> Double {
        let wanted = DarkTheme.minContrast
        let steps = Int(((1 - LabelDetailOptions.defaultOpacity) / 0.05).rounded())
        for k in 0...steps {
            let a = LabelDetailOptions.defaultOpacity + Double(k) * 0.05
            if pairs.allSatisfy({ p in
                Color.contrast(p.ink, p.background) < wanted
                    || Color.contrast(DarkTheme.mix(p.background, p.ink, a), p.background) >= wanted
            }) { return (a * 100).rounded() / 100 }
        }
        return 1
    }

    /// Whether `text` holds detail lines (one byte scan; false for every label without detail).
    @inline(__always) static func marked(_ text: String) -> Bool { text.utf8.contains(0x1E) }

    /// A line's text without its header, and its style (nil: a line of the label itself).
    static func parse(_ line: Substring) -> (text: Substring, style: Style?) {
        guard line.first == start, let close = line.firstIndex(of: end) else { return (line, nil) }
        let fields = line[line.index(after: line.startIndex)..<close].split(separator: " ")
        var style = Style(scale: fields.first.flatMap { Double($0) } ?? 1, color: nil)
        if fields.count > 1 {
            if fields[1].first == "#" { style.color = Color.parse(String(fields[1])) } else { style.opacity = Double(fields[1]) ?? 1 }
        }
        return (line[line.index(after: close)...], style)
    }

    /// The text as people read it: every header removed.
    public static func plain(_ text: String) -> String {
        guard marked(text) else { return text }
        return TextLines.split(text).map { String(parse($0).text) }.joined(separator: "\n")
    }
}

extension Layout {
    /// A slice's label: `labels.content`, and under it `labels.detail` when set.
    static func labelText(_ spec: ChartSpec, slice: SliceLayout, total: Double) -> String {
        let content = render(spec.labels.content, slice: slice, format: spec.format, total: total)
        guard let detail = spec.labels.detail else { return content }
        let lines = render(detail.content, slice: slice, format: spec.format, total: total)
        // An empty detail (`content: ""`) draws no line: the label stays as it is.
        guard !lines.isEmpty else { return content }
        return LabelDetail.compose(content, detail: lines, options: detail, opacity: detailOpacity(spec, slice: slice))
    }

    /// The default detail's opacity for `slice`: contrast kept wherever its label may stand,
    /// on the slice (its black or white ink) unless `outside`, and beside the pie unless `inside` (the ink of the background,
    /// light and, with `theme.dark: auto`, dark).
    static func detailOpacity(_ spec: ChartSpec, slice: SliceLayout) -> Double {
        let background = visible(spec.theme.background)
        var pairs: [(ink: Color, background: Color)] = []
        if spec.labels.position != .outside { pairs.append((ink: slice.textColor, background: slice.color)) }
        guard spec.labels.position != .inside else { return LabelDetail.opacity(pairs) }
        pairs.append((ink: OutsideLabels.ink(on: background), background: background ?? Color(r: 255, g: 255, b: 255)))
        if spec.theme.dark == .auto {
            let dark = spec.theme.darkBackground ?? DarkTheme.defaultBackground
            pairs.append((ink: DarkTheme.ink(on: dark), background: dark))
        }
        return LabelDetail.opacity(pairs)
    }
}
