import PieDiagnostics

/// PLACEHOLDER signature (being implemented on branch `yaml`): parses one YAML document from
/// `file` with libyaml's event API into a located node tree.
public enum YAMLParser {
    public static func parse(_ file: SourceFile, limits: YAMLLimits = YAMLLimits()) -> YAMLDocument {
        YAMLDocument(root: nil, diagnostics: [.error(DiagnosticCode("E0100"), "yaml front end not built yet", at: nil)])
    }
}
