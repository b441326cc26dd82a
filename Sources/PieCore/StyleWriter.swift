import PieDiagnostics
import PieSpec

/// Writes the chart's CSS (the `<style>` of chart.svg and chart.css, byte-identical): every
/// selector scoped to `.piec-<id>`, generated class names only, the animated elements' final
/// state as rules, one `@keyframes` per distinct from-state, and every `animation`
/// declaration inside `@media (prefers-reduced-motion: no-preference)`.
struct StyleWriter {
    private var out: ByteWriter
    private let scene: Scene
    private let sel: String
    /// From-state bodies in first-seen order, and their keyframe numbers.
    private var keyframes: [String] = []
    private var keyframeIndex: [String: Int] = [:]

    private init(scene: Scene) {
        self.scene = scene
        sel = "." + scene.scope + " "
        out = ByteWriter(capacity: 256 + scene.motion.count * 160 + scene.separators.count * 80)
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
            writeKeyframes()
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
        return "cubic-bezier(" + formatNumber(e.x1, decimals: 4) + "," + formatNumber(e.y1, decimals: 4) + ","
            + formatNumber(e.x2, decimals: 4) + "," + formatNumber(e.y2, decimals: 4) + ")"
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
            out.raw(sel + ".p-m" + String(m.index) + "{" + StyleWriter.dash(m.to, gap: m.gap) + "}\n")
            names.motion.append((m.index, keyframe(StyleWriter.dash(m.from, gap: m.gap))))
        }
        for b in scene.separators {
            out.raw(sel + ".p-b" + String(b.index) + "{" + StyleWriter.rotate(b.to) + "}\n")
            let from = StyleWriter.rotate(b.from) + (b.motionOnly ? ";visibility:visible" : "")
            names.separators.append((b.index, keyframe(from)))
        }
        for l in scene.labels {
            out.raw(sel + ".p-l" + String(l.index) + "{" + StyleWriter.orbit(l.to, radius: l.radius) + "}\n")
            var from = StyleWriter.orbit(l.from, radius: l.radius)
            if l.fromOpacity != 1 { from += ";opacity:" + formatNumber(l.fromOpacity) }
            names.labels.append((l.index, keyframe(from)))
        }
        return names
    }

    private mutating func keyframe(_ body: String) -> Int {
        if let k = keyframeIndex[body] { return k }
        keyframes.append(body)
        keyframeIndex[body] = keyframes.count - 1
        return keyframes.count - 1
    }

    private mutating func writeKeyframes() {
        for (k, body) in keyframes.enumerated() {
            out.raw("@keyframes " + scene.scope + "-k" + String(k) + "{from{" + body + "}}\n")
        }
    }

    /// One rule for the whole layer when every element shares its keyframes, else one rule
    /// per keyframe listing its elements.
    private mutating func animationNames(_ items: [(Int, Int)], layer: String, cls: String) {
        guard let firstName = items.first?.1 else { return }
        if items.allSatisfy({ $0.1 == firstName }) {
            out.raw(sel + layer + "{animation-name:" + scene.scope + "-k" + String(firstName) + "}\n")
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
                out.raw(sel + cls + String(element))
            }
            out.raw("{animation-name:" + scene.scope + "-k" + String(name) + "}\n")
        }
    }

    static func dash(_ d: Scene.Dash, gap: Double) -> String {
        "transform:rotate(" + formatNumber(d.rotation) + "deg);stroke-dasharray:" + formatNumber(d.length) + " "
            + formatNumber(gap)
    }

    static func rotate(_ angle: Double) -> String { "transform:rotate(" + formatNumber(angle) + "deg)" }

    /// `rotate(a) translate(0px,-r) rotate(-a)`: moves along the circle of radius r.
    static func orbit(_ angle: Double, radius: Double) -> String {
        "transform:rotate(" + formatNumber(angle) + "deg) translate(0px," + formatNumber(-radius) + "px) rotate("
            + formatNumber(-angle) + "deg)"
    }
}
