import PieDiagnostics

/// Catalog of PieCore's diagnostic codes (E0600-E0649) for `piec explain`. Layout and codegen
/// accept every checked spec; the only finding is about the previous version (`CoreCodes`).
public enum CoreDiagnostics {
    public static let catalog: [CodeInfo] = CoreCodes.catalog
}
