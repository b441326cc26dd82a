import PieDiagnostics
import PieYAML

/// The rows of a data file (`data.file`): named columns and located cells, so that every
/// diagnostic about a cell points at its line and column in the CSV or JSON file.
///
/// CSV (RFC 4180, with the leniencies people rely on): UTF-8, an optional byte order mark,
/// LF or CRLF line ends, `,` between fields, fields in double quotes may hold commas, line
/// breaks and `""` (one quote); spaces and tabs around an unquoted field are trimmed; the first
/// non-empty line is the header (required); empty lines are skipped; every row has as many
/// fields as the header. JSON: an array of objects whose members are numbers, strings, booleans
/// or null (the keys of all objects are the columns); it is read by the YAML reader (JSON is
/// YAML), so its diagnostics are located too.
struct DataTable {
    struct Column {
        var name: String
        var range: SourceRange
    }

    /// One cell: its text (a YAML scalar, typed later by the field that reads it). nil in a
    /// JSON row that lacks the member.
    typealias Row = (range: SourceRange, cells: [YAMLScalar?])

    var columns: [Column] = []
    var rows: [Row] = []
    var diagnostics: [Diagnostic] = []

    enum Format { case csv, json }

    /// `.csv` or `.json` by the file name's extension (any case); nil for anything else.
    static func format(ofPath path: String) -> Format? {
        let lower = path.lowercased()
        if lower.hasSuffix(".csv") { return .csv }
        if lower.hasSuffix(".json") { return .json }
        return nil
    }

    static func parse(_ file: SourceFile, maxRows: Int, limits: YAMLLimits) -> DataTable {
        switch format(ofPath: file.path) {
        case .json?: return parseJSON(file, maxRows: maxRows, limits: limits)
        default:
            var reader = CSVReader(file: file, maxRows: maxRows)
            return reader.read()
        }
    }

    func columnIndex(_ name: String) -> Int? { columns.firstIndex { $0.name == name } }

    // MARK: JSON

    static func parseJSON(_ file: SourceFile, maxRows: Int, limits: YAMLLimits) -> DataTable {
        var table = DataTable()
        let document = YAMLParser.parse(file, limits: limits)
        table.diagnostics = document.diagnostics
        guard let root = document.root else {
            if !document.diagnostics.hasErrors {
                table.error("`\(file.path)` is empty; a data file holds an array of objects, one per slice",
                            at: .point(SourceLocation(line: 1, column: 1)))
            }
            return table
        }
        guard case .sequence(let items, _) = root else {
            table.error("a JSON data file must be an array of objects, found \(root.kindDescription)", at: root.range,
                        help: "write `[{\"label\": \"Swift\", \"value\": 42}, ...]`")
            return table
        }
        var list = items[...]
        if items.count > maxRows {
            table.error("the data file has \(items.count) rows; the limit is \(maxRows)", at: items[maxRows].range, code: SpecDiagnostics.tooManySlices,
                        help: "build a chart this large on purpose with `--max-slices \(items.count)`")
            list = items.prefix(maxRows)
        }
        var index: [String: Int] = [:]
        var objects: [(SourceRange, [YAMLEntry])] = []
        for item in list {
            guard case .mapping(let entries, let range) = item else {
                table.error("each row of a JSON data file must be an object, found \(item.kindDescription)", at: item.range)
                continue
            }
            for entry in entries where index[entry.key.value] == nil {
                index[entry.key.value] = table.columns.count
                table.columns.append(Column(name: entry.key.value, range: entry.key.range))
            }
            objects.append((range, entries))
        }
        for (range, entries) in objects {
            var cells = [YAMLScalar?](repeating: nil, count: table.columns.count)
            for entry in entries {
                guard case .scalar(let s) = entry.value else {
                    table.error("`\(entry.key.value)` must be a number or a string, found \(entry.value.kindDescription)", at: entry.value.range)
                    continue
                }
                // JSON null is an empty cell, like an empty CSV field.
                if s.style == .plain, s.value == "null" { continue }
                cells[index[entry.key.value]!] = s
            }
            table.rows.append((range, cells))
        }
        return table
    }

    mutating func error(_ message: String, at range: SourceRange, code: DiagnosticCode = DataDiagnostics.badDataFile, help: String? = nil) {
        diagnostics.append(.error(code, message, at: range, help: help))
    }
}

/// RFC 4180 CSV over a file's bytes, one pass, located fields.
private struct CSVReader {
    let file: SourceFile
    let maxRows: Int
    var table = DataTable()

    init(file: SourceFile, maxRows: Int) {
        self.file = file
        self.maxRows = maxRows
    }

    private func range(_ from: Int, _ to: Int) -> SourceRange {
        SourceRange(start: file.location(ofByteOffset: from), end: file.location(ofByteOffset: to))
    }

