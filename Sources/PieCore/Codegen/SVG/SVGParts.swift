import PieDiagnostics
import PieSpec

/// The legend, and the interactive parts of index.html's inline SVG.
extension SVGWriter {
    /// Swatch + label + percent per slice, in slice order. `interactive` (index.html): each
    /// row of an interactive slice is a focusable group that highlights its slice
    /// (`LegendInteraction`). `ink`: the text colour (default: the light mode's).
    mutating func legend(interactive: Bool, ink: Color? = nil) {
        let legend = layout.legend
        guard legend.position != .none, !legend.items.isEmpty else { return }
        out.open("g", ClassPrefix.legend, ClassPrefix.ink)
        out.raw("\" fill=\"")
        out.hex(ink ?? DarkTheme.lightModeInk(layout))
        out.raw("\" transform=\"translate(")
        out.num(legend.x)
        out.raw(" ")
        out.num(legend.y)
        out.raw(")\">\n")
        if let title = legend.title {
            out.open("text", ClassPrefix.legendTitle)
            out.raw("\" y=\"10\" font-weight=\"bold\">")
            out.text(title)
            out.raw("</text>\n")
        }
        // A table legend's column heads (`LegendTable`), bold, each right-aligned at its column's end.
        for head in legend.heads {
            out.raw("<text x=\"")
            out.num(head.x)
            out.raw("\" y=\"")
            out.num((legend.title == nil ? 0 : LegendPlacer.rowHeight) + 10)
            out.raw("\" text-anchor=\"end\" font-weight=\"bold\">")
            out.text(head.text)
            out.raw("</text>\n")
        }
        for item in legend.items {
            let focusable = interactive && item.slice.map { tooltips[$0] != nil } == true
            if focusable, let k = item.slice { openLegendItem(item, slice: k) }
            legendItem(item, alignEnd: legend.alignEnd)
            if focusable { out.raw("</g>\n") }
        }
        out.raw("</g>\n")
    }

    /// One legend row: swatch (none for the "more" row), label, and percent.
    private mutating func legendItem(_ item: LegendLayout.Item, alignEnd: Bool) {
        if let k = item.slice {
            // The swatch, then its pattern overlay (if any): colours written as bytes, no Strings.
            // A translucent pie (`theme.opacity`): the swatch and its overlay as one group at that opacity.
            let color = layout.slices[k].color, pattern = layout.slices[k].pattern
            if layout.opacity < 1 {
                out.raw("<g opacity=\"")
                out.num(layout.opacity)
                out.raw("\">")
            }
            swatch(item)
            out.paint(color, "fill-opacity")
            out.raw("\"/>")
            if let fill = Patterns.fill(pattern, on: color, scope: scene.scope) {
                swatch(item)
                out.raw(fill)
                out.raw("\"/>")
            }
            if layout.opacity < 1 { out.raw("</g>") }
        }
        out.raw("<text x=\"")
        out.num(item.x + LegendPlacer.textX)
        out.raw("\" y=\"")
        out.num(item.y + 10)
        out.raw("\">")
        out.text(item.label)
        if !item.percent.isEmpty, !alignEnd {
            out.raw(" <tspan fill-opacity=\"0.75\">")
            out.text(item.percent)
            out.raw("</tspan>")
        }
        out.raw("</text>")
        if !item.percent.isEmpty, alignEnd {
            out.raw("<text x=\"")
            out.num(item.x + item.percentX)
            out.raw("\" y=\"")
            out.num(item.y + 10)
            out.raw("\" text-anchor=\"end\">")
            out.text(item.percent)
            out.raw("</text>")
        }
        for (text, head) in zip(item.cells, layout.legend.heads) {
            out.raw("<text x=\"")
            out.num(item.x + head.x)
            out.raw("\" y=\"")
            out.num(item.y + 10)
            out.raw("\" text-anchor=\"end\" fill-opacity=\"0.75\">")
            out.text(text)
            out.raw("</text>")
        }
        out.raw("\n")
    }

    /// The title and subtitle (`TitleBlock`), centred above the chart in the ink colour.
    /// `aria-hidden`: the SVG is already named by its `<title>`.
    /// A changed title (`InkScene.titles`) is two blocks cross-fading; the old one is gone at
    /// rest (`opacity="0"`, for static renderers too).
    mutating func titleLayer() {
        let fading = scene.ink.titles
        let coming = fading.filter { $0.toOpacity > 0 }.flatMap(\.lines)
        let still = (layout.title?.lines ?? []).filter { !coming.contains($0) }
        if !still.isEmpty { titleLines(still, index: nil) }
        for t in fading { titleLines(t.lines, index: t.index, opacity: t.toOpacity == 0 ? 0 : 1) }
    }

