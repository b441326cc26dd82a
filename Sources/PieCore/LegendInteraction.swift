import PieDiagnostics
import PieSpec

/// index.html: legend rows that point at their slice. Hovering or keyboard-focusing a row
/// lifts its slice, dims the others and shows the slice's tooltip, with the same CSS-only
/// `:has()` rules as hovering the slice itself (no script). Focus order is the document order:
/// the slices in slice order, then the legend rows in slice order.
extension SVGWriter {
    /// Opens row `item`'s focusable group (closed by the caller) with a transparent hit
    /// rectangle over the whole row, which also carries the focus ring.
    mutating func openLegendItem(_ item: LegendLayout.Item, slice k: Int) {
        let slice = layout.slices[k]
        out.raw("<g class=\"p-li p-li")
        out.int(k)
        out.raw("\" tabindex=\"0\" role=\"img\" aria-label=\"")
        out.text(Summary.tooltip(slice, format: format))
        out.raw("\"><rect class=\"p-hit\" x=\"")
        out.num(item.x - 3)
        out.raw("\" y=\"")
        out.num(item.y - 4)
        out.raw("\" width=\"")
        out.num(LegendInteraction.rowWidth(item, legend: layout.legend, fontSize: layout.fontSize) + 6)
        out.raw("\" height=\"20\" rx=\"3\" fill=\"#000\" fill-opacity=\"0\"/>")
    }
}

enum LegendInteraction {
    /// How much the other slices fade while a legend row is hovered or focused.
    static let dimOpacity = 0.45

    /// Width of a legend row's content (swatch to the end of its percent).
    static func rowWidth(_ item: LegendLayout.Item, legend: LegendLayout, fontSize: Double) -> Double {
        if legend.alignEnd { return legend.width }
        return item.percent.isEmpty ? LegendPlacer.textX + TextMetrics.width(item.label, fontSize: fontSize)
            : item.percentX + TextMetrics.width(item.percent, fontSize: fontSize)
    }

    /// The rules: dim every slice while a row is active, then per row lift its slice back to
    /// full opacity and show its tooltip; a hovered slice underlines its row's label.
    static func css(_ scene: Scene) -> String {
        let layout = scene.layout
        guard layout.legend.position != .none else { return "" }
        let root = "." + scene.scope, sel = root + " "
        var css = sel + ".p-li{outline:none;cursor:default}\n"
        css += sel + ".p-li:focus-visible .p-hit{stroke:#111;stroke-width:1.5}\n"
        css += root + ":has(.p-li:hover,.p-li:focus) .p-w{opacity:" + formatNumber(dimOpacity) + "}\n"
        for item in layout.legend.items {
            guard let k = item.slice, HTMLPage.isInteractive(layout.slices[k]) else { continue }
            let n = String(k)
            let active = root + ":has(.p-li" + n + ":hover,.p-li" + n + ":focus)"
            let p = HTMLPage.liftOffset(layout.slices[k])
            let x: String = formatNumber(p.x), y: String = formatNumber(p.y)
            css += active + " .p-s" + n + "{opacity:1;transform:translate(" + x + "px," + y + "px)}\n"
            css += active + " .p-t" + n + "{visibility:visible}\n"
            css += root + ":has(.p-s" + n + ":hover,.p-s" + n + ":focus) .p-li" + n + " text{text-decoration:underline}\n"
        }
        return css
    }
}
