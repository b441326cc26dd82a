import PieDiagnostics
import PieSpec

/// Writes the chart's CSS (the `<style>` of chart.svg and chart.css, byte-identical): the
/// `@keyframes` at the top level, then every rule nested in one `.piec-<id>{...}` block (CSS
/// nesting: the scope is written once, not before every selector), generated class names
/// only, one `@keyframes` per set of animated properties (`SharedKeyframes`: values that
/// differ between elements are their own custom properties), each named once per layer where
/// it can be (`AnimationNames`), and every `animation` declaration inside
/// `@media (prefers-reduced-motion: no-preference)`. Transforms animate through the
/// individual properties `rotate`, `translate` and `scale` (`MotionFrame`): elements drawn
/// at rest keep their final transform in their `transform` attribute only and animate a
/// delta to it; motion-only elements get a final-state rule.
struct StyleWriter {
    /// One animated element (or the inner element of a nested pair): its selector, the
    /// layer-wide selector that may name the keyframes of all its kind at once, its final
    /// rule (motion-only elements) and its from-state.
    struct Part {
        var selector: PartSelector
        var layer: MotionLayer? = nil
        var rule: MotionFrame? = nil
        var frame: MotionFrame
    }

    /// Rules, nested in the scope block.
    private var out: ByteWriter
    /// `@keyframes`, top level (they cannot nest in a style rule).
    private var frames: ByteWriter
    let scene: Scene

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
        // The chart elements outside the pie's translucent group, the group's own, then the
        // elements inside it (`ChartPlacement.inGroup`).
        let outside = ChartElements.css(scene, inGroup: false)
        let opacity = PieOpacityWriter.css(scene)
        let inside = ChartElements.css(scene, inGroup: true)
        var css = ByteWriter(capacity: w.frames.count + w.out.count + ink.keyframes.count + ink.rules.count + scene.scope.count + 8
                             + outside.keyframes.count + outside.rules.count + opacity.keyframes.count + opacity.rules.count
                             + inside.keyframes.count + inside.rules.count)
        css.raw(w.frames)
        css.raw(ink.keyframes)
        css.raw(outside.keyframes)
        css.raw(opacity.keyframes)
        css.raw(inside.keyframes)
        css.raw("." + scene.scope + "{\n")
        css.raw(w.out)
        css.raw(ink.rules)
        css.raw(outside.rules)
        css.raw(opacity.rules)
        css.raw(inside.rules)
        css.raw("}\n")
        return css.takeBytes()
    }

    private mutating func write() {
        out.raw(".p-mo,.p-sep,.p-lb{pointer-events:none}\n")
        if let dark = scene.layout.dark { dark.chartCSS(into: &out, bands: !scene.separatorBands.isEmpty) }
        out.raw(Patterns.css(scene))
        switch scene.drawing.keyframes {
        case .aligned, .sampled:
            writeSampled()
        case .shared, .literal:
            // Two passes over the parts, made one at a time (never an array of them): the
            // first groups their keyframes and counts each layer's, the second writes them.
            let scene = self.scene
            var shared = SharedKeyframes(literal: scene.drawing.keyframes == .literal)
            var names = AnimationNames()
            Self.forEachPart(of: scene, at: scene) { names.count($0.layer, group: shared.add($0.frame)) }
            names.settle(shared)
            hiddenAtRest()
            var k = 0
            Self.forEachPart(of: scene, at: scene) { p in
                rule(p, k, own: shared)
                names.list(p, group: shared.group(of: k), shared)
                k += 1
            }
            shared.writeKeyframes(scope: scene.scope, into: &frames)
            showHide()
            out.raw(Self.animated)
            out.raw("{")
            longhands()
            out.raw("}\n")
            names.write(scope: scene.scope, into: &out)
            separatorSteps()
            out.raw("}\n")
        case .fade:
            let fade = KeyframesName(scene.scope, "fade")
            KeyframesWriter.block(fade, into: &frames) { KeyframesWriter.frame("from", into: &$0) { $0.raw("opacity:0") } }
            let plan = scene.plan
            KeyframesWriter.motion(into: &out) {
                $0.raw(".p-plot{")
                KeyframesWriter.animation(fade, over: plan.timeline, easing: plan.easing, linear: false, into: &$0)
                $0.raw("}\n")
            }
        case .none:
            break
        }
    }

    /// Every element that may animate: the motion layer, separators, inside labels and the
    /// gap masks, all descendants of their layer.
    static let animated: StaticString = ".p-mo *,.p-sep *,.p-lb *,.p-cm *"

    /// The motion layer's show and the exact layer's hide for the whole timeline; opens the
    /// `prefers-reduced-motion: no-preference` block (the caller closes it). The motion layer
    /// is hidden at rest by `visibility` and by `opacity` (Inkscape ignores `visibility`).
    private mutating func showHide() {
        let scope = scene.scope, line = scene.plan.timeline
        let show = KeyframesName(scope, "show"), hide = KeyframesName(scope, "hide")
        KeyframesWriter.block(show, into: &frames) { KeyframesWriter.frame("from,to", into: &$0) { $0.raw("visibility:visible") } }
        KeyframesWriter.block(hide, into: &frames) { KeyframesWriter.frame("from,to", into: &$0) { $0.raw("visibility:hidden") } }
        KeyframesWriter.openMotion(into: &out)
        out.raw("\n.p-mo{")
        KeyframesWriter.animation(show, over: line, easing: scene.plan.easing, linear: true, into: &out)
        out.raw(scene.separatorBands.isEmpty ? "}\n.p-ex{" : "}\n.p-ex,.p-sep{")
        KeyframesWriter.animation(hide, over: line, easing: scene.plan.easing, linear: true, into: &out)
        out.raw("}\n")
    }

    /// Each stepped separator's group (`Scene.steps`): its opacity 0 where the line is not due
    /// and 1 where it is, switched at the times `Stage.dueSwitches` finds (the eased progress
    /// at the window's ends, the easing inverted), held by `step-end` between them. Opacity,
    /// not `visibility`: a moving-end line shows itself by `visibility:visible`, which would
    /// show through a hidden group. Timing from `.p-sep *`'s longhands (the plan's delay and
    /// duration, the window of `Stage.at`'s eased progress). Lines that switch alike share keyframes.
    private mutating func separatorSteps() {
        var names: [String: Int] = [:], count = 0
        for b in scene.separators where scene.steps(b) {
            let (start, at) = Stage.dueSwitches(b.window ?? [], easing: scene.plan.easing)
            var frames = ByteWriter(capacity: 32 + 48 * at.count)
            var state = start
            func frame(_ selector: String, _ shown: Bool, last: Bool = false) {
                KeyframesWriter.frame(selector, into: &frames) {
                    $0.raw(shown ? "opacity:1" : "opacity:0")
                    if !last { KeyframesWriter.stepEnd(into: &$0) }
                }
            }
            frame("0%", state)
            for x in at {
                state.toggle()
                // A switch just after the start: the first offset after 0 written (a line due
                // only at the start is shown through the delay, as the old chart draws it).
                frame(formatNumber(max(x * 100, 0.001), decimals: 3) + "%", state)
            }
            frame("to", state, last: true)
            let body = String(decoding: frames.takeBytes(), as: UTF8.self)
            let group: Int
            if let g = names[body] { group = g } else {
                group = count
                names[body] = count
                count += 1
                KeyframesWriter.block(KeyframesName(scene.scope, "bv", group), into: &self.frames) { $0.raw(body) }
            }
            out.raw(".")
            out.raw(ClassPrefix.separatorStep)
            out.int(b.index)
            out.raw("{")
            KeyframesWriter.animationName(KeyframesName(scene.scope, "bv", group), into: &out)
            out.raw("}\n")
        }
    }

    /// Elements hidden at rest by `visibility` are also `opacity="0"` for renderers that ignore
    /// `visibility` (Inkscape), and none of those reads the nested style block: inside it, a
    /// rule gives them back their opacity (not an animation: an animated opacity makes
    /// Chromium composite the layer, which shifts the pattern marks' anti-aliasing).
    private mutating func hiddenAtRest() {
        out.raw(".p-mo{opacity:1}\n")
        for b in scene.separators where b.motionOnly {
            out.raw(".p-b")
            out.int(b.index)
            out.raw("{opacity:")
            out.num(b.toOpacity)
            out.raw("}\n")
        }
    }

    /// Each part of every animated element, its from-state read from `s`: the scene itself
    /// (the plan's start) or a sampled instant's scene (same elements in the same order).
    /// Final states always come from `scene`.
    func parts(at s: Scene) -> [Part] {
        var parts: [Part] = []
        Self.forEachPart(of: scene, at: s) { parts.append($0) }
        return parts
    }

    /// Calls `body` with each part of `scene`'s animated elements in order (those of
    /// `parts(at:)`), made one at a time: a chart of 100,000 slices never holds them all.
    static func forEachPart(of scene: Scene, at s: Scene, _ body: (Part) -> Void) {
        for (k, bridge) in scene.underlays.enumerated() {
            let u = bridge.dash
            let rule = MotionFrames.dash(u.to, to: u.to, circumference: u.circumference, withDash: false)
            body(Part(selector: .init(ClassPrefix.underlay, u.index), layer: .dashes, rule: rule.isEmpty ? nil : rule,
                              frame: MotionFrames.dash(s.underlays[k].dash.from, to: u.to, circumference: u.circumference)))
        }
        for (k, m) in scene.motion.enumerated() where k == 0 || scene.colourCircles.isEmpty {
            let rule = MotionFrames.dash(m.to, to: m.to, circumference: m.circumference, withDash: false)
            body(Part(selector: .init(ClassPrefix.dash, m.index), layer: .dashes, rule: rule.isEmpty ? nil : rule,
                              frame: MotionFrames.dash(s.motion[k].from, to: m.to, circumference: m.circumference)))
        }
        for c in scene.colourCircles + scene.separatorBands {
            var frame = MotionFrame()
            frame.pattern = c.from
            body(Part(selector: .init(ClassPrefix.colourCircle, c.index), layer: .dashes, frame: frame))
        }
        // Each separator of the instant by index (the first of an index, as `first(where:)`
        // found it: a scan per separator made this quadratic in the slices).
        // With separator bands the lines stand hidden while the chart moves (`showHide`).
        let lines = scene.separatorBands.isEmpty ? scene.separators : []
        let instant = lines.isEmpty ? [] : Self.firstPositions(s.separators.map(\.index))
        for b in lines {
            // Only the closing line's presence depends on the instant; a missing one stands still.
            let at = b.index >= 0 && b.index < instant.count ? instant[b.index] : -1
            let x = at >= 0 ? s.separators[at] : b
            // A line hidden at some sampled instants (`Separator.window`) declares its opacity
            // at every sample, or the engine would mix only the samples that do.
            let fades = b.toOpacity != 1 || (b.window != nil && scene.stage.sampling == .exact)
            let outer = MotionFrames.rotated(from: x.from, to: b.to, showing: b.motionOnly, opacity: x.fromOpacity, fades: fades)
            // Hidden at rest by `opacity="0"` too; its opacity in CSS engines is a rule
            // (`hiddenAtRest`). A stepped line is not a child of `.p-sep` but of its group
            // (`.p-bv<k>`): it is named its keyframes on its own, never by the layer's
            // `.p-sep>*` (which would turn the group and leave the line standing at its end).
            body(Part(selector: .init(ClassPrefix.separator, b.index), layer: scene.steps(b) ? nil : .separators, frame: outer))
            if b.fromInner != nil {
                let inner = x.fromInner ?? x.inner
                body(Part(selector: .init(ClassPrefix.separator, b.index, ">path"), frame: MotionFrames.rayStretch(
                    fromInner: inner, fromLength: (x.fromOuter ?? x.outer) - inner, inner: b.inner, length: b.outer - b.inner)))
            }
        }
        for (k, c) in scene.cutouts.enumerated() {
            for (side, cut) in [c.start, c.end].enumerated() {
                let at = side == 0 ? s.cutouts[k].start : s.cutouts[k].end
                body(Part(selector: .init(ClassPrefix.cutout, cut.index), rule: MotionFrames.orbitOuter(mid: cut.to),
                                  frame: MotionFrames.orbitOuter(mid: at.from)))
                for (e, _) in cut.ears {
                    var slide = MotionFrame()
                    slide.translateY = -(at.ears.first { $0.0 == e }?.1 ?? 0)
                    body(Part(selector: .init(ClassPrefix.ear, e), frame: slide))
                }
            }
        }
        // Orbits turn from the sweep start, like the dashes.
        let start = scene.layout.startAngle
        for (k, o) in scene.orbits.enumerated() {
            let at = s.orbits[k], mid = o.toMiddle - start, fromMid = at.fromMiddle - start
            body(Part(selector: .init(ClassPrefix.orbit, o.index), rule: MotionFrames.orbitOuter(mid: mid),
                              frame: MotionFrames.orbitOuter(mid: fromMid)))
            body(Part(selector: .init(ClassPrefix.orbit, o.index, ">g"), rule: MotionFrames.orbitInner(mid: mid, radius: o.to),
                              frame: MotionFrames.orbitInner(mid: fromMid, radius: at.from)))
        }
        for (k, l) in scene.labels.enumerated() {
            let at = s.labels[k]
            // A leaving label (final opacity 0) must say `opacity:1` in its from-state, or it
            // would stay at its final 0 for the whole animation.
            body(Part(selector: .init(ClassPrefix.label, l.index), layer: .labels, frame: MotionFrames.labelOuter(
                from: at.from, to: l.to, opacity: at.fromOpacity, fades: l.toOpacity != 1)))
            var text = MotionFrames.labelInner(fromTurn: at.fromTurn, turn: l.turn, fromRadius: at.fromRadius, radius: l.radius)
            // A blending colour: every from-state declares it (sampled instants alike).
            if l.fromColor != nil { text.fillColor = at.fromColor ?? l.color }
            // A changing size (`Stage.Label.fromScale`): every from-state declares its scale.
            if l.fromScale != 1 { text.scale = at.fromScale }
            // A box behind the text (`labels.box`) moves and turns with it, in its own colours;
            // what changes of the box between the ends blends (every from-state declares it); a box
            // that appears or goes fades (`LabelBoxPose.absent`).
            if let ends = LabelBoxPose.ends(scene.plan.from.labelBox, scene.plan.to.labelBox) {
                var box = text
                box.fillColor = nil
                if ends.from != ends.to {
                    // A box that has gone by this instant is its absent end.
                    let now = LabelBoxPose.ends(s.plan.from.labelBox, scene.plan.to.labelBox)?.from ?? ends.to
                    let size = scene.layout.fontSize
                    box.boxFrom(now.rect(l.text, fontSize: size), whole: ends.from.rect(l.text, fontSize: size),
                                to: ends.to.rect(l.text, fontSize: size))
                }
                body(Part(selector: .init(ClassPrefix.label, l.index, ">rect"), frame: box))
            }
            body(Part(selector: .init(ClassPrefix.label, l.index, ">text"), layer: .labelTexts, frame: text))
        }
    }

    /// For each index value from 0 to the largest, the position of its first occurrence in
    /// `indices`, or -1 (negative values are never looked up).
    static func firstPositions(_ indices: [Int]) -> [Int] {
        var at = [Int](repeating: -1, count: max((indices.max() ?? -1) + 1, 0))
        for (k, i) in indices.enumerated() where i >= 0 && at[i] < 0 { at[i] = k }
        return at
    }

    /// The final-state rules of motion-only parts and each part's own values of its shared
    /// keyframes (outside any media query: an element that is shown only while animating may
    /// take them at rest too, and custom properties draw nothing).
    private mutating func rules(_ parts: [Part]) {
        for (k, p) in parts.enumerated() { rule(p, k, own: nil) }
    }

    /// Part `k`'s rule (see `rules`), if it has one.
    private mutating func rule(_ p: Part, _ k: Int, own: SharedKeyframes?) {
        let values = own?.hasOwnValues(k) ?? false
        guard p.rule != nil || values else { return }
        p.selector.write(into: &out)
        out.raw("{")
        p.rule?.write(into: &out)
        if values { own?.writeOwnValues(k, frame: p.frame, first: p.rule == nil, into: &out) }
        out.raw("}\n")
    }

    /// Staged or staggered plans: the boundaries are sums of differently timed eased widths,
    /// which no single CSS easing draws. Each element gets keyframes sampled from the exact
    /// state (the stage's instant, `Stage.instant(at:)`) with linear timing between samples: every window
    /// edge is a sample, and each window gets its share (`Strategies.SampledKeyframes.times`).

    private mutating func writeSampled() {
        let plan = scene.plan, line = plan.timeline
        let aligned = scene.drawing.keyframes == .aligned
        let times = Strategies.SampledKeyframes.times(plan, scene.drawing.keyframes)
        // Aligned windows (stages without stagger): in each interval one window runs, so the
        // easing on each keyframe makes every boundary exact between the edges.
        let ease = aligned ? scene.plan.easing : nil
        let final = parts(at: scene)
        var samples = times.map { parts(at: Scene(at: $0, of: scene)) }
        Self.windLabelTurns(&samples, final: final)
        hiddenAtRest()
        rules(final)
        var named: [(PartSelector, KeyframesName)] = []
        for (i, part) in final.enumerated() {
            let states = Self.filled(samples.map { $0[i].frame })
            guard states.contains(where: { !$0.isEmpty }) else { continue }
            let name = KeyframesName(scene.scope, "s", named.count)
            KeyframesWriter.block(name, into: &frames) { frames in
                for (t, state) in zip(times, states) {
                    KeyframesWriter.frame(CSSTiming.offset(t, in: line), into: &frames) {
                        state.write(into: &$0)
                        if let ease {
                            $0.raw(";")
                            KeyframesWriter.frameEasing(ease, into: &$0)
                        }
                    }
                }
            }
            named.append((part.selector, name))
        }
        showHide()
        // Longhands, not the shorthand: `animation:` would reset animation-name with a more
        // specific selector than the per-element rules below.
        out.raw(Self.animated)
        out.raw("{")
        KeyframesWriter.longhands(duration: line.length, easing: nil, delay: line.start, into: &out)
        out.raw("}\n")
        for (selector, name) in named {
            selector.write(into: &out)
            out.raw("{")
            KeyframesWriter.animationName(name, into: &out)
            out.raw("}\n")
        }
        out.raw("}\n")
    }

    /// Each inside label's text turn at the samples wound by whole turns (`LabelTurn.wound`),
    /// so that no text spins a whole turn between two samples. A label is two parts, its
    /// group (`.labels`, turned by its angle) then its text (`.labelTexts`); both rotate by a
    /// delta to the rest state, whose total is therefore 0.
    static func windLabelTurns(_ samples: inout [[Part]], final: [Part]) {
        for i in final.indices.dropFirst() where final[i].layer == .labelTexts && final[i - 1].layer == .labels {
            let turns = samples.map { $0[i].frame.rotate ?? 0 }
            let wound = LabelTurn.wound(turns: turns, carriers: samples.map { $0[i - 1].frame.rotate ?? 0 }, rest: 0)
            for j in samples.indices where wound[j] != turns[j] { samples[j][i].frame.rotate = wound[j] }
        }
    }

    /// Sampled frames of one part with every property that any of them sets set in all (to
    /// its identity value where missing), since a keyframe that leaves a property out is no
    /// keyframe for it.
    static func filled(_ states: [MotionFrame]) -> [MotionFrame] {
        let rotate = states.contains { $0.rotate != nil }, translate = states.contains { $0.translateY != nil }
        let scale = states.contains { $0.scale != nil }, scaleY = states.contains { $0.scaleY != nil }
        let opacity = states.contains { $0.opacity != nil }
        return states.map { s in
            var s = s
            if rotate, s.rotate == nil { s.rotate = 0 }
            if translate, s.translateY == nil { s.translateY = 0 }
            if scale, s.scale == nil { s.scale = 1 }
            if scaleY, s.scaleY == nil { s.scaleY = 1 }
            if opacity, s.opacity == nil { s.opacity = 1 }
            return s
        }
    }

    /// The animation longhands of the uniform plan (duration, easing, delay, fill mode).
    private mutating func longhands() {
        KeyframesWriter.longhands(duration: scene.plan.duration, easing: scene.plan.easing, delay: scene.plan.delay, into: &out)
    }
}
