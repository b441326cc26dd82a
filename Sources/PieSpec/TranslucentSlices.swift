import PieDiagnostics
import PieJSON

/// Translucent slice colours (`rgba()`, `#rrggbbaa`, `hsl(... / a)`) in slices, rings,
/// `theme.palette` and `other.color`. piec draws them exactly only as one translucent pie:
/// when every colour a slice can take has the same alpha, the colours are made opaque and the
/// alpha moves into `theme.opacity` (multiplied), which draws the whole pie as one group at
/// that opacity, so the dashes that overlap in motion never darken. Colours of different
/// alphas (or translucent ones beside opaque ones, such as the default palette or Other's
/// grey) are refused (E0371): the motion stacks each slice over its neighbour, so a slice's
/// own alpha would add up where they overlap. Alphas 1 apart (of 255) count as one, the
/// first's. A pie under 0.1 opacity is refused (E0372).
extension Lowering {
    /// Lifts the one alpha of the spec's translucent slice colours into `theme.opacity`, or
    /// reports why it cannot; either way those colours leave `translucent` (label colours stay
    /// for `reportTranslucent`).
    /// Why one pie cannot take several alphas (E0371's note, in the spec and in a data file).
    static let oneAlphaNote = "slices overlap in motion, so each slice's own alpha would darken the overlaps: only one alpha for the whole pie is drawn exactly"

    /// Alphas 1 apart are one: the same fraction written two ways (`0.7` is 179, `b2` 178).
    static func sameAlpha(_ a: UInt8, _ b: UInt8) -> Bool { abs(Int(a) - Int(b)) <= 1 }

    mutating func liftSliceAlpha(_ spec: inout ChartSpec) {
        let paints = translucent.filter { !Self.isTextColour($0.path) }
        guard let first = paints.first else { return }
        translucent.removeAll { !Self.isTextColour($0.path) }
        let alpha = first.color.a
        if let odd = paints.first(where: { !Self.sameAlpha($0.color.a, alpha) }) {
            error(SpecDiagnostics.mixedSliceAlpha, "`\(odd.path)` has alpha \(odd.color.a) of 255, `\(first.path)` has \(alpha)",
                  at: odd.range,
                  notes: [Self.oneAlphaNote],
                  help: "give every slice colour the same alpha, or write opaque colours and `theme.opacity`")
            return
        }
        if let opaque = Self.opaquePaint(spec) {
            error(SpecDiagnostics.mixedSliceAlpha, "`\(first.path)` is translucent but \(opaque) is opaque", at: first.range,
                  notes: [Self.oneAlphaNote],
                  help: "give every colour a slice can take the same alpha (`theme.palette` as a list, `chart.other.color`), or write opaque colours and `theme.opacity`")
            return
        }
        let opacity = spec.theme.opacity * Double(alpha) / 255
        guard opacity >= 0.1 else {
            error(SpecDiagnostics.pieTooFaint, "the pie would be drawn at opacity \(formatNumber(opacity)), under 0.1",
                  at: first.range, notes: ["alpha \(alpha) of 255 times `theme.opacity` \(formatNumber(spec.theme.opacity))"],
                  help: "use an alpha of at least 26 (10%)")
            return
        }
        func opaque(_ c: inout Color) { c.a = 255 }
        for i in spec.slices.indices { if spec.slices[i].color != nil { opaque(&spec.slices[i].color!) } }
        for r in spec.rings.indices {
            for i in spec.rings[r].slices.indices where spec.rings[r].slices[i].color != nil { opaque(&spec.rings[r].slices[i].color!) }
        }
        if case .list(var colors) = spec.theme.palette {
            for i in colors.indices { opaque(&colors[i]) }
            spec.theme.palette = .list(colors)
        }
        if spec.chart.other != nil { opaque(&spec.chart.other!.color) }
        // Six decimals, as the canonical spec writes it, so the canonical spec lowers back to it.
        spec.theme.opacity = (opacity * 1e6).rounded() / 1e6
    }

    static func isTextColour(_ path: String) -> Bool {
        path.hasSuffix("labelColor") || path == "labels.color" || path == "labels.detail.color" || path.hasPrefix("labels.box.")
    }

    /// An opaque colour some slice can take, named for the message; nil when there is none.
    private static func opaquePaint(_ spec: ChartSpec) -> String? {
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
