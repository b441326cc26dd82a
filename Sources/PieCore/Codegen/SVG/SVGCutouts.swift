import PieJSON
import PieSpec

/// The SVG side of gaps, rounded corners and explode (see `CornerMask.swift`, `PaddedWedge`).
extension SVGWriter {
    /// The masks of the motion elements, one per element: a white square, the centre disc and
    /// two boundary shapes (`.p-c<k>`) that CSS rotates like separators.
    mutating func cutoutDefs() {
        guard !scene.cutouts.isEmpty else { return }
        let extent = Scene.extentOf(scene.motion.map { Scene.segment(scene.plan, motion: $0.index) })
        // The square every mask and its white base cover: ` x=".." y=".." width=".." height=".."`.
        var square = ByteWriter(capacity: 64)
        for (name, value) in [("x", -extent), ("y", -extent), ("width", 2 * extent), ("height", 2 * extent)] {
            square.raw(" " + name + "=\"")
            square.num(value)
            square.raw("\"")
        }
        let box = square.bytes
        out.open("defs", ClassPrefix.cutouts)
        out.raw("\">\n")
        for (i, c) in scene.cutouts.enumerated() {
            out.raw("<mask id=\"" + scene.scope + "-c")
            out.int(i)
            out.raw("\" maskUnits=\"userSpaceOnUse\"")
            out.raw(box)
            out.raw("><rect")
            out.raw(box)
            out.raw(" fill=\"#fff\"/>")
            if c.disc > 0 {
                out.raw("<circle r=\"")
                out.num(c.disc)
                out.raw("\"/>")
            }
            for cut in [c.start, c.end] {
                let ears = [cut.outerEar, cut.innerEar].enumerated().filter { !$0.element.isEmpty }
                guard !cut.shape.isEmpty || !ears.isEmpty else { continue }
                // The group turns with the boundary; ears slide along its ray inside it.
                out.open("g", ClassPrefix.cutout)
                out.int(cut.index)
                out.raw("\">")
                if !cut.shape.isEmpty {
                    out.raw("<path d=\"")
                    out.path(cut.shape)
                    out.raw("\"/>")
                }
                for (k, ear) in ears {
                    out.open("path", ClassPrefix.ear)
                    out.int(2 * cut.index + k)
                    out.raw("\"")
                    out.raw(" d=\"")
                    out.path(ear)
                    out.raw("\"/>")
                }
                out.raw("</g>")
            }
            out.raw("</mask>\n")
        }
        out.raw("</defs>\n")
    }

    /// Opens the group(s) around motion element `index` that carry its explode orbit and mask:
    /// an orbit is two groups, `.p-o<k>` turning to the middle angle and an inner one moving
    /// out along it and turning back (`MotionFrames.orbitOuter`/`orbitInner`); the mask sits
    /// on the inner one, so it moves with the slice.
    mutating func motionOpen(_ index: Int) {
        let cut = scene.cutouts.firstIndex { $0.motion == index }
        let orbit = scene.orbits.contains { $0.index == index }
        guard cut != nil || orbit else { return }
        if orbit {
            out.open("g", ClassPrefix.orbit)
            out.int(index)
            out.raw("\">")
        }
        out.raw("<g")
        if let cut {
            out.raw(" mask=\"url(#" + scene.scope + "-c")
            out.int(cut)
            out.raw(")\"")
        }
        out.raw(">")
    }

    mutating func motionClose(_ index: Int) {
        if scene.orbits.contains(where: { $0.index == index }) {
            out.raw("</g></g>\n")
        } else if scene.cutouts.contains(where: { $0.motion == index }) {
            out.raw("</g>\n")
        }
    }

    /// ` transform="translate(x y)"` for an exploded slice `k` (chart space; the pie group mirrors).
    mutating func explodeAttribute(_ k: Int) {
        let explode = layout.slices[k].explode
        guard explode > 0 else { return }
        let p = Geometry.point(angle: layout.slices[k].midAngle, radius: explode)
        out.raw(" transform=\"translate(")
        out.num(p.x)
        out.raw(" ")
        out.num(p.y)
        out.raw(")\"")
    }

    /// Slice `k`'s rest shape as `<path>` in its colour (moved by its explode), then, when it
    /// has a pattern, the same shape filled with the pattern, `separator` between the two.
    mutating func restPaths(_ k: Int, end: Double, separator: StaticString) {
        let color = layout.slices[k].color
        restPath(k, end: end) { $0.paint(color, "fill-opacity") }
        guard let fill = Patterns.fill(layout.slices[k].pattern, on: color, scope: scene.scope) else { return }
        out.raw(separator)
        restPath(k, end: end) { $0.raw(fill) }
    }

    private mutating func restPath(_ k: Int, end: Double, fill: (inout ByteWriter) -> Void) {
        out.raw("<path fill=\"")
        fill(&out)
        out.raw("\"")
        explodeAttribute(k)
        out.raw(" d=\"")
        restWedge(k, end: end)
        out.raw("\"/>")
    }

    /// The `d` of slice `k` at rest, painted to `end` (stacked) or its own end.
    mutating func restWedge(_ k: Int, end: Double) {
        if k < scene.restShapes.count, let shape = scene.restShapes[k] {
            out.path(shape.outline())
        } else {
            out.wedge(start: layout.slices[k].startAngle, end: end, inner: layout.slices[k].innerRadius,
                      outer: layout.slices[k].outerRadius)
        }
    }
}
