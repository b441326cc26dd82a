import PieDiagnostics
import PieSpec

/// Writes the chart's CSS (the `<style>` of chart.svg and chart.css, byte-identical): the
/// `@keyframes` at the top level, then every rule nested in one `.piec-<id>{...}` block (CSS
/// nesting: the scope is written once, not before every selector), generated class names
/// only, one `@keyframes` per distinct from-state (the final state is each element's own
/// attributes, plus a rule for its final `transform`: see `rule`), and every `animation`
/// declaration inside `@media (prefers-reduced-motion: no-preference)`.
struct StyleWriter {
    /// An animated element's from-state: the body of its `@keyframes` (`from` only; the
    /// implicit `to` is the element's own final state: its attributes and `transform` rule).
    enum From: Hashable {
        case dash(Scene.Dash, circumference: Double)
        /// `opacity` is written when not 1, or always with `fades` (the final state's differs).
        case rotate(Double, showing: Bool, opacity: Double = 1, fades: Bool = false)
        /// A separator drawn as a unit ray: rotated, moved out to `inner`, stretched to `length`.
        case ray(Double, inner: Double, length: Double, showing: Bool, opacity: Double = 1, fades: Bool = false)
        case orbit(Double, radius: Double, opacity: Double, fades: Bool = false)
    }

    /// Rules, nested in the scope block.
    private var out: ByteWriter
    /// `@keyframes`, top level (they cannot nest in a style rule).
    private var frames: ByteWriter
    let scene: Scene
    private var keyframes: [From] = []
    private var keyframeIndex: [From: Int] = [:]

    private init(scene: Scene) {
        self.scene = scene
        out = ByteWriter(capacity: 1024 + (scene.motion.count + scene.separators.count + scene.labels.count) * 24)
        frames = ByteWriter(capacity: 512)
    }

    /// The stylesheet for `scene` (ends with a newline).
    static func css(_ scene: Scene) -> [UInt8] {
        var w = StyleWriter(scene: scene)
        w.write()
        let ink = InkStyle.css(scene)
        var css = ByteWriter(capacity: w.frames.count + w.out.count + ink.keyframes.count + ink.rules.count + scene.scope.count + 8)
        css.raw(w.frames)
        css.raw(ink.keyframes)
        css.raw("." + scene.scope + "{\n")
        css.raw(w.out)
        css.raw(ink.rules)
        css.raw("}\n")
        return css.bytes
    }

    private mutating func write() {
        out.raw(".p-mo,.p-sep,.p-lb{pointer-events:none}\n")
        if let dark = scene.layout.dark { dark.chartCSS(into: &out) }
        out.raw(Patterns.css(scene))
        if scene.moves, !scene.plan.isUniform {
            writeSampled()
        } else if scene.moves {
            let names = fromStates()
            for (k, from) in keyframes.enumerated() {
                frames.raw("@keyframes ")
                frames.raw(scene.scope)
                frames.raw("-k")
                frames.int(k)
                frames.raw("{from{")
                body(from)
                frames.raw("}}\n")
            }
            showHide()
            out.raw(".p-mo circle,.p-sep path,.p-lb text")
            geometrySelectors(into: &out)
            out.raw("{")
            longhands()
            out.raw("}\n")
            animationNames(names.motion, layer: ".p-mo circle", cls: ".p-m")
            animationNames(names.cuts, layer: ".p-cm path", cls: ".p-c")
            animationNames(names.ears, layer: ".p-cm path", cls: ".p-x")
            animationNames(names.orbits, layer: ".p-mo g", cls: ".p-o")
            animationNames(names.separators, layer: ".p-sep path", cls: ".p-b")
            animationNames(names.labels, layer: ".p-lb text", cls: ".p-l")
            out.raw("}\n")
        } else if scene.fades {
            frames.raw("@keyframes ")
            frames.raw(scene.scope)
            frames.raw("-fade{from{opacity:0}}\n")
            out.raw("@media (prefers-reduced-motion:no-preference){\n.p-plot{animation:")
            out.raw(scene.scope)
            out.raw("-fade ")
            CSSTiming.shorthand(scene.plan.timeline, easing: scene.plan.easing, linear: false, into: &out)
            out.raw("}\n")
            out.raw("}\n")
        }
    }

