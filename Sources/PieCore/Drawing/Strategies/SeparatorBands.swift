/// The separators as dashes of a few band circles over the colour circles while the chart
/// moves (`DrawingPlan.Separators.bands`), each band at most `Budgets.bandRatio` times as far
/// out as in and each circle's lines within a half turn (`Budgets.colourSector`): where the
/// wedges are colour circles and every separator is a plain opaque line across the motion
/// ring that neither fades nor stretches. `choose` keeps the bands only where they are fewer
/// than the lines (and where Codegen could gather them on circles at all).
extension Strategies {
    enum SeparatorBands: DrawingStrategy {
        static let decision = "separators"
        static let name = "bands"
        static let gates = ["bandRatio", "colourSector"]

        static func draws(_ tracks: some DrawnTracks) -> Bool {
            let stage = tracks.stage, stroke = stage.layout.stroke
            guard let ring = tracks.motionRing else { return false }
            return !stage.separators.isEmpty && stroke.width > 0 && stroke.color.isOpaque
                && stage.separators.allSatisfy {
                    $0.fromOpacity == 1 && $0.toOpacity == 1 && $0.fromInner == nil && $0.fromOuter == nil
                        && abs($0.inner - ring.inner) < 1e-6 && abs($0.outer - ring.outer) < 1e-6
                }
        }
    }
}
