import PieDiagnostics
import PieJSON
import PieYAML

/// One chart of `charts:` (a facet): its own id, title and slices or rings; every other key
/// (chart geometry, labels, format, theme, animation) is the spec's, shared by every facet.
/// `ChartSpec.facet(_:)` makes it today's single chart, so each facet is laid out, planned and
/// drawn by the one pipeline.
public struct FacetSpec: Sendable, Hashable {
    /// Identity across versions: a facet animates from the previous version's facet of this id.
    public var id: String
    public var title: String?
    public var slices: [SliceSpec] = []
    public var rings: [RingSpec] = []
    public init(id: String) { self.id = id }
}

/// `layout:`: how the facets of `charts:` are placed (a grid, row by row).
public struct FacetLayout: Sendable, Hashable {
    /// Facets per row; the last row may hold fewer.
    public var columns: Int = 2
    public init() {}
}

extension ChartSpec {
    /// Facet `k` as a chart of its own: the shared keys, the facet's slices or rings and
    /// title, no legend (the facets share one), no description, no subtitle, and the id
    /// `<id>_f<k>` that scopes its classes and keyframes apart from the other facets'. A
    /// facet keeps its slice colours as written (its own data file's alpha included), so its
    /// one alpha is lifted into its own `theme.opacity` here (`liftingOneAlpha`), as a spec's
    /// is when lowered; `liftingAlpha: false` leaves that to a caller that recolours first.
    public func facet(_ k: Int, liftingAlpha: Bool = true) -> ChartSpec {
        var one = self
        let f = charts[k]
        one.charts = []
        one.layout = nil
        one.id = id + "_f" + String(k)
        one.title = f.title
        one.subtitle = nil
        one.description = nil
        one.slices = f.slices
        one.rings = f.rings
        one.legend.position = .none
        return liftingAlpha ? one.liftingOneAlpha() : one
    }
}

extension FacetSpec: KeyRoot {
    static let defaults = FacetSpec(id: "")
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .facet(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .facet(b) }
}

extension FacetLayout: KeyRoot {
    static let defaults = FacetLayout()
    static func binding(of key: KeySpec) -> KeyBinding<Self>? { if case .facetLayout(let b) = key.bound { b } else { nil } }
    static func bound(_ b: KeyBinding<Self>) -> KeySpec.Bound { .facetLayout(b) }
}

extension Keys {
    /// The most charts in one `charts:` list.
    public static let maxFacets = 24

    /// One chart of `charts:`. Its slices and rings are lowered as a whole spec's
    /// (`Lowering.lowerFacets`: the same keys and checks), so their bindings store only.
    public static let facet = KeyTable(section: "charts[]", doc: "One chart of several in one bundle.", keys: [
        .identifier("id", \FacetSpec.id, allowUnderscore: true, documentsDefault: false, change: .silent,
                    "Identity across versions: [a-z0-9][a-z0-9_-]*, unique among the charts; the chart animates from the previous version's chart of this id (a new id grows in, a removed one fades out)."),
        .text("title", \FacetSpec.title, maxLength: maxText, change: .silent, "Title of this chart, drawn above it."),
        .custom("slices", \FacetSpec.slices, .list(of: .object(slice), minItems: 0), documentsDefault: false, change: .silent,
                "This chart's slices, as the top-level `slices` (or `data` or `rings`: exactly one of the three).",
                lower: { _, _, _, _, _ in },
                json: { (slices: [SliceSpec]) in .array(slices.map { .object(Keys.slice.canonical($0)) }) }),
        // Read by `Lowering.lowerData` in the chart's own lowering; the canonical spec holds its slices.
        .input("data", .object(data), "This chart's slices from a CSV or JSON file, as the top-level `data` (its path relative to the spec), instead of `slices`."),
        .custom("rings", \FacetSpec.rings, .list(of: .object(ring), minItems: 1), documentsDefault: false, change: .silent,
                "This chart's concentric rings, as the top-level `rings`, instead of `slices`.",
                lower: { _, _, _, _, _ in },
                json: { (rings: [RingSpec]) in rings.isEmpty ? nil : .array(rings.map { .object(Keys.ring.canonical($0)) }) }),
    ])

    /// `layout:` (with `charts:` only).
    public static let facetLayout = KeyTable(section: "layout", doc: "How the charts of `charts:` are placed.", keys: [
        .integer("columns", \FacetLayout.columns, min: 1, max: maxFacets, change: .reported(sentence: false),
                 "Charts per row, left to right, then the next row; the last row may hold fewer."),
    ])

