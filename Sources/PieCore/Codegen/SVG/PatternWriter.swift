import PieJSON
import PieSpec

/// The markup of fill patterns (`Patterns`): their `<defs>`, the overlay of a moving slice and
/// the rule that makes its mask an alpha mask.
extension Patterns {
    /// Id of pattern `kind` in ink `ink` for chart `scope`: `piec-<id>-pt-<name>-<b|w>`.
    static func id(_ scope: String, _ kind: SlicePattern, ink: Color) -> String {
        scope + "-pt-" + kind.name + (ink.r == 0 ? "-b" : "-w")
    }

    /// `url(#...)` of pattern `kind` over `color`, or nil for `.none`.
    static func fill(_ kind: SlicePattern, on color: Color, scope: String) -> String? {
        kind == .none ? nil : "url(#" + id(scope, kind, ink: ink(on: color)) + ")"
    }

    /// Every (kind, ink) a scene draws (final slices and leaving ones), in a fixed order (by id).
    static func used(_ scene: Scene) -> [(SlicePattern, Color)] {
        var result: [(SlicePattern, Color)] = []
        let drawn = scene.layout.slices.map { ($0.pattern, $0.color) } + scene.motion.compactMap { scene.pattern(ofMotion: $0) }
        for (kind, color) in drawn where kind != .none {
            let ink = ink(on: color)
            if !result.contains(where: { $0.0 == kind && $0.1 == ink }) { result.append((kind, ink)) }
        }
        return result.sorted { id("", $0.0, ink: $0.1) < id("", $1.0, ink: $1.1) }
    }

    /// `<defs>` with one `<pattern>` per used (kind, ink); empty when nothing is patterned.
    static func defs(_ scene: Scene) -> [UInt8] {
        let used = used(scene), scope = scene.scope
        guard !used.isEmpty else { return [] }
        var out = ByteWriter(capacity: 256 * used.count)
        out.raw("<defs>\n")
        for (pattern, ink) in used {
            let side: Double, turn: Double
            switch pattern {
            case .none: continue
            case .builtIn(let kind):
                side = tile
                switch kind {
                case .stripes, .crosshatch: turn = 45
                case .backstripes: turn = -45
                default: turn = 0
                }
            case .hatch(let h):
                side = HatchTile.side(h)
                turn = HatchTile.rotation(h)
            }
            out.raw("<pattern id=\"" + id(scope, pattern, ink: ink) + "\" patternUnits=\"userSpaceOnUse\" width=\"")
            out.num(side)
            out.raw("\" height=\"")
            out.num(side)
            out.raw("\"")
            if turn != 0 {
                out.raw(" patternTransform=\"rotate(")
                out.num(turn)
                out.raw(")\"")
            }
            out.raw("><g fill=\"")
            out.hex(ink)
            out.raw("\" fill-opacity=\"")
            out.num(opacity)
            out.raw("\">")
            switch pattern {
            case .none: break
            case .builtIn(let kind): out.raw(marks(kind))
            case .hatch(let h): hatchMarks(h, ink: ink, into: &out)
            }
            out.raw("</g></pattern>\n")
        }
        out.raw("</defs>\n")
        return out.bytes
    }

    /// The marks of a user hatch's tile (`HatchTile`): a line along the top edge, a cross
    /// line down the left edge below it, a ring (stroked, at the same opacity) and a dot in
    /// the middle of the rest.
    static func hatchMarks(_ h: Hatch, ink: Color, into out: inout ByteWriter) {
        let s = HatchTile.side(h), w = HatchTile.line, m = HatchTile.middle(h)
        if h.lines != nil || h.crosses {
            out.raw("<rect width=\""); out.num(s); out.raw("\" height=\""); out.num(w); out.raw("\"/>")
        }
        if h.crosses {
            out.raw("<rect y=\""); out.num(w); out.raw("\" width=\""); out.num(w); out.raw("\" height=\""); out.num(s - w); out.raw("\"/>")
        }
        if h.circles {
            out.raw("<circle cx=\""); out.num(m); out.raw("\" cy=\""); out.num(m)
            out.raw("\" r=\""); out.num(HatchTile.ringRadius)
            out.raw("\" fill=\"none\" stroke=\""); out.hex(ink)
            out.raw("\" stroke-opacity=\""); out.num(opacity)
            out.raw("\" stroke-width=\""); out.num(HatchTile.ringWidth); out.raw("\"/>")
        }
        if h.dots {
            out.raw("<circle cx=\""); out.num(m); out.raw("\" cy=\""); out.num(m)
            out.raw("\" r=\""); out.num(HatchTile.dotRadius); out.raw("\"/>")
        }
    }

