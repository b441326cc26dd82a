/// index.html's motion as HTML boxes turned on the compositor (`DrawingPlan.Page.boxes`,
/// Codegen's `BoxLayer`): a uniform plan whose every wedge and separator is one exact `rotate`
/// per box, at most `Budgets.turningBoxes` boxes, the boxes kept `Budgets.boxHold` ms after the
/// motion. The encoding answers whether its pieces fit (`DrawnTracks.fitsBoxes`).
extension Strategies {
    enum CompositorBoxes: DrawingStrategy {
        static let decision = "page"
        static let name = "boxes"
        static let gates = ["turningBoxes", "boxHold"]

        static func draws(_ tracks: some DrawnTracks) -> Bool {
            tracks.stage.moves && tracks.stage.plan.isUniform && !tracks.sampled && tracks.fitsBoxes()
        }
    }
}
