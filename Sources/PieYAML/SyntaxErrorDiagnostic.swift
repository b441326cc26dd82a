import PieDiagnostics

/// Scanner and parser errors: libyaml's problem at `problem_mark`, its context as a label at
/// `context_mark`, and friendlier wording for the mistakes people actually make.
extension TreeBuilder {
    mutating func syntaxDiagnostic(_ error: LibYAMLError) -> Diagnostic {
        let range = characterRange(atIndex: error.problemMark.index)
        let byte = cursor.byteOffset(ofIndex: error.problemMark.index)
        let character = cursor.byte(at: byte)
        if character == 0x09, error.problem.contains("tab") || error.problem == Self.cannotStartToken {
            let indentation = onlyBlanksBefore(byte)
            return .error(YAMLDiagnostics.tabIndentation,
                          indentation ? "tab character used for indentation" : "tab character is not allowed here",
                          at: range, help: "YAML indentation must use spaces, not tabs")
        }
        if error.context == "while scanning a quoted scalar", let start = error.contextMark?.index,
           error.problem == "found unexpected end of stream" || error.problem == "found unexpected document indicator" {
            return unterminatedString(startIndex: start, problemRange: range, atEnd: character == nil || error.problem.hasSuffix("stream"))
        }
        if let diagnostic = documentEndOrMissingKey(error, byte: byte, character: character, range: range) { return diagnostic }
        var message = error.problem
        if error.problem == Self.cannotStartToken, let c = character, c > 0x20, c < 0x7F {
            message = "found character `\(Character(Unicode.Scalar(c)))` that cannot start any token"
        }
        var labels: [DiagnosticLabel] = []
        if let context = error.context, context != "while scanning for the next token" {
            message += " " + context
            if let index = error.contextMark?.index, let label = Self.contextLabel(context) {
                let contextRange = characterRange(atIndex: index)
                if contextRange.start != range.start { labels.append(DiagnosticLabel(range: contextRange, message: label)) }
            }
        }
        return .error(YAMLDiagnostics.syntax, message, at: range, labels: labels,
                      help: help(for: error.problem, character: character, lineStart: onlyBlanksBefore(byte)))
    }

    /// libyaml's words for two things YAML allows but a spec cannot use: content after a
    /// `...` document end marker (YAML 1.2 starts a new document there, a spec has one), a
    /// `...` before any content (an empty document), and `: value` (an entry whose key is
    /// empty, which YAML allows and no spec key is).
    private mutating func documentEndOrMissingKey(_ error: LibYAMLError, byte: Int, character: UInt8?, range: SourceRange) -> Diagnostic? {
        switch error.problem {
        case "did not find expected <document start>":
            guard let marker = documentEndMarker(before: byte) else { return nil }
            return .error(YAMLDiagnostics.syntax, "content after `...`, which ended the document", at: range,
                          labels: [DiagnosticLabel(range: marker, message: "the document ends here")],
                          help: "delete the `...` line: after `...` YAML allows only comments or a new document, and a spec is one document")
        case "did not find expected node content" where isDocumentEndMarker(at: byte):
            let marker = SourceRange(start: range.start, end: SourceLocation(line: range.start.line, column: range.start.column + 3))
            return .error(YAMLDiagnostics.syntax, "`...` ends the document before it has any content", at: marker,
                          help: "delete the `...` line: YAML allows `...` only after a document's content, to end it")
        case "did not find expected key" where character == UInt8(ascii: ":") && onlyBlanksBefore(byte)
            && (cursor.byte(at: byte + 1).map { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } ?? true):
            return .error(YAMLDiagnostics.syntax, "a mapping entry without a key", at: range,
                          help: "write the key before the colon, e.g. `title: Share`: YAML reads `: value` as an entry whose key is empty, and every spec key is a name")
        default:
            return nil
        }
    }

    /// `...` at the start of a line, followed by blanks, a comment or the line's end.
    private func isDocumentEndMarker(at offset: Int) -> Bool {
        guard offset == 0 || cursor.byte(at: offset - 1) == 0x0A || cursor.byte(at: offset - 1) == 0x0D else { return false }
        for k in 0..<3 where cursor.byte(at: offset + k) != UInt8(ascii: ".") { return false }
        guard let next = cursor.byte(at: offset + 3) else { return true }
        return next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D
    }

    /// The `...` line before the line of `offset`, skipping blank and comment lines.
    private mutating func documentEndMarker(before offset: Int) -> SourceRange? {
        var line = file.location(ofByteOffset: offset).line - 1
        while line >= 1 {
            let start = file.lineStarts[line - 1]
            if isDocumentEndMarker(at: start) {
                return SourceRange(start: SourceLocation(line: line, column: 1), end: SourceLocation(line: line, column: 4))
            }
            var i = start
            while let b = cursor.byte(at: i), b == 0x20 || b == 0x09 { i += 1 }
            guard let b = cursor.byte(at: i), b != 0x0A, b != 0x0D, b != UInt8(ascii: "#") else { line -= 1; continue }
            return nil
        }
        return nil
    }

    private static let cannotStartToken = "found character that cannot start any token"

    private mutating func unterminatedString(startIndex: Int, problemRange: SourceRange, atEnd: Bool) -> Diagnostic {
        let quoteRange = characterRange(atIndex: startIndex)
        let quote = cursor.byte(at: cursor.byteOffset(ofIndex: startIndex)) == UInt8(ascii: "'") ? "'" : "\""
        let kind = quote == "'" ? "single-quoted" : "double-quoted"
        let label = atEnd ? "the file ends before the closing quote" : "the document ends here, before the closing quote"
        return .error(YAMLDiagnostics.unterminatedString, "unterminated \(kind) string", at: quoteRange,
                      labels: [DiagnosticLabel(range: problemRange, message: label)],
                      help: "add the closing `\(quote)` where the string should end")
    }

    /// "while parsing a block mapping" -> "the block mapping starts here".
    private static func contextLabel(_ context: String) -> String? {
        var rest = Substring(context)
        for prefix in ["while scanning ", "while parsing "] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
        }
        for article in ["a ", "an "] where rest.hasPrefix(article) {
            return "the " + rest.dropFirst(article.count) + " starts here"
        }
        return nil
    }

    private func help(for problem: String, character: UInt8?, lineStart: Bool) -> String? {
        switch problem {
        case "mapping values are not allowed in this context":
            return "quote the value if it contains `: `, e.g. `title: \"Ratio: 1\"`"
        case "could not find expected ':'":
            return "add `: ` after the key, or quote the text if it is a value"
        case "did not find expected key", "did not find expected '-' indicator":
            return lineStart
                ? "check the indentation: entries of one mapping, and items of one list, start in the same column"
                : "quote the whole value if it is one text, e.g. `label: \"a b\"`"
        case "did not find expected ',' or ']'":
            return "separate the items with `,` and close the list with `]`"
        case "did not find expected ',' or '}'":
            return "separate the entries with `,` and close the mapping with `}`"
        case "found unknown escape character":
            return "write a backslash as `\\\\` inside double quotes, or use single quotes"
        case Self.cannotStartToken where character == UInt8(ascii: "@") || character == UInt8(ascii: "`"):
            return "`@` and `` ` `` are reserved in YAML: quote the value, e.g. `\"@handle\"`"
        default:
            return nil
        }
    }

    /// True when only spaces and tabs precede `offset` on its line.
    private func onlyBlanksBefore(_ offset: Int) -> Bool {
        var i = offset - 1
        while let b = cursor.byte(at: i), b != 0x0A, b != 0x0D {
            if b != 0x20, b != 0x09 { return false }
            i -= 1
        }
        return true
    }
}
