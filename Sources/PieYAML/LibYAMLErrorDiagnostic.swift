import PieDiagnostics

/// Turns the one error libyaml stops at into one diagnostic at the exact line:col.
extension TreeBuilder {
    mutating func diagnostic(for error: LibYAMLError, file: SourceFile) -> Diagnostic {
        switch error.kind {
        case .reader: return readerDiagnostic(error, file: file)
        case .scanner, .parser: return syntaxDiagnostic(error)
        case .other: return .error(YAMLDiagnostics.parserFailure, "the yaml parser failed: \(error.problem)", at: nil)
        }
    }

    /// Reader errors carry a byte offset (their marks are 0:0).
    private func readerDiagnostic(_ error: LibYAMLError, file: SourceFile) -> Diagnostic {
        let start = file.location(ofByteOffset: error.problemOffset)
        let range = SourceRange(start: start, end: SourceLocation(line: start.line, column: start.column + 1))
        let value = error.problemValue
        switch error.problem {
        case "control characters are not allowed":
            let name = value == 0 ? "nul character (U+0000)" : "control character \(codePoint(value))"
            return .error(YAMLDiagnostics.controlCharacter, "\(name) is not allowed in a spec", at: range,
                          help: "delete it; inside a double-quoted string write it as `\\u\(hex(value, digits: 4))`")
        case "invalid leading UTF-8 octet", "invalid trailing UTF-8 octet", "incomplete UTF-8 octet sequence",
             "invalid length of a UTF-8 sequence", "invalid Unicode character":
            var notes: [String] = []
            if error.problemOffset < 2, value == 0xFF || value == 0xFE {
                notes.append("the file starts like UTF-16 text")
            }
            return .error(YAMLDiagnostics.invalidUTF8, "invalid utf-8: \(utf8Problem(error))", at: range,
                          notes: notes, help: "save the file as UTF-8")
        default:
            return .error(YAMLDiagnostics.syntax, lowercasedFirst(error.problem), at: range)
        }
    }

    private func utf8Problem(_ error: LibYAMLError) -> String {
        let byte = "0x" + hex(error.problemValue, digits: 2)
        switch error.problem {
        case "invalid leading UTF-8 octet": return "byte \(byte) cannot start a character"
        case "invalid trailing UTF-8 octet": return "byte \(byte) cannot continue a character"
        case "incomplete UTF-8 octet sequence": return "the file ends in the middle of a character"
        case "invalid length of a UTF-8 sequence": return "overlong encoding of a character"
        default: return "\(codePoint(error.problemValue)) is not a valid character"
        }
    }

    private func codePoint(_ value: Int) -> String { "U+" + hex(value, digits: 4) }

    private func hex(_ value: Int, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    private func lowercasedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}
