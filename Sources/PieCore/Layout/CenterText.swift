import PieDiagnostics
import PieSpec

/// The centre text of a donut (`chart.center`), filled in and sized to fit the hole.
public struct CenterText: Sendable, Hashable {
    public var text: String
    /// px; the largest size (at most `maxFontSize`) at which the text fits the hole.
    public var fontSize: Double

    public static let maxFontSize = 28.0
    public static let minFontSize = 6.0

    /// Fills `template` for `slices` and fits it into a hole of radius `inner`; nil for a pie
    /// (no hole) or an empty text. `{total}` = prefix + sum of the values + suffix; `{label}`,
    /// `{value}`, `{percent}`, `{id}` are those of the largest slice (the first in angular
    /// order among equals).
    static func make(_ template: LabelTemplate?, slices: [SliceLayout], inner: Double, format: FormatOptions) -> CenterText? {
        guard let template, inner > 0 else { return nil }
        let total = slices.reduce(0) { $0 + $1.value }
        var largest: SliceLayout?
        for s in slices where largest == nil || s.value > largest!.value { largest = s }
        guard let slice = largest else { return nil }
        let text = Layout.render(template, slice: slice, format: format, total: total)
        guard !text.isEmpty else { return nil }
        return fit(text, inner: inner)
    }

    /// The largest font size (in 0.5 px steps, `minFontSize...maxFontSize`) at which `text`
    /// fits the hole: its box (width by 1 em) inside the circle of radius `inner` minus 4 px.
    /// At the smallest size the text is cut with an ellipsis.
    static func fit(_ text: String, inner: Double) -> CenterText {
        let r = max(inner - 4, 1)
        var size = (min(maxFontSize, r * 0.8) * 2).rounded(.down) / 2
        while size > minFontSize, !fits(text, size: size, radius: r) { size -= 0.5 }
        size = max(size, minFontSize)
        if fits(text, size: size, radius: r) { return CenterText(text: text, fontSize: size) }
        let h = TextLines.height(text, fontSize: size)
        let half = max(r * r - h * h / 4, 0).squareRoot()
        return CenterText(text: TextLines.truncate(text, maxWidth: 2 * half, fontSize: size), fontSize: size)
    }

    /// Whether a text box of `width` x `size` centred in a circle of `radius` stays inside it.
    static func fits(_ text: String, size: Double, radius: Double) -> Bool {
        let w = TextLines.width(text, fontSize: size), h = TextLines.height(text, fontSize: size)
        return (w / 2) * (w / 2) + (h / 2) * (h / 2) <= radius * radius
    }
}
