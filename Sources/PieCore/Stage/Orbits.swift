import PieSpec

/// The explode orbits of a stage, as tracks: where any slice is exploded at either end of the
/// whole transition, each wedge track moves out from the centre along its middle angle by its
/// explode, and both change between the ends (the middle as its angles move, the explode as the
/// slice's `explode` does). An orbit's two ends are its wedge's (`Wedge.from`, `Wedge.to`);
/// `at(_:)` reads it at an instant from the exact state, as it reads the wedges, so `piec
/// render`'s frames move a wedge by the same offset that the orbit's keyframes hold (the
/// middle and explode of a plan whose keyframes are eased are linear in the eased progress,
/// like its angles; a sampled plan's keyframes hold the exact state at each sample). Whether
/// and how the orbits are drawn is the drawing plan's (`DrawingPlan.Orbits`).
extension Stage {
    /// Wedge track `index`'s orbit: its middle angle (chart degrees) and explode (px) at both ends.
    struct Orbit: Hashable {
        var index: Int
        var fromMiddle: Double
        var toMiddle: Double
        var from: Double
        var to: Double
    }

    /// The orbit tracks, one per wedge track in the order of `wedges` (a sampled instant's
    /// `from` ends are the instant), where the whole transition explodes; none elsewhere.
    var orbits: [Orbit] {
        guard explodes else { return [] }
        return wedges.map {
            Orbit(index: $0.index, fromMiddle: Stage.middle($0.from), toMiddle: Stage.middle($0.to), from: $0.from.explode, to: $0.to.explode)
        }
    }

    /// The orbits of the wedges of an instant (`Instant.wedges`), in their order; none where
    /// nothing explodes.
    func orbits(of wedges: [Instant.Wedge]) -> [Instant.Orbit] {
        guard explodes else { return [] }
        return wedges.map { Instant.Orbit(index: $0.index, middle: Stage.middle($0.geometry), offset: $0.geometry.explode) }
    }

    /// The middle angle of `g`, which its explode moves it along.
    static func middle(_ g: SegmentGeometry) -> Double { (g.startAngle + g.endAngle) / 2 }
}

extension TransitionPlan {
    /// Whether any slice is exploded at either end of the plan.
    var explodes: Bool {
        segments.contains { $0.from.explode > 0 || $0.to.explode > 0 } || movers.contains { $0.from.explode > 0 || $0.to.explode > 0 }
    }
}
