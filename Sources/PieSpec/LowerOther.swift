import PieDiagnostics
import PieYAML

extension Lowering {
    /// With `chart.other` on, no user slice may take the grouped slice's id `other`.
    mutating func validateOtherID(_ spec: ChartSpec) {
        guard spec.chart.other != nil else { return }
        for (i, slice) in spec.slices.enumerated() where slice.id == OtherOptions.id {
            let here = locations.value("slices[\(i)].id") ?? locations.value("slices[\(i)].label") ?? locations.value("slices[\(i)]")
            error(SpecDiagnostics.reservedOtherID, "slice id `other` is taken by `chart.other`", at: here,
                  labels: locations.key("chart.other").map { [DiagnosticLabel(range: $0, message: "grouping turned on here")] } ?? [],
                  notes: ["the grouped slice has the id `other` (its colour and animation follow that id)"],
                  help: "give this slice another `id:`, e.g. `id: other-\(i + 1)`")
        }
    }
}
