#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieSpec

/// Tick labels that give way in motion (issue 40): at rest a tick label gives way to the
/// labels beside the pie and the inside labels (`GridLayout.giveWay`), but while the scale and
/// the labels move (an update, or an enter whose slices grow), a tick label can pass under an
/// outside label, an inside label or a leader.
/// Between every two sample instants (the sampled keyframes', with the outside labels' own,
/// `Stage.keepTicksClear`; an enter the same as an update) each tick
/// label is tested against every outside label's text box, every drawn leader, every inside
/// label's box (`box(of:fontSize:)`, as `Stage.at` places it) and every other tick label,
/// swept over the interval (cut into steps of at most `sweep.step` px of motion, at most `sweep.limit` of them, each step's boxes
/// grown by what moves in it); where one meets, the tick label is hidden over that interval:
/// its factor is 0 at both samples around it, and it fades out and back in over the clean
/// intervals next to it, linear in time as the samples are. A tick label would come back for
/// less than `minShown` ms between two such stretches (gt002's 80 flickered: shown four times)
/// stays hidden over the gap (`Budgets.tickMinShown`). `Grid.at` multiplies the track's opacity
/// by it, so chart.css (a wrapper per tick label, `GridWriter`) and `piec render`'s frames
/// draw the same.
extension Stage.Grid {
    /// How finely each interval between two samples is tested: steps of at most `step` px of
    /// motion of a tick label, an outside label, an inside label or a leader, at most `limit`
    /// steps (`Budgets.tickStep` and `Budgets.tickSteps`, passed down by `Stage.keepTicksClear`).
    struct Sweep: Sendable {
        var step: Double
        var limit: Int
    }

