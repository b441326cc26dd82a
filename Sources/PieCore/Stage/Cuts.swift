import PieSpec

/// The gaps and rounded corners of a stage's wedges (`chart.padAngle`, `chart.cornerRadius`),
/// as facts: for each wedge track, the half gap at its start and end boundary, its corner
/// radius, and which of its boundaries cut nothing (parts of Other are one wedge,
/// `Wedge.joinsNext`). A wedge's cuts follow the final order of the whole transition and keep
/// their sizes while it runs (each is a rigid shape that turns with its boundary, whose angles
/// are the wedge's two ends): a reordered slice (a mover) is cut by the full half gap at both
/// ends, an open end of a partial sweep by none, and the one slice of a full circle has square
/// corners. `at(_:)` gives the same cuts at every instant, so the masks'
/// keyframes and `piec render`'s frames read one set of values. The rest slices' padded
/// outlines (`restShapes`) are the final layout's. Whether the moving cuts are drawn as
/// cutouts is the drawing plan's (`DrawingPlan.Masks`).
extension Stage {
    /// Wedge track `index`'s cuts: the half gap at its start and end boundary (what its
    /// `PaddedWedge` pads), its corner radius, and whether the boundary at its start (end) lies
    /// inside one wedge, joined to its neighbour, and cuts nothing.
    struct Cut: Hashable {
        var index: Int
        var startGap: Double
        var endGap: Double
        var corner: Double
        var startJoined = false
        var endJoined = false

        /// The padded outline of wedge `g` with these cuts (`endGap`: a joined run's last part's).
        func shape(_ g: SegmentGeometry, endGap: Double? = nil) -> PaddedWedge {
            PaddedWedge(start: g.startAngle, end: g.endAngle, inner: g.innerRadius, outer: g.outerRadius,
                        startGap: startGap, endGap: endGap ?? self.endGap, cornerRadius: corner)
        }
    }

    /// The cut of every wedge track, in the order of `wedges`, where the chart pads or rounds
    /// its slices; none elsewhere.
    var cuts: [Cut] {
        guard layout.shapesWedges else { return [] }
        let sides = Stage.gaps(wedges.map(\.to), halfGap: layout.halfGap)
        return wedges.enumerated().map { i, w in
            // A reordered slice is cut at both ends.
            let (h0, h1) = w.mover ? (layout.halfGap, layout.halfGap) : sides[i]
            // Corners are clamped for the final shape; a slice that leaves keeps its old corners.
            let g = w.to.span > 0 ? w.to : w.from
            let full = Geometry.isFullCircle(g.span) && wedges.count == 1
            return Cut(index: w.index, startGap: h0, endGap: h1, corner: full ? 0 : layout.cornerRadius,
                       startJoined: i > 0 && wedges[i - 1].joinsNext, endJoined: w.joinsNext)
        }
    }

    /// Half gaps at the start and end of each drawn segment, from the final order: an open end
    /// of a partial sweep (nothing visible before or after it, and no closed circle) has none.
    static func gaps(_ geometries: [SegmentGeometry], halfGap h: Double) -> [(start: Double, end: Double)] {
        guard h > 0 else { return geometries.map { _ in (0, 0) } }
        let visible = geometries.filter { $0.span > 0 }
        let closed = Stage.closes(visible)
        let first = geometries.firstIndex { $0.span > 0 } ?? geometries.count
        let last = geometries.lastIndex { $0.span > 0 } ?? -1
        return geometries.indices.map { i in
            (closed || i > first ? h : 0, closed || i < last ? h : 0)
        }
    }

    /// The rest shape of every slice of `layout` (nil for invisible slices and full circles;
    /// none where the chart neither pads nor rounds its slices).
    static func restShapes(_ layout: ChartLayout) -> [PaddedWedge?] {
        guard layout.shapesWedges else { return [] }
        let visible = layout.slices.indices.filter { layout.slices[$0].isVisible }
        let geometries = visible.map {
            SegmentGeometry(startAngle: layout.slices[$0].startAngle, endAngle: layout.slices[$0].endAngle,
                            outerRadius: layout.slices[$0].outerRadius, innerRadius: layout.slices[$0].innerRadius, color: layout.slices[$0].color)
        }
        let sides = gaps(geometries, halfGap: layout.halfGap)
        var result = [PaddedWedge?](repeating: nil, count: layout.slices.count)
        for (i, k) in visible.enumerated() where !Geometry.isFullCircle(geometries[i].span) {
            let g = geometries[i]
            result[k] = PaddedWedge(start: g.startAngle, end: g.endAngle, inner: g.innerRadius, outer: g.outerRadius,
                                    startGap: sides[i].start, endGap: sides[i].end, cornerRadius: layout.cornerRadius)
        }
        return result
    }
}
