import PieDiagnostics
import PieJSON

/// Translucent slice colours (`rgba()`, `#rrggbbaa`, `hsl(... / a)`) in slices, rings,
/// `theme.palette` and `other.color`, drawn exactly in one of two ways:
/// - One alpha: when every colour a slice can take has the same alpha, the colours are made
///   opaque and the alpha moves into `theme.opacity` (multiplied), which draws the whole pie as
///   one group at that opacity, so the dashes that overlap in motion never darken.
/// - Each slice its own alpha (colours of different alphas, or translucent beside opaque):
///   kept as written, each wedge painted once with its own colour. Exact only where no two
///   slices' drawn elements overlap at any instant: the wedges are drawn apart (never stacked
///   or bridged), which holds for a pie of one ring at rest, entering (`animation.enter`) and
///   between versions (a reorder closes a slice's old place as its new place opens, with no
///   mover painted over the others), without a track, patterns or shadow under or over its
///   wedges. A pie that has any of those is refused here (E0371, at the colour, naming the
///   key); a transition from or to rings enters instead, with a warning (`SliceAlphas`,
///   E0617). A chart of `charts:` keeps its colours as written (`keepsSliceAlpha`): its one
///   alpha is lifted into its own opacity when drawn (`ChartSpec.facet`, `liftingOneAlpha`).
/// Alphas 1 apart (of 255) count as one, the first's. A pie under 0.1 opacity is refused (E0372).
extension Lowering {
    /// Lifts the one alpha of the spec's translucent slice colours into `theme.opacity`, or
    /// reports why it cannot; either way those colours leave `translucent` (label colours stay
    /// for `reportTranslucent`).
    /// Why one pie cannot take several alphas (E0371's note, in the spec and in a data file).
    static let oneAlphaNote = "slices overlap in motion, so each slice's own alpha would darken the overlaps: only one alpha for the whole pie is drawn exactly"

    /// Why a pie with this key cannot draw each slice at its own alpha (E0371's note).
    static func perSliceNote(_ key: String) -> String {
        "each slice's own alpha is drawn only where no two drawn shapes overlap: `\(key)` lies under or over the translucent wedges, so it would show through them or darken them"
    }

    /// The first key of `spec` that stops each slice from being drawn at its own alpha: rings
    /// (their bands are bridged and edged), a track or a total (drawn under the wedges),
    /// patterns (marks over a translucent base), a shadow (under the wedges); nil when none.
    static func perSliceObstacle(_ spec: ChartSpec) -> String? {
        if !spec.rings.isEmpty { return "rings" }
        if spec.chart.track != nil { return "chart.track" }
        if spec.chart.total != nil { return "chart.total" }
        if spec.theme.patterns != .none { return "theme.patterns" }
        if let i = spec.slices.firstIndex(where: { $0.pattern != nil && $0.pattern != PatternKind.none }) { return "slices[\(i)].pattern" }
        if spec.theme.shadow != nil { return "theme.shadow" }
        return nil
    }

    /// Alphas 1 apart are one: the same fraction written two ways (`0.7` is 179, `b2` 178).
    static func sameAlpha(_ a: UInt8, _ b: UInt8) -> Bool { abs(Int(a) - Int(b)) <= 1 }

    /// How a pie's slice colours are drawn, decided from the alphas of its translucent slice
    /// colours (in the order written) by lowering and by `ChartSpec.liftingOneAlpha` alike.
    enum SliceAlpha: Equatable {
        /// No translucent slice colour.
        case opaque
        /// One alpha (1 apart counts as one), no opaque slice colour, the pie at 0.1 or more:
        /// lifted into `theme.opacity`.
        case one(UInt8)
        /// Each slice at its own alpha: `odd` is the index of the first alpha unlike the first
        /// one's, else `opaque` names an opaque colour some slice can take.
        case eachOwn(odd: Int?, opaque: String?)
        /// One alpha, but the pie would be drawn at this opacity, under 0.1.
        case tooFaint(Double)
    }

    static func sliceAlpha(_ alphas: [UInt8], in spec: ChartSpec) -> SliceAlpha {
        guard let alpha = alphas.first else { return .opaque }
        let odd = alphas.firstIndex { !sameAlpha($0, alpha) }
        let opaque = odd == nil ? opaquePaint(spec) : nil
        if odd != nil || opaque != nil { return .eachOwn(odd: odd, opaque: opaque) }
        let opacity = spec.theme.opacity * Double(alpha) / 255
        return opacity >= 0.1 ? .one(alpha) : .tooFaint(opacity)
    }

