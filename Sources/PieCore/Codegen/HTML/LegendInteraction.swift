import PieDiagnostics
import PieSpec

/// index.html: legend rows that point at their slice. Hovering or keyboard-focusing a row
/// lifts its slice, dims the others and shows the slice's tooltip, with the same CSS-only
/// `:has()` rules as hovering the slice itself (no script). Focus order is the document order:
/// the slices in slice order, then the legend rows in `legend.order`. A row that stands for
/// several slices (`LegendLayout.Item.also`) carries each one's class: it lifts them all and
/// shows the tooltip of its first (the others' would cover each other), and names them all.
extension SVGWriter {
    /// Opens row `item`'s focusable group (closed by the caller) with a transparent hit
    /// rectangle over the whole row, which also carries the focus ring.
    mutating func openLegendItem(_ item: LegendLayout.Item, slice k: Int) {
        out.open("g", ClassPrefix.legendRow, ClassPrefix.legendRow)
        out.int(k)
        for j in item.also where tooltips[j] != nil {
            out.raw(" ")
            out.classes(ClassPrefix.legendRow)
            out.int(j)
        }
        out.raw("\" tabindex=\"0\" role=\"img\" aria-label=\"")
        out.text((tooltips[k] ?? Summary.tooltipWithDetail(layout.slices[k], format: format)).ariaLabel)
        for j in item.also {
            out.raw("; ")
            out.text((tooltips[j] ?? Summary.tooltipWithDetail(layout.slices[j], format: format)).ariaLabel)
        }
        out.raw("\">")
        out.open("rect", ClassPrefix.hit)
        out.raw("\" x=\"")
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
    static func css(_ scene: Scene, into out: inout ByteWriter) {
        let layout = scene.layout
        guard layout.legend.position != .none else { return }
        let root = "." + scene.scope
        out.raw(root)
        // The legend is ink, and ink lets the pointer through (`.p-ink{pointer-events:none}`,
        // so labels never hide a slice from it); its rows take the pointer back.
        out.raw(" .p-li{outline:none;cursor:default;pointer-events:auto}\n")
        out.raw(root)
        out.raw(" .p-li:focus-visible .p-hit{stroke:#111;stroke-width:1.5}\n")
        out.raw(HTMLPage.activeRoot(root))
        out.raw(":has(.p-li:hover,.p-li:focus) .p-w{opacity:")
        out.num(dimOpacity)
        out.raw("}\n")
        let stops = HTMLPage.focusStops(layout.slices)
        for item in layout.legend.items {
            guard let first = item.slice, stops[first] else { continue }
            for k in [first] + item.also where stops[k] {
                let p = HTMLPage.liftOffset(layout.slices, k)
                active(root, k, into: &out)
                out.raw(" .p-s")
                out.int(k)
                out.raw("{opacity:1;transform:translate(")
                out.num(p.x)
                out.raw("px,")
                out.num(p.y)
                out.raw("px)}\n")
                if k == first {
                    active(root, k, into: &out)
                    out.raw(" .p-t")
                    out.int(k)
                    out.raw("{visibility:visible}\n")
                }
                out.raw(HTMLPage.activeRoot(root))
                out.raw(":has(.p-s")
                out.int(k)
                out.raw(":hover,.p-s")
                out.int(k)
                out.raw(":focus) .p-li")
                out.int(k)
                out.raw(" text{text-decoration:underline}\n")
            }
        }
    }

    /// `<active root>:has(.p-li<k>:hover,.p-li<k>:focus)`: legend row `k` is hovered or focused.
    private static func active(_ root: String, _ k: Int, into out: inout ByteWriter) {
        out.raw(HTMLPage.activeRoot(root))
        out.raw(":has(.p-li")
        out.int(k)
        out.raw(":hover,.p-li")
        out.int(k)
        out.raw(":focus)")
    }
}
