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

    public var file: SourceFile {
        switch self {
        case .spec(let f), .manifest(let f), .specWithInputs(let f, _): f
        }
    }

    /// Loads the previous spec. Its errors are not the new spec's errors: the caller turns
    /// them into one warning and lets the chart enter.
    public func load(defaultID: String) -> SpecLoadResult {
        switch self {
        case .spec(let file): SpecLoader.load(file, defaultID: defaultID)
        case .manifest(let file): SpecLoader.loadEmbedded(file, defaultID: defaultID)
        case .specWithInputs(let file, let inputs): SpecLoader.load(file, defaultID: defaultID, inputs: inputs)
        }
    }
}
