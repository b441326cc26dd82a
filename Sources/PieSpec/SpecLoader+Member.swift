import PieDiagnostics
import PieYAML

extension SpecLoader {
    /// The spec under `member` of a JSON record written with `ChartSpec.canonicalJSON()` (a
    /// manifest's `spec`, or another canonical spec a record keeps, such as the previous version
    /// `piec md` drew from); nil when the record has no such member or it is `null`.
    public static func loadEmbedded(_ record: SourceFile, member: String, defaultID: String,
                                    limits: SpecLimits = SpecLimits()) -> SpecLoadResult? {
        let document = YAMLParser.parse(record, limits: limits.yaml)
        guard case .mapping(let entries, _)? = document.root,
              let node = entries.first(where: { $0.key.value == member })?.value else { return nil }
        if case .scalar(let s) = node, s.value == "null" { return nil }
        var lowering = Lowering(limits: limits, defaultID: defaultID)
        let result = lowering.lower(node)
        let diagnostics = document.diagnostics + lowering.diagnostics
        return SpecLoadResult(spec: diagnostics.hasErrors ? nil : result, locations: lowering.locations, diagnostics: diagnostics)
    }
}
