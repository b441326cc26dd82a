/// Output formats for diagnostics. Renderers are pure: they return text, the caller prints it.
public enum DiagnosticFormat: String, Sendable, CaseIterable {
    case human, short, json, github
}

/// Diagnostics of one file, ready to render. `file` is nil for findings about a path
/// that could not be read at all (then only `path` is known).
public struct FileDiagnostics: Sendable {
    public var path: String
    public var file: SourceFile?
    public var diagnostics: [Diagnostic]
    public init(path: String, file: SourceFile?, diagnostics: [Diagnostic]) {
        self.path = path
        self.file = file
        self.diagnostics = diagnostics
    }
}

public enum DiagnosticRenderer {
    /// Renders in the chosen format. `json` yields one JSON object per line (JSON Lines).
    /// At most this many diagnostics of one file are rendered (in output order); a last note
    /// says how many more there were. 100,000 misspelled keys would otherwise print ~42 MB.
    public static let maxPerFile = 100

    /// The note that ends a capped file: at the first diagnostic left out, so every format
    /// can place it.
    public static let omittedCode = DiagnosticCode("E0515")

    public static func render(_ group: FileDiagnostics, format: DiagnosticFormat, color: Bool = false) -> String {
        var out = ""
        var shown = group.diagnostics.sortedForOutput()
        if shown.count > maxPerFile {
            let omitted = shown.count - maxPerFile
            let firstOmitted = shown[maxPerFile]
            shown.removeSubrange(maxPerFile...)
            let errors = group.diagnostics.count(where: { $0.severity == .error })
            shown.append(Diagnostic(.note, code: omittedCode,
                                    message: "\(omitted) more diagnostic\(omitted == 1 ? "" : "s") in this file not shown (\(errors) error\(errors == 1 ? "" : "s") in all)",
                                    range: firstOmitted.range,
                                    help: "piec shows at most \(maxPerFile) diagnostics per file: fix these and run it again"))
        }
        for d in shown {
            switch format {
            case .human: out += human(d, path: group.path, file: group.file, color: color)
            case .short: out += short(d, path: group.path) + "\n"
            case .json: out += json(d, path: group.path).serialized() + "\n"
            case .github: out += github(d, path: group.path) + "\n"
            }
        }
        return out
    }

    static func position(_ d: Diagnostic, path: String) -> String {
        guard let r = d.range else { return path }
        return "\(path):\(r.start.line):\(r.start.column)"
    }

    /// `path:line:col: error[E0201]: message` (gcc style, one line).
    public static func short(_ d: Diagnostic, path: String) -> String {
        "\(position(d, path: path)): \(d.severity.rawValue)[\(d.code)]: \(d.message)"
    }

    /// rustc-style block: header, source line, carets, labels, notes and help.
    public static func human(_ d: Diagnostic, path: String, file: SourceFile?, color: Bool) -> String {
        let paint = Painter(enabled: color)
        let sevColor = d.severity == .error ? Painter.red : (d.severity == .warning ? Painter.yellow : Painter.cyan)
        var out = paint.apply(position(d, path: path) + ": ", Painter.bold)
        out += paint.apply("\(d.severity.rawValue)[\(d.code)]", Painter.bold + sevColor)
        out += paint.apply(": \(d.message)", Painter.bold) + "\n"
        var snippets: [(SourceRange, String, Bool)] = []
        if let r = d.range { snippets.append((r, "", true)) }
        for label in d.labels { snippets.append((label.range, label.message, false)) }
        if let file, !snippets.isEmpty {
            let width = String(snippets.map { $0.0.start.line }.max() ?? 1).count
            let gutter = String(repeating: " ", count: width)
            out += paint.apply("\(gutter) |", Painter.blue) + "\n"
            for (range, message, primary) in snippets {
                let line = range.start.line
                guard line >= 1, line <= file.lineCount else { continue }
                let lineLength = file.lineLength(line)
                let startCol = max(1, range.start.column)
                let endCol = range.end.line == line ? max(range.end.column, startCol + 1) : max(lineLength + 1, startCol + 1)
                // A long line is shown as a window around the span (`…` marks the cuts), so the
                // output stays linear in the number of diagnostics, whatever the line length.
                let window = Self.window(lineLength: lineLength, start: startCol)
                let cutBefore = window.lowerBound > 1, cutAfter = window.upperBound < lineLength
                let text = (cutBefore ? "…" : "") + sanitize(file.lineText(line, columns: window)) + (cutAfter ? "…" : "")
                let number = String(line)
                out += paint.apply(String(repeating: " ", count: width - number.count) + number + " |", Painter.blue)
                out += " " + text + "\n"
                let caretStart = startCol - window.lowerBound + (cutBefore ? 1 : 0)
                let caretEnd = min(endCol, window.upperBound + 1 + (cutAfter ? 1 : 0)) - window.lowerBound + (cutBefore ? 1 : 0)
                let marks = String(repeating: primary ? "^" : "-", count: max(1, caretEnd - caretStart))
                let caretLine = String(repeating: " ", count: caretStart) + marks + (message.isEmpty ? "" : " " + message)
                out += paint.apply("\(gutter) |", Painter.blue) + " " + paint.apply(caretLine, primary ? sevColor : Painter.blue) + "\n"
            }
        }
        let pad = file != nil && !snippets.isEmpty ? String(repeating: " ", count: String(snippets.map { $0.0.start.line }.max() ?? 1).count) : ""
        for note in d.notes { out += "\(pad) = " + paint.apply("note", Painter.bold) + ": \(note)\n" }
        if let help = d.help { out += "\(pad) = " + paint.apply("help", Painter.bold) + ": \(help)\n" }
        return out
    }