    /// The motion layer's show and the exact layer's hide for the whole timeline; opens the
    /// `prefers-reduced-motion: no-preference` block (the caller closes it).
    private mutating func showHide() {
        let scope = scene.scope, line = scene.plan.timeline
        frames.raw("@keyframes ")
        frames.raw(scope)
        frames.raw("-show{from,to{visibility:visible}}\n@keyframes ")
        frames.raw(scope)
        frames.raw("-hide{from,to{visibility:hidden}}\n")
        out.raw("@media (prefers-reduced-motion:no-preference){\n.p-mo{animation:")
        out.raw(scope)
        out.raw("-show ")
        CSSTiming.shorthand(line, easing: scene.plan.easing, linear: true, into: &out)
        out.raw("}\n.p-ex{animation:")
        out.raw(scope)
        out.raw("-hide ")
        CSSTiming.shorthand(line, easing: scene.plan.easing, linear: true, into: &out)
        out.raw("}\n")
    }

    /// Staged or staggered plans: the boundaries are sums of differently timed eased widths,
    /// which no single CSS easing draws. Each element gets keyframes sampled from the exact
    /// state (`TransitionPlan.frozen(at:)`) with linear timing between samples: every window
    /// edge is a sample, and each window gets at least `samplesPerWindow` of them.
    static let samplesPerWindow = 24

    private mutating func writeSampled() {
        let plan = scene.plan, line = plan.timeline
        let aligned = Self.alignedEdges(plan)
        let times = aligned ?? Self.sampleTimes(plan)
        // Aligned windows (stages without stagger): in each interval one window runs, so the
        // easing on each keyframe makes every boundary exact between the edges.
        let ease = aligned == nil ? "" : ";animation-timing-function:" + easing()
        let scenes = times.map { Scene(layout: scene.layout, plan: plan.frozen(at: $0), shape: plan) }
        func emit(_ name: String, _ states: [From]) {
            frames.raw("@keyframes " + scene.scope + "-" + name + "{")
            for (t, state) in zip(times, states) {
                frames.raw(CSSTiming.offset(t, in: line) + "{")
                body(state)
                frames.raw(ease + "}")
            }
            frames.raw("}\n")
        }
        for m in scene.motion {
            rule(".p-m", m.index, .dash(m.to, circumference: m.circumference))
            let k = scene.motion.firstIndex { $0.index == m.index }!
            emit("m\(m.index)", scenes.map { .dash($0.motion[k].from, circumference: m.circumference) })
        }
        for b in scene.separators {
            // Only the closing line's presence depends on the instant; a missing one stands still.
            func line(_ s: Scene) -> Scene.Separator { s.separators.first { $0.index == b.index } ?? b }
            let fades = b.toOpacity != 1
            if b.fromInner != nil {
                rule(".p-b", b.index, .ray(b.to, inner: b.inner, length: b.outer - b.inner, showing: false, opacity: b.toOpacity))
                emit("b\(b.index)", scenes.map {
                    let x = line($0), inner = x.fromInner ?? x.inner
                    return .ray(x.from, inner: inner, length: (x.fromOuter ?? x.outer) - inner, showing: b.motionOnly, opacity: x.fromOpacity, fades: fades)
                })
            } else {
                rule(".p-b", b.index, .rotate(b.to, showing: false, opacity: b.toOpacity))
                emit("b\(b.index)", scenes.map { .rotate(line($0).from, showing: b.motionOnly, opacity: line($0).fromOpacity, fades: fades) })
            }
        }
        for (k, c) in scene.cutouts.enumerated() {
            for (side, cut) in [c.start, c.end].enumerated() {
                rule(".p-c", cut.index, .rotate(cut.to, showing: false))
                emit("c\(cut.index)", scenes.map { .rotate(side == 0 ? $0.cutouts[k].start.from : $0.cutouts[k].end.from, showing: false) })
                for (e, _) in cut.ears {
                    rule(".p-x", e, .ray(cut.to, inner: 0, length: 1, showing: false))
                    emit("x\(e)", scenes.map {
                        let c = side == 0 ? $0.cutouts[k].start : $0.cutouts[k].end
                        return .ray(c.from, inner: c.ears.first { $0.0 == e }?.1 ?? 0, length: 1, showing: false)
                    })
                }
            }
        }
        for (k, o) in scene.orbits.enumerated() {
            rule(".p-o", o.motion, .orbit(o.toMid, radius: o.to, opacity: 1))
            emit("o\(o.motion)", scenes.map { .orbit($0.orbits[k].fromMid, radius: $0.orbits[k].from, opacity: 1) })
        }
        for (k, l) in scene.labels.enumerated() {
            rule(".p-l", l.index, .orbit(l.to, radius: l.radius, opacity: l.toOpacity))
            emit("l\(l.index)", scenes.map { .orbit($0.labels[k].from, radius: $0.labels[k].fromRadius, opacity: $0.labels[k].fromOpacity,
                                                  fades: l.toOpacity != 1) })
        }
        showHide()
        // Longhands, not the shorthand: `animation:` would reset animation-name with a more
        // specific selector than the per-element rules below.
        out.raw(".p-mo circle,.p-sep path,.p-lb text" + geometrySelectors() + "{animation-duration:" + formatNumber(line.length)
                + "ms;animation-timing-function:linear;animation-delay:" + formatNumber(line.start) + "ms;animation-fill-mode:backwards}\n")
        for m in scene.motion { out.raw(".p-m\(m.index){animation-name:" + scene.scope + "-m\(m.index)}\n") }
        for b in scene.separators { out.raw(".p-b\(b.index){animation-name:" + scene.scope + "-b\(b.index)}\n") }
        for l in scene.labels { out.raw(".p-l\(l.index){animation-name:" + scene.scope + "-l\(l.index)}\n") }
        for c in scene.cutouts {
            for cut in [c.start, c.end] {
                out.raw(".p-c\(cut.index){animation-name:" + scene.scope + "-c\(cut.index)}\n")
                for (e, _) in cut.ears { out.raw(".p-x\(e){animation-name:" + scene.scope + "-x\(e)}\n") }
            }
        }
        for o in scene.orbits { out.raw(".p-o\(o.motion){animation-name:" + scene.scope + "-o\(o.motion)}\n") }
        out.raw("}\n")
    }

