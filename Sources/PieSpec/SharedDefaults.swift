import PieDiagnostics
import PieYAML

/// The files a spec reads besides itself, as bytes the driver read: the shared defaults
/// (`.piec.yaml` files in the spec's folder and its parents, up to the repository root) and
/// the data file of `data:`. Empty for a spec that uses neither (then loading is unchanged).
public struct SpecInputs: Sendable {
    /// `.piec.yaml` files, nearest first: the spec's folder, then each parent.
    public var defaults: [SourceFile] = []
    public var data: DataInput?
    /// The data files of the charts of `charts:` (`charts[k].data.file`), by the chart's index.
    public var facetData: [Int: DataInput] = [:]
    public init(defaults: [SourceFile] = [], data: DataInput? = nil) {
        self.defaults = defaults
        self.data = data
    }

    public var isEmpty: Bool { defaults.isEmpty && data == nil && facetData.isEmpty }

    /// The bytes hashed into the manifest's `specHash`: the spec's own bytes when it reads no
    /// other file (so hashes of such specs never change), else the spec followed by each
    /// file's kind, length and bytes, so that a change to the data or the defaults is a change
    /// of hash. Paths are left out: they depend on the working directory, and the output must
    /// not (the data file's path is in the spec's bytes; defaults go nearest first).
    public func hashedBytes(spec: [UInt8]) -> [UInt8] {
        guard !isEmpty else { return spec }
        var out = spec
        func add(_ kind: String, _ file: SourceFile) {
            out += Array("\u{0}piec-\(kind)\u{0}\(file.bytes.count)\u{0}".utf8)
            out += file.bytes
        }
        for file in defaults { add("defaults", file) }
        if case .file(let file)? = data { add("data", file) }
        for k in facetData.keys.sorted() { if case .file(let file)? = facetData[k] { add("data-\(k)", file) } }
        return out
    }
}

/// `.piec.yaml`: defaults for the sections every chart of a folder shares. A spec overrides
/// them key by key (mappings merge, lists and scalars replace); a nearer file overrides a
/// farther one the same way, so the files chain from the repository root down to the spec.
public enum SharedDefaults {
    /// The file name looked for in the spec's folder and each parent.
    public static let fileName = ".piec.yaml"

    /// Sections a `.piec.yaml` may hold.
    public static let sections = ["chart", "labels", "format", "legend", "theme", "animation"]

    /// What a `.piec.yaml` may hold, as a key table (the JSON Schema of `.piec.yaml` files).
    public static let table = KeyTable(section: "", doc: "Shared defaults for the specs in this folder and below (.piec.yaml).",
                                       keys: Keys.root.keys.filter { sections.contains($0.name) })

    /// Why each top-level key of a spec that is not a section is refused in `.piec.yaml`.
    static let refused: [String: String] = [
        "piec": "each spec names its own format version, so it means the same wherever it is moved",
        "id": "an id names one chart's bundle; a shared one would make every chart collide",
        "title": "a title names one chart",
        "subtitle": "a subtitle belongs to one chart",
        "description": "a description belongs to one chart",
        "slices": "slices are one chart's data",
        "data": "a data file is one chart's data",
        "rings": "rings are one chart's data",
        "charts": "the charts of `charts:` are one spec's data",
        "layout": "a layout places the charts of one spec",
    ]

