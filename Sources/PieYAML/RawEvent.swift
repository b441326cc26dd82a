/// A libyaml position, all 0-based. `index` counts Unicode scalars from the start of the input
/// (a CRLF counts as two); `column` counts scalars from the last line break (a tab is one);
/// `line` counts line breaks, including U+0085, U+2028 and U+2029 (unlike `SourceFile`).
struct Mark {
    var index: Int
    var line: Int
    var column: Int
}

/// Swift copies of libyaml's events, made right after `yaml_parser_parse` so no C type leaves
/// `LibYAMLParser`.
struct RawEvent {
    enum Kind {
        case streamStart, streamEnd
        case documentStart(implicit: Bool)
        case documentEnd
        /// `*name`; `anchor` is the name.
        case alias(anchor: String)
        case scalar(RawScalar)
        case sequenceStart(RawProperties)
        case sequenceEnd
        case mappingStart(RawProperties)
        case mappingEnd
    }

    var kind: Kind
    /// The first character of the event.
    var start: Mark
    /// Just past the event.
    var end: Mark
}

/// Node properties as written in the source. Both are rejected in piec specs.
struct RawProperties {
    var anchor: String?
    var tag: String?
    /// `[` / `{` rather than an indented block.
    var flow: Bool = false
}

/// A scalar's decoded text. `value` is nil when it is longer than the byte limit
/// (it is then never decoded; `byteCount` still says how long it was).
struct RawScalar {
    var value: String?
    var byteCount: Int
    var style: ScalarStyle
    var properties: RawProperties
}

/// A failure reported by libyaml, copied out of the parser struct.
struct LibYAMLError: Error {
    enum Kind {
        /// Invalid UTF-8 or a forbidden character: `problemOffset` is a byte offset.
        case reader
        /// Tokenizing (`scanner`) or grammar (`parser`) error: use the marks.
        case scanner, parser
        /// Out of memory or an unexpected state.
        case other
    }

    var kind: Kind
    var problem: String
    /// Byte offset of the offending input (reader errors only).
    var problemOffset: Int
    /// The offending octet or code point (reader errors only).
    var problemValue: Int
    /// Where the problem is (scanner and parser errors).
    var problemMark: Mark
    var context: String?
    var contextMark: Mark?
}
