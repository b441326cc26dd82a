/// index.html's motion as HTML boxes turned on the compositor (`DrawingPlan.Page.boxes`,
/// Codegen's `BoxLayer`): a bundle's index.html of a chart that moves in one eased window,
/// whose every wedge and separator is one exact `rotate` per box, at most
/// `Budgets.turningBoxes` boxes, the boxes kept `Budgets.boxHold` ms after the motion. The
/// encoding counts the boxes its pieces take (`DrawnTracks.boxCount`); every other question is
/// asked of the stage's tracks here.
extension Strategies {
    enum CompositorBoxes: DrawingStrategy {
        static let decision = "page"
        static let name = "boxes"
        static let gates = ["turningBoxes", "boxHold"]

        static func draws(_ tracks: some DrawnTracks) -> Bool {
            tracks.stage.moves && tracks.stage.plan.isUniform && !tracks.sampled
                && reason(tracks, opacity: DrawingPlan.Opacity(tracks.stage.plan)) == .boxes
        }

        /// `.boxes` where the boxes draw this motion exactly (asked of a stage that moves in
        /// one eased window, drawn at `opacity`: the plan's), else the first reason they cannot.
        static func reason(_ tracks: some DrawnTracks, opacity: DrawingPlan.Opacity) -> DrawingPlan.PageReason {
            let stage = tracks.stage, layout = stage.layout, plan = stage.plan
            // Slices that change radius, colour or opacity, gaps, rounded corners, explode,
            // patterns, rose or rings, a track, a counterclockwise chart, moving inside labels.
            guard plan.movers.isEmpty, plan.duration > 0, stage.labels.isEmpty, !tracks.masked, !tracks.hasOrbits,
                  tracks.extensionCount == 0, layout.direction == .clockwise, layout.track == nil, !layout.shapesWedges,
                  layout.equalRadii, layout.autoPatternPalette == nil, layout.outerRadius > layout.innerRadius, layout.width > 0
            else { return .shape }
            // Each shown segment is a piece of two boxes at least: a longer plan never fits
            // (asked first, so that a chart of 100,000 slices pays nothing more here).
            guard plan.segments.count <= Budgets.turningBoxes else { return .budget }
            guard plan.segments.allSatisfy({ plain($0, layout) }),
                  layout.slices.allSatisfy({ $0.pattern == .none && $0.color.isOpaque }),
                  stage.separators.allSatisfy({ $0.fromInner == nil && $0.inner == layout.innerRadius && $0.outer == layout.outerRadius })
            else { return .shape }
            // A translucent pie: the boxes and the SVG's rest layer overlap as they hand over.
            guard opacity == .opaque else { return .opacity }
            guard !tracks.inkMoves else { return .ink }
            guard !stage.outlineMoves else { return .outline }
            guard let boxes = tracks.boxCount() else { return .shape }
            return boxes <= Budgets.turningBoxes ? .boxes : .budget
        }

        /// A segment the boxes draw exactly: the chart's radii, one colour, opaque, not exploded.
        private static func plain(_ s: Segment, _ layout: ChartLayout) -> Bool {
            [s.from, s.to].allSatisfy { g in
                g.outerRadius == layout.outerRadius && g.innerRadius == layout.innerRadius && g.opacity == 1 && g.explode == 0
            } && s.from.color == s.to.color && s.to.color.isOpaque
        }
    }
}

extension Stage {
    /// Whether `chart.outline` moves: its radius, width or colour (in a look the chart is
    /// drawn in) differs between the plan's ends (an outline that appears or vanishes grows
    /// from or thins to no width).
    var outlineMoves: Bool {
        guard plan.from.outline != plan.to.outline, let to = plan.to.outline ?? plan.from.outline?.collapsed else { return false }
        let from = plan.from.outline ?? to.collapsed
        return from.radius != to.radius || from.width != to.width || from.color != to.color
            || (layout.dark != nil && from.darkColor != to.darkColor)
    }
}
