import PieDiagnostics
import PieJSON
import PieSpec

/// index.html of a spec of `charts:`: each chart's slices are focus stops that lift and show
/// their tooltips, with the rules of a one-chart page (`HTMLPage.interactionCSS`) in the
/// chart's own scope; the one legend points at a slice id in every chart. Hovering or
/// keyboard-focusing a legend row dims every chart's other slices, lifts the slices of its id
/// in every chart that holds it and shows each chart's tooltip of the first of them; hovering
/// or focusing a chart's slice underlines its id's row. With `chart.hoverCenter` each chart's
/// hole shows its own text of the slice pointed at in it (`HoverCenterCSS`, in its scope), and
/// a legend row shows, in each chart that holds its id, that chart's text of it. CSS only
/// (`:has()`), no script. Focus order is the document order: the legend rows, then each
/// chart's slices in slice order.
enum FacetInteraction {
    /// Legend row `i`'s tooltip (read only as its aria-label), per slice id of the frame
    /// (`ids`, the frame's slices): its label, then each chart that holds the id, its value
    /// and percent ("Car: A 3 (75.0%); B 1 (50.0%)"). Nil for an id no chart draws as a focus
    /// stop: its row is not focusable.
    static func rowLabels(spec: ChartSpec, facets: [FacetWriter.Placed], ids: [String], labels: [String]) -> [Tooltip?] {
        let format = spec.format
        let stops = facets.map { HTMLPage.focusStops($0.chart.layout.slices) }
        let own = facets.map { specIDs($0.chart.layout) }
        return ids.indices.map { i in
            var line = TextLines.joined(labels[i]) + ":"
            var any = false
            for (f, placed) in facets.enumerated() {
                let slices = placed.chart.layout.slices
                for k in slices.indices where own[f][k].id == ids[i] && stops[f][k] {
                    line += any ? "; " : " "
                    any = true
                    line += TextLines.joined(f < spec.charts.count ? spec.charts[f].title ?? placed.id : placed.id)
                    if let ring = own[f][k].ring, !ring.isEmpty { line += " " + TextLines.joined(ring) }
                    line += " " + format.prefix + format.locale.format(plain: slices[k].valueText) + format.suffix
                    line += " (" + format.locale.format(plain: slices[k].percentText) + format.locale.percentSign + ")"
                }
            }
            return any ? Tooltip(line: line, detail: nil) : nil
        }
    }

    /// The page's rules: each chart's own (`HTMLPage.interactionCSS`), then the legend's
    /// across the charts. `scope`: the page's SVG root; `frame`: the scene of the title and
    /// legend; `rows`: which rows are focusable (`rowLabels` not nil).
    static func css(scope: String, frame: Scene, facets: [Scene], rows: [Bool]) -> [UInt8] {
        var out = ByteWriter(capacity: 2048 + facets.count * frame.layout.slices.count * 240)
        for scene in facets {
            HTMLPage.interactionCSS(scene, into: &out)
            out.raw(HoverCenterCSS.css(scene))
        }
        let legend = frame.layout.legend
        guard legend.position != .none, rows.contains(true) else { return out.takeBytes() }
        let active = HTMLPage.activeRoot("." + scope)
        // The legend is ink, which lets the pointer through; its rows take it back.
        out.raw("." + frame.scope + " .p-li{outline:none;cursor:default;pointer-events:auto}\n")
        out.raw("." + frame.scope + " .p-li:focus-visible .p-hit{stroke:#111;stroke-width:1.5}\n")
        out.raw(active + ":has(.p-li:hover,.p-li:focus) .p-w{opacity:")
        out.num(LegendInteraction.dimOpacity)
        out.raw("}\n")
        out.raw(active + ":has(.p-li:hover,.p-li:focus) .p-st{visibility:hidden}\n")
        if facets.contains(where: \.hoverWedgesHiddenAtRest) {
            out.raw(active + ":has(.p-li:hover,.p-li:focus) .p-w path{visibility:visible}\n")
        }
        if let dark = frame.layout.dark { dark.pageCSS(sel: "." + frame.scope + " ", into: &out) }
        let stops = facets.map { HTMLPage.focusStops($0.layout.slices) }
        let own = facets.map { specIDs($0.layout) }
        let ids = frame.layout.slices.map(\.id)
        for item in legend.items {
            guard let first = item.slice, rows[first] else { continue }
            for i in [first] + item.also where rows[i] {
                let row = ":has(.p-li" + String(i) + ":hover,.p-li" + String(i) + ":focus) ."
                var pointed: [String] = []
                for (f, scene) in facets.enumerated() {
                    let slices = scene.layout.slices
                    var tip = i == first
                    for k in slices.indices where own[f][k].id == ids[i] && stops[f][k] {
                        let p = HTMLPage.liftOffset(slices, k)
                        out.raw(active + row + scene.scope + " .p-s" + String(k) + "{opacity:1;transform:translate(")
                        out.num(p.x)
                        out.raw("px,")
                        out.num(p.y)
                        out.raw("px)}\n")
                        if tip {
                            out.raw(active + row + scene.scope + " .p-t" + String(k) + "{visibility:visible}\n")
                            // This chart's hole: its own text of the id instead of its centre.
                            if k < scene.layout.hoverCenters.count, scene.layout.hoverCenters[k] != nil {
                                out.raw(active + row + scene.scope + " .p-ct{visibility:hidden}\n")
                                out.raw(active + row + scene.scope + " .p-h" + String(k) + "{visibility:visible;opacity:1}\n")
                            }
                            tip = false
                        }
                        let slice = "." + scene.scope + " .p-s" + String(k)
                        pointed += [slice + ":hover", slice + ":focus"]
                    }
                }
                guard !pointed.isEmpty else { continue }
                out.raw(active + ":has(" + pointed.joined(separator: ",") + ") .p-li" + String(i) + " text{text-decoration:underline}\n")
            }
        }
        return out.takeBytes()
    }

    /// Each slice of `layout` with its id as the spec writes it (the frame's ids) and, in a
    /// chart of rings, its ring's label: the chart's flattened slices carry `ring/slice` ids.
    static func specIDs(_ layout: ChartLayout) -> [(id: String, ring: String?)] {
        var own: [(id: String, ring: String?)] = layout.slices.map { ($0.id, nil) }
        for band in layout.rings {
            for (i, slice) in band.slices.enumerated() where band.first + i < own.count {
                own[band.first + i] = (slice.id, band.label)
            }
        }
        return own
    }
}
