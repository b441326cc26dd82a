import PieJSON
import PieSpec

/// The separators between rings (`RingEdges`) in every output: chart.svg's circles `.p-re<k>`
/// in one group of the stroke's colour and width, above every ring's slices and below the
/// outline and the labels (their attributes are the final state, so reduced motion and static
/// renderers see the final chart), their keyframes (`r`, `opacity` and the arc's
/// `stroke-dasharray`, each linear in the eased progress), and a frame's circles at any
/// instant (`Stage.ringEdges(_:at:)`, the same track).
enum RingEdgeWriter {
    /// A circle (or the arc of a partial sweep, or of a growing enter) of radius `r` covering
    /// `sweep` degrees from the chart's start in its direction: a `<circle>` turned so that
    /// its path starts at the start angle (mirrored counterclockwise), dashed by `pattern`.
    static func svg(_ edges: RingEdges?, layout: ChartLayout, into out: inout ByteWriter) {
        guard let edges, !edges.edges.isEmpty else { return }
        out.open("g", ClassPrefix.ringEdges)
        out.raw("\" fill=\"none\" stroke=\"")
        out.hex(layout.stroke.color)
        out.raw("\" stroke-width=\"")
        out.num(layout.stroke.width)
        out.raw("\">\n")
        let dashed = edges.edges.contains { $0.sweep < 360 || $0.fromSweep < 360 }
        for (k, e) in edges.edges.enumerated() {
            out.open("circle", ClassPrefix.ringEdge)
            out.int(k)
            out.raw("\" r=\"")
            out.num(e.radius)
            out.raw("\"")
            circleAttributes(radius: e.radius, sweep: e.sweep, opacity: e.opacity, dashed: dashed, layout: layout, into: &out)
            out.raw("/>\n")
        }
        out.raw("</g>\n")
    }

    /// A frame's circles (`Stage.Instant.ringEdges`).
    static func frame(_ shown: [Stage.RingEdgeInstant], layout: ChartLayout, into out: inout ByteWriter) {
        guard !shown.isEmpty else { return }
        out.raw("<g fill=\"none\" stroke=\"")
        out.hex(layout.stroke.color)
        out.raw("\" stroke-width=\"")
        out.num(layout.stroke.width)
        out.raw("\">\n")
        for s in shown {
            out.raw("<circle r=\"")
            out.num(s.radius)
            out.raw("\"")
            circleAttributes(radius: s.radius, sweep: s.sweep, opacity: s.opacity, dashed: s.sweep < 360, layout: layout, into: &out)
            out.raw("/>\n")
        }
        out.raw("</g>\n")
    }

    /// `transform`, `stroke-dasharray` and `opacity` of a circle.
    private static func circleAttributes(radius: Double, sweep: Double, opacity: Double, dashed: Bool, layout: ChartLayout,
                                         into out: inout ByteWriter) {
        if dashed {
            // The start on screen (a counterclockwise chart's angles are signed by `screenSign`).
            out.raw(" transform=\"rotate(")
            out.num(layout.screenSign * layout.startAngle - Scene.circleStart)
            out.raw(layout.direction == .clockwise ? ")\"" : ") scale(1 -1)\"")
            out.raw(" stroke-dasharray=\"")
            out.dashList(pattern(radius: radius, sweep: sweep))
            out.raw("\"")
        }
        if opacity < 1 {
            out.raw(" opacity=\"")
            out.num(opacity)
            out.raw("\"")
        }
    }

    /// `L G`: an arc of `sweep` degrees at `radius` and the gap that completes the circle.
    static func pattern(radius: Double, sweep: Double) -> [Double] {
        let circumference = Geometry.arcLength(degrees: 360, radius: radius)
        let dash = Geometry.arcLength(degrees: sweep, radius: radius)
        return [dash, max(circumference - dash, 0)]
    }

    /// chart.css's part for the separators between the rings of `chart` (its stage's
    /// `ringEdges`): keyframes, then the rules in the chart's scope block (nothing when they
    /// do not move).
    static func styles(chart: Scene) -> [UInt8] {
        guard let edges = chart.stage.ringEdges, !edges.edges.isEmpty else { return [] }
        let (keyframes, rules) = css(edges, scope: chart.scope)
        var out = ByteWriter(capacity: keyframes.count + rules.count + chart.scope.count + 96)
        out.raw(keyframes)
        out.raw("." + chart.scope + "{\n.p-rsep{pointer-events:none}\n")
        // The dark look's separator colour, as the radial separators take it.
        if let dark = chart.layout.dark, let separator = dark.separator {
            dark.rules(into: &out) {
                $0.raw(".p-rsep{stroke:")
                $0.hex(separator)
                $0.raw("}\n")
            }
        }
        out.raw(rules)
        out.raw("}\n")
        return out.bytes
    }

    /// `keyframes` go to the top level, `rules` into the chart's scope block; both empty when
    /// nothing moves.
    static func css(_ edges: RingEdges, scope: String) -> (keyframes: [UInt8], rules: [UInt8]) {
        var keyframes = ByteWriter(capacity: 256), rules = ByteWriter(capacity: 256)
        let dashed = edges.edges.contains { $0.sweep < 360 || $0.fromSweep < 360 }
        var animated: [Int] = []
        for (k, e) in edges.edges.enumerated() where e.moves {
            var f = MotionFrame()
            if e.fromRadius != e.radius { f.radius = e.fromRadius }
            // Opacity: blended (a fading enter, a staged enter's step), else 1 from just after
            // the start to the end, whatever the ends say.
            let stepped = !e.fades && !edges.stepAtEnd
            if e.fromOpacity != e.opacity || (stepped && e.opacity < 1) { f.opacity = e.fromOpacity }
            if dashed, e.fromSweep != e.sweep || e.fromRadius != e.radius {
                f.pattern = pattern(radius: e.fromRadius, sweep: e.fromSweep)
            }
            KeyframesWriter.block(KeyframesName(scope, "re", k), into: &keyframes) { out in
                KeyframesWriter.frame("from", into: &out) { f.write(into: &$0) }
                if stepped, e.fromOpacity < 1 { out.raw(e.opacity < 1 ? "0.001%,to{opacity:1}" : "0.001%{opacity:1}") }
                else if stepped, e.opacity < 1 { out.raw("to{opacity:1}") }
            }
            animated.append(k)
        }
        guard !animated.isEmpty else { return ([], []) }
        let runners = animated.map { KeyframesWriter.Runner(prefix: ClassPrefix.ringEdge, index: $0, name: KeyframesName(scope, "re", $0)) }
        KeyframesWriter.runners(runners, into: &rules) {
            if edges.stepAtEnd {
                $0.num(edges.window.length)
                $0.raw("ms step-end backwards")
            } else {
                CSSTiming.shorthand(edges.window, easing: edges.easing, linear: false, into: &$0)
            }
        }
        return (keyframes.bytes, rules.bytes)
    }
}