    /// The tick labels kept clear of `outside` (the stage's sampled labels beside the pie;
    /// `leaders`: whether their leaders are drawn) and of the inside labels (`inside(t)`: each
    /// one's box at `t` ms and whether it is shown), `fontSize` the labels', tested between the
    /// sample instants `times` (each outside label's pose read at them: its own sample, or
    /// between two as drawn). Sets `clearance` where some tick label must hide; leaves it nil otherwise.
    /// `minShown`: ms a tick label must be shown between two stretches where it hides, else it
    /// stays hidden over the gap.
    mutating func keepClear(of outside: Stage.Outside, at times: [Double], inside: (Double) -> [(box: SectorBox, shown: Bool)] = { _ in [] },
                            leaders: Bool, fontSize: Double, minShown: Double = 0, sweep: Sweep) {
        clearance = nil
        let ticks = circles.indices.filter { circles[$0].to.text != nil }
        guard times.count > 1, !ticks.isEmpty else { return }
        // Each outside label's pose and box reach at every one of `times`: its own samples where
        // `times` are the outside labels' (an update's), else read between them as the browser
        // draws them (an enter's three samples, `Stage.Outside.at`).
        let tracks: [(label: Stage.OutsideLabel, poses: [OutsideLabels.Pose], reach: [Double])] = outside.labels.compactMap { l in
            guard let filled = l.filled, filled.count == outside.times.count, filled.count > 1 else { return nil }
            let reach = outside.times.indices.map { k in l.boxes.map { $0[min(k, $0.count - 1)].reach } ?? 0 }
            if times == outside.times { return (l, filled, reach) }
            let read = times.map { Self.read(at: $0, times: outside.times) }
            return (l, read.map { Stage.Outside.lerp(filled[$0.k], filled[$0.next], $0.f) },
                    read.map { $0.f == 0 ? reach[$0.k] : $0.f == 1 ? reach[$0.next] : max(reach[$0.k], reach[$0.next]) })
        }
        // Shown at both ends of the motion: kept before the tick labels that come or go.
        let steady = Set(ticks.filter { circles[$0].from.textOpacity > 0 && circles[$0].to.textOpacity > 0 })
        var dirty = Array(repeating: Array(repeating: false, count: times.count - 1), count: circles.count)
        // The inside labels at every sample, each read once (an exact instant builds a stage).
        let sampled = times.map(inside)
        for i in 0..<(times.count - 1) {
            let (a, b) = (times[i], times[i + 1])
            let ends = (at(a), at(b))
            let (labelsAtA, labelsAtB) = (sampled[i], sampled[i + 1])
            var move = ticks.map { abs(ends.0[$0].radius - ends.1[$0].radius) }.max() ?? 0
            for track in tracks { move = max(move, Self.motion(track.poses[i], track.poses[i + 1])) }
            for (p, q) in zip(labelsAtA, labelsAtB) where p.shown || q.shown { move = max(move, Self.motion(p.box, q.box)) }
            let n = min(max(Int((move / sweep.step).rounded(.up)), 1), sweep.limit)
            let subs = (0...n).map { a + (b - a) * Double($0) / Double(n) }
            let states = subs.map { at($0) }
            let poses = tracks.map { track in subs.map { Stage.Outside.lerp(track.poses[i], track.poses[i + 1], ($0 - a) / max(b - a, 1e-9)) } }
            // The inside labels' boxes at the steps' ends (only where some is shown in the
            // interval); the samples' own are already read.
            let labels = zip(labelsAtA, labelsAtB).contains { $0.shown || $1.shown }
                ? [labelsAtA] + subs.dropFirst().dropLast().map(inside) + [labelsAtB] : []
            for j in 0..<n {
                // Each tick label's box swept over the step (radii move monotonically in it).
                func swept(_ k: Int) -> SectorBox? {
                    guard max(states[j][k].textOpacity, states[j + 1][k].textOpacity) > 0,
                          let p = GridLayout.tickBox(GridLayout.Circle(value: 0, radius: states[j][k].radius, text: circles[k].to.text)),
                          let q = GridLayout.tickBox(GridLayout.Circle(value: 0, radius: states[j + 1][k].radius, text: circles[k].to.text))
                    else { return nil }
                    return p.union(q)
                }
                let boxes = ticks.map { ($0, swept($0)) }
                // Each inside label shown in the step, swept over it.
                let insideBoxes: [(Int, SectorBox)] = labels.isEmpty ? [] : zip(labels[j], labels[j + 1]).enumerated().compactMap { l, pq in
                    pq.0.shown || pq.1.shown ? (l, pq.0.box.union(pq.1.box)) : nil
                }
                for (k, box) in boxes {
                    guard let box, !dirty[k][i] else { continue }
                    if insideBoxes.contains(where: { $0.1.overlaps(box, by: GridLayout.gap) }) {
                        dirty[k][i] = true
                        continue
                    }
                    for (t, track) in tracks.enumerated() where Self.meets(box, track.label, poses[t][j], poses[t][j + 1],
                                                                           reach: max(track.reach[i], track.reach[i + 1]),
                                                                           leaders: leaders, fontSize: fontSize) {
                        dirty[k][i] = true
                        break
                    }
                }
                // Tick labels against each other: those shown at both ends first, then from the outermost in.
                var kept: [SectorBox] = []
                for (k, box) in boxes.sorted(by: { x, y in
                    (steady.contains(x.0) ? 1 : 0, states[j][x.0].radius) > (steady.contains(y.0) ? 1 : 0, states[j][y.0].radius)
                }) {
                    guard let box, !dirty[k][i] else { continue }
                    if kept.contains(where: { $0.overlaps(box, by: GridLayout.gap) }) { dirty[k][i] = true } else { kept.append(box) }
                }
            }
        }
        for k in dirty.indices { Self.bridge(&dirty[k], times: times, minShown: minShown) }
        guard dirty.contains(where: { $0.contains(true) }) else { return }
        // At the end the rest state (`GridLayout.giveWay` decides there): a tick label hidden
        // over the last interval fades back in over it.
        let factors = dirty.map { d in
            times.indices.map { j in j < times.count - 1 && ((j > 0 && d[j - 1]) || (j < d.count && d[j])) ? 0.0 : 1.0 }
        }
        clearance = Clearance(times: times, factors: factors)
    }

    /// Hysteresis: `dirty[i]` says whether a tick label hides over the interval from
    /// `times[i]` to `times[i + 1]`. Where it would show between two stretches of hidden
    /// intervals for less than `minShown` ms (from the sample where the first stretch ends, at
    /// factor 0, to the one where the next begins), it hides over that gap too.
    static func bridge(_ dirty: inout [Bool], times: [Double], minShown: Double) {
        guard minShown > 0 else { return }
        var last: Int? = nil    // the last hidden interval before the gap
        for i in dirty.indices where dirty[i] {
            if let l = last, i > l + 1, times[i] - times[l + 1] < minShown {
                for g in (l + 1)..<i { dirty[g] = true }
            }
            last = i
        }
    }