    /// Checks one `.piec.yaml` on its own (every value typed as in a spec) and returns its
    /// tree, or nil when it has errors or is empty. Diagnostics are located in `file`.
    static func check(_ file: SourceFile, limits: SpecLimits) -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
        let document = YAMLParser.parse(file, limits: limits.yaml)
        var diagnostics = document.diagnostics
        guard let root = document.root else { return (nil, diagnostics) }
        if case .scalar(let s) = root, s.style == .plain, s.value.isEmpty { return (nil, diagnostics) }
        guard case .mapping(let entries, let range) = root else {
            diagnostics.append(.error(SpecDiagnostics.rootNotMapping, "`\(file.path)` must be a mapping, found \(root.kindDescription)",
                                      at: root.range, help: "a .piec.yaml holds sections such as `theme:` and `animation:`"))
            return (nil, diagnostics)
        }
        var lowering = Lowering(limits: limits, defaultID: "defaults")
        var kept: [YAMLEntry] = []
        for entry in entries {
            if let why = refused[entry.key.value] {
                lowering.error(DataDiagnostics.notAShareableKey, "`\(entry.key.value)` cannot be a shared default", at: entry.key.range,
                               notes: [why], help: "move it to each spec; a .piec.yaml holds \(sections.map { "`\($0)`" }.joined(separator: ", "))")
            } else {
                kept.append(entry)
            }
        }
        let filtered = YAMLNode.mapping(kept, range: range)
        if let e = lowering.entries(filtered, table: table, path: "") {
            // Typed as in a spec, by the same bindings; the values themselves are merged as YAML.
            var shared = ChartSpec(id: "defaults")
            lowering.lowerKnown(e, table, into: &shared)
            lowering.reportTranslucent(background: shared.theme.background)
        }
        diagnostics += lowering.diagnostics
        return (diagnostics.hasErrors ? nil : filtered, diagnostics)
    }

    /// `over` laid over `base`: keys of `over` win; where both hold a mapping, they merge the
    /// same way; anything else (lists, scalars) replaces. Entries keep `over`'s order, then
    /// `base`'s remaining keys.
    static func merge(_ over: YAMLNode, onto base: YAMLNode) -> YAMLNode {
        guard case .mapping(let top, let range) = over, case .mapping(let bottom, _) = base else { return over }
        var merged: [YAMLEntry] = []
        merged.reserveCapacity(top.count + bottom.count)
        for entry in top {
            if let under = bottom.first(where: { $0.key.value == entry.key.value }) {
                merged.append(YAMLEntry(key: entry.key, value: merge(entry.value, onto: under.value)))
            } else {
                merged.append(entry)
            }
        }
        for entry in bottom where !top.contains(where: { $0.key.value == entry.key.value }) { merged.append(entry) }
        return .mapping(merged, range: range)
    }

    /// Every range in a tree (nodes, keys, and their start points), to tell which file a
    /// diagnostic of the merged tree points into.
    static func ranges(of node: YAMLNode, into set: inout Set<SourceRange>) {
        set.insert(node.range)
        set.insert(.point(node.range.start))
        switch node {
        case .scalar: break
        case .sequence(let items, _): for item in items { ranges(of: item, into: &set) }
        case .mapping(let entries, _):
            for entry in entries {
                set.insert(entry.key.range)
                set.insert(.point(entry.key.range.start))
                ranges(of: entry.value, into: &set)
            }
        }
    }
}

extension SpecLoader {
    /// The diagnostics of one `.piec.yaml` on its own (`piec check path/.piec.yaml`).
    public static func checkDefaults(_ file: SourceFile, limits: SpecLimits = SpecLimits()) -> [Diagnostic] {
        SharedDefaults.check(file, limits: limits).diagnostics
    }

    /// Loads a spec with the files it reads (`inputs`): its shared defaults are merged under it
    /// at the node level, then the merged tree is lowered as one spec; `data:` reads the data
    /// file. Diagnostics located in those files are returned in `related`, one group per file;
    /// the spec itself then holds one E0315 that points at them.
    public static func load(_ file: SourceFile, defaultID: String, inputs: SpecInputs,
                            limits: SpecLimits = SpecLimits()) -> SpecLoadResult {
        guard !inputs.isEmpty else { return load(file, defaultID: defaultID, limits: limits) }
        let document = YAMLParser.parse(file, limits: limits.yaml)
        var diagnostics = document.diagnostics
        var related: [FileDiagnostics] = []
        var layers: [(file: SourceFile, root: YAMLNode)] = []
        var defaultsFailed = false
        for d in inputs.defaults {
            let checked = SharedDefaults.check(d, limits: limits)
            if !checked.diagnostics.isEmpty { related.append(FileDiagnostics(path: d.path, file: d, diagnostics: checked.diagnostics)) }
            if checked.diagnostics.hasErrors {
                defaultsFailed = true
                diagnostics.append(.error(DataDiagnostics.inputHasErrors, "the shared defaults `\(d.path)` have errors",
                                          at: .point(SourceLocation(line: 1, column: 1)),
                                          notes: ["they are reported at their lines in `\(d.path)`"]))
            } else if let root = checked.root {
                layers.append((d, root))
            }
        }
        guard var root = document.root else {
            var result = SpecLoadResult(spec: nil, locations: SpecLocations(), diagnostics: diagnostics)
            result.related = related
            return result
        }
        let specRoot = root
        if !defaultsFailed, case .mapping = root {
            // Farthest first: each nearer file, then the spec, is laid over the result.
            var base: YAMLNode?
            for layer in layers.reversed() { base = base.map { SharedDefaults.merge(layer.root, onto: $0) } ?? layer.root }
            if let base { root = SharedDefaults.merge(root, onto: base) }
        }
        var lowering = Lowering(limits: limits, defaultID: defaultID)
        lowering.dataInput = inputs.data
        lowering.facetDataInputs = inputs.facetData
        let spec = lowering.lower(root)
        var own = lowering.diagnostics
        var origins: RangeOrigins?
        if !layers.isEmpty {
            origins = RangeOrigins(specRoot: specRoot, layers: layers)
            own = relocate(own, origins: origins!, related: &related)
        }
        diagnostics += own
        if !lowering.dataDiagnostics.isEmpty, case .file(let data)? = inputs.data {
            related.append(FileDiagnostics(path: data.path, file: data, diagnostics: lowering.dataDiagnostics))
        }
        for k in lowering.facetDataDiagnostics.keys.sorted() {
            guard case .file(let data)? = inputs.facetData[k], let found = lowering.facetDataDiagnostics[k], !found.isEmpty else { continue }
            related.append(FileDiagnostics(path: data.path, file: data, diagnostics: found))
        }
        let ok = !diagnostics.hasErrors
        var result = SpecLoadResult(spec: ok ? spec : nil, locations: lowering.locations, diagnostics: diagnostics)
        result.related = related
        result.origins = origins
        return result
    }