    /// The marks of one tile (8 x 8).
    static func marks(_ kind: PatternKind) -> String {
        switch kind {
        case .none: ""
        case .stripes, .backstripes, .vertical: "<rect width=\"3\" height=\"8\"/>"
        case .horizontal: "<rect width=\"8\" height=\"3\"/>"
        case .dots: "<circle cx=\"4\" cy=\"4\" r=\"2\"/>"
        case .crosshatch, .grid: "<rect width=\"1.5\" height=\"8\"/><rect x=\"1.5\" width=\"6.5\" height=\"1.5\"/>"
        }
    }

    /// The stylesheet rule that makes the motion overlays' masks alpha masks (as a CSS rule:
    /// the safety allow-list has no `mask-type` attribute); empty when there are none.
    static func css(_ scene: Scene) -> String {
        scene.motion.contains { m in scene.pattern(ofMotion: m).map { $0.0 != .none } ?? false }
            ? ".p-pm{mask-type:alpha}\n" : ""
    }
}

extension SVGWriter {
    /// The pattern overlay of motion circle `m`: a mask holding a copy of the circle (same
    /// class, so the same keyframes; an alpha mask (`Patterns.css`), so a colour change does
    /// not fade it) over a
    /// rectangle filled with the pattern, turned back to the pie's frame (the motion layer is
    /// rotated to the sweep start), so the marks line up with the exact wedge's at rest.
    mutating func motionPattern(_ m: Scene.Motion) {
        guard let (kind, color) = scene.pattern(ofMotion: m), let fill = Patterns.fill(kind, on: color, scope: scene.scope) else { return }
        let mask = scene.scope + "-mk" + String(m.index)
        out.raw("<mask id=\"" + mask + "\" class=\"")
        out.classes(ClassPrefix.patternMask)
        out.raw("\">")
        out.open("circle", ClassPrefix.dash)
        out.int(m.index)
        out.raw("\"")
        motionAttributes(m, stroke: "#fff")
        out.raw("/></mask><g mask=\"url(#" + mask + ")\"><rect transform=\"rotate(")
        out.num(-layout.startAngle)
        let reach = (layout.width + layout.height) * 2
        out.raw(")\" x=\"")
        out.num(-reach)
        out.raw("\" y=\"")
        out.num(-reach)
        out.raw("\" width=\"")
        out.num(2 * reach)
        out.raw("\" height=\"")
        out.num(2 * reach)
        out.raw("\" fill=\"" + fill + "\"/></g>\n")
    }
}

extension Scene {
    /// The pattern of motion element `m` and the colour under it: its slice's, or for a
    /// leaving slice under `theme.patterns: auto` the one its colour had (so it keeps its marks
    /// as it shrinks).
    func pattern(ofMotion m: Motion) -> (SlicePattern, Color)? {
        if let k = slice(ofMotion: m.index) { return (layout.slices[k].pattern, layout.slices[k].color) }
        guard let palette = layout.autoPatternPalette, m.index < plan.segments.count else { return nil }
        let s = plan.segments[m.index]
        return (SlicePattern(Patterns.autoKind(color: s.from.color, id: s.id, palette: palette, index: m.index)), s.from.color)
    }

    /// The final layout slice that motion element `index` belongs to (nil for a leaving slice).
    func slice(ofMotion index: Int) -> Int? {
        let segments = plan.segments
        if index < segments.count { return segments[index].slice }
        let j = index - segments.count
        return j < plan.movers.count ? plan.movers[j].slice : nil
    }
}
