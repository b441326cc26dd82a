/// Keyframes written at instants of the exact state: at the window edges of a staged plan
/// where one window runs at a time (`aligned`, eased between edges), else sampled on a grid
/// (`sampled`, linear between samples). Chosen where a track's ends are not linear in one
/// easing (`DrawnTracks.sampled`) or the plan is not one eased window; the instants are this
/// strategy's, read by the CSS writer, the dash starts and the ink, and so is how finely the
/// grid's tick labels are tested between them (`tickSweep`).
extension Strategies {
    enum SampledKeyframes: DrawingStrategy {
        static let decision = "keyframes"
        static let name = "sampled"
        static let gates = ["samplesPerWindow", "maxSamples", "tickStep", "tickSteps"]

        /// Whether the keyframes must be written at instants (`aligned` or `sampled`).
        static func draws(_ tracks: some DrawnTracks) -> Bool {
            !tracks.stage.plan.isUniform || tracks.sampled
        }

        /// The instants keyframes of kind `keyframes` (`.aligned` or `.sampled`) are written at.
        static func times(_ plan: TransitionPlan, _ keyframes: DrawingPlan.Keyframes) -> [Double] {
            (keyframes == .aligned ? alignedEdges(plan) : nil) ?? sampleTimes(plan)
        }

        /// The window edges when at most one window runs between any two (`Stage.Sampling`).
        static func alignedEdges(_ plan: TransitionPlan) -> [Double]? { Stage.Sampling.alignedEdges(plan) }

        /// The stage's sample instants with this strategy's counts (`Budgets.samplesPerWindow`
        /// steps for the shortest window, at most `Budgets.maxSamples`).
        static func sampleTimes(_ plan: TransitionPlan) -> [Double] {
            Stage.Sampling.times(plan, perWindow: Budgets.samplesPerWindow, limit: Budgets.maxSamples)
        }

        /// How finely the grid's tick labels are tested between two of the outside labels'
        /// samples (`Stage.Grid.keepClear`): steps of at most `Budgets.tickStep` px of motion,
        /// at most `Budgets.tickSteps` of them.
        static let tickSweep = Stage.Grid.Sweep(step: Budgets.tickStep, limit: Budgets.tickSteps)
    }
}
