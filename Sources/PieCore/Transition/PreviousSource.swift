import PieDiagnostics
import PieSpec

/// The previous version of a spec, as the driver found it (`--from`, or the watcher's last
/// good build).
public enum PreviousSource: Sendable {
    /// Spec text (a spec file, or the spec's path at a git revision).
    case spec(SourceFile)
    /// A bundle's `manifest.json`, whose `spec` member is the canonical spec.
    case manifest(SourceFile)
    /// Spec text with the files it read then (its shared defaults and data file at that
    /// revision, or as the watcher last built it).
    case specWithInputs(SourceFile, SpecInputs)
    /// A canonical spec alone (a manifest's `spec` or `previous` member): already what
    /// `loadPrevious` reads back, so it is not read back again.
    case canonical(SourceFile)

    public var file: SourceFile {
        switch self {
        case .spec(let f), .manifest(let f), .specWithInputs(let f, _), .canonical(let f): f
        }
    }

    /// Loads the previous spec. Its errors are not the new spec's errors: the caller turns
    /// them into one warning and lets the chart enter.
    /// `limits` are the build's (`--max-slices`): a previous version is refused for its size
    /// only when the spec being built would be too.
    public func load(defaultID: String, limits: SpecLimits = SpecLimits()) -> SpecLoadResult {
        switch self {
        case .spec(let file): SpecLoader.load(file, defaultID: defaultID, limits: limits)
        case .manifest(let file): SpecLoader.loadEmbedded(file, defaultID: defaultID, limits: limits)
        case .specWithInputs(let file, let inputs): SpecLoader.load(file, defaultID: defaultID, inputs: inputs, limits: limits)
        case .canonical(let file): SpecLoader.load(file, defaultID: defaultID, limits: limits)
        }
    }

    /// The previous version of `spec` as the bundle records it and animates from: loaded, then
    /// read back from its canonical spec, so that building from the manifest's `previous` gives
    /// the same bytes (canonical numbers have 9 decimals; a spec read from YAML may have more).
    /// When it has errors: no previous version (the chart enters) and one E0601 warning.
    public func loadPrevious(for spec: ChartSpec, limits: SpecLimits = SpecLimits()) -> (spec: ChartSpec?, diagnostics: [Diagnostic]) {
        let old = load(defaultID: spec.id, limits: limits)
        guard let oldSpec = old.spec, !old.diagnostics.hasErrors else {
            let first = old.diagnostics.first { $0.severity == .error }
            let position = first?.range.map { ":\($0.start)" } ?? ""
            return (nil, [.warning(CoreCodes.brokenPrevious, "the previous version has errors; the chart enters instead",
                                   at: nil, notes: first.map { ["\(file.path)\(position): \($0.message)"] } ?? [])])
        }
        if case .canonical = self { return (oldSpec, []) }
        return (Self.canonicalized(oldSpec, limits: limits), [])
    }

    /// `spec` as its canonical spec reads back: a fixed point (its canonical spec is unchanged).
    public static func canonicalized(_ spec: ChartSpec, limits: SpecLimits = SpecLimits()) -> ChartSpec {
        let text = SourceFile(path: "canonical", bytes: spec.canonicalMemberText())
        return SpecLoader.load(text, defaultID: spec.id, limits: limits).spec ?? spec
    }
}
