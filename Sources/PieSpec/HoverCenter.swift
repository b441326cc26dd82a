import PieDiagnostics

/// Codes of `chart.hoverCenter` (E0370-E0374).
public enum HoverCenterDiagnostics {
    public static let needsHole = DiagnosticCode("E0370")
    public static let catalog: [CodeInfo] = [
        CodeInfo("E0370", "a hover centre text needs a donut", """
            `chart.hoverCenter` is drawn in the hole of a donut while a slice is hovered or \
            focused in index.html. A pie (`innerRadius: 0`) has no hole to show it in: set \
            `chart.innerRadius` above 0 or remove `hoverCenter`.
            """),
    ]
}

extension Lowering {
    /// A hover centre text needs a hole, as `chart.center` does (E0370).
    mutating func validateHoverCenter(_ spec: ChartSpec) {
        guard spec.chart.hoverCenter != nil, spec.chart.innerRadius <= 0 else { return }
        let pie = locations.value("chart.innerRadius").map { [DiagnosticLabel(range: $0, message: "no hole here")] } ?? []
        error(HoverCenterDiagnostics.needsHole, "`chart.hoverCenter` needs a donut: `innerRadius` is 0",
              at: locations.value("chart.hoverCenter"), labels: pie,
              help: "set `chart.innerRadius` (e.g. 0.6), or remove `hoverCenter`")
    }
}
