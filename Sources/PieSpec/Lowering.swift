import PieDiagnostics
import PieYAML

/// The known entries of a mapping, looked up by key name. A section has a handful of keys, so
/// an array searched linearly beats hashing (this runs once per slice: 100,000 times).
///
/// `list` is the mapping's own entry array (shared, not copied): unknown keys stay in it, but
/// no lookup ever asks for one (their names are not in the table), and duplicates never reach
/// the tree.
struct KnownEntries {
    var list: [YAMLEntry] = []
    subscript(name: String) -> YAMLEntry? {
        let count = name.utf8.count
        for i in list.indices {
            // Comparing lengths first skips most string comparisons (key names are short).
            let key = list[i].key.value
            if key.utf8.count == count && key == name { return list[i] }
        }
        return nil
    }
}

/// Turns the located YAML tree into a `ChartSpec`, typing every scalar by the field that
/// expects it and recording where each field came from. Collects every error (one per root
/// cause: a section of the wrong type is reported once and its children are skipped).
struct Lowering {
    let limits: SpecLimits
    let defaultID: String
    var diagnostics: [Diagnostic] = []
    var locations = SpecLocations()
    /// Translucent colours of fields that draw slices, reported once the background is known.
    var translucent: [(path: String, color: Color, range: SourceRange)] = []
    /// The data file of `data:` as the driver read it (nil: not read), and the diagnostics
    /// located in it (`DataFile.swift`).
    var dataInput: DataInput?
    var dataDiagnostics: [Diagnostic] = []
    /// The data files of the charts of `charts:` by index, and the diagnostics located in them.
    var facetDataInputs: [Int: DataInput] = [:]
    var facetDataDiagnostics: [Int: [Diagnostic]] = [:]
    /// The one alpha of a data file's translucent colour column (`liftDataAlpha`), lifted with
    /// the spec's translucent slice colours.
    var dataAlpha: Color?
    /// Where the first ring's slices begin in `locations.slices` (`rings:`, `LowerRings.swift`).
    var ringSliceStart = 0
    /// Where each id of a `legend.order` list was written (`LowerLegend.swift`).
    var legendOrderItems: [SourceRange] = []
    /// Ranges of `theme.patterns`' list items or mapping keys (`validatePatterns`).
    var patternItems: [SourceRange] = []
    /// The spec is a manifest's recorded canonical spec (`SpecLoader.loadEmbedded`), written
    /// by this piec or an earlier one (`validateLabels`).
    var readsRecordedSpec = false
    /// A spec of `charts:`: the top-level entries every chart shares (`lowerFacets`).
    var facetShared: [YAMLEntry] = []
    /// One chart of `charts:`: its slice colours are checked as a spec's but kept as written,
    /// alpha included; the facet's one alpha is lifted when it is drawn (`ChartSpec.facet`).
    var keepsSliceAlpha = false

    init(limits: SpecLimits, defaultID: String) {
        self.limits = limits
        self.defaultID = defaultID
        // A spec records ~20 section keys: one allocation instead of growing from empty.
        locations.sections.reserveCapacity(32)
    }

    mutating func error(_ code: DiagnosticCode, _ message: String, at range: SourceRange?,
                        labels: [DiagnosticLabel] = [], notes: [String] = [], help: String? = nil) {
        diagnostics.append(.error(code, message, at: range, labels: labels, notes: notes, help: help))
    }

    /// The entries of a mapping checked against `table`: unknown keys and missing required keys
    /// are reported; known entries are returned by name. Nil (and one error) if not a mapping.
    /// Locations go to `locations.slices[slice]` when `slice` is given, else to paths under `path`.
    /// `path` is only evaluated when it is needed (section keys, diagnostics).
    mutating func entries(_ node: YAMLNode, table: KeyTable, path: @autoclosure () -> String, slice: Int? = nil) -> KnownEntries? {
        guard case .mapping(let list, let range) = node else {
            let path = path()
            let what = path.isEmpty ? "the spec" : "`\(path)`"
            error(path.isEmpty ? SpecDiagnostics.rootNotMapping : SpecDiagnostics.wrongType,
                  "\(what) must be a mapping, found \(node.kindDescription)", at: node.range,
                  help: path.isEmpty ? "a spec starts with `piec: 1` and lists `slices:`" : nil)
            return nil
        }
        if let slice { locations.slices[slice].fields.reserveCapacity(list.count) }
        // Required keys an unknown key is a misspelling of: one typo is one error (`vaule`:
        // the unknown key, naming `value`), not that and "missing `value`".
        var misspelt: Set<String> = []
        for entry in list {
            let name = entry.key.value
            if table.contains(name) {
                if let slice {
                    locations.slices[slice].fields.append(.init(name: name, key: entry.key.range, value: entry.value.range))
                } else {
                    locations.sections.append(.init(section: path(), name: name, key: entry.key.range, value: entry.value.range))
                }
            } else {
                let missing = table.keys.filter { spec in spec.required && !list.contains { $0.key.value == spec.name } }.map(\.name)
                if let meant = reportUnknownKey(entry.key, table: table, path: path(), missing: missing) { misspelt.insert(meant) }
            }
        }
        let found = KnownEntries(list: list)
        // By index: iterating `table.keys` copied (retained and released) every KeySpec.
        for i in table.keys.indices where table.keys[i].required && found[table.keys[i].name] == nil
            && !misspelt.contains(table.keys[i].name) {
            let key = table.keys[i]
            let path = path()
            let start = SourceRange.point(range.start)
            let place = path.isEmpty ? "the spec" : "`\(path)`"
            error(SpecDiagnostics.missingKey, "missing required key `\(key.name)` in \(place)", at: start,
                  help: "add `\(key.name):` (\(key.doc.prefix(1).lowercased() + key.doc.dropFirst().dropLast()))")
        }
        return found
    }

