import PieDiagnostics
import PieYAML

/// PLACEHOLDER (lead is writing it): YAML node tree -> ChartSpec with locations and diagnostics.
struct Lowering {
    let limits: SpecLimits
    let defaultID: String
    let fileEnd: SourceLocation
    var diagnostics: [Diagnostic] = []
    var locations = SpecLocations()

    init(limits: SpecLimits, defaultID: String, fileEnd: SourceLocation) {
        self.limits = limits
        self.defaultID = defaultID
        self.fileEnd = fileEnd
    }

    mutating func lower(_ root: YAMLNode) -> ChartSpec {
        ChartSpec(id: defaultID)
    }
}
