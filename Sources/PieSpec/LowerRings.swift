import PieDiagnostics
import PieYAML

/// `rings:`: concentric rings, inside out, instead of `slices`/`data`. Each ring's slices are
/// lowered exactly as top-level slices (same keys, same diagnostics); their locations follow
/// one another in `SpecLocations.slices`, so `slices[i]` paths index the flattened list
/// (`ChartSpec.flattened`).
extension Lowering {
    mutating func lowerRings(_ node: YAMLNode) -> [RingSpec] {
        guard case .sequence(let items, let range) = node else {
            error(SpecDiagnostics.wrongType, "`rings` must be a list, found \(node.kindDescription)", at: node.range,
                  help: "write each ring on its own line: `- { id: inner, label: Inner, slices: [...] }`")
            return []
        }
        if items.isEmpty {
            error(SpecDiagnostics.wrongType, "`rings` is empty; a chart of rings needs at least one ring", at: range,
                  help: "an empty chart is written `slices: []`")
            return []
        }
        var rings: [RingSpec] = []
        ringSliceStart = locations.slices.count
        for (i, item) in items.enumerated() {
            let before = diagnostics.count
            guard let e = entries(item, table: Keys.ring, path: "rings[\(i)]") else { continue }
            var ring = RingSpec(id: "", label: "\u{0}")
            lowerKnown(e, Keys.ring, into: &ring)
            let hasLabel = ring.label != "\u{0}"
            if e["id"] == nil, hasLabel {
                let slug = Lowering.slug(ring.label, allowUnderscore: true)
                if slug.isEmpty {
                    error(SpecDiagnostics.noSliceID, "cannot derive a ring id from the label `\(sanitized(ring.label))`",
                          at: e["label"]!.value.range, help: "add an `id:` to this ring, e.g. `id: ring-\(i + 1)`")
                } else {
                    ring.id = slug
                }
            }
            if diagnostics.count == before, hasLabel, !ring.id.isEmpty { rings.append(ring) }
        }
        return rings
    }