    /// The window edges when, between any two consecutive edges, at most one distinct window
    /// is running (the last edge, the end, is left out); nil otherwise.
    static func alignedEdges(_ plan: TransitionPlan) -> [Double]? {
        // Rescaled widths (a normalized pie whose shares do not add up mid-way) are not
        // linear in one easing: those plans are sampled.
        if plan.normalized {
            let sum = { (p: TransitionPlan) in p.segments.reduce(0) { $0 + $1.from.span } }
            let from = plan.segments.reduce(0) { $0 + $1.from.span }, to = plan.segments.reduce(0) { $0 + $1.to.span }
            let line = plan.timeline
            for k in 1..<8 {
                let t = line.start + line.length * Double(k) / 8
                let raw = sum(plan.unscaled(at: t))
                let e = plan.easing.value(at: (plan.chartWindow ?? TimeWindow(start: plan.delay, length: plan.duration)).progress(at: t))
                if abs(raw - (from + (to - from) * e)) > 1e-6 { return nil }
            }
        }
        let windows = Set((plan.segments + plan.movers).map(plan.window(of:)) + [plan.chartWindow].compactMap { $0 })
        let edges = Set(windows.flatMap { [$0.start, $0.end] }).sorted()
        for (a, b) in zip(edges, edges.dropFirst()) {
            let running = windows.filter { $0.start < b && $0.end > a && $0.length > 0 }
            if running.count > 1 { return nil }
        }
        return Array(edges.dropLast())
    }

    /// Sample instants: every window edge, plus a uniform grid fine enough that the shortest
    /// window gets `samplesPerWindow` steps (at most 240 in all).
    static func sampleTimes(_ plan: TransitionPlan) -> [Double] {
        let line = plan.timeline
        let windows = (plan.segments + plan.movers).map(plan.window(of:)) + [plan.chartWindow].compactMap { $0 }
        let shortest = windows.map(\.length).filter { $0 > 0 }.min() ?? line.length
        let steps = min(240, max(samplesPerWindow, Int((line.length / max(shortest, 1) * Double(samplesPerWindow)).rounded(.up))))
        var times = Set((0..<steps).map { line.start + line.length * Double($0) / Double(steps) })
        for w in windows where w.start < line.end { times.insert(w.start) }
        return times.sorted()
    }

