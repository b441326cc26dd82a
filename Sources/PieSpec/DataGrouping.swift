import PieDiagnostics
import PieJSON
import PieYAML

/// How the rows of a data file become slices: one slice per row (`rows`), per id summed or
/// counted (`data.aggregate`), or per bin of a numeric column (`data.bin`).
enum DataGrouping {
    case rows, sum, count
    case bin(DataBin)
}

/// The rows of one id so far (`data.aggregate`): the slice they make, how many, the most digits
/// after the point among their values, and where its colour and description were first written.
struct RowGroup {
    var slice: SliceSpec
    var rows = 1
    var decimals: Int
    var colorRange: SourceRange?
    var descriptionRange: SourceRange?
}

/// `data.bin`: the column to bin, the bins' width, and where they were written.
struct DataBin {
    var field: String
    var fieldRange: SourceRange
    var step: Double
    /// Digits after the point of `step` as written (`0.25`: 2): the bins' edges are written
    /// with them, so `0.1` makes `0.3–0.4`, never `0.30000000000000004`.
    var decimals: Int
}

/// Codes of `data.aggregate` and `data.bin` (E0360-E0369).
public enum DataGroupingDiagnostics {
    public static let columnNotRead = DiagnosticCode("E0360")
    public static let rowsDisagree = DiagnosticCode("E0361")
    public static let binOutOfReach = DiagnosticCode("E0362")

    public static let catalog: [CodeInfo] = [
        CodeInfo("E0360", "a `data` key that the grouping does not read", """
            `data.aggregate: count` counts rows, so it reads no value column: remove \
            `data.value`. `data.bin` makes its slices from one numeric column (`field`), so \
            `data.label`, `data.value`, `data.id`, `data.color` and `data.aggregate` are not read \
            with it: remove them. A key is never accepted and ignored.
            """),
        CodeInfo("E0361", "rows summed into one slice disagree", """
            With `data.aggregate`, the rows of one id become one slice, which has one colour \
            and one description: every non-empty `data.color` (and `data.description`) cell of \
            those rows must say the same. Empty the cells that differ, or give the rows \
            distinct ids.
            """),
        CodeInfo("E0362", "a number too far from 0 for the bin step", """
            `data.bin` numbers its bins by how many steps a value is from 0; a value more than \
            a trillion steps away cannot be placed exactly. Use a larger `step`.
            """),
    ]
}

extension Lowering {
    /// `data.aggregate` and `data.bin` of `data`'s entries; columns the grouping would not read
    /// are refused (E0360), never ignored.
    mutating func grouping(_ e: KnownEntries, columns: DataColumns) -> DataGrouping {
        let aggregate = e["aggregate"].flatMap { choice($0.value, Keys.data.key("aggregate")!, path: "data.aggregate") } ?? "none"
        if let binEntry = e["bin"] {
            for name in ["label", "value", "id", "color", "aggregate"] {
                guard let written = e[name] else { continue }
                error(DataGroupingDiagnostics.columnNotRead, "`data.\(name)` is not read with `data.bin`", at: written.key.range,
                      labels: [DiagnosticLabel(range: binEntry.key.range, message: "the slices are bins of `data.bin.field`")],
                      help: "remove `\(name)`: a bin's label is its range, its value its number of rows")
            }
            guard let b = entries(binEntry.value, table: Keys.dataBin, path: "data.bin"),
                  let fieldEntry = b["field"], let field = text(fieldEntry.value, Keys.dataBin.key("field")!, path: "data.bin.field"),
                  let stepEntry = b["step"], let step = number(stepEntry.value, Keys.dataBin.key("step")!, path: "data.bin.step")
            else { return .rows }
            let written: String = if case .scalar(let s) = stepEntry.value { s.value } else { "" }
            return .bin(DataBin(field: field, fieldRange: fieldEntry.value.range, step: step, decimals: Self.fractionDigits(written)))
        }
        switch aggregate {
        case "sum": return .sum
        case "count":
            if let written = e["value"] {
                error(DataGroupingDiagnostics.columnNotRead, "`data.value` is not read with `data.aggregate: count`", at: written.key.range,
                      help: "remove `value`: a counted slice's value is its number of rows (or sum them with `aggregate: sum`)")
            }
            return .count
        default: return .rows
        }
    }

    /// Digits after the decimal point of a plain decimal's text (`2.50`: 2).
    static func fractionDigits(_ text: String) -> Int {
        guard let dot = text.firstIndex(of: ".") else { return 0 }
        return text[text.index(after: dot)...].prefix { $0.isNumber }.count
    }

