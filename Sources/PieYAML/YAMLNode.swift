import PieDiagnostics

/// How a scalar was written. Typing depends on it: a quoted `"42"` is a string, never a number.
public enum ScalarStyle: String, Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// A scalar with its text and where it stands in the source.
public struct YAMLScalar: Sendable, Hashable {
    public var value: String
    public var style: ScalarStyle
    public var range: SourceRange
    public init(value: String, style: ScalarStyle, range: SourceRange) {
        self.value = value
        self.style = style
        self.range = range
    }
}

/// One `key: value` pair of a mapping. Keys are always scalars (complex keys are rejected).
public struct YAMLEntry: Sendable, Hashable {
    public var key: YAMLScalar
    public var value: YAMLNode
    public init(key: YAMLScalar, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// A located YAML node. Every node knows its start and end (1-based line:col, end exclusive).
/// Anchors, aliases, tags, merge keys, complex keys and duplicate keys never reach this tree:
/// the parser rejects them with diagnostics.
public enum YAMLNode: Sendable, Hashable {
    case scalar(YAMLScalar)
    case mapping([YAMLEntry], range: SourceRange)
    case sequence([YAMLNode], range: SourceRange)

    public var range: SourceRange {
        switch self {
        case .scalar(let s): s.range
        case .mapping(_, let r), .sequence(_, let r): r
        }
    }

    /// "a mapping", "a sequence", "a string", ... for messages like "expected a number, found a mapping".
    public var kindDescription: String {
        switch self {
        case .scalar(let s) where s.style == .plain && s.value.isEmpty: "an empty value"
        case .scalar: "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a sequence"
        }
    }
}

/// Limits enforced while events arrive, before work grows.
public struct YAMLLimits: Sendable, Hashable {
    /// Maximum nesting of mappings and sequences.
    public var maxDepth: Int
    /// Maximum number of nodes (scalars + collections) in the document.
    public var maxNodes: Int
    /// Maximum length of one scalar, in bytes.
    public var maxScalarBytes: Int
    public init(maxDepth: Int = 32, maxNodes: Int = 2_000_000, maxScalarBytes: Int = 65_536) {
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.maxScalarBytes = maxScalarBytes
    }
}

/// What the front end returns: a root node when the document was well-formed, and every
/// diagnostic found (a root may come with diagnostics: e.g. a duplicate key keeps the first).
public struct YAMLDocument: Sendable {
    public var root: YAMLNode?
    public var diagnostics: [Diagnostic]
    public init(root: YAMLNode?, diagnostics: [Diagnostic]) {
        self.root = root
        self.diagnostics = diagnostics
    }
}
