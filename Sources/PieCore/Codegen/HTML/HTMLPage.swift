import PieDiagnostics
import PieSpec

/// Writes index.html: a complete HTML5 page with the chart inline, CSS-only interaction
/// (hover or keyboard focus lifts a slice and shows its tooltip), the legend, a data table for
/// screen readers and a sentence of what changed. No script. The page is also well-formed XML
/// (void elements self-closed, `<!DOCTYPE html>`), so XML and HTML5 parsers read the same tree.
struct HTMLPage {
    /// How far a hovered or focused slice moves outward, px.
    static let lift = 6.0
    /// Slices whose outer arc is shorter than this (px) cannot be pointed at: in a chart of
    /// more than `maxFocusStops` visible slices they get no focus stop, lift or tooltip (the
    /// data table still lists them).
    static let minInteractiveArc = 2.0
    /// Up to this many visible slices, every visible slice is a focus stop however thin it
    /// is, so every slice is reachable by keyboard (a chart without a legend whose labels
    /// are hidden has no other way to it); above, only those wide enough to point at.
    static let maxFocusStops = 500

    /// Which slices are focus stops (with a lift and a tooltip) in index.html.
    static func focusStops(_ slices: [SliceLayout]) -> [Bool] {
        var visible = 0
        for k in slices.indices where slices[k].endAngle > slices[k].startAngle && slices[k].outerRadius > slices[k].innerRadius {
            visible += 1
        }
        let all = visible <= maxFocusStops
        return slices.indices.map { k in
            all ? slices[k].endAngle > slices[k].startAngle && slices[k].outerRadius > slices[k].innerRadius : isInteractive(slices, k)
        }
    }

    /// How far a hovered or focused slice `k` (or its legend row) moves it: `lift` px outward
    /// along its middle angle (on top of its own explode). Read from the slice's angles in
    /// place (no copy of the slice).
    static func liftOffset(_ slices: [SliceLayout], _ k: Int) -> (x: Double, y: Double) {
        Geometry.point(angle: (slices[k].startAngle + slices[k].endAngle) / 2, radius: lift)
    }

    /// Whether `slice` is focusable and lifts on hover in index.html.
    static func isInteractive(_ slice: SliceLayout) -> Bool {
        slice.isVisible && Geometry.arcLength(degrees: slice.span, radius: slice.outerRadius) >= minInteractiveArc
    }

    /// `isInteractive(slices[k])` from the slice's numbers alone (no copy of the slice).
    static func isInteractive(_ slices: [SliceLayout], _ k: Int) -> Bool {
        let span = slices[k].endAngle - slices[k].startAngle, outer = slices[k].outerRadius
        return span > 0 && outer > slices[k].innerRadius && Geometry.arcLength(degrees: span, radius: outer) >= minInteractiveArc
    }

    /// The page up to its inline SVG, which `SVGWriter` then appends (`page:`) before `finish`.
    /// `boxes`: the compositor layer that moves the slices (`BoxLayer`), when the chart has one.
    static func start(spec: ChartSpec, scene: Scene, chartCSS: [UInt8], title: String, boxes: BoxLayer? = nil) -> ByteWriter {
        let layout = scene.layout
        var out = ByteWriter(capacity: chartCSS.count + 1024 + layout.slices.count * 980)
        out.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n")
        out.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>")
        out.text(title)
        out.raw("</title>\n<style>\n")
        out.raw(pageCSS)
        out.raw(chartCSS)
        interactionCSS(scene, into: &out)
        boxes?.css(into: &out)
        // The chart draws the title (`TitleBlock`): the heading stays for screen readers only.
        out.raw(layout.title == nil ? "</style>\n</head>\n<body>\n<main>\n<h1>" : "</style>\n</head>\n<body>\n<main>\n<h1 class=\"sr-only\">")
        out.text(title)
        out.raw("</h1>\n")
        if let description = spec.description, !description.isEmpty {
            out.raw("<p>")
            out.text(description)
            out.raw("</p>\n")
        }
        out.raw("<figure>\n")
        boxes?.open(into: &out)
        return out
    }

    /// The rest of the page after its inline SVG: the caption, the data table, the end.
    static func finish(_ page: ByteWriter, spec: ChartSpec, layout: ChartLayout, title: String, sentence: String,
                       boxes: BoxLayer? = nil) -> ByteWriter {
        var out = page
        boxes?.markup(into: &out)
        out.raw("<figcaption>")
        out.text(sentence)
        out.raw("</figcaption>\n</figure>\n")
        table(spec: spec, layout: layout, title: title, into: &out)
        out.raw("</main>\n</body>\n</html>\n")
        return out
    }

    static let pageCSS = """
        body{margin:0;padding:24px;font-family:system-ui,Helvetica,Arial,sans-serif;\
        color:#222;background:#fff}
        h1{font-size:20px;margin:0 0 12px}
        figure{margin:0}
        figure svg{max-width:100%;height:auto}
        figcaption{margin-top:8px}
        .sr-only{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;\
        clip-path:inset(50%);white-space:nowrap;border:0}

        """

