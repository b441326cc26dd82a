import PieDiagnostics
import PieSpec

/// CSS of the ink layer: sampled keyframes for outside labels and their leaders (linear
/// between samples, which are exact states: each keyframe is the stage's label at that sample,
/// `Stage.Outside.sample`, which `Stage.at(_:)` mixes between samples), and a fade for a changing centre text (the
/// plan's easing). Everything animated sits inside `prefers-reduced-motion: no-preference`;
/// the attributes are the rest state.
enum InkStyle {
    /// `keyframes` go to the top level, `rules` into the chart's scope block.
    static func css(_ scene: Scene) -> (keyframes: [UInt8], rules: [UInt8]) {
        let ink = scene.ink
        guard !ink.isEmpty || !ink.titles.isEmpty else { return ([], []) }
        let scope = scene.scope
        var out = ByteWriter(capacity: 256 + ink.tracks.count * ink.times.count * 120)
        var rules = ByteWriter(capacity: 256)
        rules.raw(".p-ink{pointer-events:none}\n")
        var names: [(String, KeyframesName)] = [], darkNames: [(String, KeyframesName)] = []
        var fadesOnly: [(body: [UInt8], name: KeyframesName)] = []
        let line = scene.plan.timeline
        for t in ink.tracks {
            guard let (samples, times) = InkScene.animated(t, in: scene) else { continue }
            let poses = samples.map(\.pose), index = samples[0].index
            // Opacity only where it changes; positions to 0.01 px (and degree).
            let fades = poses.contains { $0.opacity != 1 }
            func fade(_ p: OutsideLabels.Pose) -> String { fades ? ";opacity:" + formatNumber(p.opacity, decimals: 3) : "" }
            func offset(_ k: Int) -> String { CSSTiming.offset(times[k], in: line) }
            // A label that only fades where it rests (enter-grow: it waits hidden at its
            // final place) needs no transform: its leaders and text share one opacity
            // animation with every other label that fades alike.
            if t.leaders == nil, t.colors == nil, InkScene.onlyFades(poses), !InkScene.boxChanges(t) {
                var frames = ByteWriter(capacity: poses.count * 24)
                for (k, p) in poses.enumerated() {
                    KeyframesWriter.frame(offset(k), into: &frames) {
                        $0.raw("opacity:")
                        $0.num(p.opacity, decimals: 3)
                    }
                }
                let body = frames.bytes
                let name: KeyframesName
                if let known = fadesOnly.first(where: { $0.body == body }) {
                    name = known.name
                } else {
                    name = KeyframesName(scope, "lf", fadesOnly.count)
                    fadesOnly.append((body, name))
                    KeyframesWriter.block(name, into: &out) { $0.raw(body) }
                }
                // Its leader is one path (`InkWriter.stillLeader`).
                for cls in scene.layout.drawsLeaders ? [ClassPrefix.tick, ClassPrefix.outsideLabel] : [ClassPrefix.outsideLabel] {
                    names.append(("\(cls)\(index)", name))
                }
                if t.boxes != nil { names.append(("\(ClassPrefix.outsideBox)\(index)", name)) }
                continue
            }
            for (cls, feature, pick) in scene.layout.drawsLeaders
                ? [(ClassPrefix.tick, "qa", \OutsideLabels.Pose.tick), (ClassPrefix.elbow, "qb", \OutsideLabels.Pose.elbow)] : [] {
                let name = KeyframesName(scope, feature, index)
                KeyframesWriter.block(name, into: &out) { out in
                    for (k, p) in poses.enumerated() {
                        let s = p[keyPath: pick]
                        KeyframesWriter.frame(offset(k), into: &out) { out in
                            out.raw("transform:translate(")
                            out.num(s.x, decimals: 2)
                            out.raw("px,")
                            out.num(s.y, decimals: 2)
                            out.raw("px) rotate(")
                            out.num(s.angle, decimals: 2)
                            out.raw("deg) scale(")
                            out.num(s.length, decimals: 2)
                            out.raw(",1)" + fade(p))
                            // A leader that recolours: its colour at the sample.
                            if t.leaders != nil, let leader = samples[k].leader {
                                out.raw(";stroke:")
                                out.hex(leader)
                            }
                        }
                    }
                }
                names.append(("\(cls)\(index)", name))
            }
            // The text's keyframes with each sample's colour (`dark`: the dark look's, where it
            // differs), as `Stage.at` gives the label at that sample.
            func text(_ name: KeyframesName, dark: Bool) {
                KeyframesWriter.block(name, into: &out) { out in
                    for (k, p) in poses.enumerated() {
                        KeyframesWriter.frame(offset(k), into: &out) { out in
                            out.raw("transform:translate(")
                            out.num(p.x, decimals: 2)
                            out.raw("px,")
                            out.num(p.y, decimals: 2)
                            out.raw("px);text-anchor:" + InkWriter.anchor(p.side))
                            if (dark ? t.darkColors : t.colors) != nil, let color = dark ? samples[k].darkColor : samples[k].color {
                                out.raw(";fill:")
                                out.hex(color)
                            }
                            out.raw(fade(p))
                        }
                    }
                }
            }
            let name = KeyframesName(scope, "lo", index)
            text(name, dark: false)
            names.append(("\(ClassPrefix.outsideLabel)\(index)", name))
            // A colour blending from or to the ink: in the dark look the text runs the same
            // keyframes with the dark ink at that end (`ld<k>`, named in the dark rules below).
            if t.darkColors != nil, scene.layout.dark != nil {
                let dark = KeyframesName(scope, "ld", index)
                text(dark, dark: true)
                darkNames.append(("\(ClassPrefix.outsideLabel)\(index)", dark))
            }
            if t.boxes != nil {
                let name = KeyframesName(scope, "ob", index)
                boxFrames(t, samples: samples, offset: offset, fades: fades, name: name, into: &out)
                names.append(("\(ClassPrefix.outsideBox)\(index)", name))
            }
        }
        var fades: [(String, KeyframesName)] = []
        // A cross-fade of the element `<cls><index>` (centre text, title line), keyframes `<kind><index>`.
        func fade(_ cls: StaticString, _ kind: String, _ index: Int, from: Double, to: Double) {
            let name = KeyframesName(scope, kind, index)
            KeyframesWriter.block(name, into: &out) {
                KeyframesWriter.frame("from", into: &$0) { $0.raw("opacity:"); $0.num(from) }
                KeyframesWriter.frame("to", into: &$0) { $0.raw("opacity:"); $0.num(to) }
            }
            fades.append(("\(cls)\(index)", name))
        }
        for c in ink.centers where c.fromOpacity != c.toOpacity {
            fade(ClassPrefix.centreText, "cx", c.index, from: c.fromOpacity, to: c.toOpacity)
        }
        for t in ink.titles {
            fade(ClassPrefix.titleLine, "tt", t.index, from: t.fromOpacity, to: t.toOpacity)
        }
        guard !names.isEmpty || !fades.isEmpty else { return (out.bytes, rules.bytes) }
        KeyframesWriter.openMotion(into: &rules)
        rules.raw("\n")
        // One rule per animation: elements sharing one (labels that only fade) are listed together.
        var groups: [(name: KeyframesName, classes: [String])] = [], group: [KeyframesName: Int] = [:]
        for (cls, name) in names {
            if let k = group[name] { groups[k].classes.append(cls) } else { group[name] = groups.count; groups.append((name, [cls])) }
        }
        for g in groups {
            rules.raw(g.classes.map { "." + $0 }.joined(separator: ","))
            rules.raw("{")
            KeyframesWriter.animation(g.name, over: line, easing: scene.plan.easing, linear: true, into: &rules)
            rules.raw("}\n")
        }
        for (cls, name) in fades {
            rules.raw("." + cls + "{")
            KeyframesWriter.animation(name, over: line, easing: scene.plan.easing, linear: false, into: &rules)
            rules.raw("}\n")
        }
        // After the rules they override (same specificity, or more under a page's selector).
        if let dark = scene.layout.dark, !darkNames.isEmpty {
            dark.rules(into: &rules) { rules in
                for (cls, name) in darkNames {
                    rules.raw("." + cls + "{")
                    KeyframesWriter.animationName(name, into: &rules)
                    rules.raw("}\n")
                }
            }
        }
        rules.raw("}\n")
        return (out.bytes, rules.bytes)
    }

