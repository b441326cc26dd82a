import PieSpec

/// What `DrawingPlan.choose` and the strategies ask of a stage's tracks as the scene encodes
/// them, and nothing else: the stage itself (layout, plan, separators, labels, whether it
/// moves or fades) and a few counts and facts of its drawn elements. Drawing's `Scene`
/// answers (`Scene+DrawnTracks.swift`); Drawing never names Codegen, so a strategy can ask
/// only what is declared here, and a new element is a new requirement that every answer
/// must give (the compiler finds them), not a line added to a guard.
protocol DrawnTracks {
    var stage: Stage { get }
    /// Motion elements: one per drawn wedge, and one per mover (a reordered slice).
    var motionCount: Int { get }
    /// Moving extensions (a rose's bridges between slices of different radii).
    var extensionCount: Int { get }
    /// Wedges stacked seam-free: one ring of equal radii, opaque, unshaped, not exploded.
    var stacked: Bool { get }
    /// Gap or corner masks.
    var masked: Bool { get }
    /// Explode orbits.
    var hasOrbits: Bool { get }
    /// Some track's ends are not linear in one easing (an extension joining different
    /// slices at the two ends, a ring whose width and radius change in different proportions).
    var sampled: Bool { get }
    /// Every motion element keeps its radius and width (no own width, no scale).
    var keepsRing: Bool { get }
    /// The ring motion element 0 is drawn on (its inner and outer radius), nil without motion
    /// elements.
    var motionRing: (inner: Double, outer: Double)? { get }
    /// Motion element `k`'s colour (`0..<motionCount`), nil where it changes colour.
    func colour(ofMotion k: Int) -> Color?
    /// The plan segment (`stage.plan.segments` index) motion element `k` draws.
    func segment(ofMotion k: Int) -> Int
    /// The length of motion element `k`'s circle (its dash pattern repeats once per turn).
    func circumference(ofMotion k: Int) -> Double
    /// Outside labels, leaders, centre texts or title lines animate (the ink layer has keyframes).
    var inkMoves: Bool { get }
}
