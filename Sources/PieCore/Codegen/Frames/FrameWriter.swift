import PieJSON
import PieSpec

/// Which of a chart's looks a frame shows: the light one (the attributes of chart.svg) or the
/// `theme.dark: auto` variant applied unconditionally. A chart with `theme.dark: none` has one
/// look, shown for both.
public enum FrameTheme: String, Sendable, CaseIterable {
    case light, dark
}

public struct FrameOptions: Sendable {
    public var theme: FrameTheme
    /// Width of the image in px (the height follows); nil = the chart's own size.
    public var width: Double?
    public init(theme: FrameTheme = .light, width: Double? = nil) {
        self.theme = theme
        self.width = width
    }
}

/// `piec render`: static SVGs of a compiled chart at any instant of its animation (no style
/// sheet, no animation, no script), from `FramePose`. At or after the end of the timeline the
/// frame is the chart static renderers show of chart.svg.
public enum Frames {
    /// When the chart moves: from the first change's start to the last change's end (ms after
    /// load; a chart that does not move has a timeline of length 0).
    public static func timeline(_ chart: CompiledChart) -> TimeWindow { FramePose.timeline(chart) }

    /// The chart's own size in px (the viewBox).
    public static func size(_ chart: CompiledChart) -> (width: Double, height: Double) {
        (chart.layout.width, chart.layout.height)
    }

    /// The static SVG of `chart` at `t` ms after load. `spec` names it (its title or id).
    public static func svg(chart: CompiledChart, spec: ChartSpec, at t: Double, options: FrameOptions = FrameOptions()) -> [UInt8] {
        let title = spec.title.flatMap { $0.isEmpty ? nil : $0 } ?? spec.id
        return FrameWriter.write(FramePose.at(chart, t: t), title: title, options: options)
    }

    /// The colour a transparent chart is shown on in `theme` (white, or the dark background),
    /// for formats without transparency; an opaque chart's own background.
    public static func pageColor(_ chart: CompiledChart, theme: FrameTheme) -> Color { pageColor(chart.layout, theme: theme) }

    static func pageColor(_ layout: ChartLayout, theme: FrameTheme) -> Color {
        FrameInks(layout, theme: theme).background ?? (theme == .dark ? layout.dark?.background : nil) ?? Color(r: 255, g: 255, b: 255)
    }
}

/// The colours of one look: chart.svg's attributes (light) or its dark rules (`DarkTheme`).
struct FrameInks {
    var background: Color?
    /// The legend and the title.
    var text: Color
    /// Outside labels, leader lines and centre text.
    var ink: Color
    let dark: Bool

    init(_ layout: ChartLayout, theme: FrameTheme) {
        if theme == .dark, let d = layout.dark {
            dark = true
            background = d.paintsBackground ? d.background : nil
            text = d.ink
            ink = d.ink
        } else {
            dark = false
            background = layout.background
            text = DarkTheme.lightModeInk(layout)
            ink = layout.ink
        }
    }

    func separator(_ layout: ChartLayout) -> Color { dark ? layout.dark?.separator ?? layout.stroke.color : layout.stroke.color }
    func track(_ layout: ChartLayout) -> Color? { dark ? layout.dark?.track ?? layout.track : layout.track }
}

/// Writes a `FramePose` as one static SVG: background, title, each pie (track, wedges,
/// separators), inside labels, outside labels and centre text, legend. Elements at opacity 0
/// are left out.
struct FrameWriter {
    var out: ByteWriter
    let pose: FramePose
    let inks: FrameInks

    static func write(_ pose: FramePose, title: String, options: FrameOptions) -> [UInt8] {
        var w = FrameWriter(out: ByteWriter(capacity: 4096 + pose.layout.slices.count * 300), pose: pose,
                            inks: FrameInks(pose.layout, theme: options.theme))
        let layout = pose.layout
        w.out.openFrame(width: layout.width, height: layout.height, fontSize: layout.fontSize, title: title, options: options)
        w.write(title: title, background: (layout.width, layout.height))
        w.out.raw("</svg>\n")
        return w.out.bytes
    }