    /// Top-level keys a facet may not write: they are the spec's, shared by every facet.
    static let sharedOnly: Set<String> = ["piec", "subtitle", "description", "chart", "labels", "format", "legend", "theme",
                                          "animation", "layout", "charts"]
}

/// Codes of `charts:` (E0342-E0347; E0348 is no longer reported).
public enum FacetDiagnostics {
    /// `slices`, `data` or `rings` at the top level of a spec of `charts:`.
    public static let slicesWithCharts = DiagnosticCode("E0342")
    /// A key of the whole spec written in one chart of `charts:`.
    public static let sharedKeyInFacet = DiagnosticCode("E0343")
    public static let duplicateFacetID = DiagnosticCode("E0344")
    /// `layout:` without `charts:`.
    public static let layoutWithoutCharts = DiagnosticCode("E0345")
    /// A key `charts:` refuses: a palette scale by value.
    public static let notWithCharts = DiagnosticCode("E0346")
    public static let tooManyFacets = DiagnosticCode("E0347")
    // E0348 (`piec render --history` given a spec of `charts:`) is no longer reported: it
    // draws the grid's history. Its explanation stays for output of earlier versions.
    public static let catalog: [CodeInfo] = [
        CodeInfo("E0342", "`slices`, `data` or `rings` beside `charts`", """
            A spec of `charts:` draws several charts, each with its own slices or rings; \
            slices written at the top level would belong to none of them. Move them into one \
            of the charts (`- {id: east, slices: [...]}`).
            """),
        CodeInfo("E0343", "a shared key written in one chart of `charts`", """
            The charts of `charts:` share one title, one legend, one description and every \
            section (`chart`, `labels`, `format`, `theme`, `animation`): one colour per slice \
            id across the charts, one size, one timing. A chart of the list holds only `id`, \
            `title` and its `slices`, `data` or `rings`. Write the key once at the top level.
            """),
        CodeInfo("E0344", "two charts of `charts` with one id", """
            Each chart animates from the previous version's chart of the same id, so the ids \
            of `charts:` are unique. Give one of them another `id`.
            """),
        CodeInfo("E0345", "`layout` without `charts`", """
            `layout.columns` places the charts of `charts:` in a grid; a spec of one chart has \
            nothing to place. Remove `layout`, or list the charts under `charts:`.
            """),
        CodeInfo("E0346", "a key `charts` refuses", """
            A slice id has one colour in every chart of `charts:`, and may have a \
            different value in each, so a colour from the value would match the value of at \
            most one chart (or of none, taken from the sum across the charts), and a reader \
            comparing two charts by colour would read a size that neither shows. A palette \
            scale by value is therefore refused, and stays so. Use `by: order` (the ids along \
            the scale in the order the charts first hold them) or a named palette. The key is \
            refused rather than ignored; remove it.
            """),
        CodeInfo("E0347", "too many charts in `charts`", """
            One bundle holds at most 24 charts. Split them into several specs.
            """),
        CodeInfo("E0348", "`piec render --history` given a spec of `charts` (no longer reported)", """
            Earlier versions of piec refused to draw frames of the history of a spec of \
            `charts:`. This version draws them: each frame is the grid of the version shown \
            at that instant, as `piec history`'s bundle shows it (each chart animating from \
            the previous version's chart of its id), with that version's caption.
            """),
    ]
}

