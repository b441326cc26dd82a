import PieSpec

/// Which outside labels the ink layer animates, and through which samples: a decision of the
/// encoding, read by the CSS (`InkStyle`), the SVG (`InkWriter`, whose still leaders are one
/// path) and the drawing plan (`DrawnTracks.inkMoves`, `Strategies.CompositorBoxes`).
extension InkScene {
    /// Whether `InkStyle.css` writes keyframes: a label track that moves, fades or recolours its
    /// leaders, a centre text that fades, or a title line (titles always cross-fade).
    static func animates(_ scene: Scene) -> Bool {
        let ink = scene.ink
        guard !ink.isEmpty || !ink.titles.isEmpty else { return false }
        return !ink.titles.isEmpty || ink.centers.contains { $0.fromOpacity != $0.toOpacity }
            || ink.tracks.contains { animated($0, in: scene) != nil }
    }

    /// Whether `track`'s box (`labels.box`) changes its paint, padding or rounding between samples.
    static func boxChanges(_ track: Track) -> Bool {
        track.boxes.map { b in b.contains { $0 != b[0] } } ?? false
    }

    /// The samples `track` is animated through: the stage's label at each kept sample
    /// (`Stage.Outside.sample`, thinned by `thinned`) and their instants, or nil when it has no
    /// keyframes: the chart does not move, or the label neither moves, fades nor recolours.
    /// Its keyframes (`InkStyle`) and its leader's markup (`leadersStill`) are both decided
    /// from these.
    static func animated(_ track: Track, in scene: Scene) -> (samples: [Stage.Instant.OutsideLabel], times: [Double])? {
        let times = scene.ink.times
        guard scene.moves, times.count > 1, let all = track.filled,
              Set(all).count > 1 || track.leaders != nil || track.colors != nil || boxChanges(track),
              let samples = scene.ink.outside.samples(track, fontSize: scene.layout.fontSize)
        else { return nil }
        // A changing box blends in the plan's easing: every sample is kept.
        let kept = boxChanges(track) ? Array(samples.indices) : thinned(samples, times: times)
        return (kept.map { samples[$0] }, kept.map { times[$0] })
    }

    /// Indices of the samples to keep as keyframes: the first, the last, and every sample that
    /// the label between kept neighbours (`Stage.Instant.OutsideLabel.lerp`, as `Stage.at(_:)`
    /// and the browser read it) would miss by more than 0.05 px (or degree, or 0.005 opacity, or
    /// one unit of a colour channel, the dark look's included), or where the text anchor flips.
    static func thinned(_ samples: [Stage.Instant.OutsideLabel], times: [Double]) -> [Int] {
        guard samples.count > 2 else { return Array(samples.indices) }
        var kept = [0]
        for k in 1..<(samples.count - 1) {
            let a = kept[kept.count - 1], b = k + 1
            let covered = (a + 1...k).allSatisfy { j in
                let f = (times[j] - times[a]) / max(times[b] - times[a], 1e-9)
                let mixed = samples[a].lerp(samples[b], f), x = samples[j]
                return close(x.pose, mixed.pose) && x.pose.side == samples[a].pose.side && x.pose.side == samples[b].pose.side
                    && near(x.leader, mixed.leader) && near(x.color, mixed.color) && near(x.darkColor, mixed.darkColor)
            }
            if !covered { kept.append(k) }
        }
        kept.append(samples.count - 1)
        return kept
    }

    private static func near(_ a: Color?, _ b: Color?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return near(a, b)
    }

    /// Colours within one unit per channel (a leader's colour between two keyframes).
    private static func near(_ a: Color, _ b: Color) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= 1 && abs(Int(a.g) - Int(b.g)) <= 1 && abs(Int(a.b) - Int(b.b)) <= 1
    }

    private static func close(_ a: OutsideLabels.Pose, _ b: OutsideLabels.Pose) -> Bool {
        func near(_ s: OutsideLabels.Segment, _ t: OutsideLabels.Segment) -> Bool {
            abs(s.x - t.x) <= 0.05 && abs(s.y - t.y) <= 0.05 && abs(s.angle - t.angle) <= 0.05 && abs(s.length - t.length) <= 0.05
        }
        return abs(a.x - b.x) <= 0.05 && abs(a.y - b.y) <= 0.05 && abs(a.opacity - b.opacity) <= 0.005
            && near(a.tick, b.tick) && near(a.elbow, b.elbow)
    }

    /// Whether `track`'s leaders keep one place through `scene` (they may fade): exactly the
    /// tracks `InkStyle` gives no transform keyframes (drawn by `InkWriter.stillLeader`).
    static func leadersStill(_ track: Track, in scene: Scene) -> Bool {
        guard let samples = animated(track, in: scene)?.samples else { return true }
        return track.leaders == nil && onlyFades(samples.map(\.pose))
    }

    /// Whether `poses` differ in opacity alone (a label that fades where it rests).
    static func onlyFades(_ poses: [OutsideLabels.Pose]) -> Bool {
        guard let last = poses.last else { return true }
        return poses.allSatisfy { var p = $0; p.opacity = last.opacity; return p == last }
    }
}
