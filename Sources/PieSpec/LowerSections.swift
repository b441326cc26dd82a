import PieDiagnostics
import PieYAML

/// Lowering of the spec: `Keys` says where each key goes (`KeyBinding`); what is here are the
/// typings of their own (the version, templates, palettes) and the checks across keys.
extension Lowering {
    mutating func lower(_ root: YAMLNode) -> ChartSpec {
        var spec = ChartSpec(id: defaultID)
        guard let e = entries(root, table: Keys.root, path: "") else { return spec }
        if e["charts"] != nil {
            // Each chart is lowered with the shared keys (`lowerFacets`); the spec itself
            // holds only them and the charts.
            let own: Set<String> = ["charts", "layout", "slices", "data", "rings", "id", "title", "subtitle", "description", "legend"]
            facetShared = e.list.filter { !own.contains($0.key.value) }
            lowerKnown(e, Keys.root, into: &spec)
            spec.slices = []
            spec.rings = []
            validateFacets(spec, entries: e)
            return spec
        }
        lowerKnown(e, Keys.root, into: &spec)
        if let layout = e["layout"] {
            error(FacetDiagnostics.layoutWithoutCharts, "`layout` without `charts`", at: layout.key.range,
                  notes: ["`layout.columns` places the charts of `charts:`; this spec draws one chart"],
                  help: "remove `layout`, or list the charts under `charts:`")
        }
        if let slices = lowerSliceSource(e, root: root) { spec.slices = slices }
        // A ring's labels sit in its band: the default `auto` means `inside` there (written
        // `auto` or `outside` is refused with E0318, which says why).
        if !spec.rings.isEmpty, locations.value("labels.position") == nil { spec.labels.position = .inside }
        liftSliceAlpha(&spec)
        validate(spec)
        return spec
    }

    /// `piec: 1`, the only version this piec reads.
    mutating func lowerVersion(_ node: YAMLNode, _ key: KeySpec) {
        guard let version = integer(node, key, path: "piec"), version != 1 else { return }
        // As written: a version too large for Int (say 10^21) must not print as Int.max.
        let written = if case .scalar(let s) = node { s.value } else { String(version) }
        error(SpecDiagnostics.badVersion, "unsupported spec version \(written)", at: node.range,
              notes: ["this piec reads spec format version 1"], help: "write `piec: 1`, or upgrade piec")
    }

    /// A label template (`labels.content`, `chart.center`); nil after an error.
    mutating func template(_ node: YAMLNode, path: String) -> LabelTemplate? {
        guard let s = scalar(node, expected: "a label template", path: path),
              let text = checkedText(s, maxLength: Keys.maxTemplate, path: path) else { return nil }
        switch LabelTemplate.parse(text) {
        case .success(let template): return template
        case .failure(let failure):
            let token = Suggestions.closest(to: failure.name, among: LabelTemplate.Token.allCases.map(\.rawValue), limit: 1).first
            let help = failure.name == "{" ? "close the brace, or remove it" : token.map { "did you mean `{\($0)}`?" }
            let what = failure.name == "{" ? "an unclosed `{`" : "the unknown token `{\(sanitized(failure.name))}`"
            error(SpecDiagnostics.badTemplate, "`\(path)` has \(what)", at: s.range,
                  notes: ["tokens: {label} {value} {percent} {id} {total}"], help: help)
            return nil
        }
    }

    mutating func palette(_ node: YAMLNode, path: String) -> Palette? {
        if case .mapping = node { return paletteScale(node, path: path).map(Palette.scale) }
        if case .sequence(let items, let range) = node {
            guard !items.isEmpty else {
                error(SpecDiagnostics.wrongType, "`theme.palette` must list at least one colour", at: range)
                return nil
            }
            var colors: [Color] = []
            for (i, item) in items.enumerated() {
                if let c = color(item, path: "theme.palette[\(i)]", opaque: true) { colors.append(c) }
            }
            return colors.count == items.count ? .list(colors) : nil
        }
        guard let s = scalar(node, expected: "a palette name, a list of colours or a mapping `{scale, by}`", path: "theme.palette") else { return nil }
        guard Palettes.names.contains(s.value) else {
            error(SpecDiagnostics.unknownPalette, "unknown palette `\(sanitized(s.value))`", at: s.range,
                  help: Suggestions.didYouMean(s.value, among: Palettes.names) ?? "known palettes: \(Palettes.names.joined(separator: ", "))")
            return nil
        }
        return .named(s.value)
    }
}