    /// `data.aggregate: sum | count`: one slice per id, in the order ids first appear, with
    /// the first row's label, the colour and description the rows agree on (E0361 where
    /// they do not), and a description saying how many rows it holds when none is given.
    mutating func grouped(_ table: DataTable, _ c: ColumnIndexes, _ grouping: DataGrouping) -> [SliceSpec] {
        let saved = diagnostics
        diagnostics = []
        var groups: [RowGroup] = []
        var index: [String: Int] = [:]
        for row in table.rows {
            guard let (slice, _) = slice(of: row, c) else { continue }
            let decimals = c.value < 0 ? 0 : Self.fractionDigits(row.cells[c.value]?.value ?? "")
            let k: Int
            if let known = index[slice.id] {
                k = known
                groups[k].rows += 1
                groups[k].slice.value += slice.value
                groups[k].decimals = max(groups[k].decimals, decimals)
            } else {
                k = groups.count
                index[slice.id] = k
                var first = slice
                (first.color, first.description) = (nil, nil)
                groups.append(RowGroup(slice: first, decimals: decimals))
            }
            agree(\.color, \.colorRange, slice.color, column: c.color, "color", row, in: &groups[k], c)
            agree(\.description, \.descriptionRange, slice.description, column: c.description, "description", row, in: &groups[k], c)
        }
        liftDataAlpha(groups.map(\.slice), ranges: groups.map(\.colorRange), column: c.color.map { c.names[$0] } ?? "color")
        dataDiagnostics += diagnostics
        diagnostics = saved
        let summed: Bool = if case .sum = grouping { true } else { false }
        return groups.map { g in
            var slice = g.slice
            // A sum of decimals written with at most 9 digits after the point is that decimal
            // (0.1 + 0.2 is 0.3), not the binary sum's nearest double.
            if summed, g.decimals <= 9, let exact = Double(formatNumber(slice.value, decimals: g.decimals)) { slice.value = exact }
            if slice.description == nil {
                let rows = g.rows == 1 ? "1 row" : "\(g.rows) rows"
                slice.description = summed ? "Sum of \(rows)" : rows.prefix(1).uppercased() + rows.dropFirst()
            }
            return slice
        }
    }

    /// A row's `value` of a field the rows of one slice must agree on (`data.color`,
    /// `data.description`): the group takes the first non-empty one; another one is E0361 at
    /// its cell, labelled at the first.
    private mutating func agree<T: Equatable>(_ field: WritableKeyPath<SliceSpec, T?>, _ firstRange: WritableKeyPath<RowGroup, SourceRange?>,
                                              _ value: T?, column: Int?, _ key: String, _ row: DataTable.Row,
                                              in group: inout RowGroup, _ c: ColumnIndexes) {
        guard let value, let column else { return }
        let range = row.cells[column]?.range
        guard let first = group.slice[keyPath: field] else {
            group.slice[keyPath: field] = value
            group[keyPath: firstRange] = range
            return
        }
        guard first != value else { return }
        let id = group.slice.id
        error(DataGroupingDiagnostics.rowsDisagree, "the rows of `\(id)` have different `\(sanitized(c.names[column]))` cells (`data.\(key)`)",
              at: range, labels: group[keyPath: firstRange].map { [DiagnosticLabel(range: $0, message: "the first row of `\(id)` says this")] } ?? [],
              help: "rows summed into one slice share one value: empty this cell, or give the row another id")
    }

    /// `data.bin`: one slice per bin of `field` holding at least one row, in ascending order;
    /// bin k holds the values in [k·step, (k+1)·step), is labelled `from–to` and described
    /// "N rows with FIELD from A to under B".
    mutating func binned(_ table: DataTable, _ bin: DataBin, file: SourceFile) -> [SliceSpec] {
        guard let column = table.columnIndex(bin.field) else {
            noColumn(bin.field, in: table, file: file, at: bin.fieldRange)
            return []
        }
        // No rows: an empty chart, as without a bin.
        if table.rows.isEmpty { return [] }
        let saved = diagnostics
        diagnostics = []
        var counts: [Int: Int] = [:]
        let key = KeySpec.input(bin.field, .number(min: -1e15, max: 1e15), "")
        for row in table.rows {
            guard let s = row.cells[column], !(s.value.isEmpty && s.style == .plain) else {
                _ = missing(bin.field, at: row.cells[column]?.range ?? .point(row.range.start))
                continue
            }
            guard let x = number(.scalar(s), key, path: bin.field) else { continue }
            // Steps from 0, nudged by a billionth of a step so that 0.3 / 0.1 (2.9999999999999996)
            // lands in the bin 0.3 starts.
            let steps = x / bin.step
            guard abs(steps) <= 1e12 else {
                error(DataGroupingDiagnostics.binOutOfReach, "`\(sanitized(s.value))` is more than a trillion steps of \(formatNumber(bin.step, decimals: 9)) from 0",
                      at: s.range, help: "use a larger `data.bin.step`")
                continue
            }
            counts[Int((steps + 1e-9).rounded(.down)), default: 0] += 1
        }
        dataDiagnostics += diagnostics
        diagnostics = saved
        let decimals = min(bin.decimals, 9)
        var slices: [SliceSpec] = []
        var used: Set<String> = []
        for k in counts.keys.sorted() {
            let from = formatNumber(Double(k) * bin.step, decimals: decimals)
            let to = formatNumber(Double(k + 1) * bin.step, decimals: decimals)
            let label = from + "–" + to
            // `-10–0` and `10–0` would share a slug: a minus sign is spelled out.
            var id = Lowering.slug(String(label.flatMap { $0 == "-" ? Array(" minus ") : [$0] }), allowUnderscore: true)
            if id.isEmpty || used.contains(id) { id = "bin-\(slices.count + 1)" }
            used.insert(id)
            let n = counts[k]!
            var slice = SliceSpec(id: id, label: label, value: Double(n))
            slice.description = (n == 1 ? "1 row" : "\(n) rows") + " with \(bin.field) from \(from) to under \(to)"
            slices.append(slice)
        }
        return slices
    }
}