    /// Reports `key`; returns the required key of `missing` it is the misspelling of, if any
    /// (then its own message says so, and no "missing" error follows).
    @discardableResult
    private mutating func reportUnknownKey(_ key: YAMLScalar, table: KeyTable, path: String, missing: [String] = []) -> String? {
        let name = key.value
        let place = path.isEmpty ? "at the top level" : "in `\(path)`"
        if let home = Keys.planned[name] {
            error(SpecDiagnostics.notSupportedYet, "`\(name)` is not supported by this version of piec", at: key.range,
                  notes: ["`\(home.isEmpty ? name : home + "." + name)` is part of piec's planned spec language; it is rejected rather than ignored"])
            return nil
        }
        let nearest = Suggestions.closest(to: name, among: table.names, limit: 2)
        if let meant = nearest.first, missing.contains(meant) {
            error(SpecDiagnostics.unknownKey, "unknown key `\(sanitized(name))` \(place), and the required `\(meant)` is missing", at: key.range,
                  help: "did you mean `\(meant)`?")
            return meant
        }
        var help = Suggestions.didYouMean(name, among: table.names)
        if help == nil { help = Lowering.elsewhere(name, notIn: table) }
        error(SpecDiagnostics.unknownKey, "unknown key `\(sanitized(name))` \(place)", at: key.range,
              help: help ?? "known keys here: \(table.names.map { "`\($0)`" }.joined(separator: ", "))")
        return nil
    }

    /// Where else `name` is a key. A key misplaced at the top level with one home "belongs in"
    /// it (`sweep` -> `chart`); anywhere else the same name can mean something else (a
    /// legend's `size` is not the pie's `chart.size`, `labels.radius` is not a slice's
    /// `radius`), so the help names each home with its meaning instead of sending the key there.
    static func elsewhere(_ name: String, notIn table: KeyTable) -> String? {
        let homes = Keys.all.filter { $0.section != table.section && $0.key(name) != nil }
        guard !homes.isEmpty else { return nil }
        func place(_ t: KeyTable) -> String { t.section.isEmpty ? "at the top level" : "in `\(t.section)`" }
        if table.section.isEmpty, homes.count == 1 { return "`\(name)` belongs \(place(homes[0]))" }
        let meanings = homes.map { home -> String in
            let path = home.section.isEmpty ? name : "\(home.section).\(name)"
            return "`\(path)`: \(meaning(home.key(name)!.doc))"
        }
        let here = table.section.isEmpty ? "the top level" : "`\(table.section)`"
        return "`\(name)` is not a key of \(here); " + meanings.joined(separator: "; ")
    }

    /// The first clause of a key's doc, lowercased: what the key means.
    static func meaning(_ doc: String) -> String {
        var clause = Substring(doc)
        for stop in [": ", "; ", ". "] {
            if let r = clause.firstRange(of: stop), !clause[..<r.lowerBound].hasSuffix("e.g") { clause = clause[..<r.lowerBound] }
        }
        if clause.hasSuffix(".") { clause = clause.dropLast() }
        return clause.prefix(1).lowercased() + clause.dropFirst()
    }

    func sanitized(_ s: String) -> String {
        let short = s.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(s.unicodeScalars.prefix(40))) + "…" : s
        return String(String.UnicodeScalarView(short.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }

    /// The scalar of a node, or nil with an error naming what was expected.
    mutating func scalar(_ node: YAMLNode, expected: @autoclosure () -> String, path: @autoclosure () -> String) -> YAMLScalar? {
        switch node {
        case .scalar(let s) where s.style == .plain && s.value.isEmpty:
            error(SpecDiagnostics.emptyValue, "`\(path())` has no value", at: SourceRange.point(s.range.start),
                  help: "write \(expected()) after the colon, or remove the key")
            return nil
        case .scalar(let s):
            return s
        default:
            error(SpecDiagnostics.wrongType, "`\(path())` must be \(expected()), found \(node.kindDescription)", at: node.range)
            return nil
        }
    }
}
