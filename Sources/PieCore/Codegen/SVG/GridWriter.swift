import PieJSON
import PieSpec

/// `chart.grid` in every output: chart.svg's circles (`.p-grid`, under the pie) and tick
/// labels (`.p-gl`, over it, each with a halo of the background), whose attributes are the
/// final state; their CSS (the dark look's colours, and the animation of each circle's `r` and
/// opacity and each label's translate and opacity from the plan's start, over the chart's
/// window with its easing; a label that gives way at one end is gone half way; a label that
/// hides in motion, `Stage.Grid.Clearance`, stands in a group whose opacity runs through its
/// factors); the circles and labels of a `piec render` frame at any instant (`Stage.Grid.at`,
/// the same track, on the scene's stage); the manifest's `grid`. Charts without a grid at
/// either end write nothing. One of `ChartElements.all`, the list every output draws.
enum GridWriter: ChartElement {
    /// Font size and place of the tick labels (`GridLayout`, whose tick labels give way to
    /// the outside labels by these boxes).
    static let fontSize = GridLayout.fontSize
    static let labelX = GridLayout.labelX
    static let labelY = GridLayout.labelY

    /// The circles under the pie (inside the plot's translate, outside `p-pie`'s mirror and
    /// the translucent group), the tick labels over the slices and under the slice labels.
    static let placements: [ChartPlacement] = [.underPie, .overSlices]

    /// The circles at `t` ms (`Stage.Grid.at`) and the pose they are drawn with; nil without
    /// a grid at either end.
    static func at(_ plan: TransitionPlan, t: Double) -> (pose: GridPose, circles: [GridPose.Circle])? {
        Stage.Grid(plan).map { ($0.pose, $0.at(t)) }
    }

    /// The circles at `t` ms on a scene's whole stage, whose tick labels are kept clear of the
    /// labels beside the pie in motion (`Stage.Grid.keepClear`), as chart.css draws them.
    static func at(_ stage: Stage, t: Double) -> (pose: GridPose, circles: [GridPose.Circle])? {
        stage.grid.map { ($0.pose, $0.at(t)) }
    }

    /// The circles (under the pie) or the tick labels (over the slices) at rest: their new ends.
    static func svg(_ scene: Scene, at placement: ChartPlacement, into out: inout ByteWriter) {
        guard let grid = scene.stage.grid else { return }
        let circles = grid.circles.map(\.to)
        if placement == .overSlices {
            labelGroup(circles, pose: grid.pose, classes: true, dark: false, clearance: grid.clearance, into: &out)
        } else {
            circleGroup(circles, pose: grid.pose, classes: true, dark: false, into: &out)
        }
    }

    /// A frame's circles (under the pie) or tick labels (over the slices) at an instant, in
    /// the look `dark` asks for.
    static func frame(_ now: (pose: GridPose, circles: [GridPose.Circle])?, at placement: ChartPlacement, scope: String?, dark: Bool,
                      into out: inout ByteWriter) {
        guard let (pose, circles) = now else { return }
        if placement == .overSlices {
            labelGroup(circles.filter { $0.textOpacity > 0 }, pose: pose, classes: false, dark: dark, into: &out)
        } else {
            circleGroup(circles.filter { $0.opacity > 0 }, pose: pose, classes: false, dark: dark, into: &out)
        }
    }

    /// Nothing: a rose, and so a grid, does not go with rings (`chart.rose` is refused with
    /// `rings:`), and a chart of rings draws no grid of a previous version's rose either (its
    /// still plan keeps its own layout's: none).
    static func carry(_ plan: TransitionPlan, into still: inout TransitionPlan) {}