    /// Longest source line shown whole, in columns; longer ones show a window of this width.
    static let maxShownColumns = 160
    /// Columns shown before the span's start when a long line is cut.
    static let contextColumns = 40

    /// The columns of a line to show for a span starting at `start`.
    static func window(lineLength: Int, start: Int) -> ClosedRange<Int> {
        guard lineLength > maxShownColumns else { return 1...max(1, lineLength) }
        let first = max(1, min(start - contextColumns, lineLength - maxShownColumns + 1))
        return first...(first + maxShownColumns - 1)
    }

    public static func json(_ d: Diagnostic, path: String) -> JSONValue {
        func loc(_ l: SourceLocation) -> JSONValue { .object([("line", .int(l.line)), ("column", .int(l.column))]) }
        func range(_ r: SourceRange) -> JSONValue { .object([("start", loc(r.start)), ("end", loc(r.end))]) }
        var members: [(String, JSONValue)] = [
            ("file", .string(path)),
            ("severity", .string(d.severity.rawValue)),
            ("code", .string(d.code.rawValue)),
            ("message", .string(d.message)),
            ("range", d.range.map(range) ?? .null),
        ]
        members.append(("labels", .array(d.labels.map { .object([("range", range($0.range)), ("message", .string($0.message))]) })))
        members.append(("notes", .array(d.notes.map(JSONValue.string))))
        members.append(("help", d.help.map(JSONValue.string) ?? .null))
        return .object(members)
    }

    /// GitHub Actions workflow command: `::error file=...,line=..,col=..,title=E0201::message`.
    public static func github(_ d: Diagnostic, path: String) -> String {
        let kind = d.severity == .error ? "error" : (d.severity == .warning ? "warning" : "notice")
        var props = ["file=\(escapeProperty(path))"]
        if let r = d.range {
            props.append("line=\(r.start.line)")
            props.append("col=\(r.start.column)")
            if r.end.line == r.start.line, r.end.column > r.start.column {
                props.append("endColumn=\(r.end.column)")
            }
        }
        props.append("title=\(escapeProperty("piec " + d.code.rawValue))")
        var message = d.message
        if let help = d.help { message += "\nhelp: " + help }
        return "::\(kind) \(props.joined(separator: ","))::\(escapeData(message))"
    }

    static func escapeData(_ s: String) -> String {
        s.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }

    /// Control characters in a quoted source line would garble the terminal: show them as U+2400 pictures.
    static func sanitize(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            if scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F {
                out.unicodeScalars.append(Unicode.Scalar(0x2400 + min(scalar.value, 0x21))!)
            } else if scalar == "\t" {
                out += " "
            } else if (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) {
                out += "\u{FFFD}"  // bidi controls could reorder the caret line
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

struct Painter {
    let enabled: Bool
    static let bold = "\u{1B}[1m", red = "\u{1B}[31m", yellow = "\u{1B}[33m", blue = "\u{1B}[34m", cyan = "\u{1B}[36m"
    func apply(_ text: String, _ code: String) -> String { enabled ? code + text + "\u{1B}[0m" : text }
}

extension String {
    /// Foundation-free `replacingOccurrences`.
    public func replacingAll(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty else { return self }
        return replacing(target, with: replacement)
    }
}
