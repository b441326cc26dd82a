/// Wedges as dashes placed by an animated `stroke-dashoffset` on circles turned once
/// (`DrawingPlan.Wedges.offsetDashes`), instead of an animated `rotate` per dash: every chart
/// of more than `Budgets.rotatedDashes` motion elements, and below that one ring of stacked
/// dashes that keeps its radius and width, without masks or extensions. Elsewhere Firefox's
/// and WebKit's arc-length error showed: up to 1.6 degrees at the closing boundary of a rose's
/// small circles (radius 15), background between a growing ring's dashes.
extension Strategies {
    enum OffsetDashes: DrawingStrategy {
        static let decision = "wedges"
        static let name = "offsetDashes"
        static let gates = ["rotatedDashes"]

        static func draws(_ tracks: some DrawnTracks) -> Bool {
            tracks.motionCount > Budgets.rotatedDashes || belowLimit(tracks)
        }

        /// The charts drawn by offsets below `Budgets.rotatedDashes` elements.
        static func belowLimit(_ tracks: some DrawnTracks) -> Bool {
            tracks.stacked && !tracks.masked && tracks.extensionCount == 0 && tracks.keepsRing
        }
    }
}
