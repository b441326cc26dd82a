/// The CSS side of gaps, rounded corners and explode (see `CornerMask.swift`): mask shapes
/// turn like separators (`StyleWriter.parts`), explode orbits like labels.
extension Scene.Cut {
    /// (element index, from-shift) of each ear element.
    var ears: [(Int, Double)] {
        var result: [(Int, Double)] = []
        if !outerEar.isEmpty { result.append((2 * index, outerShift)) }
        if !innerEar.isEmpty { result.append((2 * index + 1, innerShift)) }
        return result
    }
}
