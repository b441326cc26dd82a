import PieSpec

/// Tick labels that give way in motion (issue 40): at rest a tick label gives way to the
/// labels beside the pie (`GridLayout.giveWay`), but while the scale and the labels move, a
/// tick label shown at both ends can pass under an outside label or a leader. Between every
/// two of the outside labels' sample instants (`Stage.Outside.times`) each tick label is
/// tested against every outside label's text box, every drawn leader and every other tick
/// label, swept over the interval (cut into steps of at most `sweep.step` px of motion, at most
/// `sweep.limit` of them, each step's boxes grown by what moves in it); where one meets, the tick label is hidden over that
/// interval: its factor is 0 at both samples around it, and it fades out and back in over
/// the clean intervals next to it, linear in time as the samples are. `Grid.at` multiplies
/// the track's opacity by it, so chart.css (a wrapper per tick label, `GridWriter`) and
/// `piec render`'s frames draw the same.
extension Stage.Grid {
    /// How finely each interval between two samples is tested: steps of at most `step` px of
    /// motion of a tick label, an outside label or a leader, at most `limit` steps (the numbers
    /// are `Budgets.tickStep` and `Budgets.tickSteps`, passed down by `Stage.place`).
    struct Sweep: Sendable {
        var step: Double
        var limit: Int
    }

    /// The tick labels kept clear of `outside` (the stage's sampled labels beside the pie;
    /// `leaders`: whether their leaders are drawn), `fontSize` the labels'. Sets `clearance`
    /// where some tick label must hide; leaves it nil otherwise.
    mutating func keepClear(of outside: Stage.Outside, leaders: Bool, fontSize: Double, sweep: Sweep) {
        clearance = nil
        let times = outside.times
        let ticks = circles.indices.filter { circles[$0].to.text != nil }
        guard times.count > 1, !ticks.isEmpty else { return }
        let tracks: [(label: Stage.OutsideLabel, poses: [OutsideLabels.Pose])] = outside.labels.compactMap { l in
            l.filled.flatMap { $0.count == times.count ? (l, $0) : nil }
        }
        // Shown at both ends of the motion: kept before the tick labels that come or go.
        let steady = Set(ticks.filter { circles[$0].from.textOpacity > 0 && circles[$0].to.textOpacity > 0 })
        var dirty = Array(repeating: Array(repeating: false, count: times.count - 1), count: circles.count)
        for i in 0..<(times.count - 1) {
            let (a, b) = (times[i], times[i + 1])
            let ends = (at(a), at(b))
            var move = ticks.map { abs(ends.0[$0].radius - ends.1[$0].radius) }.max() ?? 0
            for track in tracks { move = max(move, Self.motion(track.poses[i], track.poses[i + 1])) }
            let n = min(max(Int((move / sweep.step).rounded(.up)), 1), sweep.limit)
            let subs = (0...n).map { a + (b - a) * Double($0) / Double(n) }
            let states = subs.map { at($0) }
            let poses = tracks.map { track in subs.map { Stage.Outside.lerp(track.poses[i], track.poses[i + 1], ($0 - a) / max(b - a, 1e-9)) } }
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
                for (k, box) in boxes {
                    guard let box, !dirty[k][i] else { continue }
                    for (t, track) in tracks.enumerated() where Self.meets(box, track.label, poses[t][j], poses[t][j + 1],
                                                                           step: (i, i + 1), leaders: leaders, fontSize: fontSize) {
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
        guard dirty.contains(where: { $0.contains(true) }) else { return }
        let factors = dirty.map { d in
            times.indices.map { j in (j > 0 && d[j - 1]) || (j < d.count && d[j]) ? 0.0 : 1.0 }
        }
        clearance = Clearance(times: times, factors: factors)
    }

    /// Whether outside label `label`, moving from pose `p` to pose `q` over one step (linear in
    /// time; its text anchor flips half-way between two samples, so both sides are tested where
    /// they differ), comes within `GridLayout.gap` of `box` with its text (and box, `labels.box`,
    /// at samples `step`), or passes its leader through it (`LeaderClearance`), at some instant
    /// of the step.
    static func meets(_ box: SectorBox, _ label: Stage.OutsideLabel, _ p: OutsideLabels.Pose, _ q: OutsideLabels.Pose,
                      step: (Int, Int), leaders: Bool, fontSize: Double) -> Bool {
        guard max(p.opacity, q.opacity) > 0 else { return false }
        let reach = max(label.boxes.map { $0[min(step.0, $0.count - 1)].reach } ?? 0, label.boxes.map { $0[min(step.1, $0.count - 1)].reach } ?? 0)
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
