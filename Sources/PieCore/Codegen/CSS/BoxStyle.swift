import PieJSON
import PieSpec

/// index.html's rules for the compositor layer (`BoxLayer`): the wrapper, the boxes, one
/// literal `@keyframes` per moving box (`rotate`, plus `opacity` for a separator that fades),
/// and the SVG's pie taken off the main thread for the motion. Everything that moves is inside
/// `prefers-reduced-motion: no-preference`; outside it the layer is `scale:0` (drawn nowhere).
extension BoxLayer {
    func css(into out: inout ByteWriter) {
        let k = 100 / layout.width
        let sel = "." + scope + " "
        // The SVG's own motion is not run (its moving dashes and separators would restyle
        // every frame on the main thread); its rest layer waits under the boxes.
        out.raw(sel)
        out.raw(".p-mo{display:none}\n")
        out.raw(sel)
        out.raw(".p-pie :is(.p-mo,.p-sep) *{")
        KeyframesWriter.stopped(into: &out)
        out.raw("}\n")
        out.raw(".p-fx{position:relative;width:")
        out.num(layout.width)
        out.raw("px;max-width:100%;container-type:inline-size}\n.p-fx>svg{display:block}\n")
        // Every turning box is the whole wrapper, the SVG's own box, turned about the chart's
        // centre (`transform-origin`), and every boundary is a clip in it: engines round a box's
        // position and size to whole pixels, not a clip or a transform, so no boundary can round
        // apart from the SVG (turning chart-sized boxes placed at a fraction of a pixel were
        // drawn up to 1.15 px off). Only the disc inside, which makes the radii, is a box.
        out.raw(".p-bx{position:absolute;inset:0;pointer-events:none;scale:0}\n")
        KeyframesWriter.openMotion(into: &out)
        out.raw("\n")
        out.raw(sel)
        out.raw(".p-ex{")
        KeyframesWriter.stopped(into: &out)
        out.raw("}\n")
        out.raw(sel)
        out.raw(".p-pie{")
        KeyframesWriter.animation(KeyframesName(scope, "hide"), over: line, easing: easing, linear: true, into: &out)
        out.raw("}\n")
        boxRules(k: k, into: &out)
        keyframes(into: &out)
        out.raw("}\n")
        if let dark = layout.dark, let color = dark.separator, !separators.isEmpty || carries.contains(true) {
            dark.rules(into: &out) { out in
                out.raw(".p-bx b{background:")
                out.hex(color)
                out.raw("}\n")
            }
        }
    }