    /// The animation longhands of the uniform plan (duration, easing, delay, fill mode).
    private mutating func longhands() {
        out.raw("animation-duration:")
        out.num(scene.plan.duration)
        out.raw("ms;animation-timing-function:")
        CSSTiming.easing(scene.plan.easing, into: &out)
        out.raw(";animation-delay:")
        out.num(scene.plan.delay)
        out.raw("ms;animation-fill-mode:backwards")
    }

    /// The plan's easing as CSS.
    private func easing() -> String { CSSTiming.easing(scene.plan.easing) }

    struct Names {
        var motion: [(Int, Int)] = []
        var cuts: [(Int, Int)] = []
        var ears: [(Int, Int)] = []
        var orbits: [(Int, Int)] = []
        var separators: [(Int, Int)] = []
        var labels: [(Int, Int)] = []
    }

    /// Each animated element's from-keyframe number; writes its final-state rule.
    private mutating func fromStates() -> Names {
        var names = Names()
        for m in scene.motion {
            rule(".p-m", m.index, .dash(m.to, circumference: m.circumference))
            names.motion.append((m.index, keyframe(.dash(m.from, circumference: m.circumference))))
        }
        for b in scene.separators {
            let fades = b.toOpacity != 1
            if let fromInner = b.fromInner, let fromOuter = b.fromOuter {
                rule(".p-b", b.index, .ray(b.to, inner: b.inner, length: b.outer - b.inner, showing: false, opacity: b.toOpacity))
                names.separators.append((b.index, keyframe(.ray(b.from, inner: fromInner, length: fromOuter - fromInner, showing: b.motionOnly, opacity: b.fromOpacity, fades: fades))))
            } else {
                rule(".p-b", b.index, .rotate(b.to, showing: false, opacity: b.toOpacity))
                names.separators.append((b.index, keyframe(.rotate(b.from, showing: b.motionOnly, opacity: b.fromOpacity, fades: fades))))
            }
        }
        geometryStates(&names)
        for l in scene.labels {
            rule(".p-l", l.index, .orbit(l.to, radius: l.radius, opacity: l.toOpacity))
            // A leaving label (final opacity 0) must say `opacity:1` in its from-state, or it
            // would stay at its final 0 for the whole animation.
            names.labels.append((l.index, keyframe(.orbit(l.from, radius: l.fromRadius, opacity: l.fromOpacity, fades: l.toOpacity != 1))))
        }
        return names
    }

    /// The number of from-state `from`, added when new. A few states (the usual case) are
    /// found by a linear scan; the hash index is built only past `linearKeyframes`.
    mutating func keyframe(_ from: From) -> Int {
        if keyframeIndex.isEmpty {
            if let k = keyframes.firstIndex(of: from) { return k }
            if keyframes.count < Self.linearKeyframes {
                keyframes.append(from)
                return keyframes.count - 1
            }
            for (k, state) in keyframes.enumerated() { keyframeIndex[state] = k }
        }
        if let k = keyframeIndex[from] { return k }
        keyframes.append(from)
        keyframeIndex[from] = keyframes.count - 1
        return keyframes.count - 1
    }

    /// Distinct from-states up to which `keyframe` scans linearly instead of hashing.
    static let linearKeyframes = 16

    /// The final `transform` of an animated element: its rule (nested in the scope, outside
    /// any media query), nothing when it has none. Only `transform` needs a rule: WebKit does
    /// not read the SVG `transform` attribute as the property's underlying value (measured in
    /// WebKitGTK 2.50), so the implicit `to` keyframe would be `none` there. Every other final
    /// value (`stroke-dasharray`, `stroke-dashoffset`, `stroke-width`, `stroke`, `opacity`,
    /// `visibility`) is a presentation attribute every engine maps (`StateAttributes`).
    mutating func rule(_ cls: StaticString, _ index: Int, _ state: From) {
        guard Self.hasTransform(state, rotatesDashes: scene.rotatesDashes) else { return }
        out.raw(cls)
        out.int(index)
        out.raw("{")
        Self.transform(state, rotatesDashes: scene.rotatesDashes, into: &out)
        out.raw("}\n")
    }

