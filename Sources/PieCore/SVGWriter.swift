import PieDiagnostics
import PieSpec

/// Writes the chart's SVG markup. The same writer makes chart.svg (`interactive == false`,
/// inline `<style>`) and the inline SVG of index.html (focusable slices, tooltips, CSS in
/// the page). Layers, bottom to top: background, track, motion, exact, separators, labels,
/// tooltips, legend.
struct SVGWriter {
    var out: ByteWriter
    let scene: Scene
    let layout: ChartLayout
    let interactive: Bool
    let title: String
    let description: String
    let format: FormatOptions

    init(scene: Scene, title: String, description: String, format: FormatOptions, interactive: Bool) {
        self.scene = scene
        layout = scene.layout
        self.interactive = interactive
        self.title = title
        self.description = description
        self.format = format
        let perSlice = interactive ? 700 : 360
        out = ByteWriter(capacity: 2048 + layout.slices.count * perSlice)
    }

    /// The whole `<svg>` element; `style` is embedded when given (chart.svg).
    mutating func write(style: [UInt8]?) {
        openRoot()
        if let style {
            out.raw("<style>\n")
            out.raw(style)
            out.raw("</style>\n")
        }
        if let background = layout.background {
            out.raw("<rect width=\"")
            out.num(layout.width)
            out.raw("\" height=\"")
            out.num(layout.height)
            out.raw("\" fill=\"" + background.hex + "\"/>\n")
        }
        out.raw("<g class=\"p-plot\" transform=\"translate(")
        out.num(layout.cx)
        out.raw(" ")
        out.num(layout.cy)
        out.raw(")\">\n")
        out.raw(layout.direction == .clockwise ? "<g class=\"p-pie\">\n" : "<g class=\"p-pie\" transform=\"scale(-1 1)\">\n")
        track()
        motionLayer()
        exactLayer()
        separatorLayer()
        out.raw("</g>\n")
        labelLayer()
        if interactive { tooltipLayer() }
        out.raw("</g>\n")
        legend()
        out.raw("</svg>\n")
    }

    private mutating func openRoot() {
        let id = scene.scope
        out.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"" + id + "\" width=\"")
        out.num(layout.width)
        out.raw("\" height=\"")
        out.num(layout.height)
        out.raw("\" viewBox=\"0 0 ")
        out.num(layout.width)
        out.raw(" ")
        out.num(layout.height)
        out.raw("\" role=\"" + (interactive ? "group" : "img") + "\" aria-labelledby=\"" + id + "-title\"")
        out.raw(" aria-describedby=\"" + id + "-desc\" font-family=\"")
        out.text(TextMetrics.fontFamily)
        out.raw("\" font-size=\"")
        out.num(layout.fontSize)
        out.raw("\">\n<title id=\"" + id + "-title\">")
        out.text(title)
        out.raw("</title>\n<desc id=\"" + id + "-desc\">")
        out.text(description)
        out.raw("</desc>\n")
    }

    private mutating func track() {
        guard let color = layout.track, layout.sweep > 0 else { return }
        out.raw("<path class=\"p-track\" fill=\"" + color.hex + "\" d=\"")
        wedge(start: layout.startAngle, end: layout.startAngle + layout.sweep,
              inner: layout.innerRadius, outer: layout.outerRadius)
        out.raw("\"/>\n")
    }

    private mutating func wedge(start: Double, end: Double, inner: Double, outer: Double) {
        out.wedge(start: start, end: end, inner: inner, outer: outer)
    }

    private mutating func motionLayer() {
        guard !scene.motion.isEmpty else { return }
        out.raw("<g class=\"p-mo\" visibility=\"hidden\" fill=\"none\"")
        if scene.stacked, let first = scene.motion.first {
            out.raw(" stroke-width=\"")
            out.num(first.width)
            out.raw("\"")
        }
        out.raw(">\n")
        var circle: [UInt8] = []
        for m in scene.motion {
            out.raw("<path class=\"p-m")
            out.int(m.index)
            out.raw("\" stroke=\"" + m.color.hex + "\"")
            if !scene.stacked {
                out.raw(" stroke-width=\"")
                out.num(m.width)
                out.raw("\"")
            }
            out.raw(" d=\"")
            if circle.isEmpty || !scene.stacked {
                var p = ByteWriter(capacity: 64)
                p.motionCircle(radius: m.radius)
                circle = p.bytes
            }
            out.raw(circle)
            out.raw("\"/>\n")
        }
        out.raw("</g>\n")
    }

    /// The exact rest state. Stacked: slice k from its start to the end of the used arc, in
    /// angular order (no seams); otherwise each slice's own wedge.
    private mutating func exactLayer() {
        out.raw("<g class=\"p-ex\">\n")
        if interactive { out.raw("<g class=\"p-st\">\n") }
        for (slice, end) in zip(layout.slices.lazy.filter(\.isVisible), scene.restEnds) {
            out.raw("<path fill=\"" + slice.color.hex + "\" d=\"")
            wedge(start: slice.startAngle, end: end, inner: slice.innerRadius, outer: slice.outerRadius)
            out.raw("\"/>\n")
        }
        if interactive {
            out.raw("</g>\n<g class=\"p-in\">\n")
            interactiveSlices()
            out.raw("</g>\n")
        }
        out.raw("</g>\n")
    }

    private mutating func separatorLayer() {
        guard !scene.separators.isEmpty else { return }
        out.raw("<g class=\"p-sep\" fill=\"none\" stroke=\"" + layout.stroke.color.hex + "\" stroke-width=\"")
        out.num(layout.stroke.width)
        out.raw("\">\n")
        for b in scene.separators {
            out.raw("<path class=\"p-b")
            out.int(b.index)
            out.raw("\" transform=\"rotate(")
            out.num(b.to)
            out.raw(b.motionOnly ? ")\" visibility=\"hidden\" d=\"" : ")\" d=\"")
            out.radial(inner: b.inner, outer: b.outer)
            out.raw("\"/>\n")
        }
        out.raw("</g>\n")
    }

    private mutating func labelLayer() {
        guard !scene.labels.isEmpty else { return }
        out.raw("<g class=\"p-lb\" text-anchor=\"middle\">\n")
        let dy = layout.fontSize * 0.35
        for l in scene.labels {
            out.raw("<text class=\"p-l")
            out.int(l.index)
            out.raw("\" transform=\"rotate(")
            out.num(l.to)
            out.raw(") translate(0 ")
            out.num(-l.radius)
            out.raw(") rotate(")
            out.num(-l.to)
            out.raw(")\" y=\"")
            out.num(dy)
            out.raw("\" fill=\"" + l.color.hex + "\">")
            out.text(l.text)
            out.raw("</text>\n")
        }
        out.raw("</g>\n")
    }
}
