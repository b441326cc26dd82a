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
        var parts: [Part] = []
        var text = ""
        var scalars = Array(source.unicodeScalars)[...]
        var offset = 0
        while let c = scalars.first {
            if c == "{" {
                guard let close = scalars.firstIndex(of: "}") else {
                    return .failure(TemplateError(name: "{", offset: offset))
                }
                var name = ""
                name.unicodeScalars.append(contentsOf: scalars[(scalars.startIndex + 1)..<close])
                guard let token = Token(rawValue: name) else {
                    return .failure(TemplateError(name: name, offset: offset))
                }
                if !text.isEmpty { parts.append(.text(text)); text = "" }
                parts.append(.token(token))
                offset += close - scalars.startIndex + 1
                scalars = scalars[(close + 1)...]
            } else {
                text.unicodeScalars.append(c)
                scalars = scalars.dropFirst()
                offset += 1
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
        return .success(LabelTemplate(parts: parts, source: source))
    }

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
