import PieDiagnostics

/// `chart.rose`: a polar area (rose) chart. Every slice gets the same angle and its radius
/// shows its value: `area` makes each wedge's area proportional to its value (the radius
/// grows with the square root), `radius` makes the radius linear in the value. `none` is an
/// ordinary pie or donut. The geometry is `RoseGeometry` (PieCore).
public enum RoseMode: String, Sendable, Hashable, CaseIterable { case none, area, radius }

extension Lowering {
    /// Keys whose meaning a rose replaces are errors, not silently ignored: in a rose the
    /// angles are equal (so `total` and `minAngle`, which set angles, have nothing to set) and
    /// the radii show the values (so a slice's own `radius` would contradict its value).
    mutating func validateRose(_ spec: ChartSpec) {
        guard spec.chart.rose != .none else { return }
        let rose = locations.key("chart.rose").map { [DiagnosticLabel(range: $0, message: "rose turned on here")] } ?? []
        if spec.chart.total != nil {
            error(SpecDiagnostics.notInRose, "`chart.total` does not apply to a rose chart", at: locations.value("chart.total"),
                  labels: rose, notes: ["in a rose every slice gets the same angle; the largest value reaches the outer radius"],
                  help: "remove `total`, or set `rose: none`")
        }
        if spec.chart.minAngle > 0 {
            error(SpecDiagnostics.notInRose, "`chart.minAngle` does not apply to a rose chart", at: locations.value("chart.minAngle"),
                  labels: rose, notes: ["in a rose every slice already gets the same angle"],
                  help: "remove `minAngle`, or set `rose: none`")
        }
        for (i, slice) in spec.slices.enumerated() where slice.radius != nil {
            error(SpecDiagnostics.notInRose, "a slice's `radius` does not apply to a rose chart", at: locations.value("slices[\(i)].radius"),
                  labels: rose, notes: ["in a rose the radius shows the slice's value"],
                  help: "remove this `radius`, or set `rose: none` to size slices by hand")
        }
    }
}
