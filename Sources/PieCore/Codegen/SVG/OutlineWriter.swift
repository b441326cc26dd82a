import PieJSON
import PieSpec

/// `chart.outline` in every output: chart.svg's circle `.p-outline` (its attributes are the
/// final state, so reduced motion and static renderers see the final chart), its CSS (the dark
/// look's colour, and the animation of `r`, `stroke-width` and `stroke` from the plan's start
/// over the chart's window with the plan's easing, written by `MotionProperty`), and the
/// circle of a `piec render` frame at any instant (its track, `Stage.Outline`: the same
/// numbers). Charts without an outline at either end write nothing. One of
/// `ChartElements.all`, the list every output draws.
enum OutlineWriter: ChartElement {
    /// Over the slices and the pie's translucent group, under the labels.
    static let placements: [ChartPlacement] = [.overSlices]

    /// The outline at `t` ms (`Stage.Outline.at`).
    static func at(_ plan: TransitionPlan, t: Double) -> OutlinePose? { Stage.Outline(plan).at(t) }

    /// The circle, centred on the current origin (the plot's translate): the outline at rest
    /// (`Stage.Outline.rest`).
    static func svg(_ scene: Scene, at placement: ChartPlacement, into out: inout ByteWriter) {
        guard let o = Stage.Outline(scene.plan).rest else { return }
        out.open("circle", ClassPrefix.outline)
        circle(o, color: o.color, head: "\" fill=\"none\" r=\"", into: &out)
    }

    /// The circle of a frame at an instant, in the look `dark` asks for.
    static func frame(_ o: OutlinePose?, at placement: ChartPlacement, scope: String?, dark: Bool, into out: inout ByteWriter) {
        guard let o, o.width > 0 else { return }
        circle(o, color: dark ? o.darkColor : o.color, head: "<circle fill=\"none\" r=\"", into: &out)
    }

    /// `head` then the circle's radius, stroke and stroke width.
    private static func circle(_ o: OutlinePose, color: Color, head: StaticString, into out: inout ByteWriter) {
        out.raw(head)
        out.num(o.radius)
        out.raw("\" stroke=\"")
        out.hex(color)
        out.raw("\" stroke-width=\"")
        out.num(o.width)
        out.raw("\"/>\n")
    }

    /// The outline's from-state, its keyframe and whether it recolours, or nil when `css`
    /// writes no keyframes (no outline, or one that does not change).
    static func motion(_ scene: Scene) -> (from: OutlinePose, frame: MotionFrame, recolours: Bool)? {
        let plan = scene.plan
        guard scene.stage.outlineMoves, let to = Stage.Outline(plan).rest else { return nil }
        let from = plan.from.outline ?? to.collapsed
        var f = MotionFrame()
        if from.radius != to.radius { f.radius = from.radius }
        if from.width != to.width { f.lineWidth = from.width }
        let recolours = from.color != to.color || (scene.layout.dark != nil && from.darkColor != to.darkColor)
        if recolours { f.lineColor = from.color }
        return (from, f, recolours)
    }

    /// `keyframes` go to the top level, `rules` into the chart's scope block; both empty
    /// without an outline.
    static func css(_ scene: Scene) -> (keyframes: [UInt8], rules: [UInt8]) {
        let track = Stage.Outline(scene.plan)
        guard let to = track.rest else { return ([], []) }
        let dark = scene.layout.dark
        var rules = ByteWriter(capacity: 256)
        var keyframes = ByteWriter(capacity: 128)
        rules.raw(".p-outline{pointer-events:none}\n")
        if let dark, to.darkColor != to.color {
            dark.rules(into: &rules) {
                $0.raw(".p-outline{stroke:")
                $0.hex(to.darkColor)
                $0.raw("}\n")
            }
        }
        guard let (from, f, recolours) = motion(scene) else { return (keyframes.bytes, rules.bytes) }
        // The from-colour of the dark look is the element's own custom property, set again
        // in the dark rules.
        let shared: UInt32 = recolours && dark != nil ? MotionProperty.stroke.bit : 0
        let name = KeyframesName(scene.scope, "outline")
        KeyframesWriter.block(name, into: &keyframes) {
            KeyframesWriter.frame("from", into: &$0) { f.writeDeclarations(f.signature(), shared: shared, into: &$0) }
        }
        if shared != 0, let dark {
            rules.raw(".p-outline{")
            ownColor(f, into: &rules)
            rules.raw("}\n")
            var d = f
            d.lineColor = from.darkColor
            dark.rules(into: &rules) {
                $0.raw(".p-outline{")
                ownColor(d, into: &$0)
                $0.raw("}\n")
            }
        }
        KeyframesWriter.runners([KeyframesWriter.Runner(prefix: ClassPrefix.outline, name: name)], into: &rules) {
            CSSTiming.shorthand(track.window, easing: track.easing, linear: false, into: &$0)
        }
        return (keyframes.bytes, rules.bytes)
    }

    static let manifestMember = "outline"

    /// The manifest's `outline`: each end (`outerEdge`, `width`, `color`, `darkColor`; null
    /// for none) and the window it changes in (ms); nil when neither end has one.
    static func manifest(_ plan: TransitionPlan) -> JSONValue? {
        guard plan.from.outline != nil || plan.to.outline != nil else { return nil }
        func n(_ x: Double) -> JSONValue { .number(x, decimals: 3) }
        func end(_ o: OutlinePose?) -> JSONValue {
            guard let o else { return .null }
            return .object([("outerEdge", n(o.outerEdge)), ("width", n(o.width)),
                            ("color", .string(ByteWriter.hexString(o.color))), ("darkColor", .string(ByteWriter.hexString(o.darkColor)))])
        }
        let window = Stage.Outline(plan).window
        return .object([("from", end(plan.from.outline)), ("to", end(plan.to.outline)),
                        ("start", n(window.start)), ("length", n(window.length))])
    }

    /// A chart of rings draws its plot from still scenes (the rings move in their own): the
    /// whole chart's still plan carries the outline's two ends, window and easing from `plan`.
    static func carry(_ plan: TransitionPlan, into still: inout TransitionPlan) {
        still.from.outline = plan.from.outline
        still.to.outline = plan.to.outline
        let track = Stage.Outline(plan)
        guard track.animates else { return }
        still.chartWindow = track.window
        still.easing = plan.easing
    }

    /// `--c:#rrggbb`: the from-colour the keyframes read.
    private static func ownColor(_ f: MotionFrame, into out: inout ByteWriter) {
        out.raw(MotionProperty.stroke.custom)
        out.raw(":")
        f.writeValue(.stroke, into: &out)
    }
}
