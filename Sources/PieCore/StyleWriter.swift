import PieDiagnostics
import PieSpec

/// Writes the chart's CSS (the `<style>` of chart.svg and chart.css, byte-identical): every
/// selector scoped to `.piec-<id>`, generated class names only, the animated elements' final
/// state as rules, one `@keyframes` per distinct from-state, and every `animation`
/// declaration inside `@media (prefers-reduced-motion: no-preference)`.
struct StyleWriter {
    /// An animated element's from-state: the body of its `@keyframes` (`from` only; the
    /// implicit `to` is the element's own final-state rule).
    enum From: Hashable {
        case dash(Scene.Dash, circumference: Double)
        case rotate(Double, showing: Bool)
        case orbit(Double, radius: Double, opacity: Double)
    }

    private var out: ByteWriter
    private let scene: Scene
    private let sel: String
    private var keyframes: [From] = []
    private var keyframeIndex: [From: Int] = [:]

    private init(scene: Scene) {
        self.scene = scene
        sel = "." + scene.scope + " "
        let perElement = 40 + scene.scope.count
        out = ByteWriter(capacity: 1024 + (scene.motion.count + scene.separators.count + scene.labels.count) * perElement * 2)
    }

    /// The stylesheet for `scene` (ends with a newline).
    static func css(_ scene: Scene) -> [UInt8] {
        var w = StyleWriter(scene: scene)
        w.write()
        return w.out.bytes
    }

    private mutating func write() {
        out.raw(sel + ".p-mo," + sel + ".p-sep," + sel + ".p-lb{pointer-events:none}\n")
        if scene.moves {
            let names = finalStates()
            for (k, from) in keyframes.enumerated() {
                out.raw("@keyframes " + scene.scope + "-k")
                out.int(k)
                out.raw("{from{")
                body(from)
                out.raw("}}\n")
            }
            out.raw("@keyframes " + scene.scope + "-show{from,to{visibility:visible}}\n")
            out.raw("@keyframes " + scene.scope + "-hide{from,to{visibility:hidden}}\n")
            out.raw("@media (prefers-reduced-motion:no-preference){\n")
            out.raw(sel + ".p-mo{animation:" + scene.scope + "-show " + timing(linear: true) + "}\n")
            out.raw(sel + ".p-ex{animation:" + scene.scope + "-hide " + timing(linear: true) + "}\n")
            out.raw(sel + ".p-mo path," + sel + ".p-sep path," + sel + ".p-lb text{" + longhands() + "}\n")
            animationNames(names.motion, layer: ".p-mo path", cls: ".p-m")
            animationNames(names.separators, layer: ".p-sep path", cls: ".p-b")
            animationNames(names.labels, layer: ".p-lb text", cls: ".p-l")
            out.raw("}\n")
        } else if scene.fades {
            out.raw("@keyframes " + scene.scope + "-fade{from{opacity:0}}\n")
            out.raw("@media (prefers-reduced-motion:no-preference){\n")
            out.raw(sel + ".p-plot{animation:" + scene.scope + "-fade " + timing(linear: false) + "}\n")
            out.raw("}\n")
        }
    }

    /// `duration easing delay backwards` for the `animation` shorthand.
    private func timing(linear: Bool) -> String {
        formatNumber(scene.plan.duration) + "ms " + (linear ? "linear" : easing()) + " "
            + formatNumber(scene.plan.delay) + "ms backwards"
    }

    private func longhands() -> String {
        "animation-duration:" + formatNumber(scene.plan.duration) + "ms;animation-timing-function:" + easing()
            + ";animation-delay:" + formatNumber(scene.plan.delay) + "ms;animation-fill-mode:backwards"
    }

    /// The easing re-serialised from its numbers (never from spec text).
    private func easing() -> String {
        let e = scene.plan.easing
        let numbers = [e.x1, e.y1, e.x2, e.y2].map { formatNumber($0, decimals: 4) }
        return "cubic-bezier(" + numbers.joined(separator: ",") + ")"
    }

    private struct Names {
        var motion: [(Int, Int)] = []
        var separators: [(Int, Int)] = []
        var labels: [(Int, Int)] = []
    }

    /// Final-state rule per animated element (the implicit `to` keyframe); returns each
    /// element's from-keyframe number.
    private mutating func finalStates() -> Names {
        var names = Names()
        for m in scene.motion {
            rule(".p-m", m.index, .dash(m.to, circumference: m.circumference))
            names.motion.append((m.index, keyframe(.dash(m.from, circumference: m.circumference))))
        }
        for b in scene.separators {
            rule(".p-b", b.index, .rotate(b.to, showing: false))
            names.separators.append((b.index, keyframe(.rotate(b.from, showing: b.motionOnly))))
        }
        for l in scene.labels {
            rule(".p-l", l.index, .orbit(l.to, radius: l.radius, opacity: 1))
            names.labels.append((l.index, keyframe(.orbit(l.from, radius: l.radius, opacity: l.fromOpacity))))
        }
        return names
    }

    private mutating func rule(_ cls: String, _ index: Int, _ state: From) {
        out.raw(sel)
        out.raw(cls)
        out.int(index)
        out.raw("{")
        body(state)
        out.raw("}\n")
    }

    private mutating func keyframe(_ from: From) -> Int {
        if let k = keyframeIndex[from] { return k }
        keyframes.append(from)
        keyframeIndex[from] = keyframes.count - 1
        return keyframes.count - 1
    }

    /// The declarations of a state. Labels use `rotate(a) translate(0px,-r) rotate(-a)`, which
    /// interpolates along the circle of radius r.
    private mutating func body(_ state: From) {
        switch state {
        case .dash(let d, let circumference):
            out.raw("stroke-dasharray:")
            out.num(d.length)
            out.raw(" ")
            out.num(max(circumference - d.length, 0))
            out.raw(";stroke-dashoffset:")
            out.num(-d.offset)
        case .rotate(let angle, let showing):
            out.raw("transform:rotate(")
            out.num(angle)
            out.raw(showing ? "deg);visibility:visible" : "deg)")
        case .orbit(let angle, let radius, let opacity):
            out.raw("transform:rotate(")
            out.num(angle)
            out.raw("deg) translate(0px,")
            out.num(-radius)
            out.raw("px) rotate(")
            out.num(-angle)
            out.raw("deg)")
            if opacity != 1 {
                out.raw(";opacity:")
                out.num(opacity)
            }
        }
    }

    /// One rule for the whole layer when every element shares its keyframes, else one rule
    /// per keyframe listing its elements.
    private mutating func animationNames(_ items: [(Int, Int)], layer: String, cls: String) {
        guard let firstName = items.first?.1 else { return }
        if items.allSatisfy({ $0.1 == firstName }) {
            out.raw(sel + layer + "{animation-name:" + scene.scope + "-k")
            out.int(firstName)
            out.raw("}\n")
            return
        }
        var groups: [Int: [Int]] = [:]
        var order: [Int] = []
        for (element, name) in items {
            if groups[name] == nil { order.append(name) }
            groups[name, default: []].append(element)
        }
        for name in order {
            for (i, element) in groups[name, default: []].enumerated() {
                if i > 0 { out.raw(",") }
                out.raw(sel)
                out.raw(cls)
                out.int(element)
            }
            out.raw("{animation-name:" + scene.scope + "-k")
            out.int(name)
            out.raw("}\n")
        }
    }
}
