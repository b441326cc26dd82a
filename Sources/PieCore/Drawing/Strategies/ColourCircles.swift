import PieSpec

/// The motion layer by colour (`DrawingPlan.Wedges.colourCircles`): slice 0 alone and one
/// circle per colour and half turn (`Budgets.colourSector`) for the others. Given offset
/// dashes and one eased window: stacked plain opaque dashes of one ring that keeps its radius,
/// each keeping its colour, without masks, extensions, movers, orbits or patterns, at least
/// `Budgets.colourCircleElements` elements, and a colour that two slices share. `choose` then
/// keeps the circles only where they are fewer than the elements they replace.
extension Strategies {
    enum ColourCircles: DrawingStrategy {
        static let decision = "wedges"
        static let name = "colourCircles"
        static let gates = ["colourCircleElements", "colourSector"]

        static func draws(_ tracks: some DrawnTracks) -> Bool {
            let layout = tracks.stage.layout
            guard OffsetDashes.belowLimit(tracks), tracks.stage.plan.movers.isEmpty, !tracks.hasOrbits,
                  tracks.motionCount >= Budgets.colourCircleElements, layout.autoPatternPalette == nil,
                  layout.slices.allSatisfy({ $0.pattern == .none }) else { return false }
            var colours = Set<Color>()
            for k in 1..<tracks.motionCount {
                guard let colour = tracks.colour(ofMotion: k) else { return false }
                colours.insert(colour)
            }
            return colours.count < tracks.motionCount - 1
        }
    }
}
