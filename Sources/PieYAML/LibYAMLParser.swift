internal import CYAML

/// Owns one libyaml parser. The C struct lives on the heap (libyaml keeps a pointer to it in
/// its read handler, so it must never move) and `deinit` always deletes and frees it, whatever
/// path the caller leaves by.
///
/// The input bytes are borrowed, not copied: the caller must keep them alive and unmoved for
/// the lifetime of the parser (`YAMLParser` does so with `withUnsafeBufferPointer`).
final class LibYAMLParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let maxScalarBytes: Int
    /// libyaml asserts a non-null input pointer, even for an empty file: one owned byte.
    private let emptyInput = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

    /// False when libyaml could not allocate its buffers: `next()` then reports an error.
    private let initialized: Bool
    /// A UTF-8 byte order mark at the start is not given to libyaml: with the encoding forced
    /// it would read it as a character at column 0 and put the first line's keys at column 1,
    /// so a second top-level key (at column 0) ended the document ("did not find expected
    /// <document start>"). Its marks are shifted back to count the mark as one character of
    /// the first line, as `SourceFile` does.
    private let byteOrderMark: Bool

    init(input: UnsafeBufferPointer<UInt8>, maxScalarBytes: Int) {
        self.maxScalarBytes = maxScalarBytes
        parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        emptyInput.initialize(to: 0)
        initialized = yaml_parser_initialize(parser) == 1
        guard initialized else { byteOrderMark = false; return }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        byteOrderMark = input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF
        if byteOrderMark, let base = input.baseAddress, input.count > 3 {
            yaml_parser_set_input_string(parser, base + 3, input.count - 3)
        } else if !byteOrderMark, let base = input.baseAddress, input.count > 0 {
            yaml_parser_set_input_string(parser, base, input.count)
        } else {
            yaml_parser_set_input_string(parser, emptyInput, 0)
        }
    }

    deinit {
        if initialized { yaml_parser_delete(parser) }
        parser.deinitialize(count: 1)
        parser.deallocate()
        emptyInput.deallocate()
    }

    /// The next event, converted to Swift values, or the error that stopped libyaml.
    /// After an error or `streamEnd`, do not call again.
    func next() -> Result<RawEvent, LibYAMLError> {
        guard initialized else {
            return .failure(LibYAMLError(kind: .other, problem: "cannot allocate the yaml parser",
                                         problemOffset: 0, problemValue: 0, problemMark: Mark(index: 0, line: 0, column: 0)))
        }
        var event = OwnedEvent()
        guard yaml_parser_parse(parser, &event.raw) == 1 else {
            var error = currentError()
            if byteOrderMark {
                if error.kind == .reader { error.problemOffset += 3 }
                error.problemMark = shifted(error.problemMark)
                error.contextMark = error.contextMark.map(shifted)
            }
            return .failure(error)
        }
        var converted = event.converted(maxScalarBytes: maxScalarBytes)
        if byteOrderMark {
            converted.start = shifted(converted.start)
            converted.end = shifted(converted.end)
        }
        return .success(converted)
    }

    /// A mark in the input after the byte order mark, as a mark in the whole file.
    private func shifted(_ mark: Mark) -> Mark {
        Mark(index: mark.index + 1, line: mark.line, column: mark.line == 0 ? mark.column + 1 : mark.column)
    }

    private func currentError() -> LibYAMLError {
        let p = parser.pointee
        let kind: LibYAMLError.Kind
        switch p.error {
        case YAML_READER_ERROR: kind = .reader
        case YAML_SCANNER_ERROR: kind = .scanner
        case YAML_PARSER_ERROR: kind = .parser
        default: kind = .other
        }
        let context = p.context.map { String(cString: $0) }
        return LibYAMLError(
            kind: kind,
            problem: p.problem.map { String(cString: $0) } ?? "unknown yaml error",
            problemOffset: Int(p.problem_offset),
            problemValue: Int(p.problem_value),
            problemMark: Mark(p.problem_mark),
            context: context,
            contextMark: context == nil ? nil : Mark(p.context_mark)
        )
    }
}

/// Owns one libyaml event: `deinit` frees its strings with `yaml_event_delete`. Noncopyable,
/// so the event is deleted exactly once. An all-zero event (when `yaml_parser_parse` fails)
/// owns nothing and deleting it is harmless.
private struct OwnedEvent: ~Copyable {
    var raw = yaml_event_t()

    deinit {
        // `yaml_event_t` is a plain C struct: deleting a bitwise copy frees the same storage.
        var copy = raw
        yaml_event_delete(&copy)
    }

    func converted(maxScalarBytes: Int) -> RawEvent {
        RawEvent(kind: kind(maxScalarBytes: maxScalarBytes), start: Mark(raw.start_mark), end: Mark(raw.end_mark))
    }

    private func kind(maxScalarBytes: Int) -> RawEvent.Kind {
        switch raw.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_DOCUMENT_START_EVENT: return .documentStart(implicit: raw.data.document_start.implicit != 0)
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT: return .alias(anchor: text(raw.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT: return .scalar(scalar(maxScalarBytes: maxScalarBytes))
        case YAML_SEQUENCE_START_EVENT:
            let s = raw.data.sequence_start
            return .sequenceStart(RawProperties(
                anchor: text(s.anchor), tag: text(s.tag), flow: s.style == YAML_FLOW_SEQUENCE_STYLE))
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let m = raw.data.mapping_start
            return .mappingStart(RawProperties(
                anchor: text(m.anchor), tag: text(m.tag), flow: m.style == YAML_FLOW_MAPPING_STYLE))
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        default: return .streamEnd  // YAML_NO_EVENT never comes from a successful parse
        }
    }

    private func scalar(maxScalarBytes: Int) -> RawScalar {
        let s = raw.data.scalar
        let count = Int(s.length)
        var value: String?
        if count <= maxScalarBytes {
            value = s.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self) } ?? ""
        }
        let style: ScalarStyle
        switch s.style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: style = .literal
        case YAML_FOLDED_SCALAR_STYLE: style = .folded
        default: style = .plain
        }
        return RawScalar(value: value, byteCount: count, style: style,
                         properties: RawProperties(anchor: text(s.anchor), tag: text(s.tag)))
    }

    private func text(_ p: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        p.map { String(cString: $0) }
    }
}

extension Mark {
    fileprivate init(_ mark: yaml_mark_t) {
        self.init(index: Int(mark.index), line: Int(mark.line), column: Int(mark.column))
    }
}
