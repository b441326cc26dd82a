import PieSpec

/// Everything a chart draws at one instant, as values: the wedges in paint order, the
/// separators, the inside and outside labels, the centre texts, the title lines and the plot's
/// opacity. `FramePose.at(_:t:)` is the one function that computes it; `FrameWriter` only
/// writes what it holds, so another source of poses (one transition stage blending a pose
/// value) can replace `at` without touching the writer.
///
/// Wedges, extensions, separators, inside labels, centre texts, titles, the outline and the
/// plot's fade are the stage's instant (`Stage.at(_:)`; wedges and extensions its exact
/// state, `Stage.state(at:)`): where the bundle's CSS interpolates an element between two keyframes with
/// the plan's easing, it mixes the same two ends with the same eased progress, and where the
/// bundle samples keyframes (staged or staggered plans, radii that warp), it reads the
/// sampled stage of the instant, as the keyframes do. Outside labels interpolate the ink layer's keyframes linearly,
/// as the browser does. At and after the end of the timeline the pose is the rest state: what
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

    /// A separator, an inside label, a centre text and title lines at the instant: the stage's.
    typealias Line = Stage.Instant.Line
    typealias InsideLabel = Stage.Instant.Label
    typealias Center = Stage.Instant.Center
    typealias Title = Stage.Instant.Title

    struct OutsideLabel {
        var text: String
        var pose: OutsideLabels.Pose
        var leader: Color? = nil
        /// The text's own colour (nil: the ink).
        var color: Color? = nil
        /// The box behind the text (`labels.box`), nil without one.
        var box: LabelBoxPose.Rect? = nil
    }

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
    /// `chart.outline` at this instant (`OutlinePose.blend` at the chart's eased progress).
    var outline: OutlinePose? = nil
    /// `chart.grid`'s circles at this instant (`Stage.Grid.at`) and the pose they are drawn with.
    var grid: [GridPose.Circle] = []
    var gridPose: GridPose? = nil
    /// The separators between rings at this instant (`Stage.ringEdges(_:at:)`).
    var ringEdges: [Stage.RingEdgeInstant] = []
    /// `theme.opacity` at this instant (`PieOpacityWriter.at`): the group every pie is drawn in.
    var opacity: Double = 1
    /// `theme.shadow`'s circles at this instant (`ShadowWriter.at`), drawn first in that group.
    var shadows: [ShadowWriter.Drawn] = []

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
            var pose = FramePose(layout: layout, titles: now.titles, pies: [pie(scene, now, t: t)], outline: now.outline,
                                 grid: now.grid, gridPose: scene.stage.grid?.pose)
            pose.opacity = PieOpacityWriter.at(chart.plan, t: t)
            pose.shadows = ShadowWriter.at(chart.plan, t: t)
            return pose
        }
        let titles = layout.title.map { [Title(lines: $0.lines, opacity: 1)] } ?? []
        let drawn = RingSeams.drawn(chart.rings, chart: layout)
        // The whole chart's stage, as a bundle of rings has it: the outline and the separators between rings.
        let whole = Stage(layout: layout, plan: BundleWriter.ringsWhole(layout: layout, plan: chart.plan, animation: AnimationOptions()),
                          rings: drawn.map(\.plan)).at(t)
        var pose = FramePose(layout: layout, titles: titles, pies: drawn.map { pie(Scene(layout: $0.layout, plan: $0.plan), t: t) },
                             outline: whole.outline, ringEdges: whole.ringEdges)
        pose.opacity = PieOpacityWriter.at(chart.plan, t: t)
        pose.shadows = ShadowWriter.at(chart.plan, t: t)
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
        pie.outside = outside(scene.ink, t: t, moving: now.moving, fontSize: scene.layout.fontSize)
        pie.centers = now.centers
        return pie
    }

    /// Outside labels: the ink layer's keyframes (sample instants of the exact state),
    /// linear between them; the rest pose when nothing moves.
    private static func outside(_ ink: InkScene, t: Double, moving: Bool, fontSize: Double) -> [OutsideLabel] {
        ink.tracks.compactMap { track in
            guard let poses = InkWriter.filled(track) else { return nil }
            // The box at sample `k`, where its keyframe puts it (`InkStyle`).
            func box(_ k: Int) -> LabelBoxPose.Rect? { track.box(k, at: poses[k], fontSize: fontSize) }
            let rest = OutsideLabel(text: track.text, pose: poses[poses.count - 1], leader: track.leader, color: track.color,
                                    box: box(poses.count - 1))
            guard moving, ink.times.count == poses.count, poses.count > 1 else { return rest }
            let times = ink.times
            guard let k = times.firstIndex(where: { $0 > t }) else { return rest }
            guard k > 0 else {
                return OutsideLabel(text: track.text, pose: poses[0], leader: track.leaders?.first ?? track.leader, color: track.colors?.first ?? track.color,
                                    box: box(0))
            }
            let f = (t - times[k - 1]) / max(times[k] - times[k - 1], 1e-9)
            let leader = track.leaders.map { DarkTheme.mix($0[k - 1], $0[k], f) } ?? track.leader
            let color = track.colors.map { DarkTheme.mix($0[k - 1], $0[k], f) } ?? track.color
            let boxed = box(k - 1).flatMap { a in box(k).map { a.blended(to: $0, at: f) } }
            return OutsideLabel(text: track.text, pose: lerp(poses[k - 1], poses[k], f), leader: leader, color: color, box: boxed)
        }
    }

    private static func lerp(_ a: OutsideLabels.Pose, _ b: OutsideLabels.Pose, _ f: Double) -> OutsideLabels.Pose {
        func segment(_ s: OutsideLabels.Segment, _ u: OutsideLabels.Segment) -> OutsideLabels.Segment {
            OutsideLabels.Segment(x: mix(s.x, u.x, f), y: mix(s.y, u.y, f), angle: mix(s.angle, u.angle, f), length: mix(s.length, u.length, f))
        }
        // The text anchor is discrete: it flips at the keyframe (CSS interpolates `text-anchor` at 50 %).
        return OutsideLabels.Pose(x: mix(a.x, b.x, f), y: mix(a.y, b.y, f), side: f < 0.5 ? a.side : b.side,
                                  tick: segment(a.tick, b.tick), elbow: segment(a.elbow, b.elbow), opacity: mix(a.opacity, b.opacity, f))
    }
}
