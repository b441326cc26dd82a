import PieDiagnostics
import PieJSON
import PieYAML

/// A user hatch pattern: one entry of `theme.patterns` written as a list (one per slice id, in
/// order) or as a mapping by slice id. Its marks combine as matplotlib's hatch characters do:
/// `lines` (`-`, `/`, `|`, `\` at any whole angle), `crosses` (lines at right angles to
/// them too: `+`, `x`), `dots` (`.`), `circles` (`o`), and `density` (a character repeated).
public struct Hatch: Sendable, Hashable {
    /// Angle of the lines in whole degrees, counter-clockwise from horizontal, 0...179; nil:
    /// no lines (crosses alone are lines at 0 and 90).
    public var lines: Int?
    public var crosses = false
    public var dots = false
    public var circles = false
    /// Marks every 16, 12 or 8 px: 1...3.
    public var density = 1

    public init(lines: Int? = nil, crosses: Bool = false, dots: Bool = false, circles: Bool = false, density: Int = 1) {
        self.lines = lines
        self.crosses = crosses
        self.dots = dots
        self.circles = circles
        self.density = density
    }

    /// Whether it draws no mark at all (refused: E0383).
    public var isEmpty: Bool { lines == nil && !crosses && !dots && !circles }

    static let angles = 0...179
    static let densities = 1...3

    /// The canonical mapping: `lines` when set, the marks that are on, `density` always.
    var canonical: JSONValue {
        var m: [(String, JSONValue)] = []
        if let lines { m.append(("lines", .int(lines))) }
        if crosses { m.append(("crosses", .bool(true))) }
        if dots { m.append(("dots", .bool(true))) }
        if circles { m.append(("circles", .bool(true))) }
        m.append(("density", .int(density)))
        return .object(m)
    }
}

/// A `theme.patterns` entry bound to a slice id (the mapping form).
public struct IDHatch: Sendable, Hashable {
    public var id: String
    /// nil: `none`, the slice stays plain.
    public var hatch: Hatch?
    public init(id: String, hatch: Hatch?) {
        self.id = id
        self.hatch = hatch
    }
}

extension PatternMode {
    /// The canonical value: `none`, `auto`, the list, or the mapping in written order.
    var canonical: JSONValue {
        func entry(_ h: Hatch?) -> JSONValue { h?.canonical ?? .string("none") }
        switch self {
        case .none: return .string("none")
        case .auto: return .string("auto")
        case .list(let list): return .array(list.map(entry))
        case .ids(let ids): return .object(ids.map { ($0.id, entry($0.hatch)) })
        }
    }
}

/// Codes of user hatch patterns (E0383-E0386; warning E0615).
public enum HatchDiagnostics {
    public static let emptyEntry = DiagnosticCode("E0383")
    public static let unknownID = DiagnosticCode("E0384")
    public static let badAngle = DiagnosticCode("E0385")
    public static let badDensity = DiagnosticCode("E0386")
    public static let unusedEntries = DiagnosticCode("E0615")
    public static let catalog: [CodeInfo] = [
        CodeInfo("E0383", "a hatch pattern that draws nothing", """
            Each entry of `theme.patterns` (a list item, or the value of a slice id) is a \
            mapping of marks: `lines: ANGLE`, `crosses: true`, `dots: true`, `circles: true`, \
            with an optional `density: N`. An entry with no mark (`{}`, `density` alone, or \
            every mark `false`) would draw nothing: write at least one mark, or `none` for a \
            slice without a pattern.
            """),
        CodeInfo("E0384", "a hatch pattern for a slice id the chart does not have", """
            `theme.patterns` written as a mapping gives patterns to slices by id. Every key \
            must be the id of one of the chart's slices (`slices[].id`, by default the slug \
            of the label; in a chart of rings, the id of a slice of some ring), so a pattern \
            never silently goes nowhere.
            """),
        CodeInfo("E0385", "a hatch angle outside 0 to 179 degrees", """
            `lines` is the angle of the lines in whole degrees, counter-clockwise from \
            horizontal: 0 draws `-`, 45 `/`, 90 `|`, 135 `\\`. Lines at 180 degrees or at a \
            negative angle are the same lines as at an angle from 0 to 179: write that one \
            (the help says which).
            """),
        CodeInfo("E0386", "a hatch density outside 1 to 3", """
            `density` is how close a pattern's marks are: a whole number from 1 (marks every \
            16 px) to 3 (every 8 px; 2 is every 12 px). The marks keep their size (lines \
            1.5 px wide, dots 3 px across): denser tiles could not hold a ring clear of the \
            lines, and thinner marks draw differently in each renderer.
            """),
        CodeInfo("E0615", "more hatch patterns than slices", """
            `theme.patterns` written as a list gives its first entry to the first slice id, \
            the second to the second, and so on. Entries beyond the chart's slices are not \
            drawn. This is a warning, not an error, so a slice can leave a chart (or a data \
            file lose a row) without editing the patterns; remove the entries to silence it, \
            or write the patterns as a mapping by slice id.
            """),
    ]
}