    /// The keyframes of an outside label's box (`.p-ob<k>`, `InkWriter.outsideBox`) at the
    /// track's kept samples: its place (a transform, as the text's), its opacity where the
    /// label fades, and its size, rounding and paint where the box changes.
    private static func boxFrames(_ t: InkScene.Track, samples: [Stage.Instant.OutsideLabel], offset: (Int) -> String, fades: Bool,
                                  name: KeyframesName, into out: inout ByteWriter) {
        let changes = InkScene.boxChanges(t)
        // A box that appears or goes fades with the label's own opacity.
        let boxFades = t.boxes?.contains { $0.opacity != 1 } ?? false
        KeyframesWriter.block(name, into: &out) { out in
            for (k, sample) in samples.enumerated() {
                let p = sample.pose
                guard let r = sample.box else { continue }
                KeyframesWriter.frame(offset(k), into: &out) { out in
                    out.raw("transform:translate(")
                    out.num(r.x, decimals: 2)
                    out.raw("px,")
                    out.num(r.y, decimals: 2)
                    out.raw("px)")
                    if changes {
                        out.raw(";width:")
                        out.num(r.width, decimals: 2)
                        out.raw("px;height:")
                        out.num(r.height, decimals: 2)
                        out.raw("px;rx:")
                        out.num(r.rx, decimals: 2)
                        out.raw("px;fill:")
                        out.hex(r.fill)
                        if let stroke = r.stroke {
                            out.raw(";stroke:")
                            out.hex(stroke)
                            out.raw(";stroke-width:")
                            out.num(r.strokeWidth, decimals: 2)
                            out.raw("px")
                        }
                    }
                    if fades || boxFades {
                        out.raw(";opacity:")
                        out.num(p.opacity * r.opacity, decimals: 3)
                    }
                }
            }
        }
    }
}