extension Lowering {
    /// `charts:`: each item lowered as a whole spec made of the shared top-level keys and the
    /// item's `slices`, `data` or `rings` (the same keys, defaults and checks as a spec
    /// of one chart; diagnostics point at the item). `facetShared` holds the shared entries.
    mutating func lowerFacets(_ node: YAMLNode) -> [FacetSpec] {
        guard case .sequence(let items, let range) = node else {
            error(SpecDiagnostics.wrongType, "`charts` must be a list, found \(node.kindDescription)", at: node.range,
                  help: "write each chart on its own line: `- { id: east, title: East, slices: [...] }`")
            return []
        }
        if items.isEmpty {
            error(SpecDiagnostics.wrongType, "`charts` is empty; list at least one chart", at: range,
                  help: "a spec of one chart writes `slices:` at the top level instead")
            return []
        }
        if items.count > Keys.maxFacets {
            error(FacetDiagnostics.tooManyFacets, "`charts` lists \(items.count) charts, more than \(Keys.maxFacets)",
                  at: items[Keys.maxFacets].range, help: "split the charts into several specs")
            return []
        }
        var facets: [FacetSpec] = []
        for (i, item) in items.enumerated() {
            let path = "charts[\(i)]"
            guard case .mapping(let list, let itemRange) = item else {
                error(SpecDiagnostics.wrongType, "`\(path)` must be a mapping, found \(item.kindDescription)", at: item.range,
                      help: "write `- { id: east, slices: [...] }`")
                continue
            }
            var own: [YAMLEntry] = []
            for entry in list {
                let name = entry.key.value
                if Keys.sharedOnly.contains(name) {
                    error(FacetDiagnostics.sharedKeyInFacet, "`\(name)` is shared by every chart of `charts`", at: entry.key.range,
                          notes: ["a chart of `charts` holds only `id`, `title` and its `slices`, `data` or `rings`"],
                          help: "write `\(name):` once at the top level; it applies to every chart")
                } else {
                    own.append(entry)
                }
            }
            let before = diagnostics.count
            guard let e = entries(.mapping(own, range: itemRange), table: Keys.facet, path: path) else { continue }
            var facet = FacetSpec(id: "")
            lowerKnown(e, Keys.facet, into: &facet)
            if e["id"] == nil {
                error(SpecDiagnostics.missingKey, "missing required key `id` in `\(path)`", at: .point(itemRange.start),
                      help: "add `id:` (its identity across versions), e.g. `id: chart-\(i + 1)`")
            }
            // The facet as a spec of its own: the shared keys, then its slices or rings (its
            // `id` and `title` are the facet table's, read above).
            let whole = facetShared + own.filter { $0.key.value != "id" && $0.key.value != "title" }
            var sub = Lowering(limits: limits, defaultID: defaultID)
            sub.readsRecordedSpec = readsRecordedSpec
            // Its colours stay as written: the facet's one alpha goes into its own opacity
            // when it is drawn (`facet(_:)`), the spec's `theme.opacity` being shared.
            sub.keepsSliceAlpha = true
            // Its `data:` reads this chart's data file, as a spec's reads its own.
            sub.dataInput = facetDataInputs[i]
            let spec = sub.lower(.mapping(whole, range: itemRange))
            diagnostics += sub.diagnostics
            if !sub.dataDiagnostics.isEmpty { facetDataDiagnostics[i] = sub.dataDiagnostics }
            facet.slices = spec.slices
            facet.rings = spec.rings
            if diagnostics.count == before, !facet.id.isEmpty { facets.append(facet) }
        }
        return facets
    }

    /// The checks of a spec of `charts:`: nothing beside them gives slices, unique ids, the
    /// palette scale by value (refused), and `legend.order`'s ids.
    mutating func validateFacets(_ spec: ChartSpec, entries e: KnownEntries) {
        let charts = e["charts"].map { [DiagnosticLabel(range: $0.key.range, message: "charts given here")] } ?? []
        for name in ["slices", "data", "rings"] {
            guard let entry = e[name] else { continue }
            error(FacetDiagnostics.slicesWithCharts, "`\(name)` beside `charts`: each chart holds its own", at: entry.key.range,
                  labels: charts, help: "move these \(name == "rings" ? "rings" : "slices") into one of the charts of `charts`")
        }
        for (i, facet) in spec.charts.enumerated() {
            guard let first = spec.charts[..<i].firstIndex(where: { $0.id == facet.id }) else { continue }
            let there = locations.value("charts[\(first)].id")
            error(FacetDiagnostics.duplicateFacetID, "duplicate chart id `\(facet.id)` in `charts`", at: locations.value("charts[\(i)].id"),
                  labels: there.map { [DiagnosticLabel(range: $0, message: "first used here")] } ?? [],
                  help: "give one of the charts another `id:`")
        }
        if case .scale(let scale) = spec.theme.palette, scale.by == .value, let at = locations.key("theme.palette") {
            error(FacetDiagnostics.notWithCharts, "a palette scale by value with `charts`", at: at,
                  notes: ["a slice id keeps one colour in every chart, and may have a different value in each: a colour by value would match at most one chart's"],
                  help: "write `by: order`, or use a named palette")
        }
        // `legend.order` orders the shared legend's rows (one per slice id, `FacetWriter`); a
        // list names ids of any chart. Checked only when every chart was lowered: the ids of
        // a chart refused above are unknown, and would be reported as no slice's.
        if case .sequence(let items, _) = e["charts"]?.value, items.count == spec.charts.count { validateLegendOrder(spec) }
    }
}
