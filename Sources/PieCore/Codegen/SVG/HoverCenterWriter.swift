import PieDiagnostics
import PieSpec

/// `chart.hoverCenter`, the hole's text while a slice is hovered or focused, with CSS only, in
/// index.html and in chart.svg opened directly or inlined into a page. Each pointable slice's
/// filled text (`ChartLayout.hoverCenters`) is drawn hidden by its `visibility` and `opacity`
/// attributes (Inkscape ignores `visibility`); chart.svg also gets a transparent focusable
/// wedge per such slice above its pie (`.p-hw<k>`, index.html has its focusable slices). The
/// rules, in chart.css, show slice k's text and hide the centre text (`.p-ct`) while slice k,
/// its legend row (index.html) or its wedge (chart.svg) is hovered or focused. An `<img>`, a
/// static renderer or print never match `:hover` or `:focus`: they show `chart.center`. The
/// texts are the final chart's, as tooltips are, during a transition too. A chart of
/// `charts:` has its texts in index.html only (its chart.svg is an image without focus
/// stops): each chart's hole follows its own slices, and the shared legend's rows
/// (`FacetInteraction.css`).
extension SVGWriter {
    /// The slices that get a hover text: those with a text that are focus stops in index.html.
    private func hoverSlices() -> [Int] {
        let centers = layout.hoverCenters
        guard centers.contains(where: { $0 != nil }) else { return [] }
        let stops = HTMLPage.focusStops(layout.slices)
        return layout.slices.indices.filter { stops[$0] && $0 < centers.count && centers[$0] != nil }
    }

    /// The hover texts in pie coordinates (`.p-h<k>`), after the legend (index.html: under the
    /// tooltips).
    mutating func hoverCenterLayer() {
        let shown = hoverSlices()
        guard !shown.isEmpty else { return }
        out.open("g", ClassPrefix.ink, ClassPrefix.hoverCentre)
        out.raw("\" transform=\"translate(")
        out.num(layout.cx)
        out.raw(" ")
        out.num(layout.cy)
        out.raw(")\" text-anchor=\"middle\" fill=\"")
        out.hex(layout.ink)
        out.raw("\">\n")
        for k in shown {
            guard let text = layout.hoverCenters[k] else { continue }
            InkWriter.centerText(ClassPrefix.hoverText, k, text, hidden: true, into: &out)
        }
        out.raw("</g>\n")
    }

    /// chart.svg: one transparent focusable wedge per hover text (`.p-hw p-hw<k>`, named like
    /// index.html's slice), in the pie's group (mirrored with it), above its slices and
    /// separators and under the labels (which let the pointer through). Written into chart.svg
    /// only, and not for a chart of `charts:` (whose chart.svg has no focus stops).
    mutating func hoverWedges() {
        guard scene.drawing.output != .facet else { return }
        let shown = hoverSlices()
        guard !shown.isEmpty else { return }
        emit()
        out.raw("<g fill=\"#000\" fill-opacity=\"0\">\n")
        for k in shown {
            out.open("path", ClassPrefix.hoverWedge, ClassPrefix.hoverWedge)
            out.int(k)
            out.raw("\" tabindex=\"0\" role=\"img\" aria-label=\"")
            out.text(Summary.tooltipWithDetail(layout.slices[k], format: format).ariaLabel)
            out.raw("\"")
            explodeAttribute(k)
            out.raw(" d=\"")
            restWedge(k, end: layout.slices[k].endAngle)
            out.raw("\"/>\n")
        }
        out.raw("</g>\n")
        emit(inline: false)
    }
}

enum HoverCenterCSS {
    /// The rules (scoped, after the chart's block in chart.css): while any slice, legend row or
    /// hover wedge is active the centre text is hidden; slice k's text shows while slice k, its
    /// row or its wedge is hovered or focused. Empty without `chart.hoverCenter`.
    static func css(_ scene: Scene) -> [UInt8] {
        let layout = scene.layout
        guard layout.hoverCenters.contains(where: { $0 != nil }) else { return [] }
        var out = ByteWriter(capacity: 512 + layout.slices.count * 200)
        let root = "." + scene.scope
        out.raw(root)
        out.raw(" .p-hc{pointer-events:none}\n")
        out.raw(root)
        out.raw(" .p-hw{outline:none}\n")
        out.raw(root)
        out.raw(" .p-hw:focus-visible{stroke:#111;stroke-width:2}\n")
        out.raw(HTMLPage.activeRoot(root))
        out.raw(":has(.p-w:hover,.p-w:focus,.p-li:hover,.p-li:focus,.p-hw:hover,.p-hw:focus) .p-ct{visibility:hidden}\n")
        let stops = HTMLPage.focusStops(layout.slices)
        for k in layout.slices.indices where stops[k] && k < layout.hoverCenters.count && layout.hoverCenters[k] != nil {
            out.raw(HTMLPage.activeRoot(root))
            for (n, cls) in [ClassPrefix.slice, ClassPrefix.legendRow, ClassPrefix.hoverWedge].enumerated() {
                out.raw(n == 0 ? ":has(." : ",.")
                out.raw(cls)
                out.int(k)
                out.raw(":hover,.")
                out.raw(cls)
                out.int(k)
                out.raw(":focus")
            }
            out.raw(") .p-h")
            out.int(k)
            out.raw("{visibility:visible;opacity:1}\n")
        }
        return out.takeBytes()
    }
}
