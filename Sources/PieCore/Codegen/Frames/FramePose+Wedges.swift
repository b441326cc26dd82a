import PieSpec

/// The wedges of a pose, in the order the bundle paints them: at rest the exact layer's
/// (stacked slices painted to their rest ends, extensions under seams, padded outlines); in
/// motion the stage's wedges, extensions and orbits at the instant (`Stage.at`, the exact state),
/// painted as the motion layer paints its dashes (stacked to the middle of the next segment,
/// extensions under their seams, reordered slices on top).
extension FramePose {
    static func restWedges(_ scene: Scene) -> [Wedge] {
        let layout = scene.layout
        var result = restUnderlays(scene, after: nil)
        var r = 0
        for k in layout.slices.indices where layout.slices[k].isVisible {
            guard r < scene.restEnds.count else { break }
            let s = layout.slices[k]
            var g = s.geometry.exploded(s.explode)
            g.endAngle = scene.restEnds[r]
            r += 1
            result.append(Wedge(geometry: g, mid: s.midAngle, shape: k < scene.restShapes.count ? scene.restShapes[k] : nil,
                                pattern: s.pattern == .none ? nil : (s.pattern, s.color)))
            result += restUnderlays(scene, after: k)
        }
        return result
    }

    private static func restUnderlays(_ scene: Scene, after: Int?) -> [Wedge] {
        scene.restUnderlays.filter { $0.after == after }.map { Wedge(geometry: $0.geometry, mid: 0, shape: nil, pattern: nil) }
    }

    /// The wedges in motion: `now`'s (the stage's instant), painted as the motion layer paints them.
    static func motionWedges(_ scene: Scene, _ now: Stage.Instant) -> [Wedge] {
        let plan = scene.plan
        // The drawn segments' tracks (in angular order), then the movers', as `now.wedges`.
        let drawn = scene.stage.wedges.prefix { !$0.mover }
        let geometry = now.wedges.prefix(drawn.count).map(\.geometry)
        var ends = geometry.map(\.endAngle)
        if scene.stacked {
            // Between versions only: in an enter animation every segment grows from nothing.
            let thin = plan.kind != .update ? nil : drawn.map { $0.from.span <= 0 || $0.to.span <= 0 }
            ends = Scene.paintEnds(geometry, closed: Stage.closes(geometry), thin: thin)
        }
        // Gaps and corners where the plan masks the dashes: the stage's cuts at the instant
        // (`Stage.cuts`, which the masks are made of). Where the plan joins runs
        // (`Scene.runEnds`), a run of wedges joined at their boundaries (parts of Other) is
        // one wedge, as its dash is.
        let cuts = scene.drawing.masks == .cutouts ? now.cuts : []
        let runEnds = scene.runEnds ?? []
        func shape(_ g: SegmentGeometry, _ k: Int, endGap: Double? = nil) -> PaddedWedge? {
            guard k < cuts.count, !Geometry.isFullCircle(g.span) else { return nil }
            return cuts[k].shape(g, endGap: endGap)
        }
        // The extensions under the seams of slices of different radii, re-bridged at the instant.
        let bridges = scene.underlays.isEmpty ? [] : now.extensions
        var result = bridges.filter { $0.after == nil }.map(extensionWedge)
        var i = 0
        while i < drawn.count {
            let last = i < runEnds.count ? runEnds[i] ?? i : i
            var g = geometry[i]
            g.endAngle = geometry[last].endAngle
            var mid = (g.startAngle + g.endAngle) / 2
            let padded = shape(g, i, endGap: last < cuts.count ? cuts[last].endGap : nil)
            if last == i { g.endAngle = ends[i] }
            // An exploded wedge rides its orbit: the stage's, which its `.p-o` groups hold (a
            // joined run is parts of Other, never exploded: `CutsTests`).
            if last == i, i < now.orbits.count { (mid, g.explode) = (now.orbits[i].middle, now.orbits[i].offset) }
            if let w = wedge(g, mid: mid, shape: padded, pattern: pattern(scene, index: drawn[i].index)) { result.append(w) }
            for k in i...last { result += bridges.filter { $0.after == drawn[k].index }.map(extensionWedge) }
            i = last + 1
        }
        for (j, w) in now.wedges.enumerated().dropFirst(drawn.count) {
            var g = w.geometry, mid = (g.startAngle + g.endAngle) / 2
            if j < now.orbits.count { (mid, g.explode) = (now.orbits[j].middle, now.orbits[j].offset) }
            let painted = wedge(g, mid: mid, shape: shape(g, j),
                                pattern: pattern(scene, index: w.index))
            if let painted { result.append(painted) }
        }
        return result
    }

    /// A wedge that draws something (a zero-width segment draws nothing: no hairline).
    private static func wedge(_ g: SegmentGeometry, mid: Double, shape: PaddedWedge?, pattern: (SlicePattern, Color)?) -> Wedge? {
        guard g.endAngle > g.startAngle, g.outerRadius > g.innerRadius, shape.map({ !$0.vanishes }) ?? true else { return nil }
        return Wedge(geometry: g, mid: mid, shape: shape, pattern: pattern)
    }

    private static func extensionWedge(_ e: Stage.Instant.Extension) -> Wedge { Wedge(geometry: e.geometry, mid: 0, shape: nil, pattern: nil) }

    /// The pattern over motion element `index` (`Scene.pattern(ofMotion:)`: its slice's, or a
    /// leaving slice's under `theme.patterns: auto`).
    private static func pattern(_ scene: Scene, index: Int) -> (SlicePattern, Color)? {
        guard let m = scene.motion.first(where: { $0.index == index }), let p = scene.pattern(ofMotion: m), p.0 != .none else { return nil }
        return p
    }
}
