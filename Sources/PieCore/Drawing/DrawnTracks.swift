import PieSpec

/// What `DrawingPlan.choose` and the strategies ask of a stage's tracks as Codegen encodes
/// them, and nothing else: the stage itself (layout, plan, separators, labels, whether it
/// moves or fades) and a few counts and facts of its drawn elements. Codegen's `Scene`
/// answers (`Scene+DrawnTracks.swift`); Drawing never names Codegen, so a strategy can ask
/// only what is declared here, and a new element is a new requirement that every answer
/// must give (the compiler finds them), not a line added to a guard.
protocol DrawnTracks {
    /// The encoding's own circles (colour circles and separator bands), built once to be
    /// counted and then kept by the caller.
    associatedtype Circle
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
    /// The colour circles that would draw motion elements 1 and on (empty: they cannot).
    func buildColourCircles() -> [Circle]
    /// The separator bands over those circles, numbered from `firstIndex` (empty: they cannot).
    func buildSeparatorBands(firstIndex: Int) -> [Circle]
    /// Outside labels, leaders, centre texts or title lines animate (the ink layer has keyframes).
    var inkMoves: Bool { get }
    /// The turning boxes index.html's compositor layer takes for this motion (two per piece,
    /// one per separator a piece does not carry), nil where its pieces cannot draw it (a
    /// circle closed at one end only, with no separator over the closing line); asked of a
    /// stage `CompositorBoxes` has found plain.
    func boxCount() -> Int?
}
