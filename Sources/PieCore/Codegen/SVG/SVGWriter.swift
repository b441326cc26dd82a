import PieDiagnostics
import PieSpec

/// Writes the chart's SVG markup in one pass for both documents that carry it: chart.svg
/// (inline `<style>`, `role="img"`) and the inline SVG of index.html (focusable slices,
/// tooltips, CSS in the page). Shared parts are written once and copied into both.
/// Layers, bottom to top: background, title, track, motion, exact, separators, labels, legend,
/// tooltips (index.html: above the legend, so a legend row never covers one).
struct SVGWriter {
    /// Scratch buffer the layer writers append to; `emit` copies it into the documents.
    var out: ByteWriter
    private(set) var svg: ByteWriter
    private(set) var inline: ByteWriter?
    let scene: Scene
    let layout: ChartLayout
    let title: String
    let description: String
    let format: FormatOptions
    /// index.html: each slice's tooltip (`Summary.tooltip`, also its aria-label), nil for a
    /// slice that is not interactive; empty for chart.svg alone. Made once, used three times.
    let tooltips: [Tooltip?]
    /// Concentric rings: each ring's scene, drawn in its own scope group instead of this
    /// scene's plot (`RingTransition`); empty otherwise.
    let rings: [Scene]
    /// Where this scene's slices begin in the whole chart's slices (a ring's scene): the
    /// index of its interactive slices' `p-s` classes.
    let sliceOffset: Int

    /// `page`: where the inline SVG goes, when index.html is written too: a page already
    /// holding what comes before the chart (`HTMLPage.start`), so that the chart is written
    /// into the page itself instead of into a copy of it (at 100,000 slices 26 MB).
    init(scene: Scene, title: String, description: String, format: FormatOptions, withInline: Bool,
         rings: [Scene] = [], tooltips given: [Tooltip?]? = nil, sliceOffset: Int = 0, page: ByteWriter? = nil) {
        self.rings = rings
        self.sliceOffset = sliceOffset
        self.scene = scene
        layout = scene.layout
        self.title = title
        self.description = description
        self.format = format
        let n = layout.slices.count
        out = ByteWriter(capacity: 2048 + n * 200)
        svg = ByteWriter(capacity: 4096 + n * 400)
        inline = withInline ? page ?? ByteWriter(capacity: 4096 + n * 800) : nil
        let layout = scene.layout
        let stops = withInline ? HTMLPage.focusStops(layout.slices) : []
        tooltips = given ?? (withInline ? layout.slices.indices.map { k in
            stops[k] ? Summary.tooltipWithDetail(layout.slices[k], format: format) : nil
        } : [])
    }

    /// Frees the buffers (chart.svg's bytes and the inline copy have been taken).
    mutating func release() {
        out.removeAll()
        svg.removeAll()
        inline?.removeAll()
    }

    /// Moves the scratch buffer into chart.svg and/or the inline SVG.
    mutating func emit(svg toSVG: Bool = true, inline toInline: Bool = true) {
        if toSVG { svg.raw(out) }
        if toInline { inline?.raw(out) }
        out.removeAll()
    }

    /// Writes both documents; `style` is embedded in chart.svg.
    mutating func write(style: [UInt8]) {
        // No XML declaration: UTF-8 and version 1.0 are the defaults it would state.
        openRoot(role: "img")
        out.raw("<style>\n")
        out.raw(style)
        out.raw("</style>\n")
        emit(inline: false)
        openRoot(role: "group")
        emit(svg: false)
        out.raw(Patterns.defs(scene))
        for ring in rings { out.raw(Patterns.defs(ring)) }
        if let background = layout.background {
            out.open("rect", ClassPrefix.background)
            out.raw("\" width=\"")
            out.num(layout.width)
            out.raw("\" height=\"")
            out.num(layout.height)
            out.raw("\" fill=\"")
            out.hex(background)
            out.raw("\"/>\n")
        }
        titleLayer()
        if !rings.isEmpty {
            ringsLayer()
        } else {
            plotLayer()
        }
        emit()
        legend(interactive: false)
        hoverCenterLayer()
        emit(inline: false)
        if inline != nil {
            legend(interactive: true)
            hoverCenterLayer()
            // Last, so a shown tooltip is above the legend and everything else.
            tooltipLayer()
            emit(svg: false)
        }
        out.raw("</svg>\n")
        emit()
    }

