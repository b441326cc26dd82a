import PieDiagnostics
import PieYAML

/// The data file of a spec (`data.file`), read by the driver (PieSpec does no I/O): its bytes,
/// or the diagnostic that says why it could not be read (located at `data.file` in the spec).
public enum DataInput: Sendable {
    case file(SourceFile)
    case failed(Diagnostic)
}

/// Where a spec names its data file: the text of `data.file` and its range, for the driver to
/// resolve and read before loading (nil when the spec has no `data.file` scalar).
public struct DataReference: Sendable, Hashable {
    public var path: String
    public var range: SourceRange
}

extension SpecLoader {
    /// The `data.file` of a spec's bytes, found without lowering (the driver reads that file
    /// and hands it to `load`). Cheap when the spec has no `data` key: no parse at all.
    public static func dataReference(_ file: SourceFile, limits: SpecLimits = SpecLimits()) -> DataReference? {
        guard file.bytes.count >= 4, containsWord(file.bytes, Array("data".utf8)) else { return nil }
        guard case .mapping(let entries, _)? = YAMLParser.parse(file, limits: limits.yaml).root,
              let data = entries.first(where: { $0.key.value == "data" }),
              case .mapping(let members, _) = data.value,
              let member = members.first(where: { $0.key.value == "file" }),
              case .scalar(let s) = member.value, !s.value.isEmpty else { return nil }
        return DataReference(path: s.value, range: s.range)
    }

    /// The `data.file` of each chart of `charts:` (`charts[k].data.file`), by the chart's
    /// index, found without lowering. Cheap when the spec has no `charts` key: no parse at all.
    public static func facetDataReferences(_ file: SourceFile, limits: SpecLimits = SpecLimits()) -> [(index: Int, reference: DataReference)] {
        guard file.bytes.count >= 6, containsWord(file.bytes, Array("charts".utf8)), containsWord(file.bytes, Array("data".utf8)) else { return [] }
        guard case .mapping(let entries, _)? = YAMLParser.parse(file, limits: limits.yaml).root,
              let charts = entries.first(where: { $0.key.value == "charts" }),
              case .sequence(let items, _) = charts.value else { return [] }
        var found: [(index: Int, reference: DataReference)] = []
        for (k, item) in items.enumerated().prefix(Keys.maxFacets) {
            guard case .mapping(let members, _) = item,
                  let data = members.first(where: { $0.key.value == "data" }),
                  case .mapping(let keys, _) = data.value,
                  let member = keys.first(where: { $0.key.value == "file" }),
                  case .scalar(let s) = member.value, !s.value.isEmpty else { continue }
            found.append((k, DataReference(path: s.value, range: s.range)))
        }
        return found
    }

    private static func containsWord(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
        guard bytes.count >= word.count else { return false }
        return bytes.withUnsafeBufferPointer { b in
            for i in 0...(b.count - word.count) where b[i] == word[0] {
                var j = 1
                while j < word.count, b[i + j] == word[j] { j += 1 }
                if j == word.count { return true }
            }
            return false
        }
    }
}

/// Codes of data files and shared defaults (E0310-E0319).
public enum DataDiagnostics {
    public static let slicesAndData = DiagnosticCode("E0310")
    public static let dataFileUnusable = DiagnosticCode("E0311")
    public static let badDataFile = DiagnosticCode("E0312")
    public static let missingColumn = DiagnosticCode("E0313")
    public static let notAShareableKey = DiagnosticCode("E0314")
    public static let inputHasErrors = DiagnosticCode("E0315")

