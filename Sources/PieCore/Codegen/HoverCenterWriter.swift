import PieDiagnostics
import PieSpec

/// index.html: `chart.hoverCenter`, the hole's text while a slice is hovered or focused. Each
/// interactive slice's filled text (`ChartLayout.hoverCenters`) is drawn in the inline SVG
/// only, hidden by its `visibility` attribute; CSS shows slice k's text and hides the centre
/// text (`.p-ct`) while slice k or its legend row is hovered or focused. chart.svg never has
/// them, so an `<img>`, a static renderer or print show `chart.center`. The texts are the
/// final chart's, as tooltips are, during a transition too.
extension SVGWriter {
    /// The hover texts in pie coordinates (`.p-h<k>`), after the legend, under the tooltips.
    mutating func hoverCenterLayer() {
        let centers = layout.hoverCenters
        guard centers.contains(where: { $0 != nil }) else { return }
        out.raw("<g class=\"p-ink p-hc\" transform=\"translate(")
        out.num(layout.cx)
        out.raw(" ")
        out.num(layout.cy)
        out.raw(")\" text-anchor=\"middle\" fill=\"")
        out.hex(layout.ink)
        out.raw("\">\n")
        for k in centers.indices where k < tooltips.count && tooltips[k] != nil {
            guard let text = centers[k] else { continue }
            InkWriter.centerText(ClassPrefix.hoverText, k, text, hidden: true, into: &out)
        }
        out.raw("</g>\n")
    }
}

enum HoverCenterCSS {
    /// The rules (scoped): while any slice or legend row is active the centre text is hidden;
    /// slice k's text shows while slice k or its row is hovered or focused.
    static func css(_ scene: Scene, into out: inout ByteWriter) {
        let layout = scene.layout
        guard layout.hoverCenters.contains(where: { $0 != nil }) else { return }
        let root = "." + scene.scope
        out.raw(root)
        out.raw(" .p-hc{pointer-events:none}\n")
        out.raw(HTMLPage.activeRoot(root))
        out.raw(":has(.p-w:hover,.p-w:focus,.p-li:hover,.p-li:focus) .p-ct{visibility:hidden}\n")
        let stops = HTMLPage.focusStops(layout.slices)
        for k in layout.slices.indices where stops[k] && k < layout.hoverCenters.count && layout.hoverCenters[k] != nil {
            out.raw(HTMLPage.activeRoot(root))
            out.raw(":has(.p-s")
            out.int(k)
            out.raw(":hover,.p-s")
            out.int(k)
            out.raw(":focus,.p-li")
            out.int(k)
            out.raw(":hover,.p-li")
            out.int(k)
            out.raw(":focus) .p-h")
            out.int(k)
            out.raw("{visibility:visible}\n")
        }
    }
}
