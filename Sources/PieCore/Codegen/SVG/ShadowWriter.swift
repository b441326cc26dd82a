import PieJSON
import PieSpec

/// `theme.shadow` in every output: chart.svg's circle `.p-sh` filled with a radial gradient
/// (`ShadowPose.stops`), first inside the pie's translucent group (`PieOpacityWriter`), so the
/// shadow and the pie are one layer and it never shows through the slices. No SVG filter:
/// every browser and static renderer draws a gradient alike (cairosvg ignores blur filters).
/// When the shadow differs between the plan's ends, the first end's circle `.p-sho` fades out
/// (its attribute, the final state, is opacity 0) as the last end's fades in over the chart's
/// window with the plan's easing (`from` keyframes written by `KeyframesWriter`); a `piec
/// render` frame draws the same two circles at the same opacities (its track, `Stage.Shadow`).
/// Charts without a shadow at either end write nothing. One of `ChartElements.all`, the list
/// every output draws.
enum ShadowWriter: ChartElement {
    /// First inside the pie's translucent group, under the slices.
    static let placements: [ChartPlacement] = [.underSlices]

    /// The circles at `t` ms (`Stage.Shadow.at`).
    static func at(_ plan: TransitionPlan, t: Double) -> [Stage.Shadow.Circle] { Stage.Shadow(plan).at(t) }

    static let manifestMember = "shadow"

    /// manifest.json's `shadow`: the shadow at both ends (null where there is none: blur, offset,
    /// the silhouette's radii and both looks' colours) and the window over which one fades into
    /// the other; nil (no member) for a chart without a shadow at either end.
    static func manifest(_ plan: TransitionPlan) -> JSONValue? {
        guard plan.from.shadow != nil || plan.to.shadow != nil else { return nil }
        func n(_ x: Double) -> JSONValue { .number(x, decimals: 3) }
        func end(_ s: ShadowPose?) -> JSONValue {
            guard let s else { return .null }
            return .object([("blur", n(s.blur)), ("offset", .array([n(s.dx), n(s.dy)])),
                            ("outerRadius", n(s.outer)), ("innerRadius", n(s.inner)),
                            ("color", .string(ByteWriter.hexString(s.color))), ("darkColor", .string(ByteWriter.hexString(s.darkColor)))]
                           + (s.wedges.isEmpty ? [] : [("wedges", .array(s.wedges.map { .array([n($0.start), n($0.end), n($0.x), n($0.y)]) }))]))
        }
        let track = Stage.Shadow(plan)
        let window = track.animates ? track.window : TimeWindow(start: 0, length: 0)
        return .object([("from", end(plan.from.shadow)), ("to", end(plan.to.shadow)),
                        ("start", n(window.start)), ("length", n(window.length))])
    }

    /// The gradients and circles of chart.svg: the last end's `.p-sh` (gradient `<scope>-shg`)
    /// and, when the shadow changes from one, the first end's `.p-sho` at opacity 0. Under
    /// exploded slices an end is a group of that class holding its sectors (`ShadowWedge`).
    static func svg(_ scene: Scene, at placement: ChartPlacement, into out: inout ByteWriter) {
        let track = Stage.Shadow(scene.plan), scope = scene.scope
        if track.animates, let from = track.from {
            var head = ByteWriter(capacity: 32)
            head.open(from.wedges.isEmpty ? "circle" : "g", ClassPrefix.shadowOut)
            head.raw("\" opacity=\"0\"")
            circle(from, id: scope + "-shgo", head: head, into: &out)
        }
        if let to = track.to {
            var head = ByteWriter(capacity: 32)
            head.open(to.wedges.isEmpty ? "circle" : "g", ClassPrefix.shadow)
            head.raw("\"")
            circle(to, id: scope + "-shg", head: head, into: &out)
        }
    }

    /// The circles of a frame at an instant, in the look `dark` asks for (ids `<scope>-f<k>`,
    /// `piec-shadow-f<k>` in a chart of rings).
    static func frame(_ drawn: [Stage.Shadow.Circle], at placement: ChartPlacement, scope: String?, dark: Bool,
                      into out: inout ByteWriter) {
        let scope = scope ?? "piec-shadow"
        for (k, d) in drawn.enumerated() where d.opacity > 0 {
            var s = d.shadow
            if dark { s.color = s.darkColor }
            var head = ByteWriter(capacity: 32)
            head.raw(s.wedges.isEmpty ? "<circle" : "<g")
            if d.opacity < 1 {
                head.raw(" opacity=\"")
                head.num(d.opacity)
                head.raw("\"")
            }
            circle(s, id: scope + "-f" + String(k), head: head, into: &out)
        }
    }

