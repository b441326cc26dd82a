import PieSpec

/// A scene answers what `DrawingPlan.choose` asks of its stage's tracks as this scene encodes
/// them: counts and facts of its motion dashes, extensions, masks and orbits (the colour
/// circles, bands and compositor boxes are built by the strategies, from these).
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
    func segment(ofMotion k: Int) -> Int { motion[k].index }
    func circumference(ofMotion k: Int) -> Double { motion[k].circumference }
    var inkMoves: Bool { InkScene.animates(self) }
}