    public static let catalog: [CodeInfo] = [
        CodeInfo("E0310", "`slices` and `data` both given", """
            A chart's slices are either written in the spec (`slices:`) or read from a file \
            (`data: {file: ...}`), not both. Remove one of them.
            """),
        CodeInfo("E0311", "the data file cannot be used", """
            `data.file` names a .csv or .json file by a path relative to the spec. It must exist, \
            be a regular file of at most 8 MiB, and stay inside the spec's repository (the git \
            work tree holding the spec, or the spec's folder outside git): an absolute path, a \
            `..` that leaves the repository or a symlink that points outside it is refused, so a \
            spec from a pull request cannot read other files of the machine building it.
            """),
        CodeInfo("E0312", "the data file is not a valid table", """
            A CSV data file (RFC 4180) starts with a header row naming its columns; every row has \
            as many fields as the header; a field holding a comma, a quote or a line break is \
            quoted ("a, b"), with a quote inside written twice (""). A JSON data file is an array \
            of objects whose members are numbers or strings.
            """),
        CodeInfo("E0313", "a column named by `data` is not in the data file", """
            `data.label`, `data.value`, `data.id`, `data.color` and `data.description` name \
            columns of the data file (a CSV header, or the members of the JSON objects); \
            `label` and `value` default to columns named `label` and `value`. The help suggests \
            the closest column.
            """),
        CodeInfo("E0314", "a key that cannot be a shared default", """
            A `.piec.yaml` holds defaults for the sections every chart of a folder shares: \
            `chart`, `labels`, `format`, `legend`, `theme` and `animation`. The keys that say \
            what one chart is (`piec`, `id`, `title`, `subtitle`, `description`, `slices`, \
            `data`) belong in each spec: a shared id would give every chart the same bundle, \
            shared slices the same data, and a shared `piec` version would let a spec change \
            meaning when moved.
            """),
        CodeInfo("E0315", "a file this spec uses has errors", """
            The spec reads another file, its data file (`data.file`) or a shared `.piec.yaml` \
            in its folder or a parent, and that file has errors, reported at their own lines \
            there. The spec builds once they are fixed.
            """),
    ]
}

/// Where the columns `data` names are in the data file (`label` always exists, `value`
/// unless the rows are counted: -1 then).
struct ColumnIndexes {
    var names: [String]
    var label: Int, value: Int
    var id: Int?, color: Int?, description: Int?
}

/// The column names `data` maps to slice fields, and how rows become slices.
struct DataColumns {
    var label = "label", value = "value"
    var id: String?, color: String?, description: String?
    var ranges: [String: SourceRange] = [:]
    var grouping = DataGrouping.rows
}

extension Lowering {
    /// Exactly one of `slices` and `data`: the slices of `data` (nil when the spec has
    /// `slices`, lowered as before), or nothing with an error when both or neither are given.
    mutating func lowerSliceSource(_ e: KnownEntries, root: YAMLNode) -> [SliceSpec]? {
        if let rings = e["rings"] {
            if let other = e["slices"] ?? e["data"] {
                error(SpecDiagnostics.ringsAndSlices, "`rings` and `\(other.key.value)` both give the slices", at: other.key.range,
                      labels: [DiagnosticLabel(range: rings.key.range, message: "rings given here")],
                      help: "keep one of them: move these slices into a ring (`- {id: ..., label: ..., slices: [...]}`), or remove `rings`")
                return []
            }
            return nil
        }
        switch (e["slices"], e["data"]) {
        case (nil, nil):
            error(SpecDiagnostics.missingKey, "missing required key `slices` in the spec", at: .point(root.range.start),
                  help: "add `slices:` (the slices, in order), or read them from a file with `data: {file: ...}`")
            return []
        case (let slices?, let data?):
            error(DataDiagnostics.slicesAndData, "`slices` and `data` both give the slices", at: data.key.range,
                  labels: [DiagnosticLabel(range: slices.key.range, message: "slices given here")],
                  help: "keep one of them")
            return []
        case (_?, nil):
            return nil
        case (nil, let data?):
            return lowerData(data.value)
        }
    }

    /// The slices of `data:` from the data file the driver read (`dataInput`). Diagnostics about
    /// the file's contents go to `dataDiagnostics` (they are located in that file); the spec
    /// gets one E0315 at `data.file` when there are any.
    mutating func lowerData(_ node: YAMLNode) -> [SliceSpec] {
        guard let e = entries(node, table: Keys.data, path: "data") else { return [] }
        let t = Keys.data
        var columns = DataColumns()
        func column(_ name: String) -> String? {
            guard let v = e[name], let text = text(v.value, t.key(name)!, path: "data.\(name)") else { return nil }
            columns.ranges[name] = v.value.range
            return text
        }
        let fileRange = e["file"]?.value.range
        _ = e["file"].flatMap { text($0.value, t.key("file")!, path: "data.file") }
        if let x = column("label") { columns.label = x }
        if let x = column("value") { columns.value = x }
        columns.id = column("id")
        columns.color = column("color")
        columns.description = column("description")
        columns.grouping = grouping(e, columns: columns)
        guard !diagnostics.hasErrors, let fileRange else { return [] }
        switch dataInput {
        case nil:
            error(DataDiagnostics.dataFileUnusable, "`data.file` was not read", at: fileRange,
                  notes: ["data files are read by the piec command line, next to the spec"])
            return []
        case .failed(let d)?:
            diagnostics.append(d)
            return []
        case .file(let file)?:
            let table = DataTable.parse(file, maxRows: limits.maxSlices, limits: limits.yaml)
            dataDiagnostics += table.diagnostics
            let slices = table.diagnostics.hasErrors ? [] : rows(of: table, columns: columns, file: file, fileRange: fileRange)
            if let alpha = dataAlpha { translucent.append(("data.color", alpha, columns.ranges["color"] ?? fileRange)) }
            if dataDiagnostics.hasErrors {
                let count = dataDiagnostics.filter { $0.severity == .error }.count
                error(DataDiagnostics.inputHasErrors, "the data file `\(file.path)` has \(count) error\(count == 1 ? "" : "s")", at: fileRange,
                      notes: ["they are reported at their lines in `\(file.path)`"])
                return []
            }
            return slices
        }
    }

