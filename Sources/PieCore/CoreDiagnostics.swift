import PieDiagnostics

/// Catalog of PieCore's diagnostic codes (E0600-E0649) for `piec explain`. Layout and codegen
/// accept every checked spec; their findings are warnings: about the previous version and
/// `minAngle` (`CoreCodes`), and labels left out (`LabelWarnings`).
public enum CoreDiagnostics {
    public static let catalog: [CodeInfo] = CoreCodes.catalog + LabelWarnings.catalog + KeptLabelWarnings.catalog + LabelColorWarnings.catalog + Sunburst.catalog + SliceAlphas.catalog
}
