import PieSpec

/// Everything a chart draws at one instant, as values: the wedges in paint order, the
/// separators, the inside and outside labels, the centre texts, the title lines and the plot's
/// opacity. `FramePose.at(_:t:)` is the one function that computes it; `FrameWriter` only
/// writes what it holds, so another source of poses (one transition stage blending a pose
/// value) can replace `at` without touching the writer.
///
/// Geometry comes from the exact state (`TransitionPlan.frozen(at:)`); where the bundle's CSS
/// interpolates an element between two keyframes with the plan's easing (separators, inside
/// labels, fades), the pose mixes the same two ends with the same eased progress, and where the
/// bundle samples keyframes (staged or staggered plans, radii that warp), the pose reads the
/// sampled scene of the instant. Outside labels interpolate the ink layer's keyframes linearly,
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
        var pattern: (PatternKind, Color)?
    }

    /// A separator: a radial line at chart angle `angle`.
    struct Line {
        var angle: Double
        var inner: Double
        var outer: Double
        var opacity: Double
    }

    /// An inside label at screen angle `angle` (signed) and `radius` from the centre.
    struct InsideLabel {
        var text: String
        var color: Color
        var angle: Double
        var radius: Double
        var opacity: Double
        /// The text's turn inside its group (`Scene.Label.turn`).
        var turn: Double
    }

    struct OutsideLabel {
        var text: String
        var pose: OutsideLabels.Pose
        var leader: Color? = nil
        /// The text's own colour (nil: the ink).
        var color: Color? = nil
    }

    struct Center {
        var text: CenterText
        var opacity: Double
    }

    struct Title {
        var lines: [TitleBlock.Line]
        var opacity: Double
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
            let line = chart.plan.timeline
            let e = t >= line.end ? 1 : chart.plan.easing.value(at: line.progress(at: t))
            let titles = stillTitles(layout, scene: scene) + scene.ink.titles.map {
                Title(lines: $0.lines, opacity: mix($0.fromOpacity, $0.toOpacity, e))
            }
            return FramePose(layout: layout, titles: titles, pies: [pie(scene, t: t)], outline: outline(chart.plan, t: t))
        }
        let titles = layout.title.map { [Title(lines: $0.lines, opacity: 1)] } ?? []
        return FramePose(layout: layout, titles: titles, pies: chart.rings.map { pie(Scene(layout: $0.layout, plan: $0.plan), t: t) },
                         outline: outline(chart.plan, t: t))
    }

    /// The outline at `t`: the plan's two ends blended at the chart's eased progress, as
    /// `TransitionPlan.frozen(at:)` blends the whole pose.
    static func outline(_ plan: TransitionPlan, t: Double) -> OutlinePose? {
        let e = plan.easing.value(at: OutlineWriter.window(plan).progress(at: t))
        return OutlinePose.blend(plan.from.outline, plan.to.outline, at: e)
    }

    /// Title lines that stay (not cross-fading).
    private static func stillTitles(_ layout: ChartLayout, scene: Scene) -> [Title] {
        let coming = scene.ink.titles.filter { $0.toOpacity > 0 }.flatMap(\.lines)
        let still = (layout.title?.lines ?? []).filter { !coming.contains($0) }
        return still.isEmpty ? [] : [Title(lines: still, opacity: 1)]
    }

    static func mix(_ a: Double, _ b: Double, _ e: Double) -> Double { a + (b - a) * e }

    /// One pie at `t`: rest state at or after the end of its timeline or when nothing moves.
    static func pie(_ scene: Scene, t: Double) -> Pie {
        let plan = scene.plan, line = plan.timeline
        let rest = t >= line.end || plan.kind == .none
        let eased = rest ? 1 : plan.easing.value(at: line.progress(at: t))
        var pie = Pie(layout: scene.layout, scope: scene.scope, patternDefs: Patterns.defs(scene),
                      opacity: scene.fades && !rest ? eased : 1)
        let moving = scene.moves && !rest
        pie.wedges = moving ? motionWedges(scene, t: t) : restWedges(scene)
        let sampled = scene.drawing.sampledKeyframes
        // The sampled keyframes' state at `t`: the scene of the exact state, with the element set of the whole plan.
        let now = moving && sampled ? Scene(instant: plan.frozen(at: t), of: scene) : nil
        let e = moving ? plan.easing.value(at: TimeWindow(start: plan.delay, length: plan.duration).progress(at: t)) : 1
        pie.lines = lines(scene, now: now, e: e, moving: moving)
        pie.labels = scene.labels.enumerated().map { k, l in
            if let now {
                let x = now.labels[k]
                return InsideLabel(text: l.text, color: x.fromColor ?? l.color, angle: x.from, radius: x.fromRadius, opacity: x.fromOpacity,
                                   turn: x.fromTurn)
            }
            let color = l.fromColor.map { DarkTheme.mix($0, l.color, e) } ?? l.color
            return InsideLabel(text: l.text, color: color, angle: mix(l.from, l.to, e), radius: mix(l.fromRadius, l.radius, e),
                               opacity: mix(l.fromOpacity, l.toOpacity, e), turn: mix(l.fromTurn, l.turn, e))
        }
        pie.outside = outside(scene.ink, t: t, moving: moving)
        pie.centers = scene.ink.centers.map { Center(text: $0.text, opacity: mix($0.fromOpacity, $0.toOpacity, eased)) }
        return pie
    }

    /// Separators: turned from their start to their end angle (the motion-only closing line
    /// of a full circle is shown only while moving); sampled plans read the instant's scene.
    private static func lines(_ scene: Scene, now: Scene?, e: Double, moving: Bool) -> [Line] {
        scene.separators.compactMap { b in
            if b.motionOnly, !moving { return nil }
            if let now {
                let x = now.separators.first { $0.index == b.index } ?? b
                return Line(angle: x.from, inner: x.fromInner ?? x.inner, outer: x.fromOuter ?? x.outer, opacity: x.fromOpacity)
            }
            let finalOpacity = b.motionOnly ? 1 : b.toOpacity
            return Line(angle: mix(b.from, b.to, e), inner: mix(b.fromInner ?? b.inner, b.inner, e),
                        outer: mix(b.fromOuter ?? b.outer, b.outer, e),
                        opacity: moving ? mix(b.fromOpacity, finalOpacity, e) : finalOpacity)
        }
    }

    /// Outside labels: the ink layer's keyframes (sample instants of the exact state),
    /// linear between them; the rest pose when nothing moves.
    private static func outside(_ ink: InkScene, t: Double, moving: Bool) -> [OutsideLabel] {
        ink.tracks.compactMap { track in
            guard let poses = InkWriter.filled(track) else { return nil }
            let rest = OutsideLabel(text: track.text, pose: poses[poses.count - 1], leader: track.leader, color: track.color)
            guard moving, ink.times.count == poses.count, poses.count > 1 else { return rest }
            let times = ink.times
            guard let k = times.firstIndex(where: { $0 > t }) else { return rest }
            guard k > 0 else {
                return OutsideLabel(text: track.text, pose: poses[0], leader: track.leaders?.first ?? track.leader, color: track.colors?.first ?? track.color)
            }
            let f = (t - times[k - 1]) / max(times[k] - times[k - 1], 1e-9)
            let leader = track.leaders.map { DarkTheme.mix($0[k - 1], $0[k], f) } ?? track.leader
            let color = track.colors.map { DarkTheme.mix($0[k - 1], $0[k], f) } ?? track.color
            return OutsideLabel(text: track.text, pose: lerp(poses[k - 1], poses[k], f), leader: leader, color: color)
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