    /// The gradient `id` then the circle: `head`, its centre, radius and fill. Under exploded
    /// slices `head` opens a group with the fill's alpha, holding one path per sector, each
    /// moved by its slice's explode with the gradient (its user space is the path's).
    private static func circle(_ s: ShadowPose, id: String, head: ByteWriter, into out: inout ByteWriter) {
        guard s.radius > 0 else { return }
        let rgb = Color(r: s.color.r, g: s.color.g, b: s.color.b)
        out.raw("<radialGradient id=\"")
        out.raw(id)
        out.raw("\" gradientUnits=\"userSpaceOnUse\" cx=\"")
        out.num(s.dx)
        out.raw("\" cy=\"")
        out.num(s.dy)
        out.raw("\" r=\"")
        out.num(s.radius)
        out.raw("\">\n")
        for stop in s.stops {
            out.raw("<stop offset=\"")
            out.num(stop.offset, decimals: 6)
            out.raw("\" stop-color=\"")
            out.hex(rgb)
            out.raw("\" stop-opacity=\"")
            out.num(stop.opacity, decimals: 6)
            out.raw("\"/>\n")
        }
        out.raw("</radialGradient>\n")
        out.raw(head)
        guard s.wedges.isEmpty else {
            out.raw(" fill-opacity=\"")
            out.num(Double(s.color.a) / 255, decimals: 6)
            out.raw("\">\n")
            for w in s.wedges { sector(w, s, id: id, into: &out) }
            out.raw("</g>\n")
            return
        }
        out.raw(" cx=\"")
        out.num(s.dx)
        out.raw("\" cy=\"")
        out.num(s.dy)
        out.raw("\" r=\"")
        out.num(s.radius)
        out.raw("\" fill=\"url(#")
        out.raw(id)
        out.raw(")\" fill-opacity=\"")
        out.num(Double(s.color.a) / 255, decimals: 6)
        out.raw("\"/>\n")
    }

    /// One sector of the shadow's circle (the whole circle for a full one), moved by its
    /// slice's explode.
    private static func sector(_ w: ShadowWedge, _ s: ShadowPose, id: String, into out: inout ByteWriter) {
        let moved = w.x != 0 || w.y != 0
        out.raw(w.isFull ? "<circle" : "<path")
        if moved {
            out.raw(" transform=\"translate(")
            out.num(w.x)
            out.raw(" ")
            out.num(w.y)
            out.raw(")\"")
        }
        if w.isFull {
            out.raw(" cx=\"")
            out.num(s.dx)
            out.raw("\" cy=\"")
            out.num(s.dy)
            out.raw("\" r=\"")
            out.num(s.radius)
        } else {
            let a = Geometry.point(angle: w.start, radius: s.radius), b = Geometry.point(angle: w.end, radius: s.radius)
            out.raw(" d=\"M")
            out.num(s.dx)
            out.raw(" ")
            out.num(s.dy)
            out.raw("L")
            out.num(s.dx + a.x)
            out.raw(" ")
            out.num(s.dy + a.y)
            out.raw("A")
            out.num(s.radius)
            out.raw(" ")
            out.num(s.radius)
            out.raw(w.end - w.start > 180 ? " 0 1 1 " : " 0 0 1 ")
            out.num(s.dx + b.x)
            out.raw(" ")
            out.num(s.dy + b.y)
            out.raw("Z")
        }
        out.raw("\" fill=\"url(#")
        out.raw(id)
        out.raw(")\"/>\n")
    }

    /// `keyframes` go to the top level, `rules` into the chart's scope block: the dark look's
    /// alpha (the default colour's), and while the shadow changes, the two fades.
    static func css(_ scene: Scene) -> (keyframes: [UInt8], rules: [UInt8]) {
        let plan = scene.plan, track = Stage.Shadow(plan)
        guard track.from != nil || track.to != nil else { return ([], []) }
        var keyframes = ByteWriter(capacity: 128), rules = ByteWriter(capacity: 256)
        rules.raw(".p-sh,.p-sho{pointer-events:none}\n")
        if let dark = scene.layout.dark {
            let ends: [(StaticString, ShadowPose?)] = [(".p-sho{fill-opacity:", track.animates ? track.from : nil),
                                                       (".p-sh{fill-opacity:", track.to)]
            for (selector, s) in ends {
                guard let s, s.darkColor.a != s.color.a else { continue }
                dark.rules(into: &rules) {
                    $0.raw(selector)
                    $0.num(Double(s.darkColor.a) / 255, decimals: 6)
                    $0.raw("}\n")
                }
            }
        }
        guard track.animates else { return (keyframes.bytes, rules.bytes) }
        var runners: [(StaticString, KeyframesName)] = []
        if track.from != nil {
            let name = KeyframesName(scene.scope, "sho")
            KeyframesWriter.block(name, into: &keyframes) { KeyframesWriter.frame("from", into: &$0) { $0.raw("opacity:1") } }
            runners.append((".p-sho{", name))
        }
        if track.to != nil {
            let name = KeyframesName(scene.scope, "sh")
            KeyframesWriter.block(name, into: &keyframes) { KeyframesWriter.frame("from", into: &$0) { $0.raw("opacity:0") } }
            runners.append((".p-sh{", name))
        }
        KeyframesWriter.motion(into: &rules) {
            for (selector, name) in runners {
                $0.raw(selector)
                KeyframesWriter.animation(name, over: track.window, easing: track.easing, linear: false, into: &$0)
                $0.raw("}\n")
            }
        }
        return (keyframes.bytes, rules.bytes)
    }

    /// A chart of rings draws its plot from a still scene: it carries both ends' shadows,
    /// window and easing from `plan`.
    static func carry(_ plan: TransitionPlan, into still: inout TransitionPlan) {
        still.from.shadow = plan.from.shadow
        still.to.shadow = plan.to.shadow
        guard plan.from.shadow != plan.to.shadow else { return }
        still.chartWindow = Stage.outlineWindow(plan)
        still.easing = plan.easing
    }
}
