import PieJSON
import PieSpec

/// Where a chart-level element is drawn in chart.svg and in a `piec render` frame alike,
/// bottom to top. An element may be drawn at more than one (the grid's circles under the pie,
/// its tick labels over it).
enum ChartPlacement: CaseIterable {
    /// In the plot, under the pie and outside its translucent group (`PieOpacityWriter`):
    /// the grid's circles.
    case underPie
    /// First inside the pie's translucent group, under the slices, so that the element and
    /// the pie are one layer and it never shows through the slices: the shadow.
    case underSlices
    /// Over the slices, after the translucent group, under the labels: the outline, then
    /// the grid's tick labels.
    case overSlices

    /// Whether the element is drawn inside the pie's translucent group. The stylesheet
    /// (`StyleWriter`) writes the CSS of the elements outside it, then the group's own
    /// (`PieOpacityWriter`), then that of the elements inside it.
    var inGroup: Bool { self == .underSlices }
}

/// A chart-level element: where it is drawn (`placements`), its track (its two ends in the
/// plan, read at an instant by `at`) and its drawing in each output. chart.svg (`SVGWriter`),
/// the stylesheet (`StyleWriter`), a `piec render` frame (`FramePose`, `FrameWriter`), a
/// chart of rings' still plot (`BundleWriter.ringsWhole`) and manifest.json (`Manifest`) draw
/// or record the elements of `ChartElements.all` and name none, so a new element is one type
/// conforming here and one line in that list.
protocol ChartElement {
    /// What a frame draws of the element at one instant.
    associatedtype Instant
    /// Where the element is drawn; `svg` and `frame` are asked only at these.
    static var placements: [ChartPlacement] { get }
    /// The element at `t` ms after load: its two ends blended as the CSS animates them.
    static func at(_ plan: TransitionPlan, t: Double) -> Instant
    /// The element at `t` ms after load on `stage`, the whole chart's as its scene completed
    /// it (the grid's tick labels kept clear of the labels beside the pie); by default its
    /// plan's track (`at(_:t:)`).
    static func at(_ stage: Stage, t: Double) -> Instant
    /// chart.svg's markup at `placement`: the final state (static renderers and reduced
    /// motion see it).
    static func svg(_ scene: Scene, at placement: ChartPlacement, into out: inout ByteWriter)
    /// `keyframes` go to the top level, `rules` into the chart's scope block; both empty for
    /// a chart without the element at either end.
    static func css(_ scene: Scene) -> (keyframes: [UInt8], rules: [UInt8])
    /// A frame's markup of `now` at `placement` in the look `dark` asks for; `scope` names
    /// its ids (nil for a chart of rings, whose plot has no one scope).
    static func frame(_ now: Instant, at placement: ChartPlacement, scope: String?, dark: Bool, into out: inout ByteWriter)
    /// A chart of rings draws its plot from a still plan: the element's ends, window and
    /// easing are carried into it from `plan`.
    static func carry(_ plan: TransitionPlan, into still: inout TransitionPlan)
    /// The element's member of manifest.json (`Manifest`): its name, and its value for
    /// `plan` (nil: no member, for a chart without the element at either end).
    static var manifestMember: String { get }
    static func manifest(_ plan: TransitionPlan) -> JSONValue?
}

extension ChartElement {
    static func at(_ stage: Stage, t: Double) -> Instant { at(stage.plan, t: t) }
}

/// The chart-level elements, in drawing order at each placement and in manifest.json's order
/// (each output iterates this list).
enum ChartElements {
    static var all: [any ChartElement.Type] { [OutlineWriter.self, GridWriter.self, ShadowWriter.self] }

    /// The elements drawn at `placement`, in the list's order.
    static func placed(_ placement: ChartPlacement) -> [any ChartElement.Type] {
        all.filter { $0.placements.contains(placement) }
    }

    /// One element at one instant, ready to be drawn into a frame.
    struct Drawn {
        let placements: [ChartPlacement]
        let draw: (_ placement: ChartPlacement, _ scope: String?, _ dark: Bool, _ out: inout ByteWriter) -> Void
    }

    /// Every element of a frame (`at`) drawn at `placement`, in order.
    static func frame(_ drawn: [Drawn], at placement: ChartPlacement, scope: String?, dark: Bool, into out: inout ByteWriter) {
        for d in drawn where d.placements.contains(placement) { d.draw(placement, scope, dark, &out) }
    }

    /// Every element at `t` ms after load on `stage` (a scene's whole stage).
    static func at(_ stage: Stage, t: Double) -> [Drawn] {
        func one<E: ChartElement>(_ e: E.Type) -> Drawn {
            let now = e.at(stage, t: t)
            return Drawn(placements: e.placements) { e.frame(now, at: $0, scope: $1, dark: $2, into: &$3) }
        }
        return all.map { one($0) }
    }

    /// Every element's markup in chart.svg at `placement`, in order.
    static func svg(_ scene: Scene, at placement: ChartPlacement, into out: inout ByteWriter) {
        for e in placed(placement) { e.svg(scene, at: placement, into: &out) }
    }

    /// The keyframes and rules of every element inside the pie's translucent group, or of
    /// every one outside it (`ChartPlacement.inGroup`), each part in the list's order.
    static func css(_ scene: Scene, inGroup: Bool) -> (keyframes: [UInt8], rules: [UInt8]) {
        var keyframes: [UInt8] = [], rules: [UInt8] = []
        for e in all where e.placements.contains(where: \.inGroup) == inGroup {
            let part = e.css(scene)
            keyframes += part.keyframes
            rules += part.rules
        }
        return (keyframes, rules)
    }

    /// Every element's manifest member for `plan` (`ChartElement.manifest`), in the list's
    /// order: those the chart has.
    static func manifest(_ plan: TransitionPlan, of elements: [any ChartElement.Type] = all) -> [(String, JSONValue)] {
        elements.compactMap { e in e.manifest(plan).map { (e.manifestMember, $0) } }
    }

    /// Every element carried from `plan` into a chart of rings' still plan.
    static func carry(_ plan: TransitionPlan, into still: inout TransitionPlan) {
        for e in all { e.carry(plan, into: &still) }
    }
}