    /// The boxes' shapes, base (final) angles, colours and animation names.
    private func boxRules(k: Double, into out: inout ByteWriter) {
        let R = layout.outerRadius, ring = R - layout.innerRadius
        out.raw(".p-bx{")
        KeyframesWriter.animation(KeyframesName(scope, "bon"), over: TimeWindow(start: line.start, length: line.length + hold),
                                  easing: easing, linear: true, into: &out)
        out.raw("}\n.p-bx *{position:absolute;inset:0;transform-origin:")
        cqw(layout.cx * k, into: &out)
        out.raw(" ")
        cqw(layout.cy * k, into: &out)
        out.raw(";")
        KeyframesWriter.longhands(duration: line.length + hold, easing: easing, delay: line.start, into: &out)
        // A piece: turned to its start, clipped right of the centre, turned by its width,
        // clipped left of the centre, a disc.
        out.raw("}\n.p-bx>i>i{clip-path:inset(0 0 0 ")
        cqw(layout.cx * k, into: &out)
        out.raw(")}\n.p-bx>i>i>i{clip-path:inset(0 calc(100% - ")
        cqw(layout.cx * k, into: &out)
        out.raw(") 0 0)}\n.p-bx>i>i>i>i{right:auto;bottom:auto;left:")
        cqw((layout.cx - R) * k, into: &out)
        out.raw(";top:")
        cqw((layout.cy - R) * k, into: &out)
        out.raw(";width:")
        cqw(2 * R * k, into: &out)
        out.raw(";height:")
        cqw(2 * R * k, into: &out)
        out.raw(";box-sizing:border-box;border-radius:50%;")
        if layout.innerRadius > 0 {
            out.raw("border:")
            cqw(ring * k, into: &out)
            out.raw(" solid}\n")
        } else {
            out.raw("background:currentColor}\n")
        }
        if !separators.isEmpty || carries.contains(true) {
            let w = layout.stroke.width
            out.raw(".p-bx b{right:auto;bottom:auto;left:calc(")
            cqw(layout.cx * k, into: &out)
            out.raw(" - ")
            cqw(w / 2 * k, into: &out)
            out.raw(");top:")
            cqw((layout.cy - R) * k, into: &out)
            out.raw(";width:")
            cqw(w * k, into: &out)
            out.raw(";height:")
            cqw(ring * k, into: &out)
            out.raw(";transform-origin:50% ")
            cqw(R * k, into: &out)
            out.raw(";background:")
            out.hex(layout.stroke.color)
            out.raw("}\n")
        }
        for (n, p) in pieces.enumerated() {
            out.raw(".p-k")
            out.int(n)
            out.raw("{color:")
            out.hex(p.color)
            rotation(p.to.start, moves: p.from.start != p.to.start, name: "bk", n, into: &out)
            out.raw("}\n")
            guard p.to.span != 0 || p.from.span != p.to.span else { continue }
            out.raw(".p-k")
            out.int(n)
            out.raw(">i>i{")
            rotation(p.to.span, moves: p.from.span != p.to.span, name: "bq", n, first: true, into: &out)
            out.raw("}\n")
        }
        for b in separators {
            out.raw(".p-j")
            out.int(b.index)
            out.raw("{")
            rotation(b.to, moves: b.from != b.to || b.fromOpacity != b.toOpacity, name: "bj", b.index, first: true, into: &out)
            if b.toOpacity != 1 {
                out.raw(";opacity:")
                out.num(b.toOpacity)
            }
            out.raw("}\n")
        }
    }

    /// `rotate:<angle>deg` and, when it moves, `animation-name:<scope>-<name><n>`.
    private func rotation(_ angle: Double, moves: Bool, name: String, _ n: Int, first: Bool = false,
                          into out: inout ByteWriter) {
        out.raw(first ? "rotate:" : ";rotate:")
        out.num(angle)
        out.raw("deg")
        guard moves else { return }
        out.raw(";")
        KeyframesWriter.animationName(KeyframesName(scope, name, n), into: &out)
    }

    /// Every moving box's keyframes: the start state at 0 %, the final state where the motion
    /// ends (the rest of the animation is the hold, at the base = final state).
    private func keyframes(into out: inout ByteWriter) {
        KeyframesWriter.block(KeyframesName(scope, "bon"), into: &out) { KeyframesWriter.frame("from,to", into: &$0) { $0.raw("scale:1") } }
        let end = formatNumber(line.length / (line.length + hold) * 100, decimals: 3) + "%"
        func frames(_ name: String, _ n: Int, _ from: Double, _ to: Double, opacity: (Double, Double)? = nil) {
            func state(_ angle: Double, _ opacity: Double?, into out: inout ByteWriter) {
                out.raw("rotate:")
                out.num(angle)
                out.raw("deg")
                if let opacity { out.raw(";opacity:"); out.num(opacity) }
            }
            KeyframesWriter.block(KeyframesName(scope, name, n), into: &out) {
                KeyframesWriter.frame("from", into: &$0) { state(from, opacity?.0, into: &$0) }
                KeyframesWriter.frame(end, into: &$0) { state(to, opacity?.1, into: &$0) }
            }
        }
        for (n, p) in pieces.enumerated() {
            if p.from.start != p.to.start { frames("bk", n, p.from.start, p.to.start) }
            if p.from.span != p.to.span { frames("bq", n, p.from.span, p.to.span) }
        }
        for b in separators where b.from != b.to || b.fromOpacity != b.toOpacity {
            frames("bj", b.index, b.from, b.to, opacity: b.fromOpacity != b.toOpacity ? (b.fromOpacity, b.toOpacity) : nil)
        }
    }

    private func cqw(_ x: Double, into out: inout ByteWriter) {
        out.num(x, decimals: 4)
        out.raw("cqw")
    }
}
