/// The CSS side of gaps, rounded corners and explode (see `CornerMask.swift`): mask shapes
/// rotate like separators, explode orbits like labels.
extension StyleWriter {
    /// Extra selectors that share the animation longhands (`,.p-cm path,.p-mo g`).
    func geometrySelectors() -> String {
        var extra = ByteWriter(capacity: 32)
        geometrySelectors(into: &extra)
        return extra.string
    }

    func geometrySelectors(into out: inout ByteWriter) {
        if !scene.cutouts.isEmpty { out.raw(",.p-cm path") }
        if !scene.orbits.isEmpty { out.raw(",.p-mo g") }
    }

    /// Final-state rules and from-keyframes of the mask shapes and orbit groups.
    mutating func geometryStates(_ names: inout Names) {
        for c in scene.cutouts {
            for cut in [c.start, c.end] {
                rule(".p-c", cut.index, .rotate(cut.to, showing: false))
                names.cuts.append((cut.index, keyframe(.rotate(cut.from, showing: false))))
                for (k, ear) in cut.ears {
                    rule(".p-x", k, .ray(cut.to, inner: 0, length: 1, showing: false))
                    names.ears.append((k, keyframe(.ray(cut.from, inner: ear, length: 1, showing: false))))
                }
            }
        }
        for o in scene.orbits {
            rule(".p-o", o.motion, .orbit(o.toMid, radius: o.to, opacity: 1))
            names.orbits.append((o.motion, keyframe(.orbit(o.fromMid, radius: o.from, opacity: 1))))
        }
    }
}

extension Scene.Cut {
    /// (element index, from-shift) of each ear element.
    var ears: [(Int, Double)] {
        var result: [(Int, Double)] = []
        if !outerEar.isEmpty { result.append((2 * index, outerShift)) }
        if !innerEar.isEmpty { result.append((2 * index + 1, innerShift)) }
        return result
    }
}
