// PieDriver's API is expressed in diagnostics types (FileDiagnostics, DiagnosticFormat, ...),
// so the executable gets them with `import PieDriver` alone.
@_exported import PieDiagnostics
import PieSpec

/// Texts for maintainer commands.
public enum MaintainerOutput {
    /// The JSON Schema of the spec format (`piec schema`, `make schema`).
    public static var schema: String { SpecSchema.generate() }
    /// The JSON Schema of `.piec.yaml` shared defaults (`piec schema --defaults`).
    public static var defaultsSchema: String { SpecSchema.generateDefaults() }
    /// The key reference page, docs/reference/keys.md (`piec schema --markdown`, `make reference`).
    public static var keyReference: String { KeyReference.markdown() }
}