    /// One slice per row, each cell typed by the field that reads it. No rows (a CSV header
    /// alone, a JSON `[]`) is an empty chart; a CSV header still names the columns `data` reads.
    private mutating func rows(of table: DataTable, columns c: DataColumns, file: SourceFile, fileRange: SourceRange) -> [SliceSpec] {
        // A JSON `[]` names no column at all.
        if table.rows.isEmpty, table.columns.isEmpty { return [] }
        if case .bin(let bin) = c.grouping { return binned(table, bin, file: file) }
        guard let columns = resolve(c, in: table, file: file, fileRange: fileRange) else { return [] }
        if table.rows.isEmpty { return [] }
        if case .rows = c.grouping {} else { return grouped(table, columns, c.grouping) }
        // Cells are typed into `diagnostics` as usual, then moved to the data file's list.
        let saved = diagnostics
        diagnostics = []
        var slices: [SliceSpec] = []
        slices.reserveCapacity(table.rows.count)
        var firstRange: [String: SourceRange] = [:]
        var colorRanges: [SourceRange?] = []
        for row in table.rows {
            guard let (slice, idRange) = slice(of: row, columns) else { continue }
            if let first = firstRange[slice.id] {
                error(SpecDiagnostics.duplicateSliceID, "duplicate slice id `\(slice.id)`", at: idRange,
                      labels: [DiagnosticLabel(range: first, message: "first used here")],
                      help: columns.id == nil ? "two rows have labels with the same slug: add an id column (`data.id`)"
                          : "give one of the rows a distinct id")
            } else {
                firstRange[slice.id] = idRange
            }
            slices.append(slice)
            colorRanges.append(columns.color.flatMap { row.cells[$0]?.range })
        }
        liftDataAlpha(slices, ranges: colorRanges, column: columns.color.map { columns.names[$0] } ?? "color")
        dataDiagnostics += diagnostics
        diagnostics = saved
        return slices
    }

    /// The colour column's translucent colours follow the spec's rule (`liftSliceAlpha`):
    /// one shared alpha is lifted into `theme.opacity`: the column joins `translucent` once
    /// (`dataAlpha`, by `lowerData`), located at `data.color` in the spec (where an opaque
    /// palette beside it is reported); a
    /// row of another alpha, or an opaque colour beside translucent ones, is E0371 at that
    /// row's cell in the data file. Alphas 1 apart (of 255) count as one, as in the spec.
    mutating func liftDataAlpha(_ slices: [SliceSpec], ranges: [SourceRange?], column: String) {
        guard let k = slices.firstIndex(where: { $0.color.map { !$0.isOpaque } ?? false }), let first = slices[k].color else { return }
        let firstLabel = ranges[k].map { [DiagnosticLabel(range: $0, message: "alpha \(first.a) here")] } ?? []
        for (i, slice) in slices.enumerated() {
            guard let c = slice.color, !Self.sameAlpha(c.a, first.a), let range = ranges[i] else { continue }
            let found = c.isOpaque ? "is opaque" : "has alpha \(c.a) of 255"
            error(SpecDiagnostics.mixedSliceAlpha, "`\(column)` of row \(i + 1) \(found), row \(k + 1)'s has alpha \(first.a)",
                  at: range, labels: firstLabel, notes: [Self.oneAlphaNote],
                  help: "give every row's colour the same alpha, or write opaque colours and `theme.opacity`")
            return
        }
        dataAlpha = first
    }

