/// A parsed label template such as `"{label} {percent}"`.
public struct LabelTemplate: Sendable, Hashable {
    public enum Token: String, Sendable, Hashable, CaseIterable { case label, value, percent, id, total }
    public enum Part: Sendable, Hashable {
        case text(String)
        case token(Token)
    }
    public var parts: [Part]
    /// The template as written (canonical form).
    public var source: String

    public init(parts: [Part], source: String) {
        self.parts = parts
        self.source = source
    }

    /// Parses a template; on failure returns the offending token name (or "{" for an unclosed brace)
    /// and its scalar offset in the source.
    public static func parse(_ source: String) -> Result<LabelTemplate, TemplateError> {
        // Walks the scalar view by index: no scalar array and no per-scalar appends (this runs
        // for every spec's `labels.content`).
        var parts: [Part] = []
        let scalars = source.unicodeScalars
        var textStart = scalars.startIndex
        var i = scalars.startIndex
        var offset = 0
        while i < scalars.endIndex {
            guard scalars[i] == "{" else {
                scalars.formIndex(after: &i)
                offset += 1
                continue
            }
            guard let close = scalars[i...].firstIndex(of: "}") else {
                return .failure(TemplateError(name: "{", offset: offset))
            }
            let name = String(scalars[scalars.index(after: i)..<close])
            guard let token = Token(rawValue: name) else {
                return .failure(TemplateError(name: name, offset: offset))
            }
            if textStart < i { parts.append(.text(String(scalars[textStart..<i]))) }
            parts.append(.token(token))
            offset += scalars.distance(from: i, to: close) + 1
            i = scalars.index(after: close)
            textStart = i
        }
        if textStart < scalars.endIndex { parts.append(.text(String(scalars[textStart...]))) }
        return .success(LabelTemplate(parts: parts, source: source))
    }

    /// `labels.content`'s default, parsed once per process rather than once per spec.
    static let defaultContent = parseDefault("{label} {percent}")
    /// `labels.detail.content`'s default.
    static let defaultDetail = parseDefault("{value}")

    static func parseDefault(_ source: String) -> LabelTemplate {
        if case .success(let t) = parse(source) { return t }
        return LabelTemplate(parts: [.text(source)], source: source)
    }
}

public struct TemplateError: Error, Sendable, Hashable {
    /// The unknown token's name, or "{" for an unclosed brace.
    public var name: String
    /// Offset in Unicode scalars from the start of the template.
    public var offset: Int
}
