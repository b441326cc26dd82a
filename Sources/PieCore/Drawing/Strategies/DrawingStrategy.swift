/// One way of drawing a part of a chart's motion that `DrawingPlan.choose` picks when the
/// stage's tracks allow it: the decision it answers (`wedges`, `separators`, `keyframes`,
/// `rest`, `page`), the value it gives there, the `Budgets` gates it reads, and whether it can
/// draw given tracks. The strategies that are the default of their decision (rotated dashes,
/// lines, shared keyframes, filled rest, the SVG's own motion) draw everything and need no file.
protocol DrawingStrategy: Sendable {
    static var decision: String { get }
    static var name: String { get }
    /// Names of `Budgets.entries`.
    static var gates: [String] { get }
    /// Whether this strategy can draw `tracks` (its gates and its own conditions).
    static func draws(_ tracks: some DrawnTracks) -> Bool
}

/// The strategies, one file each under `Drawing/Strategies/`.
enum Strategies {
    /// In the order docs/dev/motion.md lists them.
    static let all: [any DrawingStrategy.Type] = [
        OffsetDashes.self, ColourCircles.self, SeparatorBands.self, SampledKeyframes.self, LiteralKeyframes.self,
        StrokedRest.self, CompositorBoxes.self,
    ]
}
