import PieSpec

/// A scene answers what `DrawingPlan.choose` asks of its stage's tracks as this scene encodes
/// them: counts and facts of its motion dashes, extensions, masks and orbits, and the colour
/// circles, bands and compositor boxes it would draw.
extension Scene: DrawnTracks {
    var motionCount: Int { motion.count }
    var extensionCount: Int { underlays.count }
    var masked: Bool { !cutouts.isEmpty }
    var hasOrbits: Bool { !orbits.isEmpty }
    var keepsRing: Bool {
        motion.allSatisfy { !$0.ownWidth && $0.from.scale == nil && $0.to.scale == nil && $0.from.width == nil && $0.to.width == nil }
    }
    var motionRing: (inner: Double, outer: Double)? {
        motion.first.map { (max($0.radius - $0.width / 2, 0), $0.radius + $0.width / 2) }
    }
    func colour(ofMotion k: Int) -> Color? {
        motion[k].from.color == nil && motion[k].to.color == nil ? motion[k].color : nil
    }
    func buildColourCircles() -> [ColourCircle] { Scene.colourCircles(self) }
    func buildSeparatorBands(firstIndex: Int) -> [ColourCircle] { Scene.separatorBands(self, firstIndex: firstIndex) }
    var inkMoves: Bool { InkStyle.animates(self) }
    func boxCount() -> Int? { BoxLayer.count(self) }
}