    mutating func read() -> DataTable {
        let b = file.bytes
        // Text that is not UTF-8 (a Latin-1 export) is E0104, as in YAML and JSON files, never
        // cells with U+FFFD in them.
        if let bad = firstInvalidUTF8(b) {
            var at = file.location(ofByteOffset: bad)
            if b[bad] & 0xC0 == 0x80, bad > 0 { at.column += 1 }
            let hex = String(b[bad], radix: 16, uppercase: false)
            table.error("invalid utf-8 byte 0x\(hex.count == 1 ? "0" + hex : hex) in `\(file.path)`",
                        at: SourceRange(start: at, end: SourceLocation(line: at.line, column: at.column + 1)),
                        code: YAMLDiagnostics.invalidUTF8, help: "save the file as UTF-8 (a spreadsheet's \"CSV UTF-8\" export)")
            return table
        }
        var i = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var header: [(String, SourceRange)]?
        var rowCount = 0
        while i < b.count {
            let start = i
            guard let (fields, next) = record(from: i) else { return table }
            i = next
            // An empty line (one empty unquoted field) is skipped.
            if fields.count == 1, fields[0].text.isEmpty, !fields[0].quoted { continue }
            guard let columns = header else {
                header = fields.map { ($0.text, $0.range) }
                readHeader(fields)
                continue
            }
            rowCount += 1
            if rowCount > maxRows {
                table.error("the data file has more than \(maxRows) rows; the limit is \(maxRows)", at: range(start, start), code: SpecDiagnostics.tooManySlices,
                            help: "build a chart this large on purpose with `--max-slices N`")
                return table
            }
            if fields.count != columns.count {
                let at = fields.count > columns.count ? fields[columns.count].range : SourceRange.point(fields[fields.count - 1].range.end)
                table.error("row has \(fields.count) field\(fields.count == 1 ? "" : "s"); the header has \(columns.count)", at: at,
                            help: "quote a field that contains a comma: \"a, b\"")
                continue
            }
            let cells = fields.map { YAMLScalar(value: $0.text, style: .plain, range: $0.range) }
            table.rows.append((SourceRange(start: cells[0].range.start, end: cells[cells.count - 1].range.end), cells))
        }
        if header == nil {
            table.error("`\(file.path)` is empty; a CSV data file starts with a header row naming its columns", at: .point(SourceLocation(line: 1, column: 1)))
        }
        return table
    }

    private mutating func readHeader(_ fields: [Field]) {
        var seen: [String: SourceRange] = [:]
        for field in fields {
            if field.text.isEmpty {
                table.error("a column of the header has no name", at: field.range, help: "name every column in the first row")
            } else if let first = seen[field.text] {
                table.diagnostics.append(.error(DataDiagnostics.badDataFile, "duplicate column `\(field.text)`", at: field.range,
                                                labels: [DiagnosticLabel(range: first, message: "first named here")]))
            } else {
                seen[field.text] = field.range
            }
            table.columns.append(DataTable.Column(name: field.text, range: field.range))
        }
    }

    struct Field {
        var text: String
        var quoted: Bool
        var range: SourceRange
    }

    /// The fields of the record starting at `from` and the offset after its line end; nil
    /// (with an error) when a quoted field is never closed.
    private mutating func record(from: Int) -> ([Field], Int)? {
        let b = file.bytes
        var fields: [Field] = []
        var i = from
        while true {
            // Leading spaces and tabs of an unquoted field are trimmed.
            var j = i
            while j < b.count, b[j] == 0x20 || b[j] == 0x09 { j += 1 }
            if j < b.count, b[j] == 0x22 {
                guard let (text, end) = quoted(from: j) else { return nil }
                var k = end
                while k < b.count, b[k] == 0x20 || b[k] == 0x09 { k += 1 }
                fields.append(Field(text: text, quoted: true, range: range(j, end)))
                if k < b.count, b[k] != 0x2C, b[k] != 0x0A, b[k] != 0x0D {
                    table.error("text after a quoted field", at: range(k, k + 1), help: "put the whole field inside the quotes")
                    while k < b.count, b[k] != 0x2C, b[k] != 0x0A, b[k] != 0x0D { k += 1 }
                }
                i = k
            } else {
                var k = j
                while k < b.count, b[k] != 0x2C, b[k] != 0x0A, b[k] != 0x0D { k += 1 }
                var e = k
                while e > j, b[e - 1] == 0x20 || b[e - 1] == 0x09 { e -= 1 }
                if let q = b[j..<e].firstIndex(of: 0x22) {
                    table.error("a quote inside an unquoted field", at: range(q, q + 1),
                                help: "quote the whole field and double the quote: \"say \"\"hi\"\"\"")
                }
                fields.append(Field(text: String(decoding: b[j..<e], as: UTF8.self), quoted: false, range: range(j, e)))
                i = k
            }
            if i < b.count, b[i] == 0x2C { i += 1; continue }
            if i < b.count, b[i] == 0x0D { i += 1 }
            if i < b.count, b[i] == 0x0A { i += 1 }
            return (fields, i)
        }
    }

    /// A quoted field starting at the quote `from`: its text (`""` -> `"`) and the offset after
    /// the closing quote; nil with an error when it is not closed.
    private mutating func quoted(from: Int) -> (String, Int)? {
        let b = file.bytes
        var out: [UInt8] = []
        var i = from + 1
        while i < b.count {
            if b[i] == 0x22 {
                if i + 1 < b.count, b[i + 1] == 0x22 { out.append(0x22); i += 2; continue }
                return (String(decoding: out, as: UTF8.self), i + 1)
            }
            // A CRLF inside quotes is one line break, as in the rest of the file.
            if b[i] == 0x0D, i + 1 < b.count, b[i + 1] == 0x0A { i += 1; continue }
            out.append(b[i])
            i += 1
        }
        table.error("this quoted field is never closed", at: range(from, from + 1), help: "end the field with `\"`; a quote inside it is written `\"\"`")
        return nil
    }
}

/// The offset of the first byte that does not begin a well-formed UTF-8 sequence (overlong
/// forms, surrogates and code points past U+10FFFF included), or nil when all of `bytes` is UTF-8.
func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var i = 0
    let n = bytes.count
    while i < n {
        let b0 = bytes[i]
        if b0 < 0x80 { i += 1; continue }
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch b0 {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return i
        }
        guard i + length <= n, (low...high).contains(bytes[i + 1]) else { return i }
        for k in 2..<max(2, length) where bytes[i + k] & 0xC0 != 0x80 { return i }
        i += length
    }
    return nil
}
