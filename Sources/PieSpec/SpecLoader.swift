import PieDiagnostics
import PieYAML

/// The result of loading a spec: a checked `ChartSpec` when there were no errors,
/// where each field came from, and every diagnostic (YAML, typing and semantic).
public struct SpecLoadResult: Sendable {
    public var spec: ChartSpec?
    public var locations: SpecLocations
    public var diagnostics: [Diagnostic]
    /// Diagnostics located in the other files the spec reads (its data file, its shared
    /// defaults), one group per file; the spec's own `diagnostics` then hold an E0315.
    public var related: [FileDiagnostics] = []
    /// Where ranges of a spec merged with shared defaults came from (`place(_:)`).
    var origins: RangeOrigins?
}

/// Front end of the pipeline: bytes -> YAML nodes -> lowered and validated `ChartSpec`.
public enum SpecLoader {
    /// Parses, lowers and validates one spec file. `defaultID` is used when the spec has no `id`.
    public static func load(_ file: SourceFile, defaultID: String, limits: SpecLimits = SpecLimits()) -> SpecLoadResult {
        let document = YAMLParser.parse(file, limits: limits.yaml)
        var diagnostics = document.diagnostics
        guard let root = document.root else {
            return SpecLoadResult(spec: nil, locations: SpecLocations(), diagnostics: diagnostics)
        }
        var lowering = Lowering(limits: limits, defaultID: defaultID)
        let spec = lowering.lower(root)
        diagnostics += lowering.diagnostics
        let ok = !diagnostics.hasErrors
        return SpecLoadResult(spec: ok ? spec : nil, locations: lowering.locations, diagnostics: diagnostics)
    }
}

/// Documented input limits, enforced before work grows. The length of each text is a limit of
/// its key (`ValueKind.text(maxLength:)` in `Keys`: `Keys.maxText` for labels, titles and
/// descriptions), checked as the key is typed (E0214) and shown in the schema and the key
/// reference.
public struct SpecLimits: Sendable, Hashable {
    /// Bytes of one spec file (checked by the driver before reading).
    public var maxFileBytes = 8 * 1024 * 1024
    public var maxSlices = SpecLimits.defaultMaxSlices
    public var yaml = YAMLLimits()
    public init() {}
}

extension SpecLoader {
    /// Loads the canonical spec embedded in a bundle's `manifest.json` (its `spec` member).
    /// JSON is YAML, so the same front end reads it; locations point into the manifest.
    public static func loadEmbedded(_ manifest: SourceFile, defaultID: String, limits: SpecLimits = SpecLimits()) -> SpecLoadResult {
        let document = YAMLParser.parse(manifest, limits: limits.yaml)
        var diagnostics = document.diagnostics
        guard case .mapping(let entries, _)? = document.root,
              let spec = entries.first(where: { $0.key.value == "spec" })?.value else {
            if document.root != nil {
                diagnostics.append(.error(SpecDiagnostics.rootNotMapping, "`\(manifest.path)` is not a piec manifest: it has no `spec`",
                                          at: document.root.map { SourceRange.point($0.range.start) },
                                          notes: ["a bundle's manifest.json holds the canonical spec it was built from"]))
            }
            return SpecLoadResult(spec: nil, locations: SpecLocations(), diagnostics: diagnostics)
        }
        var lowering = Lowering(limits: limits, defaultID: defaultID)
        lowering.readsRecordedSpec = true
        let result = lowering.lower(spec)
        diagnostics += lowering.diagnostics
        return SpecLoadResult(spec: diagnostics.hasErrors ? nil : result, locations: lowering.locations, diagnostics: diagnostics)
    }
}
