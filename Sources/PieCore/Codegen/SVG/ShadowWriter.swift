import PieJSON
import PieSpec

/// `theme.shadow` in every output: chart.svg's circle `.p-sh` filled with a radial gradient
/// (`ShadowPose.stops`), first inside the pie's translucent group (`PieOpacityWriter`), so the
/// shadow and the pie are one layer and it never shows through the slices. No SVG filter:
/// every browser and static renderer draws a gradient alike (cairosvg ignores blur filters).
/// When only its sectors differ between the plan's ends (exploded slices move), the sectors
/// slide with their slices (`sliding`, `Stage.Shadow.slides`). Otherwise, when the shadow
/// differs between the plan's ends, the first end's circle `.p-sho` fades out
/// (its attribute, the final state, is opacity 0) as the last end's fades in over the chart's
/// window with the plan's easing (`from` keyframes written by `KeyframesWriter`); a `piec
/// render` frame draws the same sectors, or the same two circles at the same opacities (its
/// track, `Stage.Shadow`).
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
    /// the other, or (`motion: slide`) over which its sectors slide with their slices; nil (no
    /// member) for a chart without a shadow at either end.
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
                        ("start", n(window.start)), ("length", n(window.length))]
                       + (track.slide ? [("motion", .string("slide"))] : []))
    }

    /// The gradients and circles of chart.svg: the last end's `.p-sh` (gradient `<scope>-shg`)
    /// and, when the shadow changes from one, the first end's `.p-sho` at opacity 0. Under
    /// exploded slices an end is a group of that class holding its sectors (`ShadowWedge`).
    static func svg(_ scene: Scene, at placement: ChartPlacement, into out: inout ByteWriter) {
        let track = Stage.Shadow(scene.plan), scope = scene.scope
        if track.slide, let to = track.to {
            sliding(track, to, id: scope + "-shgm", into: &out)
        } else if track.animates, let from = track.from {
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

    /// The sliding shadow (`Stage.Shadow.slides`), shown only while the slices move:
    /// `.p-shm` at the shadow's centre, stroked with gradient `id` (centred on it), holding one
    /// sector per slice `.p-shs<k>`, drawn as the slices' dashes are: a circle of half the
    /// shadow's radius stroked the whole radius wide, whose dash is the sector (the dash's
    /// butt ends lie along the radii), turned to its first angle; its outer group turns to
    /// the slice's middle and the inner one turns back and moves out by the explode, so the
    /// sector moves as the slice's own groups move it. Its turns, dash and move run from the
    /// first end to the last with the chart's easing (`css`). Static renderers and reduced
    /// motion draw the last end (`.p-sh`), which is hidden while this is shown.
    private static func sliding(_ track: Stage.Shadow, _ s: ShadowPose, id: String, into out: inout ByteWriter) {
        guard s.radius > 0 else { return }
        gradient(s, id: id, centre: (0, 0), into: &out)
        out.raw("<g class=\"")
        out.raw(ClassPrefix.shadowMotion)
        out.raw("\" visibility=\"hidden\" opacity=\"0\"")
        if s.dx != 0 || s.dy != 0 {
            out.raw(" transform=\"translate(")
            out.num(s.dx)
            out.raw(" ")
            out.num(s.dy)
            out.raw(")\"")
        }
        out.raw(" fill=\"none\" stroke=\"url(#")
        out.raw(id)
        out.raw(")\" stroke-width=\"")
        out.num(s.radius)
        out.raw("\" stroke-opacity=\"")
        out.num(Double(s.color.a) / 255, decimals: 6)
        out.raw("\">\n")
        for k in track.slides.indices {
            out.raw("<g class=\"")
            out.raw(ClassPrefix.shadowSector)
            out.int(k)
            out.raw("\"><g><circle r=\"")
            out.num(s.radius / 2)
            out.raw("\"/></g></g>\n")
        }
        out.raw("</g>\n")
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
    /// moved to the shadow's centre and by its slice's explode with the gradient (its user
    /// space is the path's, so the gradient is centred on the origin).
    private static func circle(_ s: ShadowPose, id: String, head: ByteWriter, into out: inout ByteWriter) {
        guard s.radius > 0 else { return }
        // Sectors are drawn about the origin and moved into place with their gradient.
        gradient(s, id: id, centre: s.wedges.isEmpty ? (s.dx, s.dy) : (0, 0), into: &out)
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

    /// The radial gradient `id` of `s`'s stops, centred at `centre` in its user space.
    private static func gradient(_ s: ShadowPose, id: String, centre: (x: Double, y: Double), into out: inout ByteWriter) {
        let rgb = Color(r: s.color.r, g: s.color.g, b: s.color.b)
        out.raw("<radialGradient id=\"")
        out.raw(id)
        out.raw("\" gradientUnits=\"userSpaceOnUse\" cx=\"")
        out.num(centre.x)
        out.raw("\" cy=\"")
        out.num(centre.y)
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
    }

    /// One sector of the shadow's circle (the whole circle for a full one), the exact wedge
    /// path every slice is drawn with (`ByteWriter.wedge`) about the origin, moved to the
    /// shadow's centre and by its slice's explode; the gradient's user space is the path's,
    /// so it is centred on the origin too (`circle`).
    private static func sector(_ w: ShadowWedge, _ s: ShadowPose, id: String, into out: inout ByteWriter) {
        let x = s.dx + w.x, y = s.dy + w.y
        out.raw("<path")
        if x != 0 || y != 0 {
            out.raw(" transform=\"translate(")
            out.num(x)
            out.raw(" ")
            out.num(y)
            out.raw(")\"")
        }
        out.raw(" d=\"")
        out.wedge(start: w.start, end: w.end, inner: 0, outer: s.radius)
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
        rules.raw(track.slide ? ".p-sh,.p-shm{pointer-events:none}\n" : ".p-sh,.p-sho{pointer-events:none}\n")
        if let dark = scene.layout.dark {
            let ends: [(StaticString, ShadowPose?)] = [(".p-sho{fill-opacity:", track.animates && !track.slide ? track.from : nil),
                                                       (".p-sh{fill-opacity:", track.to),
                                                       (".p-shm{stroke-opacity:", track.slide ? track.to : nil)]
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
        if track.slide, let to = track.to {
            slidingCSS(track, to, scene: scene, keyframes: &keyframes, rules: &rules)
            return (keyframes.bytes, rules.bytes)
        }
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

    /// The sliding shadow's rules (`sliding`): each sector's last end as its base style and
    /// its first in custom properties (`--r` turn, `--t` move, `--d` dash) the keyframes start
    /// from, over the chart's window with its easing; `.p-shm` shown and `.p-sh` hidden from
    /// load to the window's end.
    private static func slidingCSS(_ track: Stage.Shadow, _ s: ShadowPose, scene: Scene,
                                   keyframes: inout ByteWriter, rules: inout ByteWriter) {
        let circumference = Double.pi * s.radius
        func deg(_ out: inout ByteWriter, _ x: Double) {
            out.num(x)
            out.raw("deg")
        }
        func move(_ out: inout ByteWriter, _ p: Double) {
            out.raw("0 ")
            out.num(-p)
            out.raw("px")
        }
        func dash(_ out: inout ByteWriter, _ span: Double) {
            let on = circumference * min(max(span, 0), 360) / 360
            out.num(on)
            out.raw(" ")
            out.num(circumference - on)
        }
        rules.raw(".p-shm{opacity:1}\n")
        for (k, slide) in track.slides.enumerated() {
            rules.raw(".p-shs")
            rules.int(k)
            rules.raw("{rotate:")
            deg(&rules, slide.middle.to)
            rules.raw(";--r:")
            deg(&rules, slide.middle.from)
            rules.raw("}\n.p-shs")
            rules.int(k)
            rules.raw(">g{rotate:")
            deg(&rules, -slide.middle.to)
            rules.raw(";translate:")
            move(&rules, slide.explode.to)
            rules.raw(";--r:")
            deg(&rules, -slide.middle.from)
            rules.raw(";--t:")
            move(&rules, slide.explode.from)
            rules.raw("}\n.p-shs")
            rules.int(k)
            rules.raw(" circle{rotate:")
            deg(&rules, slide.start.to - Scene.circleStart)
            rules.raw(";stroke-dasharray:")
            dash(&rules, slide.span.to)
            rules.raw(";--r:")
            deg(&rules, slide.start.from - Scene.circleStart)
            rules.raw(";--d:")
            dash(&rules, slide.span.from)
            rules.raw("}\n")
        }
        let show = KeyframesName(scene.scope, "shv"), hide = KeyframesName(scene.scope, "shh")
        let turn = KeyframesName(scene.scope, "shr"), pull = KeyframesName(scene.scope, "sht")
        let sweep = KeyframesName(scene.scope, "shd")
        KeyframesWriter.block(show, into: &keyframes) { KeyframesWriter.frame("from,to", into: &$0) { $0.raw("visibility:visible") } }
        KeyframesWriter.block(hide, into: &keyframes) { KeyframesWriter.frame("from,to", into: &$0) { $0.raw("visibility:hidden") } }
        KeyframesWriter.block(turn, into: &keyframes) { KeyframesWriter.frame("from", into: &$0) { $0.raw("rotate:var(--r)") } }
        KeyframesWriter.block(pull, into: &keyframes) {
            KeyframesWriter.frame("from", into: &$0) { $0.raw("rotate:var(--r);translate:var(--t)") }
        }
        KeyframesWriter.block(sweep, into: &keyframes) {
            KeyframesWriter.frame("from", into: &$0) { $0.raw("rotate:var(--r);stroke-dasharray:var(--d)") }
        }
        let whole = TimeWindow(start: 0, length: track.window.end)
        KeyframesWriter.motion(into: &rules) {
            let runners: [(StaticString, KeyframesName, TimeWindow, Bool)] = [
                (".p-shm{", show, whole, true), (".p-sh{", hide, whole, true), (".p-shm>g{", turn, track.window, false),
                (".p-shm>g>g{", pull, track.window, false), (".p-shm circle{", sweep, track.window, false),
            ]
            for (selector, name, line, linear) in runners {
                $0.raw(selector)
                KeyframesWriter.animation(name, over: line, easing: track.easing, linear: linear, into: &$0)
                $0.raw("}\n")
            }
        }
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