    /// Positions of the columns `data` names; nil (with an E0313 at each missing name) if any is missing.
    private mutating func resolve(_ c: DataColumns, in table: DataTable, file: SourceFile, fileRange: SourceRange) -> ColumnIndexes? {
        let names = table.columns.map(\.name)
        var ok = true
        func index(_ name: String?, key: String) -> Int? {
            guard let name else { return nil }
            if let i = table.columnIndex(name) { return i }
            noColumn(name, in: table, file: file, at: c.ranges[key] ?? fileRange,
                     otherwise: c.ranges[key] == nil ? "name the \(key) column with `\(key): COLUMN`" : nil)
            ok = false
            return nil
        }
        let counted: Bool = if case .count = c.grouping { true } else { false }
        let columns = ColumnIndexes(names: names, label: index(c.label, key: "label") ?? -1,
                                    value: counted ? -1 : index(c.value, key: "value") ?? -1,
                                    id: index(c.id, key: "id"), color: index(c.color, key: "color"),
                                    description: index(c.description, key: "description"))
        return ok ? columns : nil
    }

    /// E0313 at `range`: `name` is not a column of `table`; the help is "did you mean" among its
    /// columns, else `otherwise`.
    mutating func noColumn(_ name: String, in table: DataTable, file: SourceFile, at range: SourceRange, otherwise: String? = nil) {
        let names = table.columns.map(\.name)
        error(DataDiagnostics.missingColumn, "no column `\(sanitized(name))` in `\(file.path)`", at: range,
              notes: ["its columns: " + names.map { "`\(sanitized($0))`" }.joined(separator: ", ")],
              help: Suggestions.didYouMean(name, among: names) ?? otherwise)
    }

    /// The slice of one row and the range that identifies it (its id cell, or its label); a
    /// counted row (no value column) has the value 1.
    mutating func slice(of row: DataTable.Row, _ c: ColumnIndexes) -> (SliceSpec, SourceRange)? {
        func cell(_ i: Int) -> YAMLScalar? {
            guard let s = row.cells[i], !(s.value.isEmpty && s.style == .plain) else { return nil }
            return s
        }
        guard let l = cell(c.label) else { return missing(c.names[c.label], at: row.cells[c.label]?.range ?? .point(row.range.start)) }
        let v = c.value < 0 ? nil : cell(c.value)
        if c.value >= 0 && v == nil { return missing(c.names[c.value], at: row.cells[c.value]?.range ?? .point(row.range.start)) }
        let label = text(.scalar(l), SliceKeysForData.label, path: c.names[c.label])
        let value = v.map { number(.scalar($0), SliceKeysForData.value, path: c.names[c.value]) } ?? 1
        var id: String?
        var idRange = l.range
        if let i = c.id, let s = cell(i) {
            id = identifier(.scalar(s), SliceKeysForData.id, path: c.names[i])
            idRange = s.range
        } else if let label {
            id = Lowering.slug(label, allowUnderscore: true)
            if id!.isEmpty {
                error(SpecDiagnostics.noSliceID, "cannot derive an id from the label `\(sanitized(label))`", at: l.range,
                      help: c.id == nil ? "add an id column and name it with `data.id`" : "fill this row's id cell")
                id = nil
            }
        }
        guard let label, let value, let id else { return nil }
        var slice = SliceSpec(id: id, label: label, value: value)
        // A translucent colour is kept: `liftDataAlpha` lifts the rows' one alpha or refuses.
        if let i = c.color, let s = cell(i), let parsed = color(.scalar(s), path: c.names[i]) { slice.color = parsed }
        if let i = c.description, let s = cell(i) {
            slice.description = text(.scalar(s), SliceKeysForData.description, path: c.names[i])
        }
        return (slice, idRange)
    }

    mutating func missing(_ column: String, at range: SourceRange) -> (SliceSpec, SourceRange)? {
        error(SpecDiagnostics.emptyValue, "`\(sanitized(column))` is empty in this row", at: range,
              help: "every row needs a label and a value")
        return nil
    }
}

enum SliceKeysForData {
    static let id = Keys.slice.key("id")!
    static let label = Keys.slice.key("label")!
    static let value = Keys.slice.key("value")!
    static let description = Keys.slice.key("description")!
}