extension Lowering {
    /// `theme.patterns`: `none`, `auto`, a list of entries (one per slice id, in order) or a
    /// mapping of slice ids to entries. Ranges of list items and mapping keys are kept for
    /// `validatePatterns`.
    mutating func patterns(_ node: YAMLNode, path: String) -> PatternMode? {
        switch node {
        case .sequence(let items, let range):
            guard !items.isEmpty else {
                error(SpecDiagnostics.wrongType, "`\(path)` must list at least one pattern", at: range,
                      help: "write e.g. `patterns: [{lines: 45}, {dots: true}]`, or `none`")
                return nil
            }
            var list: [Hatch?] = []
            var ok = true
            for (i, item) in items.enumerated() {
                if let h = patternEntry(item, path: "\(path)[\(i)]") { list.append(h) } else { ok = false }
            }
            guard ok else { return nil }
            patternItems = items.map(\.range)
            return .list(list)
        case .mapping(let entries, let range):
            guard !entries.isEmpty else {
                error(SpecDiagnostics.wrongType, "`\(path)` must give at least one slice id a pattern", at: range,
                      help: "write e.g. `patterns: {north: {lines: 45}}`, or `none`")
                return nil
            }
            let idKey = Keys.slice.key("id")!
            var ids: [IDHatch] = []
            var ok = true
            for e in entries {
                guard let id = identifier(.scalar(e.key), idKey, path: "\(path) key") else { ok = false; continue }
                if let h = patternEntry(e.value, path: "\(path).\(id)") { ids.append(IDHatch(id: id, hatch: h)) } else { ok = false }
            }
            guard ok else { return nil }
            patternItems = entries.map(\.key.range)
            return .ids(ids)
        default:
            let words = "`none`, `auto`, a list of patterns or a mapping of slice ids to patterns"
            guard let s = scalar(node, expected: words, path: path) else { return nil }
            switch s.value {
            case "none": return PatternMode.none
            case "auto": return .auto
            default:
                error(SpecDiagnostics.badChoice, "`\(path)` must be \(words), found `\(sanitized(s.value))`", at: s.range,
                      help: Suggestions.didYouMean(s.value, among: ["none", "auto"]) ?? "write e.g. `patterns: [{lines: 45}, {dots: true}]`")
                return nil
            }
        }
    }

    /// One entry: `none`, or a mapping of `Keys.hatch`. `.some(nil)` is `none`; nil an error.
    private mutating func patternEntry(_ node: YAMLNode, path: String) -> Hatch?? {
        if case .scalar(let s) = node, s.value == "none" { return .some(nil) }
        if case .scalar = node {
            _ = scalar(node, expected: "`none` or a mapping of marks", path: path)
            if case .scalar(let s) = node, !s.value.isEmpty {
                error(SpecDiagnostics.wrongType, "`\(path)` must be `none` or a mapping of marks, found `\(sanitized(s.value))`", at: s.range,
                      help: "write e.g. `{lines: 45}` or `{dots: true, density: 2}`")
            }
            return nil
        }
        let table = Keys.hatch
        guard let e = entries(node, table: table, path: path) else { return nil }
        var h = Hatch()
        var ok = true
        if let x = e["lines"] {
            if let a = hatchNumber(x.value, in: Hatch.angles, code: HatchDiagnostics.badAngle, path: "\(path).lines") { h.lines = a } else { ok = false }
        }
        if let x = e["density"] {
            if let d = hatchNumber(x.value, in: Hatch.densities, code: HatchDiagnostics.badDensity, path: "\(path).density") { h.density = d } else { ok = false }
        }
        for name in ["crosses", "dots", "circles"] {
            guard let x = e[name] else { continue }
            guard let b = boolean(x.value, path: "\(path).\(name)") else { ok = false; continue }
            switch name {
            case "crosses": h.crosses = b
            case "dots": h.dots = b
            default: h.circles = b
            }
        }
        guard ok else { return nil }
        if h.isEmpty {
            error(HatchDiagnostics.emptyEntry, "`\(path)` draws no marks", at: node.range,
                  notes: ["a pattern is `lines: ANGLE`, `crosses: true`, `dots: true` or `circles: true`, combined as you like"],
                  help: "add a mark, e.g. `lines: 45`, or write `none` for a plain slice")
            return nil
        }
        return .some(h)
    }

    /// A whole number of `range` (an angle, E0385, or a density, E0386); the help of an angle
    /// out of range names the same lines' angle within it.
    private mutating func hatchNumber(_ node: YAMLNode, in range: ClosedRange<Int>, code: DiagnosticCode, path: String) -> Int? {
        guard let s = scalar(node, expected: "a whole number", path: path), let v = decimal(s, path: path) else { return nil }
        guard v == v.rounded(), !s.value.contains(".") else {
            error(SpecDiagnostics.notInteger, "`\(path)` must be a whole number, found \(s.value)", at: s.range)
            return nil
        }
        guard v >= Double(range.lowerBound), v <= Double(range.upperBound), let n = Int(exactly: v) else {
            var help = "write a whole number from \(range.lowerBound) to \(range.upperBound)"
            if code == HatchDiagnostics.badAngle, abs(v) <= 1e6 {
                let same = ((Int(v) % 180) + 180) % 180
                help = "the same lines are at `lines: \(same)`"
            }
            error(code, "`\(path)` must be from \(range.lowerBound) to \(range.upperBound), found \(s.value)", at: s.range, help: help)
            return nil
        }
        return n
    }

