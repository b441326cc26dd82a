/// Text of several lines: a line break in a label, a `labels.content` template, `chart.center`
/// or the title starts a new line. Each line is a `<tspan x=".." dy="..">`; the block is
/// centred vertically on where one line would sit. A label's `labels.detail` lines carry their
/// own size and colour (`LabelDetail`): they are measured and written each at its own size.
enum TextLines {
    /// Line height as a multiple of the font size.
    static let leading = 1.2

    /// The lines of `text` (a line break is LF; YAML turns CRLF into LF).
    static func split(_ text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    static func count(_ text: String) -> Int {
        var n = 1
        for b in text.utf8 where b == 0x0A { n += 1 }
        return n
    }

    /// Width of the widest line (each at its own size, `LabelDetail`).
    static func width(_ text: String, fontSize: Double) -> Double {
        if LabelDetail.marked(text) { return sized(text, fontSize: fontSize).map { TextMetrics.width(String($0.text), fontSize: $0.size) }.max() ?? 0 }
        guard text.utf8.contains(0x0A) else { return TextMetrics.width(text, fontSize: fontSize) }
        return split(text).map { TextMetrics.width(String($0), fontSize: fontSize) }.max() ?? 0
    }

    /// Height of the block: one font size plus the leading of every further line.
    static func height(_ text: String, fontSize: Double) -> Double {
        if LabelDetail.marked(text) { return sized(text, fontSize: fontSize)[0].size + MixedLines(text, fontSize: fontSize).span }
        return fontSize * (1 + leading * Double(count(text) - 1))
    }

    /// The box of a line as browsers measure it (`getBBox`), px above and below its baseline:
    /// DejaVu Sans' ascent and descent (0.93 and 0.24 em; Firefox rounds both up to whole px,
    /// accented capitals reach 1 em), taller for CJK and Hangul (their fallback fonts).
    static func ascent(_ line: Substring, fontSize: Double) -> Double {
        fontSize * (TextMetrics.hasWide(line) ? 1.1 : 1.0)
    }

    static func descent(_ line: Substring, fontSize: Double) -> Double {
        fontSize * (TextMetrics.hasWide(line) ? 0.35 : 0.25)
    }

    /// Height of the block's box: `leading` em between baselines, the first line's ascent
    /// and the last line's descent.
    static func boxHeight(_ text: String, fontSize: Double) -> Double {
        if LabelDetail.marked(text) { return MixedLines(text, fontSize: fontSize).boxHeight }
        let lines = split(text)
        return fontSize * leading * Double(lines.count - 1) + ascent(lines[0], fontSize: fontSize)
            + descent(lines[lines.count - 1], fontSize: fontSize)
    }

    /// The block's box relative to where a single line's vertical centre is asked for (its
    /// anchor `y`, the first baseline at `0.35` em plus `firstLineShift`): px to its top
    /// (negative) and to its bottom.
    static func verticalExtent(_ text: String, fontSize: Double) -> (top: Double, bottom: Double) {
        // The first line is the label's own (a detail line never leads), at `fontSize` or
        // at its own size (`LabelDetail.sized`: an inside layer's `size`).
        let first = sized(text, fontSize: fontSize)[0]
        let top = fontSize * 0.35 + firstLineShift(text, fontSize: fontSize) - ascent(first.text, fontSize: first.size)
        return (top, top + boxHeight(text, fontSize: fontSize))
    }

    /// Where the first baseline sits relative to a single line's (px, up is negative).
    static func firstLineShift(_ text: String, fontSize: Double) -> Double {
        if LabelDetail.marked(text) { return MixedLines(text, fontSize: fontSize).firstBaseline - fontSize * 0.35 }
        return -Double(count(text) - 1) * leading * fontSize / 2
    }

    /// Every line cut to `maxWidth` (`TextMetrics.truncate`).
    static func truncate(_ text: String, maxWidth: Double, fontSize: Double) -> String {
        if LabelDetail.marked(text) {
            return split(text).map { line in
                let (body, style) = LabelDetail.parse(line)
                let cut = TextMetrics.truncate(String(body), maxWidth: maxWidth, fontSize: fontSize * (style?.scale ?? 1))
                return String(line[..<body.startIndex]) + cut
            }.joined(separator: "\n")
        }
        guard text.utf8.contains(0x0A) else { return TextMetrics.truncate(text, maxWidth: maxWidth, fontSize: fontSize) }
        return split(text).map { TextMetrics.truncate(String($0), maxWidth: maxWidth, fontSize: fontSize) }.joined(separator: "\n")
    }

    /// One line for places that show a single line (legend rows, tooltips, names).
    static func joined(_ text: String) -> String {
        guard text.utf8.contains(0x0A) || LabelDetail.marked(text) else { return text }
        return split(LabelDetail.plain(text)).joined(separator: " ")
    }

    /// Each line's text (header removed) and font size.
    static func sized(_ text: String, fontSize: Double) -> [(text: Substring, size: Double)] {
        split(text).map { line in
            let (body, style) = LabelDetail.parse(line)
            return (body, fontSize * (style?.scale ?? 1))
        }
    }

    /// Px from one baseline to the next: `leading` times the larger of the two lines' sizes
    /// (equal sizes: `leading` em, as everywhere else).
    static func gap(_ above: Double, _ below: Double) -> Double { leading * max(above, below) }
}

/// A block of lines of their own sizes (`LabelDetail`): its box from the first line's ascent
/// to the last line's descent, centred on the anchor.
struct MixedLines {
    /// Px from the first baseline to the last.
    let span: Double
    let ascent: Double
    let descent: Double

    init(_ text: String, fontSize: Double) {
        let lines = TextLines.sized(text, fontSize: fontSize)
        var span = 0.0
        for i in lines.indices.dropFirst() { span += TextLines.gap(lines[i - 1].size, lines[i].size) }
        self.span = span
        ascent = TextLines.ascent(lines[0].text, fontSize: lines[0].size)
        descent = TextLines.descent(lines[lines.count - 1].text, fontSize: lines[lines.count - 1].size)
    }

    var boxHeight: Double { ascent + span + descent }
    /// The first baseline relative to the anchor, so the box is centred on it.
    var firstBaseline: Double { (ascent - descent - span) / 2 }
}