    private static func circleGroup(_ circles: [GridPose.Circle], pose: GridPose, classes: Bool, dark: Bool, into out: inout ByteWriter) {
        guard !circles.isEmpty else { return }
        if classes {
            out.open("g", ClassPrefix.grid)
            out.raw("\" fill=\"none\" stroke=\"")
        } else {
            out.raw("<g fill=\"none\" stroke=\"")
        }
        out.hex(dark ? pose.darkLine : pose.line)
        out.raw("\" stroke-width=\"1\">\n")
        for (k, c) in circles.enumerated() {
            out.raw("<circle")
            if classes {
                out.raw(" class=\"")
                out.classes(ClassPrefix.gridCircle)
                out.int(k)
                out.raw("\"")
            }
            out.raw(" r=\"")
            out.num(c.radius)
            out.raw("\"")
            opacity(c.opacity, into: &out)
            out.raw("/>\n")
        }
        out.raw("</g>\n")
    }

    /// The tick labels; in chart.svg (`classes`) a tick label that hides in motion (`clearance`)
    /// stands in a group `p-gk<k>` whose opacity its own keyframes animate (at rest its final factor).
    private static func labelGroup(_ circles: [GridPose.Circle], pose: GridPose, classes: Bool, dark: Bool,
                                   clearance: Stage.Grid.Clearance? = nil, into out: inout ByteWriter) {
        guard circles.contains(where: { $0.text != nil }) else { return }
        if classes {
            out.open("g", ClassPrefix.gridLabels)
            out.raw("\" font-size=\"")
        } else {
            out.raw("<g font-size=\"")
        }
        out.num(fontSize)
        out.raw("\" fill=\"")
        out.hex(dark ? pose.darkText : pose.text)
        out.raw("\" stroke=\"")
        out.hex(dark ? pose.darkHalo : pose.halo)
        out.raw("\" stroke-width=\"3\" stroke-linejoin=\"round\" paint-order=\"stroke\">\n")
        for (k, c) in circles.enumerated() {
            guard let text = c.text else { continue }
            let wrapped = classes && clearance?.hides(k) == true
            if wrapped, let clearance {
                out.open("g", ClassPrefix.gridClear)
                out.int(k)
                out.raw("\"")
                opacity(clearance.factors[k].last ?? 1, into: &out)
                out.raw(">")
            }
            out.raw("<text")
            if classes {
                out.raw(" class=\"")
                out.classes(ClassPrefix.gridLabel)
                out.int(k)
                out.raw("\"")
            }
            out.raw(" transform=\"translate(0 ")
            out.num(-c.radius)
            out.raw(")\" x=\"")
            out.num(labelX)
            out.raw("\" y=\"")
            out.num(labelY)
            out.raw("\"")
            opacity(c.textOpacity, into: &out)
            out.raw(">")
            XMLEscape.append(text, to: &out)
            out.raw(wrapped ? "</text></g>\n" : "</text>\n")
        }
        out.raw("</g>\n")
    }

    private static func opacity(_ o: Double, into out: inout ByteWriter) {
        guard o < 1 else { return }
        out.raw(" opacity=\"")
        out.num(o)
        out.raw("\"")
    }

