import PieDiagnostics

/// PLACEHOLDER (lead is writing it): the JSON Schema (2020-12) generated from the key tables.
public enum SpecSchema {
    /// The text of `Schemas/piec.schema.json` (pretty JSON, trailing newline).
    public static func generate() -> String { "{}\n" }
}

public enum SpecDiagnostics {
    /// Catalog of PieSpec's codes (E0200-E0499) for `piec explain`.
    public static let catalog: [CodeInfo] = []
}

extension ChartSpec {
    /// The canonical spec (every field explicit, defaults filled), re-parsable by piec.
    public func canonicalJSON() -> JSONValue { .object([("piec", .int(version)), ("id", .string(id))]) }
}
