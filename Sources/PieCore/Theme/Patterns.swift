import PieJSON
import PieSpec

/// Fill patterns over slice colours (for colour-blind readers and print). A pattern is an
/// overlay: marks of one ink (black or white at partial opacity) on a transparent tile, drawn
/// over the slice's own colour, so colour changes and patterns never interact.
///
/// The ink is the one the slice's label does NOT use (white marks on a slice with black text,
/// black marks under white text): the marks only push the slice further from its label colour,
/// so a label keeps contrast >= 4.5 over its marks (see `ink(on:)`).
///
/// Motion: the overlay of a moving slice is a non-rotating rectangle filled with the pattern and
/// masked by a copy of the slice's stroke-dash circle (same class, so the same keyframes), so
/// the marks stand still while the slice turns, exactly as they lie on the exact rest wedge.
enum Patterns {
    /// Tile side in user units.
    static let tile = 8.0
    static let opacity = 0.4

    /// `theme.patterns: auto` order: the pattern of palette colour k is `cycle[k % count]`.
    static let cycle: [PatternKind] = [.none, .stripes, .dots, .crosshatch, .backstripes, .grid, .horizontal, .vertical]

    /// Each slice's pattern: its own `pattern`, else (with `theme.patterns: auto`) the cycle
    /// entry of its colour's place in the palette (the id's hash for colours not in it).
    /// `spec` is the source spec: `SliceLayout.specIndex` indexes its slices (Other, which
    /// groups several, has none of its own).
    static func assign(_ spec: ChartSpec, to layout: inout ChartLayout) {
        let palette: [Color]
        switch spec.theme.palette {
        case .named(let name): palette = Palettes.colors(named: name) ?? []
        case .list(let list): palette = list
        }
        for k in layout.slices.indices {
            let slice = layout.slices[k]
            if slice.specIndex < spec.slices.count, let own = spec.slices[slice.specIndex].pattern {
                layout.slices[k].pattern = own
            } else if spec.theme.patterns == .auto {
                layout.slices[k].pattern = autoKind(color: slice.color, id: slice.id, palette: palette, index: k)
            }
        }
        if spec.theme.patterns == .auto { layout.autoPatternPalette = palette }
    }

    /// The `theme.patterns: auto` pattern of a slice with `color` and `id` at display `index`.
    static func autoKind(color: Color, id: String, palette: [Color], index: Int) -> PatternKind {
        let place = palette.firstIndex(of: color)
            ?? (palette.isEmpty ? index : Int(Palettes.fnv1a(id) % UInt64(cycle.count)))
        return cycle[place % cycle.count]
    }

    /// The ink of a slice's marks: the opposite of its label colour, unless the marks would
    /// not show (a near-black slice under black marks); then the label's colour, as long as the
    /// label keeps contrast >= 4.5 on the marks.
    static func ink(on color: Color) -> Color {
        let text = Layout.textColor(on: color)
        let opposite = text.r == 0 ? Color(r: 255, g: 255, b: 255) : Color(r: 0, g: 0, b: 0)
        if Color.contrast(markColor(opposite, on: color), color) >= minMarkContrast { return opposite }
        return Color.contrast(text, markColor(text, on: color)) >= DarkTheme.minContrast ? text : opposite
    }

    /// Marks should differ from their slice at least this much (WCAG contrast ratio).
    static let minMarkContrast = 1.15

    /// The colour of a mark of `ink` drawn at `opacity` over `color`.
    static func markColor(_ ink: Color, on color: Color) -> Color {
        DarkTheme.mix(color, ink, opacity)
    }

    /// Id of the pattern `kind` in ink `ink` for chart `scope`: `piec-<id>-pt-<kind>-<b|w>`.
    static func id(_ scope: String, _ kind: PatternKind, ink: Color) -> String {
        scope + "-pt-" + kind.rawValue + (ink.r == 0 ? "-b" : "-w")
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

    /// `url(#...)` of a slice's pattern, or nil when it has none.
    static func fill(_ slice: SliceLayout, scope: String) -> String? {
        fill(slice.pattern, on: slice.color, scope: scope)
    }

    /// `url(#...)` of pattern `kind` over `color`, or nil for `.none`.
    static func fill(_ kind: PatternKind, on color: Color, scope: String) -> String? {
        kind == .none ? nil : "url(#" + id(scope, kind, ink: ink(on: color)) + ")"
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
        out.raw("<mask id=\"" + mask + "\" class=\"p-pm\"><circle class=\"p-m")
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