    /// A mapping's ids name slices (E0384); a list longer than the slice ids is warning E0615.
    mutating func validatePatterns(_ spec: ChartSpec) {
        let known = PatternMode.slotIDs(spec)
        switch spec.theme.patterns {
        case .ids(let ids) where ids.count == patternItems.count:
            for (i, entry) in ids.enumerated() where !known.contains(entry.id) {
                error(HatchDiagnostics.unknownID, "`theme.patterns` gives a pattern to `\(entry.id)`, which is no slice's id", at: patternItems[i],
                      notes: spec.rings.isEmpty ? [] : ["in a chart of rings, the ids are the rings' slice ids (the same id in two rings is one category)"],
                      help: Suggestions.didYouMean(entry.id, among: known) ?? "use ids of this chart's slices (`slices[].id`, by default the slug of the label)")
            }
        case .list(let list) where list.count == patternItems.count && list.count > known.count && !known.isEmpty:
            let extra = list.count - known.count
            diagnostics.append(.warning(HatchDiagnostics.unusedEntries,
                "`theme.patterns` lists \(list.count) patterns for \(known.count) slice ids: the last \(extra == 1 ? "one is" : "\(extra) are") not drawn",
                at: patternItems[known.count],
                notes: ["the list gives its entries to the slice ids in order"],
                help: "remove the extra \(extra == 1 ? "entry" : "entries"), or give patterns by id: `patterns: {ID: {lines: 45}}`"))
        default:
            break
        }
    }
}

extension PatternMode {
    /// The slice ids a list's entries go to, in order: the slices' ids, or in a chart of
    /// rings each id where it first appears (an id is one category in every ring).
    /// A flattened chart of rings (`ChartSpec.flattened`, ids `ring/slice`) gives the same.
    public static func slotIDs(_ spec: ChartSpec) -> [String] {
        var seen = Set<String>(), ids: [String] = []
        for s in spec.rings.isEmpty ? spec.slices : spec.rings.flatMap(\.slices) {
            let id = category(s.id)
            if seen.insert(id).inserted { ids.append(id) }
        }
        return ids
    }

    /// The slice id a pattern is given to: a ring's slice `ring/slice` is its `slice`.
    static func category(_ id: String) -> String {
        id.lastIndex(of: "/").map { String(id[id.index(after: $0)...]) } ?? id
    }

    /// The user hatch of slice `id` (nil: none from this mode).
    public func hatch(id full: String, slots: [String]) -> Hatch? {
        let id = Self.category(full)
        switch self {
        case .none, .auto: return nil
        case .list(let list):
            guard let k = slots.firstIndex(of: id), k < list.count else { return nil }
            return list[k]
        case .ids(let ids):
            return ids.first { $0.id == id }?.hatch ?? nil
        }
    }
}

extension ChartSpec {
    /// `piec diff`'s changes of `theme.patterns` (canonical values): entry by entry while both
    /// versions are lists (`theme.patterns[i]`, an entry that comes or goes is `none`) or both
    /// mappings by id (`theme.patterns.ID`), else the whole value, entries separated by `; `.
    static func patternChanges(_ old: JSONValue?, _ new: JSONValue?) -> [SpecFieldChange] {
        func entry(_ v: JSONValue?) -> String { v.map { reportText($0) } ?? "none" }
        func whole(_ v: JSONValue?) -> String {
            switch v {
            case .array(let items)?: items.map(entry).joined(separator: "; ")
            case .object(let members)?: members.map { "\($0.0): \(entry($0.1))" }.joined(separator: "; ")
            default: entry(v)
            }
        }
        var changes: [SpecFieldChange] = []
        switch (old, new) {
        case (.array(let a)?, .array(let b)?):
            for i in 0..<max(a.count, b.count) {
                let was = i < a.count ? entry(a[i]) : "none", now = i < b.count ? entry(b[i]) : "none"
                if was != now { changes.append(SpecFieldChange(field: "theme.patterns[\(i)]", old: was, new: now, inSentence: false)) }
            }
        case (.object(let a)?, .object(let b)?):
            var ids = a.map(\.0)
            for (id, _) in b where !ids.contains(id) { ids.append(id) }
            for id in ids {
                let was = entry(a.first { $0.0 == id }?.1), now = entry(b.first { $0.0 == id }?.1)
                if was != now { changes.append(SpecFieldChange(field: "theme.patterns.\(id)", old: was, new: now, inSentence: false)) }
            }
        default:
            changes.append(SpecFieldChange(field: "theme.patterns", old: whole(old), new: whole(new), inSentence: false))
        }
        return changes
    }
}
