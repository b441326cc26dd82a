/// Keyframes with literal values in every `@keyframes` (`DrawingPlan.Keyframes.literal`)
/// instead of values shared through `var()`: a uniform plan of more than
/// `Budgets.sharedKeyframeParts` animated parts (extensions, dashes and separator lines), as
/// Chromium resolves `var()` on every frame.
extension Strategies {
    enum LiteralKeyframes: DrawingStrategy {
        static let decision = "keyframes"
        static let name = "literal"
        static let gates = ["sharedKeyframeParts"]

        static func draws(_ tracks: some DrawnTracks) -> Bool {
            tracks.extensionCount + tracks.motionCount + tracks.stage.separators.count > Budgets.sharedKeyframeParts
        }
    }
}