    mutating func liftSliceAlpha(_ spec: inout ChartSpec) {
        let paints = translucent.filter { !Self.isTextColour($0.path) }
        guard let first = paints.first else { return }
        translucent.removeAll { !Self.isTextColour($0.path) }
        let alpha = first.color.a
        switch Self.sliceAlpha(paints.map(\.color.a), in: spec) {
        case .opaque: return
        case .eachOwn(let oddIndex, let opaquePaint):
            let odd = oddIndex.map { paints[$0] }
            // A data file's colour column takes one alpha (its rows are refused at their cell
            // by `liftDataAlpha`): rows translucent beside an opaque palette are refused too.
            if let data = paints.first(where: { $0.path == "data.color" }) {
                error(SpecDiagnostics.mixedSliceAlpha, "`data.color` is translucent but \(opaquePaint ?? "a slice colour") is opaque", at: data.range,
                      notes: [Self.oneAlphaNote],
                      help: "give every colour a slice can take the same alpha (`theme.palette` as a list, `chart.other.color`), or write opaque colours and `theme.opacity`")
                return
            }
            // Each slice keeps its own alpha, drawn apart, unless a key draws under or over them.
            guard let obstacle = Self.perSliceObstacle(spec) else { return }
            let message = if let odd { "`\(odd.path)` has alpha \(odd.color.a) of 255, `\(first.path)` has \(alpha), and `\(obstacle)` is set" }
                else { "`\(first.path)` is translucent, \(opaquePaint ?? "a slice colour") is opaque, and `\(obstacle)` is set" }
            error(SpecDiagnostics.mixedSliceAlpha, message, at: (odd ?? first).range,
                  notes: [Self.perSliceNote(obstacle)],
                  help: "remove `\(obstacle)`, or give every colour a slice can take the same alpha (`theme.palette` as a list, `chart.other.color`), or write opaque colours and `theme.opacity`")
        case .tooFaint(let opacity):
            error(SpecDiagnostics.pieTooFaint, "the pie would be drawn at opacity \(formatNumber(opacity)), under 0.1",
                  at: first.range, notes: ["alpha \(alpha) of 255 times `theme.opacity` \(formatNumber(spec.theme.opacity))"],
                  help: "use an alpha of at least 26 (10%)")
        case .one:
            // A chart of `charts:` keeps its colours; `ChartSpec.facet` lifts them when drawn.
            if !keepsSliceAlpha { spec.liftAlpha(alpha) }
        }
    }

    static func isTextColour(_ path: String) -> Bool {
        path.hasSuffix("labelColor") || path == "labels.color" || path == "labels.detail.color" || path.hasPrefix("labels.box.")
    }

    /// An opaque colour some slice can take, named for the message; nil when there is none.
    static func opaquePaint(_ spec: ChartSpec) -> String? {
        let rings = spec.rings.enumerated().map { ($1.slices, "rings[\($0)].slices") }
        var needsPalette = false
        for (slices, path) in [(spec.slices, "slices")] + rings {
            for (i, s) in slices.enumerated() {
                guard let c = s.color else { needsPalette = true; continue }
                if c.isOpaque { return "`\(path)[\(i)].color`" }
            }
        }
        if needsPalette {
            switch spec.theme.palette {
            case .named(let name): return "the palette `\(name)`"
            case .list(let colors):
                if let i = colors.firstIndex(where: { $0.isOpaque }) { return "`theme.palette[\(i)]`" }
            case .scale(let scale): return "the palette scale `\(scale.name)`"
            }
        }
        if let other = spec.chart.other, other.color.isOpaque { return "`chart.other.color`" }
        return nil
    }
}

extension ChartSpec {
    /// The spec with its slice colours' one alpha lifted into `theme.opacity` (as lowering
    /// does, `Lowering.liftSliceAlpha`): when every translucent colour a slice can take has
    /// one alpha (1 apart counts as one), no slice colour is opaque, and the pie stays at
    /// 0.1 or more; else unchanged (opaque, or each slice at its own alpha). A facet of
    /// `charts:` is lifted so (`facet(_:)`), after the shared colours are pinned.
    public func liftingOneAlpha() -> ChartSpec {
        var paints = slices.compactMap(\.color) + rings.flatMap { $0.slices.compactMap(\.color) }
        if case .list(let colors) = theme.palette { paints += colors }
        if let other = chart.other { paints.append(other.color) }
        guard case .one(let alpha) = Lowering.sliceAlpha(paints.filter { !$0.isOpaque }.map(\.a), in: self) else { return self }
        var spec = self
        spec.liftAlpha(alpha)
        return spec
    }

    /// Every slice colour made opaque and `alpha` multiplied into `theme.opacity`.
    mutating func liftAlpha(_ alpha: UInt8) {
        func opaque(_ c: inout Color) { c.a = 255 }
        for i in slices.indices { if slices[i].color != nil { opaque(&slices[i].color!) } }
        for r in rings.indices {
            for i in rings[r].slices.indices where rings[r].slices[i].color != nil { opaque(&rings[r].slices[i].color!) }
        }
        if case .list(var colors) = theme.palette {
            for i in colors.indices { opaque(&colors[i]) }
            theme.palette = .list(colors)
        }
        if chart.other != nil { opaque(&chart.other!.color) }
        // Six decimals, as the canonical spec writes it, so the canonical spec lowers back to it.
        theme.opacity = (theme.opacity * Double(alpha) / 255 * 1e6).rounded() / 1e6
    }

    /// The path of the first colour a slice can take that kept its own alpha after lowering
    /// (`Lowering.liftSliceAlpha`: each slice drawn at its own alpha); nil when the pie's
    /// slice colours are opaque (one shared alpha is lifted into `theme.opacity`).
    public var sliceAlphaPath: String? {
        if let i = slices.firstIndex(where: { $0.color.map { !$0.isOpaque } ?? false }) { return "slices[\(i)].color" }
        if case .list(let colors) = theme.palette, colors.contains(where: { !$0.isOpaque }) { return "theme.palette" }
        if let other = chart.other, !other.color.isOpaque { return "chart.other.color" }
        return nil
    }
}
