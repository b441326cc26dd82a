// JSONValue and formatNumber are part of the diagnostics vocabulary (the json renderer, code
// catalogs): importing PieDiagnostics brings them.
@_exported import PieJSON

/// How bad a finding is. Errors make a build fail (exit 1).
public enum Severity: String, Sendable, Hashable, Comparable {
    case error, warning, note

    private var rank: Int {
        switch self {
        case .error: 2
        case .warning: 1
        case .note: 0
        }
    }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A stable diagnostic code such as `E0201`. Codes never change meaning once shipped.
public struct DiagnosticCode: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue < b.rawValue }
    public var description: String { rawValue }
}

/// The catalog entry behind a code: a short title and the long text of `piec explain`.
public struct CodeInfo: Sendable {
    public let code: DiagnosticCode
    public let title: String
    public let explanation: String
    public init(_ code: String, _ title: String, _ explanation: String) {
        self.code = DiagnosticCode(code)
        self.title = title
        self.explanation = explanation
    }
}

/// A secondary range with its own message ("first defined here").
public struct DiagnosticLabel: Sendable, Hashable {
    public var range: SourceRange
    public var message: String
    public init(range: SourceRange, message: String) {
        self.range = range
        self.message = message
    }
}

/// One finding. Messages are lowercase with no trailing period (rustc style);
/// `help` may carry a suggested replacement ("did you mean `innerRadius`?").
public struct Diagnostic: Sendable, Hashable {
    public var severity: Severity
    public var code: DiagnosticCode
    public var message: String
    /// The smallest useful span; nil when the finding is about the whole file or no file.
    public var range: SourceRange?
    public var labels: [DiagnosticLabel]
    public var notes: [String]
    public var help: String?

    public init(
        _ severity: Severity = .error, code: DiagnosticCode, message: String, range: SourceRange?,
        labels: [DiagnosticLabel] = [], notes: [String] = [], help: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.range = range
        self.labels = labels
        self.notes = notes
        self.help = help
    }

    public static func error(
        _ code: DiagnosticCode, _ message: String, at range: SourceRange?,
        labels: [DiagnosticLabel] = [], notes: [String] = [], help: String? = nil
    ) -> Diagnostic {
        Diagnostic(.error, code: code, message: message, range: range, labels: labels, notes: notes, help: help)
    }

    public static func warning(
        _ code: DiagnosticCode, _ message: String, at range: SourceRange?,
        labels: [DiagnosticLabel] = [], notes: [String] = [], help: String? = nil
    ) -> Diagnostic {
        Diagnostic(.warning, code: code, message: message, range: range, labels: labels, notes: notes, help: help)
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Stable order for output: by position (diagnostics without a range first), then code.
    public func sortedForOutput() -> [Diagnostic] {
        enumerated().sorted { a, b in
            let la = a.element.range?.start ?? SourceLocation(line: 0, column: 0)
            let lb = b.element.range?.start ?? SourceLocation(line: 0, column: 0)
            if la != lb { return la < lb }
            if a.element.code != b.element.code { return a.element.code < b.element.code }
            return a.offset < b.offset
        }.map(\.element)
    }
}