    /// The chart without the document around it (a step of a history, a chart of `charts:`):
    /// title, plot (or rings) and the legend, into chart.svg's bytes and, with `withInline`,
    /// into the inline SVG of index.html too (focusable slices, `chart.hoverCenter`'s texts,
    /// and the tooltips last).
    mutating func writeBody() {
        titleLayer()
        if !rings.isEmpty {
            ringsLayer()
        } else {
            plotLayer()
        }
        legend(interactive: false)
        emit()
        if inline != nil {
            hoverCenterLayer()
            tooltipLayer()
            emit(svg: false)
        }
    }

    /// Only the title and the legend, into chart.svg's bytes: the frame around the charts of
    /// `charts:` (`FacetWriter`). With `withInline`, into the inline SVG too, each legend row
    /// of a slice with a tooltip focusable (`FacetInteraction`).
    /// Each moved by its shift (the canvas cut around the charts' grid).
    mutating func writeFrame(titleShift: (x: Double, y: Double), legendShift: (x: Double, y: Double)) {
        for (shift, layer) in [(titleShift, 0), (legendShift, 1)] {
            out.raw("<g transform=\"translate(")
            out.num(shift.x)
            out.raw(" ")
            out.num(shift.y)
            out.raw(")\">\n")
            emit()
            if layer == 0 {
                titleLayer()
                emit()
            } else {
                legend(interactive: false)
                emit(inline: false)
                if inline != nil {
                    legend(interactive: true)
                    emit(svg: false)
                }
            }
            out.raw("</g>\n")
        }
        emit()
    }

    /// The pie of one set of slices: track, motion, exact layer, separators, labels, ink.
    private mutating func plotLayer() {
        out.open("g", ClassPrefix.plot)
        out.raw("\" transform=\"translate(")
        out.num(layout.cx)
        out.raw(" ")
        out.num(layout.cy)
        out.raw(")\">\n")
        ChartElements.svg(scene, at: .underPie, into: &out)
        PieOpacityWriter.open(scene, into: &out)
        ChartElements.svg(scene, at: .underSlices, into: &out)
        pieLayers()
        PieOpacityWriter.close(scene, into: &out)
        ChartElements.svg(scene, at: .overSlices, into: &out)
        labelLayer()
        InkWriter.svg(scene, into: &out)
        out.raw("</g>\n")
    }

    /// The `p-pie` group (mirrored for a counterclockwise chart): track, motion, exact layer,
    /// separators.
    private mutating func pieLayers() {
        out.open("g", ClassPrefix.pie)
        out.raw(layout.direction == .clockwise ? "\">\n" : "\" transform=\"scale(-1 1)\">\n")
        track()
        cutoutDefs()
        motionLayer()
        exactLayer()
        separatorLayer()
        hoverWedges()
        out.raw("</g>\n")
    }

