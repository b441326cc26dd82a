import PieDiagnostics
import PieYAML

extension Lowering {
    /// The slices of a `slices:` list. `emptyAllowed`: the chart's own list, where `[]` is an
    /// empty chart; a ring's list (`rings[].slices`) needs a slice.
    mutating func lowerSlices(_ node: YAMLNode, emptyAllowed: Bool) -> [SliceSpec] {
        guard case .sequence(let items, let range) = node else {
            error(SpecDiagnostics.wrongType, "`slices` must be a list, found \(node.kindDescription)", at: node.range,
                  help: "write each slice on its own line: `- { label: Swift, value: 42 }`")
            return []
        }
        if items.isEmpty {
            if !emptyAllowed {
                error(SpecDiagnostics.wrongType, "`slices` of a ring is empty; a ring needs at least one slice", at: range,
                      notes: ["a whole chart may be empty (`slices: []` instead of `rings`), not one of its rings"],
                      help: "remove the ring, or give it a slice")
            }
            return []
        }
        var list = items[...]
        if items.count > limits.maxSlices {
            error(SpecDiagnostics.tooManySlices, "the spec has \(items.count) slices; the limit is \(limits.maxSlices)", at: items[limits.maxSlices].range,
                  help: "group small slices with `chart.other`, or build a chart this large on purpose with `--max-slices \(items.count)`")
            list = items.prefix(limits.maxSlices)
        }
        var slices: [SliceSpec] = []
        slices.reserveCapacity(list.count)
        locations.slices.reserveCapacity(list.count)
        for (i, item) in list.enumerated() {
            if let s = lowerSlice(item, index: i) { slices.append(s) }
        }
        return slices
    }

    mutating func lowerSlice(_ node: YAMLNode, index: Int) -> SliceSpec? {
        locations.slices.append(SliceLocations(item: node.range))
        guard let e = entries(node, table: Keys.slice, path: "slices[\(index)]", slice: locations.slices.count - 1) else { return nil }
        let before = diagnostics.count
        // Values no lowered field can hold, so an unset label or value is told apart from a
        // valid one (a label never holds U+0000, a value is never negative).
        let noLabel = "\u{0}"
        var slice = SliceSpec(id: "", label: noLabel, value: -1)
        lowerKnown(e, Keys.slice, into: &slice, slice: index)
        let hasLabel = slice.label != noLabel
        if e["id"] == nil, hasLabel {
            let slug = Lowering.slug(slice.label, allowUnderscore: true)
            if slug.isEmpty {
                error(SpecDiagnostics.noSliceID, "cannot derive an id from the label `\(sanitized(slice.label))`",
                      at: e["label"]!.value.range, help: "add an `id:` to this slice, e.g. `id: slice-\(index + 1)`")
            } else {
                slice.id = slug
            }
        }
        return diagnostics.count == before && !slice.id.isEmpty && hasLabel && slice.value >= 0 ? slice : nil
    }

    mutating func renamedFrom(_ node: YAMLNode, path: String) -> [String] {
        guard case .sequence(let items, _) = node, !items.isEmpty else {
            error(SpecDiagnostics.wrongType, "`\(path)` must be a list of ids, found \(node.kindDescription)", at: node.range,
                  help: "write e.g. `renamedFrom: [old-id]`")
            return []
        }
        let key = Keys.slice.key("id")!
        return items.enumerated().compactMap { i, item in identifier(item, key, path: "\(path)[\(i)]") }
    }

    /// Checks across fields: unique slice ids, values within `total`, something to draw.
    mutating func validate(_ spec: ChartSpec) {
        reportTranslucent(background: spec.theme.background)
        // A few slices compare ids directly (no hashing, no table); many use a dictionary.
        let small = spec.slices.count <= 16
        var firstByID: [String: Int] = [:]
        if !small { firstByID.reserveCapacity(spec.slices.count) }
        for (i, slice) in spec.slices.enumerated() {
            let first: Int?
            if small {
                first = spec.slices[..<i].firstIndex { $0.id == slice.id }
            } else {
                first = firstByID[slice.id]
                if first == nil { firstByID[slice.id] = i }
            }
            if let first {
                // Lowering drops no slice when there are no errors, so i is the source index.
                let path = "slices[\(i)]"
                let here = locations.value("\(path).id") ?? locations.value("\(path).label") ?? locations.value(path)
                let there = locations.value("slices[\(first)].id") ?? locations.value("slices[\(first)].label")
                error(SpecDiagnostics.duplicateSliceID, "duplicate slice id `\(slice.id)`", at: here,
                      labels: there.map { [DiagnosticLabel(range: $0, message: "first used here")] } ?? [],
                      help: "give one of the slices a distinct `id:`")
            }
        }
        if spec.chart.center != nil, spec.chart.innerRadius <= 0 {
            error(SpecDiagnostics.centerOnPie, "`chart.center` needs a donut: `innerRadius` is 0", at: locations.value("chart.center"),
                  help: "set `chart.innerRadius` (e.g. 0.6), or remove `center`")
        }
        if spec.labels.distance != nil, spec.labels.position == .inside, spec.rings.isEmpty {
            error(SpecDiagnostics.insideAtDistance, "`labels.radius` above 1 puts labels outside the pie, but `position` is `inside`",
                  at: locations.value("labels.radius"),
                  labels: locations.value("labels.position").map { [DiagnosticLabel(range: $0, message: "inside asked for here")] } ?? [],
                  help: "use a radius from 0 to 1 for inside labels, or `position: outside`")
        }
        validateLabels(spec)
        validateLabelBox(spec)
        validateOtherID(spec)
        validateRose(spec)
        validateGrid(spec)
        validatePaletteScale(spec)
        validatePatterns(spec)
        validateRings(spec)
        validateRingBands(spec)
        validateParents(spec)
        validateOutline(spec)
        validateShadow(spec)
        validateHoverCenter(spec)
        validateLegendOrder(spec)
        // An empty chart (`slices: []`, a data file without rows) has nothing to add up: it
        // draws its empty state.
        guard !diagnostics.hasErrors, !spec.slices.isEmpty, let slicesKey = locations.key("slices") ?? locations.key("data") else { return }
        let sum = spec.slices.reduce(0) { $0 + $1.value }
        if let total = spec.chart.total {
            if sum > total * (1 + 1e-12) {
                error(SpecDiagnostics.overTotal, "slice values add up to \(formatNumber(sum, decimals: 6)), more than `chart.total` (\(formatNumber(total, decimals: 6)))",
                      at: locations.value("chart.total"), labels: [DiagnosticLabel(range: slicesKey, message: "these slices")],
                      help: "raise `total`, or remove it to share the whole sweep")
            }
        } else if sum == 0 {
            error(SpecDiagnostics.nothingToDraw, "every slice has value 0: nothing to draw", at: slicesKey,
                  help: "give a slice a value above 0, or set `chart.total` to draw an empty gauge")
        }
    }
}