    /// The chart drawn in its own coordinates: pattern definitions, the background (of this
    /// size, when its look has one), the title, the pies and the legend.
    mutating func write(title: String, background size: (width: Double, height: Double)?) {
        let layout = pose.layout
        for pie in pose.pies { out.raw(pie.patternDefs) }
        if let size, let background = inks.background { out.rect(width: size.width, height: size.height, fill: background) }
        // The legend and the title, by chart.svg's own writer (a scene at rest).
        var none = AnimationOptions()
        none.enter = .none
        var parts = SVGWriter(scene: Scene(layout: layout, plan: Planner.enter(layout, animation: none), output: .frames), title: title,
                              description: "", format: FormatOptions(), withInline: false)
        for t in pose.titles where t.opacity > 0 { parts.titleLines(t.lines, index: nil, opacity: t.opacity, ink: inks.text) }
        out.raw(parts.out)
        parts.out.removeAll()
        plot()
        parts.legend(interactive: false, ink: inks.text)
        out.raw(parts.out)
    }

    /// Every pie, centred, then the labels above all of them (one pie, or rings inside out).
    private mutating func plot() {
        let layout = pose.layout
        out.raw("<g transform=\"translate(")
        out.num(layout.cx)
        out.raw(" ")
        out.num(layout.cy)
        out.raw(")\">\n")
        if layout.rings.isEmpty, let pie = pose.pies.first {
            // One plot group: a fading chart fades as one image (labels over slices).
            opened(pie.opacity) {
                $0.elements(at: .underPie, scope: pie.scope)
                $0.opened($0.pose.opacity) {
                    $0.elements(at: .underSlices, scope: pie.scope)
                    $0.pieLayers(pie)
                }
                $0.elements(at: .overSlices, scope: pie.scope)
                $0.labels(pie)
            }
        } else {
            // Rings: each ring's pie, then every ring's labels, each group fading on its own.
            elements(at: .underPie, scope: nil)
            opened(pose.opacity) {
                $0.elements(at: .underSlices, scope: nil)
                for pie in $0.pose.pies { $0.opened(pie.opacity) { $0.pieLayers(pie) } }
                RingEdgeWriter.frame($0.pose.ringEdges, layout: layout, into: &$0.out)
            }
            elements(at: .overSlices, scope: nil)
            for pie in pose.pies { opened(pie.opacity) { $0.labels(pie) } }
        }
        out.raw("</g>\n")
    }

    /// The chart elements at `placement` (`ChartElements.frame`), in the look of the frame.
    private mutating func elements(at placement: ChartPlacement, scope: String?) {
        ChartElements.frame(pose.elements, at: placement, scope: scope, dark: inks.dark, into: &out)
    }

    /// `body` inside a group at `opacity` (none when opaque); nothing at opacity 0.
    private mutating func opened(_ opacity: Double, _ body: (inout FrameWriter) -> Void) {
        guard opacity > 0 else { return }
        if opacity < 1 {
            out.raw("<g opacity=\"")
            out.num(opacity)
            out.raw("\">\n")
        }
        body(&self)
        if opacity < 1 { out.raw("</g>\n") }
    }

    /// Track, wedges and separators, mirrored for a counterclockwise chart.
    private mutating func pieLayers(_ pie: FramePose.Pie) {
        let layout = pie.layout
        out.raw(layout.direction == .clockwise ? "<g>\n" : "<g transform=\"scale(-1 1)\">\n")
        if let color = inks.track(layout), layout.sweep > 0 {
            out.raw("<path fill=\"")
            out.hex(color)
            out.raw("\" d=\"")
            out.wedge(start: layout.startAngle, end: layout.startAngle + layout.sweep, inner: layout.innerRadius, outer: layout.outerRadius)
            out.raw("\"/>\n")
        }
        for w in pie.wedges {
            wedge(w, fill: { $0.paint(w.geometry.color, "fill-opacity") })
            if let (kind, color) = w.pattern, let fill = Patterns.fill(kind, on: color, scope: pie.scope) {
                wedge(w, fill: { $0.raw(fill) })
            }
        }
        let lines = pie.lines.filter { $0.opacity > 0 && $0.outer > $0.inner }
        if !lines.isEmpty {
            out.raw("<g fill=\"none\" stroke=\"")
            out.hex(inks.separator(layout))
            out.raw("\" stroke-width=\"")
            out.num(layout.stroke.width)
            out.raw("\">\n")
            for line in lines {
                out.raw("<path transform=\"rotate(")
                out.num(line.angle)
                out.raw(")\"")
                if line.opacity < 1 {
                    out.raw(" opacity=\"")
                    out.num(line.opacity)
                    out.raw("\"")
                }
                out.raw(" d=\"")
                out.radial(inner: line.inner, outer: line.outer)
                out.raw("\"/>\n")
            }
            out.raw("</g>\n")
        }
        out.raw("</g>\n")
    }