    /// Concentric rings: every ring's pie and labels in its own scope group
    /// (`piec-<id>_r<k>`, whose rules and keyframes are its own), inside out, then rings of the
    /// previous version that shrink away. Each ring's group holds a `p-plot` (its fade).
    private mutating func ringsLayer() {
        out.open("g", ClassPrefix.rings)
        out.raw("\" transform=\"translate(")
        out.num(layout.cx)
        out.raw(" ")
        out.num(layout.cy)
        out.raw(")\">\n")
        ChartElements.svg(scene, at: .underPie, into: &out)
        PieOpacityWriter.open(scene, into: &out)
        ChartElements.svg(scene, at: .underSlices, into: &out)
        emit()
        for (k, ring) in rings.enumerated() {
            let n = ring.layout.slices.count
            // A ring that shrinks away has no slices in the new chart: nothing interactive.
            let first = k < layout.rings.count ? layout.rings[k].first : nil
            let tips: [Tooltip?] = inline == nil ? [] : first.map { Array(tooltips[$0..<$0 + n]) } ?? Array(repeating: nil, count: n)
            var sub = SVGWriter(scene: ring, title: title, description: description, format: format, withInline: inline != nil,
                                tooltips: tips, sliceOffset: first ?? 0)
            sub.ringBody(labels: false)
            svg.raw(sub.svg)
            if let subInline = sub.inline { inline?.raw(subInline) }
        }
        // The separators between rings, above every ring's slices.
        RingEdgeWriter.svg(scene.stage.ringEdges, layout: layout, into: &out)
        PieOpacityWriter.close(scene, into: &out)
        ChartElements.svg(scene, at: .overSlices, into: &out)
        // Labels above every ring's slices (an outer ring is painted after an inner one).
        for ring in rings where !ring.labels.isEmpty {
            var sub = SVGWriter(scene: ring, title: title, description: description, format: format, withInline: false,
                                tooltips: [])
            sub.ringBody(labels: true)
            out.raw(sub.svg)
        }
        out.raw("</g>\n")
    }

    /// One ring: its scope group around a plot of the ring's layers, or of its labels.
    private mutating func ringBody(labels: Bool) {
        out.raw("<g class=\"")
        out.raw(scene.scope)
        out.raw("\">\n")
        out.open("g", ClassPrefix.plot)
        out.raw("\">\n")
        if labels {
            labelLayer()
        } else {
            pieLayers()
        }
        out.raw("</g>\n</g>\n")
        emit()
    }