    /// Checks of a chart of rings: unique ring ids, slice ids unique within their ring, each
    /// ring's values against `total` (or above 0), and the keys a chart of rings cannot honour.
    mutating func validateRings(_ spec: ChartSpec) {
        if spec.rings.isEmpty, spec.chart.ringGap > 0 {
            error(SpecDiagnostics.ringGapWithoutRings, "`chart.ringGap` needs a chart of rings", at: locations.value("chart.ringGap"),
                  notes: ["the space between rings applies to `rings:`; a chart of `slices` or `data` has one ring"],
                  help: "remove `ringGap`, or give the chart `rings`")
        }
        guard !spec.rings.isEmpty else { return }
        let ringsKey = locations.key("rings").map { [DiagnosticLabel(range: $0, message: "rings given here")] } ?? []
        for (i, ring) in spec.rings.enumerated() {
            if let first = spec.rings[..<i].firstIndex(where: { $0.id == ring.id }) {
                let here = locations.value("rings[\(i)].id") ?? locations.value("rings[\(i)].label")
                let there = locations.value("rings[\(first)].id") ?? locations.value("rings[\(first)].label")
                error(SpecDiagnostics.duplicateRingID, "duplicate ring id `\(ring.id)`", at: here,
                      labels: there.map { [DiagnosticLabel(range: $0, message: "first used here")] } ?? [],
                      help: "give one of the rings a distinct `id:`")
            }
        }
        // Lowering drops no slice when there are no errors: ring r's slices follow the earlier
        // rings' in `locations.slices`.
        var offset = ringSliceStart
        for ring in spec.rings {
            for (i, slice) in ring.slices.enumerated() {
                guard let first = ring.slices[..<i].firstIndex(where: { $0.id == slice.id }) else { continue }
                let path = "slices[\(offset + i)]"
                let here = locations.value("\(path).id") ?? locations.value("\(path).label") ?? locations.value(path)
                let there = locations.value("slices[\(offset + first)].id") ?? locations.value("slices[\(offset + first)].label")
                error(SpecDiagnostics.duplicateSliceID, "duplicate slice id `\(slice.id)` in ring `\(ring.id)`", at: here,
                      labels: there.map { [DiagnosticLabel(range: $0, message: "first used here")] } ?? [],
                      notes: ["slice ids are unique within a ring; the same id in another ring is the same category"],
                      help: "give one of the slices a distinct `id:`")
            }
            for (i, slice) in ring.slices.enumerated() {
                let path = "slices[\(offset + i)]"
                if slice.radius != nil {
                    notWithRings("a slice's `radius`", at: locations.value("\(path).radius"), labels: ringsKey,
                                 note: "each ring's band sets its slices' radii", help: "remove this `radius`")
                }
                if slice.explode != nil {
                    notWithRings("a slice's `explode`", at: locations.value("\(path).explode"), labels: ringsKey,
                                 note: "an exploded slice would move into the next ring", help: "remove this `explode`")
                }
            }
            offset += ring.slices.count
        }
        if spec.chart.rose != .none {
            notWithRings("`chart.rose`", at: locations.value("chart.rose"), labels: ringsKey,
                         note: "a rose sets each slice's radius by its value; a ring's band sets it", help: "set `rose: none`, or use `slices`")
        }
        if spec.chart.other != nil {
            notWithRings("`chart.other`", at: locations.key("chart.other"), labels: ringsKey,
                         note: "grouping small slices is not built for rings", help: "remove `other`")
        }
        if spec.chart.center != nil {
            notWithRings("`chart.center`", at: locations.value("chart.center"), labels: ringsKey,
                         note: "the centre text's tokens name one chart's total and largest slice", help: "remove `center`")
        }
        if spec.chart.hoverCenter != nil {
            notWithRings("`chart.hoverCenter`", at: locations.value("chart.hoverCenter"), labels: ringsKey,
                         note: "a chart of rings has no centre text (`chart.center` is refused with rings too)", help: "remove `hoverCenter`")
        }
        if spec.labels.position == .outside || spec.labels.position == .auto {
            notWithRings("`labels.position: \(spec.labels.position.rawValue)`", at: locations.value("labels.position"), labels: ringsKey,
                         note: "an inner ring's outside label would cross the outer rings; labels sit inside their ring's band",
                         help: "use `position: inside` or `none`")
        }
        if let distance = spec.labels.distance {
            notWithRings("`labels.radius: \(formatNumber(distance))`", at: locations.value("labels.radius"), labels: ringsKey,
                         note: "a radius above 1 puts labels outside the outermost ring, where an inner ring's label would cross the rings outside it",
                         help: "use a radius from 0 to 1 (across each ring's band)")
        }
        guard !diagnostics.hasErrors else { return }
        for (r, ring) in spec.rings.enumerated() {
            let sum = ring.slices.reduce(0) { $0 + $1.value }
            let here = locations.key("rings[\(r)].slices") ?? locations.value("rings[\(r)]")
            if let total = spec.chart.total {
                if sum > total * (1 + 1e-12) {
                    error(SpecDiagnostics.overTotal, "ring `\(ring.id)`'s values add up to \(formatNumber(sum, decimals: 6)), more than `chart.total` (\(formatNumber(total, decimals: 6)))",
                          at: locations.value("chart.total"), labels: here.map { [DiagnosticLabel(range: $0, message: "this ring's slices")] } ?? [],
                          help: "raise `total`, or remove it so that each ring shares out its whole sweep")
                }
            } else if sum == 0 {
                error(SpecDiagnostics.nothingToDraw, "every slice of ring `\(ring.id)` has value 0: nothing to draw in it", at: here,
                      help: "give a slice a value above 0, remove the ring, or set `chart.total` to draw an empty ring")
            }
        }
    }

    private mutating func notWithRings(_ what: String, at range: SourceRange?, labels: [DiagnosticLabel], note: String, help: String) {
        error(SpecDiagnostics.notWithRings, "\(what) does not apply to a chart of rings", at: range, labels: labels,
              notes: [note], help: help)
    }
}
