/// The exact rest layer's wedges as the stroke of their middle arcs (`DrawingPlan.Rest.strokes`,
/// Codegen's `RestStrokes`): wedges with nothing but colour, no pattern, no explode, no shaped
/// wedge (gaps, corners), none under `Budgets.minStrokedWedge` degrees (engines stroke a very
/// short arc as its chord, with butt caps square to the chord: a 500-slice pie of 0.7 degree
/// slices measured 0.16 degree off at rest, filled outlines 0.05).
extension Strategies {
    enum StrokedRest: DrawingStrategy {
        static let decision = "rest"
        static let name = "strokes"
        static let gates = ["minStrokedWedge"]

        static func draws(_ tracks: some DrawnTracks) -> Bool {
            draws(tracks.stage.layout)
        }

        /// The rest layer depends on the layout alone.
        static func draws(_ layout: ChartLayout) -> Bool {
            !layout.shapesWedges && layout.autoPatternPalette == nil
                && layout.slices.allSatisfy {
                    !$0.isVisible || ($0.pattern == .none && $0.explode == 0 && $0.endAngle - $0.startAngle >= Budgets.minStrokedWedge)
                }
        }
    }
}