    /// `keyframes` go to the top level, `rules` into the chart's scope block; both empty
    /// without a grid.
    static func css(_ scene: Scene) -> (keyframes: [UInt8], rules: [UInt8]) {
        guard let grid = scene.stage.grid else { return ([], []) }
        let pose = grid.pose
        var rules = ByteWriter(capacity: 256)
        var keyframes = ByteWriter(capacity: 256)
        rules.raw(".p-grid,.p-gl{pointer-events:none}\n")
        if let dark = scene.layout.dark {
            dark.rules(into: &rules) {
                $0.raw(".p-grid{stroke:")
                $0.hex(pose.darkLine)
                $0.raw("}\n.p-gl{fill:")
                $0.hex(pose.darkText)
                $0.raw(";stroke:")
                $0.hex(pose.darkHalo)
                $0.raw("}\n")
            }
        }
        var animated: [KeyframesWriter.Runner] = []
        for (k, p) in grid.circles.enumerated() where p.from != p.to {
            let name = KeyframesName(scene.scope, "gc", k)
            KeyframesWriter.block(name, into: &keyframes) { out in
                KeyframesWriter.frame("from", into: &out) {
                    $0.raw("r:")
                    $0.num(p.from.radius)
                    $0.raw("px;opacity:")
                    $0.num(p.from.opacity)
                }
            }
            animated.append(KeyframesWriter.Runner(prefix: ClassPrefix.gridCircle, index: k, name: name))
            guard p.to.text != nil else { continue }
            let text = KeyframesName(scene.scope, "gt", k)
            KeyframesWriter.block(text, into: &keyframes) { out in
                // The `translate` property, composed with the final `transform` attribute: WebKit
                // does not map that attribute to the `transform` property, so a `transform`
                // keyframe ran towards none there (every tick label slid to the centre mid-motion).
                KeyframesWriter.frame("from", into: &out) {
                    $0.raw("translate:0 ")
                    $0.num(p.to.radius - p.from.radius)
                    $0.raw("px;opacity:")
                    $0.num(p.from.textOpacity)
                }
                // A tick label that gives way at one end is gone half way (`Stage.Grid.at`).
                if GridPose.Circle.givesWay(p) { KeyframesWriter.frame("50%", into: &out) { $0.raw("opacity:0") } }
            }
            animated.append(KeyframesWriter.Runner(prefix: ClassPrefix.gridLabel, index: k, name: text))
        }
        KeyframesWriter.runners(animated, into: &rules) { CSSTiming.shorthand(grid.window, easing: grid.easing, linear: false, into: &$0) }
        if let clearance = grid.clearance { clear(clearance, scope: scene.scope, keyframes: &keyframes, rules: &rules) }
        return (keyframes.bytes, rules.bytes)
    }

    static let manifestMember = "grid"

    /// The groups of the tick labels that hide in motion (`Stage.Grid.Clearance`): each one's
    /// opacity through its factors, linear between the sample instants (`factor`), written at
    /// the first and where a factor starts or ends a run (the instants between lie on a line).
    private static func clear(_ clearance: Stage.Grid.Clearance, scope: String, keyframes: inout ByteWriter, rules: inout ByteWriter) {
        guard let first = clearance.times.first, let last = clearance.times.last, last > first else { return }
        let line = TimeWindow(start: first, length: last - first)
        var runners: [KeyframesWriter.Runner] = []
        for (k, f) in clearance.factors.enumerated() where clearance.hides(k) {
            let name = KeyframesName(scope, "gk", k)
            KeyframesWriter.block(name, into: &keyframes) { out in
                KeyframesWriter.frame("from", into: &out) {
                    $0.raw("opacity:")
                    $0.num(f[0])
                }
                // The last is the group's own opacity (the final state).
                for j in f.indices.dropFirst().dropLast() where f[j] != f[j - 1] || f[j] != f[j + 1] {
                    KeyframesWriter.frame(CSSTiming.offset(clearance.times[j], in: line), into: &out) {
                        $0.raw("opacity:")
                        $0.num(f[j])
                    }
                }
            }
            runners.append(KeyframesWriter.Runner(prefix: ClassPrefix.gridClear, index: k, name: name))
        }
        KeyframesWriter.runners(runners, into: &rules) { CSSTiming.shorthand(line, easing: .easeInOut, linear: true, into: &$0) }
    }

    /// The manifest's `grid`: the final circles (`value`, `radius`, `text`), and the window
    /// they move in (ms); nil without a grid at either end.
    static func manifest(_ plan: TransitionPlan) -> JSONValue? {
        guard let grid = Stage.Grid(plan) else { return nil }
        func n(_ x: Double) -> JSONValue { .number(x, decimals: 3) }
        let circles = grid.circles.map { p -> JSONValue in
            .object([("value", .number(p.to.value, decimals: 6)), ("radius", n(p.to.radius)), ("fromRadius", n(p.from.radius)),
                     ("opacity", n(p.to.opacity)), ("fromOpacity", n(p.from.opacity)), ("text", p.to.text.map(JSONValue.string) ?? .null),
                     ("textOpacity", n(p.to.textOpacity)), ("fromTextOpacity", n(p.from.textOpacity))])
        }
        let window = grid.window
        return .object([("circles", .array(circles)), ("start", n(window.start)), ("length", n(window.length))])
    }
}