    private mutating func wedge(_ w: FramePose.Wedge, fill: (inout ByteWriter) -> Void) {
        let g = w.geometry
        out.raw("<path fill=\"")
        fill(&out)
        out.raw("\"")
        if g.explode > 0 {
            let p = Geometry.point(angle: w.mid, radius: g.explode)
            out.raw(" transform=\"translate(")
            out.num(p.x)
            out.raw(" ")
            out.num(p.y)
            out.raw(")\"")
        }
        out.raw(" d=\"")
        if let shape = w.shape {
            out.path(shape.outline())
        } else {
            out.wedge(start: g.startAngle, end: g.endAngle, inner: g.innerRadius, outer: g.outerRadius)
        }
        out.raw("\"/>\n")
    }

    /// Inside labels, then outside labels with their leaders and the centre text.
    private mutating func labels(_ pie: FramePose.Pie) {
        let fontSize = pie.layout.fontSize
        let inside = pie.labels.enumerated().filter { $0.element.opacity > 0 }
        if !inside.isEmpty {
            out.raw("<g text-anchor=\"middle\">\n")
            for (k, l) in inside {
                SVGWriter.insideLabel(k, l.text, color: l.color, angle: l.angle, radius: l.radius, turn: l.turn, opacity: l.opacity,
                                      fontSize: fontSize, box: l.box, scale: l.scale, into: &out)
            }
            out.raw("</g>\n")
        }
        // A text blending from or to the ink takes the frame's look's ink (`darkColor`).
        let outside = pie.outside.enumerated().filter { $0.element.pose.opacity > 0 }.map { (index: $0.offset, text: $0.element.text, pose: $0.element.pose, leader: $0.element.leader, color: inks.dark ? $0.element.darkColor ?? $0.element.color : $0.element.color, still: true, box: $0.element.box) }
        let centers = pie.centers.enumerated().filter { $0.element.opacity > 0 }.map { (index: $0.offset, text: $0.element.text, opacity: $0.element.opacity) }
        InkWriter.write(labels: outside, centers: centers, ink: inks.ink, fontSize: fontSize, leaders: pie.layout.drawsLeaders, into: &out)
    }
}

extension ByteWriter {
    /// A frame's root element and title: the viewBox `width` x `height`, drawn `options.width`
    /// px wide (the height follows).
    mutating func openFrame(width: Double, height: Double, fontSize: Double, title: String, options: FrameOptions) {
        let w = options.width ?? width
        raw("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        num(w)
        raw("\" height=\"")
        num(height * w / max(width, 1e-9))
        raw("\" viewBox=\"0 0 ")
        num(width)
        raw(" ")
        num(height)
        raw("\" role=\"img\" font-family=\"")
        text(TextMetrics.fontFamily)
        raw("\" font-size=\"")
        num(fontSize)
        raw("\">\n<title>")
        text(title)
        raw("</title>\n")
    }

    /// A rectangle at the origin.
    mutating func rect(width: Double, height: Double, fill: Color) {
        raw("<rect width=\"")
        num(width)
        raw("\" height=\"")
        num(height)
        raw("\" fill=\"")
        hex(fill)
        raw("\"/>\n")
    }
}
