import PieSpec

/// Everything a chart draws at one instant, as values: the wedges in paint order, the
/// separators, the inside and outside labels, the centre texts, the title lines and the plot's
/// opacity. `FramePose.at(_:t:)` is the one function that computes it; `FrameWriter` only
/// writes what it holds, so another source of poses (one transition stage blending a pose
/// value) can replace `at` without touching the writer.
///
/// Wedges, extensions, separators, inside and outside labels, centre texts, titles and the
/// plot's fade are the stage's instant (`Stage.at(_:)`; wedges and extensions
/// its exact state): where the bundle's CSS interpolates an element between two keyframes with
/// the plan's easing, it mixes the same two ends with the same eased progress, and where the
/// bundle samples keyframes (staged or staggered plans, radii that warp), it reads the
/// sampled stage of the instant, as the keyframes do. Outside labels are the stage's sampled
/// tracks, linear between samples, as the browser interpolates the ink layer's keyframes. The
/// chart-level elements (the grid, the shadow, the outline) are their own tracks' instants
/// (`ChartElements.at`). At and after the end of the timeline the pose is the rest state: what
/// static renderers show of chart.svg.
struct FramePose {
    /// One painted wedge (a slice, an extension under a seam, or a reordered slice on top).
    struct Wedge {
        /// Start and paint end (stacked slices are painted under their successor), radii,
        /// colour and explode.
        var geometry: SegmentGeometry
        /// The middle angle its explode moves it along.
        var mid: Double
        /// The padded, rounded outline (`chart.padAngle`, `chart.cornerRadius`), or nil.
        var shape: PaddedWedge?
        /// The pattern drawn over its colour (kind, and the colour that chooses the ink).
        var pattern: (SlicePattern, Color)?
    }

    /// A separator, an inside label, an outside label, a centre text and title lines at the
    /// instant: the stage's.
    typealias Line = Stage.Instant.Line
    typealias InsideLabel = Stage.Instant.Label
    typealias Center = Stage.Instant.Center
    typealias Title = Stage.Instant.Title

    typealias OutsideLabel = Stage.Instant.OutsideLabel

    /// One pie: the chart, or one ring of a chart of rings (inside out).
    struct Pie {
        var layout: ChartLayout
        /// Scope of its pattern ids.
        var scope: String
        var patternDefs: [UInt8]
        var opacity: Double
        var wedges: [Wedge] = []
        var lines: [Line] = []
        var labels: [InsideLabel] = []
        var outside: [OutsideLabel] = []
        var centers: [Center] = []
    }

    /// The final chart: canvas, background, legend, inks.
    var layout: ChartLayout
    var titles: [Title]
    var pies: [Pie]
    /// The separators between rings at this instant (`Stage.ringEdges(_:at:)`).
    var ringEdges: [Stage.RingEdgeInstant] = []
    /// `theme.opacity` at this instant (`Stage.Instant.groupOpacity`): the group every pie is drawn in.
    var opacity: Double = 1
    /// Every chart element at this instant (`ChartElements.at`: the grid, the shadow, the
    /// outline), each drawn at its placements.
    var elements: [ChartElements.Drawn] = []

    /// From the first change's start to the last change's end, over every pie.
    static func timeline(_ chart: CompiledChart) -> TimeWindow {
        let lines = chart.rings.isEmpty ? [chart.plan.timeline] : chart.rings.map(\.plan.timeline)
        let start = lines.map(\.start).min() ?? 0, end = lines.map(\.end).max() ?? 0
        return TimeWindow(start: start, length: end - start)
    }

    /// The pose of `chart` at `t` ms after load.
    static func at(_ chart: CompiledChart, t: Double) -> FramePose {
        let layout = chart.layout
        if chart.rings.isEmpty {
            let scene = Scene(layout: layout, plan: chart.plan)
            let now = scene.stage.at(t)
            var pose = FramePose(layout: layout, titles: now.titles, pies: [pie(scene, now, t: t)])
            pose.opacity = now.groupOpacity
            pose.elements = ChartElements.at(scene.stage, t: t)
            return pose
        }
        let titles = layout.title.map { [Title(lines: $0.lines, opacity: 1)] } ?? []
        let drawn = RingSeams.drawn(chart.rings, chart: layout)
        // The whole chart's plan and stage, as a bundle of rings has them: the chart elements
        // and the separators between rings.
        let still = BundleWriter.ringsWhole(layout: layout, plan: chart.plan, animation: AnimationOptions())
        let stage = Stage(layout: layout, plan: still, rings: drawn.map(\.plan)), whole = stage.at(t)
        var pose = FramePose(layout: layout, titles: titles, pies: drawn.map { pie(Scene(layout: $0.layout, plan: $0.plan), t: t) },
                             ringEdges: whole.ringEdges)
        pose.opacity = whole.groupOpacity
        pose.elements = ChartElements.at(stage, t: t)
        return pose
    }

    static func mix(_ a: Double, _ b: Double, _ e: Double) -> Double { Stage.mix(a, b, e) }

    /// One pie at `t`: rest state at or after the end of its timeline or when nothing moves.
    static func pie(_ scene: Scene, t: Double) -> Pie { pie(scene, scene.stage.at(t), t: t) }

    /// One pie at `t`, whose stage at `t` is `now`.
    static func pie(_ scene: Scene, _ now: Stage.Instant, t: Double) -> Pie {
        var pie = Pie(layout: scene.layout, scope: scene.scope, patternDefs: Patterns.defs(scene), opacity: now.opacity)
        pie.wedges = now.moving ? motionWedges(scene, now) : restWedges(scene)
        pie.lines = now.lines
        pie.labels = now.labels
        pie.outside = now.outside
        pie.centers = now.centers
        return pie
    }
}