    /// The chart's root while something in it is hovered or focused: the anchor of every
    /// `:has()` rule. Engines test a compound's simple selectors in order, so `:has()` (a walk
    /// of the chart's subtree per distinct argument) is only evaluated while the pointer or the
    /// focus is in the chart. Ungated, every full style recalculation, e.g. the first frame of
    /// the transition, walked the chart once per rule: 512 slices took 2.6x chart.svg's first
    /// frame in Chromium (bench/browser/frames.py).
    static func activeRoot(_ root: String) -> String { root + ":is(:hover,:focus-within)" }

    /// Per-slice lift and tooltip rules (scoped), plus the focus ring (also each chart's of a
    /// page of `charts:`, `FacetInteraction`).
    static func interactionCSS(_ scene: Scene, into out: inout ByteWriter) {
        let root = "." + scene.scope
        let sel = root + " "
        out.raw(sel)
        out.raw(".p-w{outline:none}\n")
        out.raw(sel)
        out.raw(".p-w:focus-visible path{stroke:#111;stroke-width:2}\n")
        out.raw(sel)
        out.raw(".p-tips{pointer-events:none}\n")
        out.raw(sel)
        out.raw(".p-t{visibility:hidden}\n")
        out.raw(activeRoot(root))
        out.raw(":has(.p-w:hover,.p-w:focus,.p-li:hover,.p-li:focus) .p-st{visibility:hidden}\n")
        if scene.hoverWedgesHiddenAtRest {
            // At rest the hover wedges only take the pointer (`fill`: whatever their
            // visibility); they show while `.p-st` is hidden. Their groups stay visible, so
            // they keep their focus.
            out.raw(sel)
            out.raw(".p-w path{visibility:hidden;pointer-events:fill}\n")
            out.raw(activeRoot(root))
            out.raw(":has(.p-w:hover,.p-w:focus,.p-li:hover,.p-li:focus) .p-w path{visibility:visible}\n")
        }
        let slices = scene.layout.slices
        let stops = focusStops(slices)
        for k in slices.indices where stops[k] {
            let p = liftOffset(slices, k)
            out.raw(sel)
            out.raw(".p-s")
            out.int(k)
            out.raw(":hover,")
            out.raw(sel)
            out.raw(".p-s")
            out.int(k)
            out.raw(":focus{transform:translate(")
            out.num(p.x)
            out.raw("px,")
            out.num(p.y)
            out.raw("px)}\n")
            out.raw(activeRoot(root))
            out.raw(":has(.p-s")
            out.int(k)
            out.raw(":hover,.p-s")
            out.int(k)
            out.raw(":focus) .p-t")
            out.int(k)
            out.raw("{visibility:visible}\n")
        }
        LegendInteraction.css(scene, into: &out)
        if let dark = scene.layout.dark { dark.pageCSS(sel: sel, into: &out) }
        KeyframesWriter.motion(into: &out, newline: false) {
            $0.raw(sel)
            $0.raw(".p-w{transition:transform 150ms ease-out}")
        }
    }

    /// The data table of a chart (screen readers only): one row per slice, its value and
    /// percent (and description, when any slice has one). A page of `charts:` writes one per chart.
    static func table(spec: ChartSpec, layout: ChartLayout, title: String, into out: inout ByteWriter) {
        out.raw("<table class=\"sr-only\">\n<caption>")
        out.text(title)
        out.raw("</caption>\n<thead><tr><th scope=\"col\">Label</th><th scope=\"col\">Value</th>")
        out.raw("<th scope=\"col\">Percent</th>")
        // A description column when any slice has one (its own, summed rows, Other's members).
        let described = layout.slices.contains { !($0.description ?? "").isEmpty }
        if described { out.raw("<th scope=\"col\">Description</th>") }
        out.raw("</tr></thead>\n<tbody>\n")
        // `Summary.value` and `locale.percent` piece by piece (escaping is per character, so
        // the pieces escape to the bytes of the whole).
        let format = spec.format
        for slice in layout.slices {
            out.raw("<tr><th scope=\"row\">")
            out.text(slice.label)
            out.raw("</th><td>")
            out.text(format.prefix)
            out.text(format.locale.format(plain: slice.valueText))
            out.text(format.suffix)
            out.raw("</td><td>")
            out.text(format.locale.format(plain: slice.percentText))
            out.text(format.locale.percentSign)
            if described {
                out.raw("</td><td>")
                out.text(slice.description.map { TextLines.joined($0) } ?? "")
            }
            out.raw("</td></tr>\n")
        }
        // An empty chart's one row says so (its `chart.empty` text, else "No data").
        if layout.isEmpty {
            out.raw("<tr><td colspan=\"3\">")
            out.text(spec.chart.empty.isEmpty ? ChartOptions.defaultEmpty : spec.chart.empty)
            out.raw("</td></tr>\n")
        }
        out.raw("</tbody>\n</table>\n")
    }
}
