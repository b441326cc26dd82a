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
        let range = readerRange(error, file: file)
        let value = error.problemValue
        switch error.problem {
        case "control characters are not allowed":
            let name = value == 0 ? "nul character (U+0000)" : "control character \(codePoint(value))"
            return .error(YAMLDiagnostics.controlCharacter, "\(name) is not allowed in a spec", at: range,
                          help: "delete it; inside a double-quoted string write it as `\\u\(hex(value, digits: 4))`")
        case "invalid leading UTF-8 octet", "invalid trailing UTF-8 octet", "incomplete UTF-8 octet sequence",
             "invalid length of a UTF-8 sequence", "invalid Unicode character":
            return invalidUTF8(error, file: file)
        default:
            return .error(YAMLDiagnostics.syntax, lowercasedFirst(error.problem), at: range)
        }
    }

    /// One column at the offending byte; a point at a line break or the end of the file.
    private func readerRange(_ error: LibYAMLError, file: SourceFile) -> SourceRange {
        let offset = min(max(0, error.problemOffset), file.bytes.count)
        let at = file.location(ofByteOffset: offset)
        guard offset < file.bytes.count, file.bytes[offset] != 0x0A, file.bytes[offset] != 0x0D else { return .point(at) }
        return SourceRange(start: at, end: SourceLocation(line: at.line, column: at.column + 1))
    }

    /// Reported at the first byte of the broken character (libyaml points at the bad
    /// continuation byte, and reports a Latin-1 `é` followed by a newline as "incomplete").
    private func invalidUTF8(_ error: LibYAMLError, file: SourceFile) -> Diagnostic {
        var lead = min(max(0, error.problemOffset), max(0, file.bytes.count - 1))
        if error.problem == "invalid trailing UTF-8 octet" {
            var i = lead
            while i > 0, lead - i < 3, file.bytes[i - 1] & 0xC0 == 0x80 { i -= 1 }
            if i > 0, file.bytes[i - 1] >= 0xC0 { lead = i - 1 }
        }
        guard lead < file.bytes.count else {
            return .error(YAMLDiagnostics.invalidUTF8, "invalid utf-8", at: nil, help: "save the file as UTF-8")
        }
        let byte = file.bytes[lead]
        var start = file.location(ofByteOffset: lead)
        // A stray continuation byte is no column of its own for `SourceFile`, but the rendered
        // line shows it as U+FFFD after the previous character: point there.
        if byte & 0xC0 == 0x80, lead > 0 { start.column += 1 }
        let range = SourceRange(start: start, end: SourceLocation(line: start.line, column: start.column + 1))
        var notes = [utf8Note(error, byte: byte)]
        if lead < 2, byte == 0xFF || byte == 0xFE { notes.append("the file starts like UTF-16 text") }
        return .error(YAMLDiagnostics.invalidUTF8, "invalid utf-8 byte 0x\(hex(Int(byte), digits: 2))", at: range,
                      notes: notes, help: "save the file as UTF-8")
    }

    private func utf8Note(_ error: LibYAMLError, byte: UInt8) -> String {
        switch error.problem {
        case "invalid leading UTF-8 octet":
            return byte & 0xC0 == 0x80
                ? "it continues a character that was never started"
                : "this byte never appears in utf-8 text"
        case "invalid length of a UTF-8 sequence": return "it starts an overlong encoding"
        case "invalid Unicode character":
            return "it starts the encoding of \(codePoint(error.problemValue)), which is not a valid character"
        default: return "it starts a multi-byte character whose next bytes are missing or invalid"
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
