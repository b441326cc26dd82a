import PieJSON
import PieSpec

/// index.html's rules for the compositor layer (`BoxLayer`): the wrapper, the boxes, one
/// literal `@keyframes` per moving box (`rotate`, plus `opacity` for a separator that fades),
/// and the SVG's pie taken off the main thread for the motion. Everything that moves is inside
/// `prefers-reduced-motion: no-preference`; outside it the layer is `scale:0` (drawn nowhere).
extension BoxLayer {
    func css(into out: inout ByteWriter) {
        let k = 100 / layout.width, R = layout.outerRadius
        let sel = "." + scope + " "
        // The SVG's own motion is not run (its moving dashes and separators would restyle
        // every frame on the main thread); its rest layer waits under the boxes.
        out.raw(sel)
        out.raw(".p-mo{display:none}\n")
        out.raw(sel)
        out.raw(".p-pie :is(.p-mo,.p-sep) *{animation:none}\n")
        out.raw(".p-fx{position:relative;width:")
        out.num(layout.width)
        out.raw("px;max-width:100%;container-type:inline-size}\n.p-fx>svg{display:block}\n")
        // Placed by `translate`, not `left`/`top`: box decorations are painted on whole pixels,
        // a transform is not, and every box is the whole square turned about its centre, so
        // no box's own position or size is a fraction that could be rounded apart from others.
        out.raw(".p-bx{position:absolute;left:0;top:0;width:")
        cqw(2 * R * k, into: &out)
        out.raw(";height:")
        cqw(2 * R * k, into: &out)
        out.raw(";translate:")
        cqw((layout.cx - R) * k, into: &out)
        out.raw(" ")
        cqw((layout.cy - R) * k, into: &out)
        out.raw(";pointer-events:none;scale:0}\n")
        let keyframes = self.keyframes()
        out.raw("@media (prefers-reduced-motion:no-preference){\n")
        out.raw(sel)
        out.raw(".p-ex{animation:none}\n")
        out.raw(sel)
        out.raw(".p-pie{animation:")
        out.raw(scope)
        out.raw("-hide ")
        CSSTiming.shorthand(line, easing: easing, linear: true, into: &out)
        out.raw("}\n")
        boxRules(k: k, into: &out)
        out.raw(keyframes)
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
        let ring = layout.outerRadius - layout.innerRadius
        out.raw(".p-bx{animation:")
        out.raw(scope)
        out.raw("-bon ")
        CSSTiming.shorthand(TimeWindow(start: line.start, length: line.length + Self.hold), easing: easing, linear: true, into: &out)
        out.raw("}\n.p-bx *{position:absolute;inset:0;box-sizing:border-box;")
        CSSTiming.longhands(duration: line.length + Self.hold, easing: easing, delay: line.start, into: &out)
        out.raw("}\n")
        out.raw(".p-bx>i>i{clip-path:inset(0 0 0 50%)}\n")
        out.raw(".p-bx>i>i>i{border-radius:50%;clip-path:inset(0 50% 0 0);")
        if layout.innerRadius > 0 {
            out.raw("border:")
            cqw(ring * k, into: &out)
            out.raw(" solid}\n")
        } else {
            out.raw("background:currentColor}\n")
        }
        if !separators.isEmpty || carries.contains(true) {
            let w = layout.stroke.width
            out.raw(".p-bx b{bottom:auto;left:calc(50% - ")
            cqw(w / 2 * k, into: &out)
            out.raw(");width:")
            cqw(w * k, into: &out)
            out.raw(";height:")
            cqw(ring * k, into: &out)
            out.raw(";transform-origin:50% ")
            cqw(layout.outerRadius * k, into: &out)
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
    private func rotation(_ angle: Double, moves: Bool, name: StaticString, _ n: Int, first: Bool = false,
                          into out: inout ByteWriter) {
        out.raw(first ? "rotate:" : ";rotate:")
        out.num(angle)
        out.raw("deg")
        guard moves else { return }
        out.raw(";animation-name:")
        out.raw(scope)
        out.raw("-")
        out.raw(name)
        out.int(n)
    }

    /// Every moving box's keyframes: the start state at 0 %, the final state where the motion
    /// ends (the rest of the animation is the hold, at the base = final state).
    private func keyframes() -> [UInt8] {
        var out = ByteWriter(capacity: 64 + (pieces.count * 2 + separators.count) * 64)
        out.raw("@keyframes ")
        out.raw(scope)
        out.raw("-bon{from,to{scale:1}}\n")
        let end = formatNumber(line.length / (line.length + Self.hold) * 100, decimals: 3) + "%"
        func frames(_ name: StaticString, _ n: Int, _ from: Double, _ to: Double, opacity: (Double, Double)? = nil) {
            out.raw("@keyframes ")
            out.raw(scope)
            out.raw("-")
            out.raw(name)
            out.int(n)
            out.raw("{from{rotate:")
            out.num(from)
            if let opacity { out.raw("deg;opacity:"); out.num(opacity.0) } else { out.raw("deg") }
            out.raw("}")
            out.raw(end)
            out.raw("{rotate:")
            out.num(to)
            if let opacity { out.raw("deg;opacity:"); out.num(opacity.1) } else { out.raw("deg") }
            out.raw("}}\n")
        }
        for (n, p) in pieces.enumerated() {
            if p.from.start != p.to.start { frames("bk", n, p.from.start, p.to.start) }
            if p.from.span != p.to.span { frames("bq", n, p.from.span, p.to.span) }
        }
        for b in separators where b.from != b.to || b.fromOpacity != b.toOpacity {
            frames("bj", b.index, b.from, b.to, opacity: b.fromOpacity != b.toOpacity ? (b.fromOpacity, b.toOpacity) : nil)
        }
        return out.takeBytes()
    }

    private func cqw(_ x: Double, into out: inout ByteWriter) {
        out.num(x, decimals: 4)
        out.raw("cqw")
    }
}
