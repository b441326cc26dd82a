/// index.html's motion as HTML boxes turned on the compositor (`DrawingPlan.Page.boxes`,
/// Codegen's `BoxLayer`): a bundle's index.html of a chart that moves in one eased window,
/// whose every wedge and separator is one exact `rotate` per box, at most
/// `Budgets.turningBoxes` boxes, the boxes kept `Budgets.boxHold` ms after the motion. The
/// boxes are laid out here (`boxes(_:)`: the pieces of `BoxPieces`, the separators they carry
/// and the ones of their own, the hold), counted, and carried by the plan
/// (`DrawingPlan.boxes`); every other question is asked of the stage's tracks.
extension Strategies {
    enum CompositorBoxes: DrawingStrategy {
        static let decision = "page"
        static let name = "boxes"
        static let gates = ["turningBoxes", "boxHold"]

        /// A separator line as a box: its angles at both ends and its opacities.
        struct Separator: Hashable, Sendable {
            var index: Int
            var from: Double
            var to: Double
            var fromOpacity: Double
            var toOpacity: Double
        }

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
                  stage.separators.allSatisfy({ $0.fromInner == nil && $0.window == nil && $0.inner == layout.innerRadius && $0.outer == layout.outerRadius })
            else { return .shape }
            // A translucent pie: the boxes and the SVG's rest layer overlap as they hand over.
            guard opacity == .opaque else { return .opacity }
            guard !tracks.inkMoves else { return .ink }
            guard !stage.outlineMoves else { return .outline }
            guard let boxes = boxes(stage) else { return .shape }
            return boxes.count <= Budgets.turningBoxes ? .boxes : .budget
        }

        /// The boxes of `stage`'s plan (a stage `reason` has found plain): its pieces, the
        /// separator each piece carries, the separators of their own, kept `Budgets.boxHold` ms
        /// after the motion; nil when its pieces close the circle at one end only and no
        /// separator covers the closing line.
        static func boxes(_ stage: Stage) -> DrawingPlan.Boxes? {
            let drawn = BoxPieces(stage.plan.segments)
            let lines = stage.separators.map {
                Separator(index: $0.index, from: $0.from, to: $0.to, fromOpacity: $0.fromOpacity, toOpacity: $0.toOpacity)
            }
            guard !drawn.closesAtOneEnd || !lines.isEmpty else { return nil }
            let riders = riders(lines, on: drawn.pieces)
            let carried = Set(riders.compactMap { $0 })
            return DrawingPlan.Boxes(pieces: drawn.pieces, carries: riders.map { $0 != nil },
                                     separators: lines.indices.filter { !carried.contains($0) }.map { lines[$0] },
                                     hold: Budgets.boxHold)
        }

        /// For each piece, the separator (position in `lines`) it carries: one that does not fade,
        /// at the piece's start at both ends, when no piece painted later starts before it at
        /// either end (else a later piece could cover part of the line).
        static func riders(_ lines: [Separator], on pieces: [BoxPieces.Piece]) -> [Int?] {
            var free = Array(lines.indices.filter { lines[$0].fromOpacity == 1 && lines[$0].toOpacity == 1 })
            return pieces.indices.map { n in
                let p = pieces[n]
                guard let k = free.firstIndex(where: { lines[$0].from == p.from.start && lines[$0].to == p.to.start }),
                      pieces[(n + 1)...].allSatisfy({ $0.from.start >= p.from.start && $0.to.start >= p.to.start }) else { return nil }
                return free.remove(at: k)
            }
        }

        /// A segment the boxes draw exactly: the chart's radii, one colour, opaque, not exploded.
        private static func plain(_ s: Segment, _ layout: ChartLayout) -> Bool {
            [s.from, s.to].allSatisfy { g in
                g.outerRadius == layout.outerRadius && g.innerRadius == layout.innerRadius && g.opacity == 1 && g.explode == 0
            } && s.from.color == s.to.color && s.to.color.isOpaque
        }
    }
}

extension DrawingPlan {
    /// index.html's turning boxes (`Page.boxes`), as `Strategies.CompositorBoxes` lays them
    /// out: Codegen's `BoxLayer` writes them as they are.
    struct Boxes: Hashable, Sendable {
        var pieces: [BoxPieces.Piece]
        /// Whether piece n carries the separator at its start: a line that starts with the piece at
        /// both ends rides in its turning box (no layer or animation of its own).
        var carries: [Bool]
        /// The separators that are boxes of their own (`.p-j<index>`).
        var separators: [Strategies.CompositorBoxes.Separator]
        /// How long the boxes stay after the motion, ms (`Budgets.boxHold`).
        var hold: Double
        /// The turning boxes: two per piece, one per separator a piece does not carry.
        var count: Int { 2 * pieces.count + separators.count }
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
