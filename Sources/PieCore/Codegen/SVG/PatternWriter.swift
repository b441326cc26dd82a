import PieJSON
import PieSpec

/// The markup of fill patterns (`Patterns`): their `<defs>`, the overlay of a moving slice and
/// the rule that makes its mask an alpha mask.
extension Patterns {
    /// Id of the pattern `kind` in ink `ink` for chart `scope`: `piec-<id>-pt-<kind>-<b|w>`.
    static func id(_ scope: String, _ kind: PatternKind, ink: Color) -> String {
        scope + "-pt-" + kind.rawValue + (ink.r == 0 ? "-b" : "-w")
    }

    /// `url(#...)` of pattern `kind` over `color`, or nil for `.none`.
    static func fill(_ kind: PatternKind, on color: Color, scope: String) -> String? {
        kind == .none ? nil : "url(#" + id(scope, kind, ink: ink(on: color)) + ")"
    }

    /// Every (kind, ink) a scene draws (final slices and leaving ones), in a fixed order.
    static func used(_ scene: Scene) -> [(PatternKind, Color)] {
        var result: [(PatternKind, Color)] = []
        let drawn = scene.layout.slices.map { ($0.pattern, $0.color) } + scene.motion.compactMap { scene.pattern(ofMotion: $0) }
        for (kind, color) in drawn where kind != .none {
            let ink = ink(on: color)
            if !result.contains(where: { $0.0 == kind && $0.1 == ink }) { result.append((kind, ink)) }
        }
        return result.sorted { ($0.0.rawValue, $0.1.r) < ($1.0.rawValue, $1.1.r) }
    }

    /// `<defs>` with one `<pattern>` per used (kind, ink); empty when nothing is patterned.
    static func defs(_ scene: Scene) -> [UInt8] {
        let used = used(scene), scope = scene.scope
        guard !used.isEmpty else { return [] }
        var out = ByteWriter(capacity: 256 * used.count)
        out.raw("<defs>\n")
        for (kind, ink) in used {
            out.raw("<pattern id=\"" + id(scope, kind, ink: ink) + "\" patternUnits=\"userSpaceOnUse\" width=\"")
            out.num(tile)
            out.raw("\" height=\"")
            out.num(tile)
            out.raw("\"")
            switch kind {
            case .stripes, .crosshatch: out.raw(" patternTransform=\"rotate(45)\"")
            case .backstripes: out.raw(" patternTransform=\"rotate(-45)\"")
            default: break
            }
            out.raw("><g fill=\"")
            out.hex(ink)
            out.raw("\" fill-opacity=\"")
            out.num(opacity)
            out.raw("\">")
            out.raw(marks(kind))
            out.raw("</g></pattern>\n")
        }
        out.raw("</defs>\n")
        return out.bytes
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
    func pattern(ofMotion m: Motion) -> (PatternKind, Color)? {
        if let k = slice(ofMotion: m.index) { return (layout.slices[k].pattern, layout.slices[k].color) }
        guard let palette = layout.autoPatternPalette, m.index < plan.segments.count else { return nil }
        let s = plan.segments[m.index]
        return (Patterns.autoKind(color: s.from.color, id: s.id, palette: palette, index: m.index), s.from.color)
    }

    /// The final layout slice that motion element `index` belongs to (nil for a leaving slice).
    func slice(ofMotion index: Int) -> Int? {
        let segments = plan.segments
        if index < segments.count { return segments[index].slice }
        let j = index - segments.count
        return j < plan.movers.count ? plan.movers[j].slice : nil
    }
}