    private mutating func openRoot(role: StaticString) {
        let id = scene.scope
        out.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"")
        out.raw(id)
        out.raw("\" width=\"")
        out.num(layout.width)
        out.raw("\" height=\"")
        out.num(layout.height)
        out.raw("\" viewBox=\"0 0 ")
        out.num(layout.width)
        out.raw(" ")
        out.num(layout.height)
        out.raw("\" role=\"")
        out.raw(role)
        out.raw("\" aria-labelledby=\"")
        out.raw(id)
        out.raw("-title\" aria-describedby=\"")
        out.raw(id)
        out.raw("-desc\" font-family=\"")
        out.text(TextMetrics.fontFamily)
        out.raw("\" font-size=\"")
        out.num(layout.fontSize)
        out.raw("\">\n<title id=\"")
        out.raw(id)
        out.raw("-title\">")
        out.text(title)
        out.raw("</title>\n<desc id=\"")
        out.raw(id)
        out.raw("-desc\">")
        out.text(description)
        out.raw("</desc>\n")
    }

    private mutating func track() {
        guard let color = layout.track, layout.sweep > 0 else { return }
        out.open("path", ClassPrefix.track)
        out.raw("\" fill=\"")
        out.hex(color)
        out.raw("\" d=\"")
        wedge(start: layout.startAngle, end: layout.startAngle + layout.sweep,
              inner: layout.innerRadius, outer: layout.outerRadius)
        out.raw("\"/>\n")
    }

    private mutating func wedge(start: Double, end: Double, inner: Double, outer: Double) {
        out.wedge(start: start, end: end, inner: inner, outer: outer)
    }

    private mutating func motionLayer() {
        guard !scene.motion.isEmpty else { return }
        // Hidden at rest by `visibility` and `opacity` (Inkscape ignores `visibility`;
        // `StyleWriter.hiddenAtRest` restores the opacity where CSS runs).
        out.open("g", ClassPrefix.motion)
        out.raw("\" visibility=\"hidden\" opacity=\"0\" fill=\"none\" transform=\"rotate(")
        out.num(layout.startAngle)
        out.raw(")\"")
        if scene.stacked, let first = scene.motion.first {
            out.raw(" stroke-width=\"")
            out.num(first.width)
            out.raw("\"")
        }
        out.raw(">\n")
        underlays(after: nil)
        for m in scene.colourCircles.isEmpty ? scene.motion[...] : scene.motion.prefix(1) {
            motionOpen(m.index)
            out.open("circle", ClassPrefix.dash)
            out.int(m.index)
            out.raw("\"")
            motionAttributes(m, stroke: nil)
            out.raw("/>\n")
            motionPattern(m)
            motionClose(m.index)
            underlays(after: m.index)
        }
        for c in scene.colourCircles { colourCircle(c) }
        if !scene.separatorBands.isEmpty {
            out.open("g", ClassPrefix.bands)
            out.raw("\" stroke=\"")
            out.hex(layout.stroke.color)
            out.raw("\">\n")
            for c in scene.separatorBands { colourCircle(c) }
            out.raw("</g>\n")
        }
        out.raw("</g>\n")
    }

    /// A colour circle (its own stroke, the ring's radius) or a separator band (its own width
    /// and radius, the stroke of its group), its final pattern and static start.
    private mutating func colourCircle(_ c: Scene.ColourCircle) {
        out.open("circle", ClassPrefix.colourCircle)
        out.int(c.index)
        if let band = c.band {
            out.raw("\" stroke-width=\"")
            out.num(band.width)
        } else {
            out.raw("\" stroke=\"")
            out.hex(c.color)
        }
        out.raw("\" stroke-dasharray=\"")
        out.dashList(c.to)
        out.raw("\" transform=\"rotate(")
        out.num(c.start - Scene.circleStart)
        out.raw(")\" r=\"")
        out.num(c.band?.radius ?? scene.motion.first?.radius ?? 0)
        out.raw("\"/>\n")
    }

    /// The moving extensions (`Scene.underlays`) that follow motion element `after`.
    private mutating func underlays(after: Int?) {
        for u in scene.underlays where u.after == after {
            out.open("circle", ClassPrefix.underlay)
            out.int(u.dash.index)
            out.raw("\"")
            motionAttributes(u.dash, stroke: nil)
            out.raw("/>\n")
        }
    }

    /// The resting extensions that follow slice `after` (nil: the bottom).
    private mutating func restUnderlays(after: Int?, strokes: Bool, width: Double?) {
        for (a, u) in scene.restUnderlays where a == after {
            if strokes {
                restStroke(u.color, start: u.startAngle, end: u.endAngle, inner: u.innerRadius, outer: u.outerRadius,
                           shared: width)
                continue
            }
            out.raw("<path fill=\"")
            out.hex(u.color)
            out.raw("\" d=\"")
            out.wedge(start: u.startAngle, end: u.endAngle, inner: u.innerRadius, outer: u.outerRadius)
            out.raw("\"/>\n")
        }
    }

    /// A motion element's stroke (`stroke`, or its own colour), width, final dash
    /// (`StateAttributes`) and radius, each attribute once.
    mutating func motionAttributes(_ m: Scene.Motion, stroke: String?) {
        if m.to.color == nil || stroke != nil {
            out.raw(" stroke=\"")
            if let stroke { out.raw(stroke) } else { out.hex(m.color) }
            out.raw("\"")
        }
        if (!scene.stacked || m.ownWidth), m.to.width == nil {
            out.raw(" stroke-width=\"")
            out.num(m.width)
            out.raw("\"")
        }
        var to = m.to
        if stroke != nil { to.color = nil }
        out.dashAttributes(to, circumference: m.circumference)
        out.raw(" r=\"")
        out.num(m.radius)
        out.raw("\"")
    }

    /// The exact rest state. Stacked: slice k from its start to the end of the used arc, in
    /// angular order (no seams); otherwise each slice's own wedge.
    private mutating func exactLayer() {
        // Plain wedges of one ring are strokes of its middle circle (`RestStrokes`): the
        // stroke's width on the group that holds them (index.html: `p-st`, not `p-in`).
        let strokes = scene.drawing.rest == .strokes, width = strokes ? scene.restStrokeWidth : nil
        emit()
        out.open("g", ClassPrefix.exact)
        out.raw("\"")
        if strokes { restStrokeGroup(width: width) }
        out.raw(">\n")
        emit(inline: false)
        out.open("g", ClassPrefix.exact)
        out.raw("\">\n")
        out.open("g", ClassPrefix.staticWedges)
        out.raw("\"")
        if strokes { restStrokeGroup(width: width) }
        out.raw(">\n")
        emit(svg: false)
        restUnderlays(after: nil, strokes: strokes, width: width)
        // Visible slices in order, paired with their rest ends (no index array, no slice copies).
        let ends = scene.restEnds
        var r = 0
        for k in layout.slices.indices where layout.slices[k].isVisible {
            guard r < ends.count else { break }
            let end = ends[r]
            r += 1
            if strokes {
                restStroke(k, end: end, shared: width)
            } else {
                restPaths(k, end: end, separator: "\n")
                out.raw("\n")
            }
            restUnderlays(after: k, strokes: strokes, width: width)
        }
        emit()
        if inline != nil {
            out.raw("</g>\n")
            out.open("g", ClassPrefix.interactive)
            out.raw("\">\n")
            interactiveSlices()
            out.raw("</g>\n")
            emit(svg: false)
        }
        out.raw("</g>\n")
    }

    private mutating func separatorLayer() {
        guard !scene.separators.isEmpty else { return }
        out.open("g", ClassPrefix.separators)
        out.raw("\" fill=\"none\" stroke=\"")
        out.hex(layout.stroke.color)
        out.raw("\" stroke-width=\"")
        out.num(layout.stroke.width)
        out.raw("\">\n")
        for b in scene.separators {
            // Hidden at rest (the moving end of a closing circle) by `visibility` and `opacity`.
            let hidden: StaticString = b.motionOnly ? "\" visibility=\"hidden\" opacity=\"0\"" : "\""
            // Hidden while either slice is too narrow: a group that only CSS animates.
            let step = scene.steps(b)
            if step {
                out.open("g", ClassPrefix.separatorStep)
                out.int(b.index)
                out.raw("\">")
            }
            defer { if step { out.raw("</g>\n") } }
            if b.fromInner != nil {
                // A unit ray in a turning group, moved out to the inner radius and stretched
                // to the ring's width (`MotionFrames.rayStretch`).
                out.open("g", ClassPrefix.separator)
                out.int(b.index)
                out.raw("\" transform=\"rotate(")
                out.num(b.to)
                out.raw(")")
                out.raw(hidden)
                if b.toOpacity == 0, !b.motionOnly { out.raw(" opacity=\"0\"") }
                out.raw("><path transform=\"translate(0 ")
                out.num(-b.inner)
                out.raw(") scale(1 ")
                out.num(MotionFrames.rayLength(b.outer - b.inner), decimals: 5)
                out.raw(")\" d=\"M0 0V-1\"/></g>\n")
                continue
            }
            out.open("path", ClassPrefix.separator)
            out.int(b.index)
            out.raw("\" transform=\"rotate(")
            out.num(b.to)
            out.raw(")")
            out.raw(hidden)
            // A line inside "Other" fades out: gone at rest, for static renderers too.
            out.raw(b.toOpacity == 0 && !b.motionOnly ? " opacity=\"0\" d=\"" : " d=\"")
            out.radial(inner: b.inner, outer: b.outer)
            out.raw("\"/>\n")
        }
        out.raw("</g>\n")
    }

    private mutating func labelLayer() {
        guard !scene.labels.isEmpty else { return }
        out.open("g", ClassPrefix.labels)
        out.raw("\" text-anchor=\"middle\">\n")
        // A box's final state, and its start where it changes (`rx` is then always written:
        // CSS does not interpolate a length with `auto`).
        // A box that goes is drawn at rest with opacity 0 (`LabelBoxPose.absent`).
        let boxes = LabelBoxPose.ends(scene.plan.from.labelBox, scene.plan.to.labelBox)
        for l in scene.labels {
            let box = boxes?.to.rect(l.text, fontSize: layout.fontSize)
            let from = boxes?.from.rect(l.text, fontSize: layout.fontSize)
            SVGWriter.insideLabel(l.index, l.text, color: l.color, angle: l.to, radius: l.radius, turn: l.turn,
                                  opacity: l.toOpacity == 0 ? 0 : 1, fontSize: layout.fontSize, box: box,
                                  writesRx: (from?.rx ?? 0) > 0, into: &out)
        }
        out.raw("</g>\n")
    }

    /// One inside label (`.p-l<index>`) at screen angle `angle` and `radius`, in two elements,
    /// so that the position turns along the circle in every engine (`MotionFrames.labelOuter`
    /// and `labelInner`): the group turns to the label's angle and moves out to its radius, the
    /// text turns by `turn`: back upright (`-angle`), or as `labels.orientation` turns it
    /// (`LabelTurn.inner`). `opacity` below 1 is written (a leaving slice's label is gone
    /// at rest, for static renderers too). `box` (`labels.box`): a rounded `<rect>` behind the
    /// text, turned with it (`labelBox`); `writesRx`: its `rx` even when 0.
    static func insideLabel(_ index: Int, _ text: String, color: Color, angle: Double, radius: Double, turn: Double, opacity: Double,
                            fontSize: Double, box: LabelBoxPose.Rect? = nil, writesRx: Bool = false, scale: Double = 1,
                            into out: inout ByteWriter) {
        out.open("g", ClassPrefix.label)
        out.int(index)
        out.raw("\" transform=\"rotate(")
        out.num(angle)
        out.raw(") translate(0 ")
        out.num(-radius)
        if opacity < 1 {
            out.raw(")\" opacity=\"")
            out.num(opacity)
            out.raw("\">")
        } else {
            out.raw(")\">")
        }
        if let box { labelBox(box, turn: turn, writesRx: writesRx, into: &out) }
        out.raw("<text transform=\"rotate(")
        out.num(turn)
        if scale != 1 {
            // A frame of a changing size (`Stage.Label.fromScale`): as the CSS `scale` does.
            out.raw(") scale(")
            out.num(scale)
        }
        out.raw(")\" y=\"")
        out.num(fontSize * 0.35 + TextLines.firstLineShift(text, fontSize: fontSize))
        out.raw("\" fill=\"")
        out.hex(color)
        out.raw("\">")
        out.textLines(text, x: 0, fontSize: fontSize)
        out.raw("</text></g>\n")
    }

    /// The box behind an inside label's text (`LabelBoxPose.rect`), turned by the text's
    /// `turn`. Its keyframes are the text's motion without its colour, and the box's own
    /// where it changes (`StyleWriter`, `.p-l<k>>rect`). A border of width 0 (one that goes)
    /// keeps its colour, so that it can thin out; a box that fades has its `opacity`.
    static func labelBox(_ box: LabelBoxPose.Rect, turn: Double, writesRx: Bool = false, into out: inout ByteWriter) {
        out.raw("<rect transform=\"rotate(")
        out.num(turn)
        out.raw(")\" x=\"")
        out.num(box.x)
        out.raw("\" y=\"")
        out.num(box.y)
        out.raw("\" width=\"")
        out.num(box.width)
        out.raw("\" height=\"")
        out.num(box.height)
        if box.rx > 0 || writesRx {
            out.raw("\" rx=\"")
            out.num(box.rx)
        }
        out.raw("\" fill=\"")
        out.hex(box.fill)
        if let stroke = box.stroke {
            out.raw("\" stroke=\"")
            out.hex(stroke)
            if box.strokeWidth != LabelBoxOptions.strokeWidth {
                out.raw("\" stroke-width=\"")
                out.num(box.strokeWidth)
            }
        }
        if box.opacity < 1 {
            out.raw("\" opacity=\"")
            out.num(box.opacity)
        }
        out.raw("\"/>")
    }
}
