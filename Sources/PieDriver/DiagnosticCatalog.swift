import PieCore
import PieDiagnostics
import PieSpec
import PieYAML

/// Every diagnostic code piec can emit, aggregated from each phase's catalog (for `piec explain`).
public enum DiagnosticCatalog {
    /// All catalog entries, sorted by code. Each phase owns its range of codes.
    public static var all: [CodeInfo] {
        let phases: [[CodeInfo]] = [
            YAMLDiagnostics.catalog,
            SpecDiagnostics.catalog,
            DataDiagnostics.catalog,
            DataGroupingDiagnostics.catalog,
            OutlineDiagnostics.catalog,
            ShadowDiagnostics.catalog,
            LabelBoxDiagnostics.catalog,
            GridDiagnostics.catalog,
            PaletteScaleDiagnostics.catalog,
            HatchDiagnostics.catalog,
            RingBandDiagnostics.catalog,
            SunburstDiagnostics.catalog,
            HoverCenterDiagnostics.catalog,
            LegendDiagnostics.catalog,
            FacetDiagnostics.catalog,
            DriverDiagnostics.catalog,
            RenderDiagnostics.catalog,
            CoreDiagnostics.catalog,
        ]
        return phases.flatMap { $0 }.sorted { $0.code < $1.code }
    }

    /// The entry for `code` (case-insensitive, surrounding whitespace ignored), or nil.
    public static func lookup(_ code: String) -> CodeInfo? {
        let wanted = normalize(code)
        return all.first { $0.code.rawValue == wanted }
    }

    /// Up to two known codes close to an unknown one, for "did you mean".
    public static func suggestions(for code: String) -> [String] {
        Suggestions.closest(to: normalize(code), among: all.map(\.code.rawValue), limit: 2)
    }

    static func normalize(_ code: String) -> String {
        var text = code.uppercased()
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
