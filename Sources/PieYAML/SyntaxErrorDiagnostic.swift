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
