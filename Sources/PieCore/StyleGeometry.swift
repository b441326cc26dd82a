/// The CSS side of gaps, rounded corners and explode (see `CornerMask.swift`): mask shapes
/// rotate like separators, explode orbits like labels.
extension StyleWriter {
    /// Extra selectors that share the animation longhands (`,sel .p-cm path,sel .p-mo g`).
    func geometrySelectors() -> String {
        let sel = "." + scene.scope + " "
        var extra = ""
        if !scene.cutouts.isEmpty { extra += "," + sel + ".p-cm path" }
        if !scene.orbits.isEmpty { extra += "," + sel + ".p-mo g" }
        return extra
    }

    /// Final-state rules and from-keyframes of the mask shapes and orbit groups.
    mutating func geometryStates(_ names: inout Names) {
        for c in scene.cutouts {
            for cut in [c.start, c.end] {
                rule(".p-c", cut.index, .rotate(cut.to, showing: false))
                names.cuts.append((cut.index, keyframe(.rotate(cut.from, showing: false))))
            }
        }
        for o in scene.orbits {
            rule(".p-o", o.motion, .orbit(o.toMid, radius: o.to, opacity: 1))
            names.orbits.append((o.motion, keyframe(.orbit(o.fromMid, radius: o.from, opacity: 1))))
        }
    }
}