    /// Moves the diagnostics of the merged tree that point into a `.piec.yaml` (a value that
    /// only fails with this spec, e.g. `chart.center` on a pie) to that file's group, leaving
    /// one E0315 in the spec.
    private static func relocate(_ diagnostics: [Diagnostic], origins: RangeOrigins, related: inout [FileDiagnostics]) -> [Diagnostic] {
        var kept: [Diagnostic] = []
        var moved: [Int: [Diagnostic]] = [:]
        for d in diagnostics {
            guard let k = origins.layer(of: d) else {
                kept.append(d)
                continue
            }
            var d = d
            d.labels = d.labels.filter { !origins.specRanges.contains($0.range) || origins.layers[k].ranges.contains($0.range) }
            moved[k, default: []].append(d)
        }
        for k in moved.keys.sorted() {
            let file = origins.layers[k].file
            related.append(FileDiagnostics(path: file.path, file: file, diagnostics: moved[k]!))
            kept.append(.error(DataDiagnostics.inputHasErrors, "with this spec, the shared defaults `\(file.path)` have errors",
                               at: .point(SourceLocation(line: 1, column: 1)),
                               notes: ["they are reported at their lines in `\(file.path)`"]))
        }
        return kept
    }
}

/// Which file a range of the merged tree came from: the spec, or one of its `.piec.yaml`.
struct RangeOrigins: Sendable {
    struct Layer: Sendable {
        var file: SourceFile
        var ranges: Set<SourceRange>
    }

    var specRanges: Set<SourceRange>
    var layers: [Layer]

    init(specRoot: YAMLNode, layers: [(file: SourceFile, root: YAMLNode)]) {
        var spec = Set<SourceRange>()
        SharedDefaults.ranges(of: specRoot, into: &spec)
        specRanges = spec
        self.layers = layers.map { layer in
            var set = Set<SourceRange>()
            SharedDefaults.ranges(of: layer.root, into: &set)
            return Layer(file: layer.file, ranges: set)
        }
    }

    /// The `.piec.yaml` (index) a diagnostic points into, or nil for the spec.
    func layer(of d: Diagnostic) -> Int? {
        guard let range = d.range, !specRanges.contains(range) else { return nil }
        return layers.firstIndex { $0.ranges.contains(range) }
    }
}

extension SpecLoadResult {
    /// Files a later phase's diagnostic about this spec (a warning of layout) where it points:
    /// into the group of the `.piec.yaml` that holds the value, or returns it for the spec.
    public mutating func place(_ d: Diagnostic) -> Diagnostic? {
        guard let origins, let k = origins.layer(of: d) else { return d }
        let file = origins.layers[k].file
        if let i = related.firstIndex(where: { $0.path == file.path }) {
            related[i].diagnostics.append(d)
        } else {
            related.append(FileDiagnostics(path: file.path, file: file, diagnostics: [d]))
        }
        return nil
    }
}
