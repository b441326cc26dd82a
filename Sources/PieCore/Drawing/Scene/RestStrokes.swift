import PieSpec

// The exact layer of plain wedges as strokes: a wedge between two radii is exactly the
// stroke (butt caps) of its arc on the middle circle, as wide as the ring, so a slice needs
// one arc through two points instead of an outline of two arcs through four (issue 27: the
// exact layer's paths were the largest part of chart.svg, gzipped).

extension Scene {
    /// The group's stroke width: the first visible slice's ring (every slice's when stacked);
    /// a wedge of another width writes its own.
    var restStrokeWidth: Double? {
        layout.slices.first(where: \.isVisible).map { $0.outerRadius - $0.innerRadius }
    }
}