    /// The box of an inside label at an instant (`Stage.Instant.Label`: its anchor at screen
    /// angle `angle` and `radius`, its text, or its box behind it, centred on the anchor and
    /// turned by `angle + turn` on the canvas, scaled by `scale`): the axis-aligned envelope,
    /// in pie coordinates (y down), as the tick labels' boxes are (`InsideLabelBoxes.envelope`,
    /// the same the layout's tick labels give way to at rest).
    static func box(of label: Stage.Instant.Label, fontSize: Double) -> SectorBox {
        let size = label.box.map { (width: $0.width + $0.strokeWidth, height: $0.height + $0.strokeWidth) }
            ?? LabelFit.size(label.text, fontSize: fontSize)
        return InsideLabelBoxes.envelope(angle: label.angle, radius: label.radius, width: size.width, height: size.height,
                                         turn: label.angle + label.turn, scale: label.scale)
    }

    /// Where `t` falls among `times` (ascending): between samples `k` and `next` at fraction
    /// `f` (linear in time), the first before them and the last after them.
    static func read(at t: Double, times: [Double]) -> (k: Int, next: Int, f: Double) {
        guard let j = times.firstIndex(where: { $0 > t }) else { return (times.count - 1, times.count - 1, 0) }
        guard j > 0 else { return (0, 0, 0) }
        if times[j - 1] == t { return (j - 1, j - 1, 0) }
        return (j - 1, j, (t - times[j - 1]) / max(times[j] - times[j - 1], 1e-9))
    }

    /// Px the farthest edge of a box moves between two instants.
    static func motion(_ p: SectorBox, _ q: SectorBox) -> Double {
        max(abs(p.minX - q.minX), abs(p.minY - q.minY), abs(p.maxX - q.maxX), abs(p.maxY - q.maxY))
    }

    /// Whether outside label `label`, moving from pose `p` to pose `q` over one step (linear in
    /// time; its text anchor flips half-way between two samples, so both sides are tested where
    /// they differ), comes within `GridLayout.gap` of `box` with its text (and box, `labels.box`,
    /// of reach `reach` over the step), or passes its leader through it (`LeaderClearance`), at
    /// some instant of the step.
    static func meets(_ box: SectorBox, _ label: Stage.OutsideLabel, _ p: OutsideLabels.Pose, _ q: OutsideLabels.Pose,
                      reach: Double, leaders: Bool, fontSize: Double) -> Bool {
        guard max(p.opacity, q.opacity) > 0 else { return false }
        for side in p.side == q.side ? [p.side] : [p.side, q.side] {
            var (x, y) = (p, q)
            (x.side, y.side) = (side, side)
            let text = LeaderClearance.box(label.text, x, width: .infinity, fontSize: fontSize, box: reach)
                .union(LeaderClearance.box(label.text, y, width: .infinity, fontSize: fontSize, box: reach))
            if text.overlaps(box, by: GridLayout.gap) { return true }
        }
        guard leaders else { return false }
        // Every point of a piece moves at most `d` px in the step: the piece at the step's start
        // against the tick label's box grown by it.
        for (s, u) in [(p.tick, q.tick), (p.elbow, q.elbow)] where max(s.length, u.length) > 1e-9 {
            let d = abs(u.x - s.x) + abs(u.y - s.y) + abs(u.length - s.length)
                + max(s.length, u.length) * abs(u.angle - s.angle) * Double.pi / 180
            let grown = SectorBox(minX: box.minX - d, minY: box.minY - d, maxX: box.maxX + d, maxY: box.maxY + d)
            if LeaderClearance.crosses(s, grown) { return true }
        }
        return false
    }

    /// Px the farthest point of a label (its anchor, or a point of its leader) moves between
    /// two poses, bounded.
    static func motion(_ p: OutsideLabels.Pose, _ q: OutsideLabels.Pose) -> Double {
        var most = abs(q.x - p.x) + abs(q.y - p.y)
        for (s, u) in [(p.tick, q.tick), (p.elbow, q.elbow)] {
            most = max(most, abs(u.x - s.x) + abs(u.y - s.y) + abs(u.length - s.length)
                + max(s.length, u.length) * abs(u.angle - s.angle) * Double.pi / 180)
        }
        return most
    }
}