    /// One block of title lines; `opacity` below 1 is written as an attribute, `ink` (default:
    /// the light mode's) is the text colour.
    mutating func titleLines(_ lines: [TitleBlock.Line], index: Int?, opacity: Double = 1, ink: Color? = nil) {
        out.open("g", ClassPrefix.title, ClassPrefix.ink)
        if let index {
            out.raw(" ")
            out.classes(ClassPrefix.titleLine)
            out.int(index)
        }
        if opacity < 1 {
            out.raw("\" opacity=\"")
            out.num(opacity)
        }
        out.raw("\" aria-hidden=\"true\" text-anchor=\"middle\" fill=\"")
        out.hex(ink ?? DarkTheme.lightModeInk(layout))
        out.raw("\">\n")
        for line in lines {
            out.raw("<text x=\"")
            out.num(layout.width / 2)
            out.raw("\" y=\"")
            out.num(line.y)
            out.raw("\" font-size=\"")
            out.num(line.fontSize)
            out.raw(line.bold ? "\" font-weight=\"bold\">" : "\" fill-opacity=\"0.8\">")
            out.text(line.text)
            out.raw("</text>\n")
        }
        out.raw("</g>\n")
    }

    /// `<rect x=".." y=".." width="12" height="12" rx="2" fill="` of a legend row's swatch;
    /// a coordinate of 0 (the default) is left out.
    private mutating func swatch(_ item: LegendLayout.Item) {
        out.raw("<rect")
        if NumberText.decimal(item.x, decimals: 3) != .zero {
            out.raw(" x=\"")
            out.num(item.x)
            out.raw("\"")
        }
        if NumberText.decimal(item.y, decimals: 3) != .zero {
            out.raw(" y=\"")
            out.num(item.y)
            out.raw("\"")
        }
        out.raw(" width=\"12\" height=\"12\" rx=\"2\" fill=\"")
    }

    /// index.html: each interactive slice's own wedge in a focusable group, in slice order.
    mutating func interactiveSlices() {
        for k in layout.slices.indices {
            guard let tooltip = tooltips[k] else { continue }
            out.open("g", ClassPrefix.wedge, ClassPrefix.slice)
            out.int(k + sliceOffset)
            out.raw("\" tabindex=\"0\" role=\"img\" aria-label=\"")
            out.text(tooltip.ariaLabel)
            out.raw("\">")
            restPaths(k, end: layout.slices[k].endAngle, separator: "")
            out.raw("</g>\n")
        }
    }

    /// index.html: one hidden tooltip per interactive slice, shown while its slice is hovered or
    /// focused. Screen coordinates centred on the pie (never mirrored), kept inside the
    /// canvas; the layer is the last one, above the legend. A slice's description is a second,
    /// fainter line, cut to the canvas's width.
    mutating func tooltipLayer() {
        out.open("g", ClassPrefix.tooltips)
        out.raw("\" transform=\"translate(")
        out.num(layout.cx)
        out.raw(" ")
        out.num(layout.cy)
        out.raw(")\" text-anchor=\"middle\" fill=\"#fff\">\n")
        let dy = layout.fontSize * 0.35
        let lineHeight = (layout.fontSize * 1.3).rounded()
        for k in layout.slices.indices {
            guard let tooltip = tooltips[k] else { continue }
            let text = tooltip.line
            let detail = tooltip.detail.map { TextMetrics.truncate($0, maxWidth: layout.width - 24, fontSize: layout.fontSize) }
            let width = max(TextMetrics.width(text, fontSize: layout.fontSize), detail.map { TextMetrics.width($0, fontSize: layout.fontSize) } ?? 0) + 16
            let height = 22 + (detail == nil ? 0 : lineHeight)
            let radius = layout.slices[k].geometry.labelRadius(fraction: layout.labelFraction) + layout.slices[k].explode
            let p = Geometry.point(angle: layout.screenSign * layout.slices[k].midAngle, radius: radius)
            let minX = -layout.cx + width / 2 + 2, maxX = layout.width - layout.cx - width / 2 - 2
            let x = max(minX, min(p.x, maxX))
            let y = max(-layout.cy + 13, min(p.y - 22, layout.height - layout.cy - height + 9))
            out.open("g", ClassPrefix.tooltip, ClassPrefix.tooltip)
            out.int(k)
            out.raw("\" transform=\"translate(")
            out.num(x)
            out.raw(" ")
            out.num(y)
            out.raw(")\"><rect x=\"")
            out.num(-width / 2)
            out.raw("\" y=\"-11\" width=\"")
            out.num(width)
            out.raw("\" height=\"")
            out.num(height)
            out.raw("\" rx=\"4\" fill=\"#1f2937\" fill-opacity=\"0.92\"/><text y=\"")
            out.num(dy)
            out.raw("\">")
            out.text(text)
            out.raw("</text>")
            if let detail {
                out.raw("<text y=\"")
                out.num(dy + lineHeight)
                out.raw("\" fill-opacity=\"0.85\">")
                out.text(detail)
                out.raw("</text>")
            }
            out.raw("</g>\n")
        }
        out.raw("</g>\n")
    }
}