    /// Whether `state` has a transform: all do but a dash moved by `stroke-dashoffset` on a
    /// fixed ring.
    static func hasTransform(_ state: From, rotatesDashes: Bool) -> Bool {
        if case .dash(let d, _) = state { return rotatesDashes || d.scale != nil }
        return true
    }

    /// `transform:...` of a state that `hasTransform`. Labels use `rotate(a) translate(0px,-r)
    /// rotate(-a)`, which interpolates along the circle of radius r.
    static func transform(_ state: From, rotatesDashes: Bool, into w: inout ByteWriter) {
        switch state {
        case .dash(let d, _):
            if rotatesDashes {
                w.raw("transform:rotate(")
                w.num(d.angle - Scene.circleStart)
                w.raw("deg)")
                if let scale = d.scale {
                    w.raw(" scale(")
                    w.num(scale, decimals: 5)
                    w.raw(")")
                }
            } else if let scale = d.scale {
                // Only a changing ring scales the circle (a transform); angles move the dash.
                w.raw("transform:scale(")
                w.num(scale, decimals: 5)
                w.raw(")")
            }
        case .ray(let angle, let inner, let length, _, _, _):
            w.raw("transform:rotate(")
            w.num(angle)
            w.raw("deg) translate(0px,")
            w.num(-inner)
            w.raw("px) scale(1,")
            w.num(max(length, 0), decimals: 5)
            w.raw(")")
        case .rotate(let angle, _, _, _):
            w.raw("transform:rotate(")
            w.num(angle)
            w.raw("deg)")
        case .orbit(let angle, let radius, _, _):
            w.raw("transform:rotate(")
            w.num(angle)
            w.raw("deg) translate(0px,")
            w.num(-radius)
            w.raw("px) rotate(")
            w.num(-angle)
            w.raw("deg)")
        }
    }

    /// The declarations of a from-state (a keyframe's body).
    private mutating func body(_ state: From) {
        let moved = Self.hasTransform(state, rotatesDashes: scene.rotatesDashes)
        if moved { Self.transform(state, rotatesDashes: scene.rotatesDashes, into: &frames) }
        switch state {
        case .dash(let d, let circumference):
            frames.dashProperties(d, circumference: circumference, rotatesDashes: scene.rotatesDashes, as: .declaration, first: !moved)
        case .ray(_, _, _, let showing, let opacity, let fades), .rotate(_, let showing, let opacity, let fades):
            if showing { frames.raw(";visibility:visible") }
            if opacity != 1 || fades {
                frames.raw(";opacity:")
                frames.num(opacity)
            }
        case .orbit(_, _, let opacity, let fades):
            if opacity != 1 || fades {
                frames.raw(";opacity:")
                frames.num(opacity)
            }
        }
    }

    /// One rule for the whole layer when every element shares its keyframes, else one rule
    /// per keyframe listing its elements.
    private mutating func animationNames(_ items: [(Int, Int)], layer: StaticString, cls: StaticString) {
        guard let firstName = items.first?.1 else { return }
        if items.allSatisfy({ $0.1 == firstName }) {
            out.raw(layer)
            out.raw("{animation-name:")
            out.raw(scene.scope)
            out.raw("-k")
            out.int(firstName)
            out.raw("}\n")
            return
        }
        // Names are keyframe numbers (0..<keyframes.count): group the elements by number,
        // groups in order of first use.
        var groups = [[Int]](repeating: [], count: keyframes.count)
        var order: [Int] = []
        for (element, name) in items {
            if groups[name].isEmpty { order.append(name) }
            groups[name].append(element)
        }
        for name in order {
            for (i, element) in groups[name].enumerated() {
                if i > 0 { out.raw(",") }
                out.raw(cls)
                out.int(element)
            }
            out.raw("{animation-name:")
            out.raw(scene.scope)
            out.raw("-k")
            out.int(name)
            out.raw("}\n")
        }
    }
}
