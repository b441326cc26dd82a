import PieDiagnostics
import PieYAML

/// The slice table's keys, looked up once (slices are lowered thousands of times per run).
private enum SliceKeys {
    static let id = Keys.slice.key("id")!
    static let label = Keys.slice.key("label")!
    static let value = Keys.slice.key("value")!
    static let radius = Keys.slice.key("radius")!
    static let explode = Keys.slice.key("explode")!
    static let description = Keys.slice.key("description")!
    static let pattern = Keys.slice.key("pattern")!
}

/// Where a slice's known keys are in its entries, found in one pass instead of one search per
/// key (a slice asked for ten keys: the hottest lookups of lowering). Positions, not copies of
/// the nodes: a node is copied only when a field reads it.
private struct SliceEntries {
    let list: [YAMLEntry]
    var id = -1, label = -1, value = -1, color = -1, radius = -1, explode = -1, description = -1, renamedFrom = -1, pattern = -1

    init(_ e: KnownEntries) {
        list = e.list
        for i in list.indices {
            switch list[i].key.value {
            case "label": label = i
            case "value": value = i
            case "id": id = i
            case "color": color = i
            case "radius": radius = i
            case "explode": explode = i
            case "description": description = i
            case "renamedFrom": renamedFrom = i
            case "pattern": pattern = i
            default: break  // an unknown key, already reported
            }
        }
    }

    /// The value at position `i`, nil for -1 (key absent).
    subscript(_ i: Int) -> YAMLNode? { i < 0 ? nil : list[i].value }
}

extension Lowering {
    mutating func lowerSlices(_ node: YAMLNode) -> [SliceSpec] {
        guard case .sequence(let items, let range) = node else {
            error(SpecDiagnostics.wrongType, "`slices` must be a list, found \(node.kindDescription)", at: node.range,
                  help: "write each slice on its own line: `- { label: Swift, value: 42 }`")
            return []
        }
        if items.isEmpty {
            error(SpecDiagnostics.wrongType, "`slices` is empty; a chart needs at least one slice", at: range)
            return []
        }
        var list = items[...]
        if items.count > limits.maxSlices {
            error(SpecDiagnostics.tooManySlices, "the spec has \(items.count) slices; the limit is \(limits.maxSlices)", at: items[limits.maxSlices].range)
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
        // Paths name fields in diagnostics only: built on demand, not for every slice.
        func path() -> String { "slices[\(index)]" }
        locations.slices.append(SliceLocations(item: node.range))
        guard let e = entries(node, table: Keys.slice, path: path(), slice: locations.slices.count - 1) else { return nil }
        let f = SliceEntries(e)
        let before = diagnostics.count
        let label = f[f.label].flatMap { text($0, SliceKeys.label, path: "\(path()).label") }
        let value = f[f.value].flatMap { number($0, SliceKeys.value, path: "\(path()).value") }
        var id = f[f.id].flatMap { identifier($0, SliceKeys.id, path: "\(path()).id") }
        if f.id < 0, let label {
            let slug = Lowering.slug(label, allowUnderscore: true)
            if slug.isEmpty {
                error(SpecDiagnostics.noSliceID, "cannot derive an id from the label `\(sanitized(label))`",
                      at: f[f.label]!.range, help: "add an `id:` to this slice, e.g. `id: slice-\(index + 1)`")
            } else {
                id = slug
            }
        }
        var slice = SliceSpec(id: id ?? "", label: label ?? "", value: value ?? 0)
        if let v = f[f.color] { slice.color = color(v, path: "\(path()).color", opaque: true) }
        if let v = f[f.radius] { slice.radius = number(v, SliceKeys.radius, path: "\(path()).radius") }
        if let v = f[f.explode] { slice.explode = number(v, SliceKeys.explode, path: "\(path()).explode") }
        if let v = f[f.description] { slice.description = text(v, SliceKeys.description, path: "\(path()).description") }
        if let v = f[f.renamedFrom] { slice.renamedFrom = renamedFrom(v, path: "\(path()).renamedFrom") }
        if let v = f[f.pattern], let x = choice(v, SliceKeys.pattern, path: "\(path()).pattern") { slice.pattern = PatternKind(rawValue: x) }
        return diagnostics.count == before && id != nil && label != nil && value != nil ? slice : nil
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
    mutating func validate(_ spec: ChartSpec, slicesEntry: YAMLEntry?) {
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
                let path = sourceIndex(of: slice, at: i)
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
        validateOtherID(spec)
        validateRose(spec)
        guard !diagnostics.hasErrors, let slicesEntry else { return }
        let sum = spec.slices.reduce(0) { $0 + $1.value }
        if let total = spec.chart.total {
            if sum > total * (1 + 1e-12) {
                error(SpecDiagnostics.overTotal, "slice values add up to \(formatNumber(sum, decimals: 6)), more than `chart.total` (\(formatNumber(total, decimals: 6)))",
                      at: locations.value("chart.total"), labels: [DiagnosticLabel(range: slicesEntry.key.range, message: "these slices")],
                      help: "raise `total`, or remove it to share the whole sweep")
            }
        } else if sum == 0 {
            error(SpecDiagnostics.nothingToDraw, "every slice has value 0: nothing to draw", at: slicesEntry.key.range,
                  help: "give a slice a value above 0, or set `chart.total` to draw an empty gauge")
        }
    }

    /// Path of the i-th lowered slice. Lowering drops nothing when there are no errors, so the
    /// index matches the source index whenever validation runs its checks.
    private func sourceIndex(of slice: SliceSpec, at i: Int) -> String { "slices[\(i)]" }
}
