import PieDiagnostics
import PieYAML

extension Lowering {
    /// `chart.other`: an empty mapping turns grouping on with its defaults (which group nothing).
    mutating func lowerOther(_ node: YAMLNode) -> OtherOptions? {
        let t = Keys.other
        guard let e = entries(node, table: t, path: "chart.other") else { return nil }
        var o = OtherOptions()
        if let v = e["maxSlices"], let x = integer(v.value, t.key("maxSlices")!, path: "chart.other.maxSlices") { o.maxSlices = x }
        if let v = e["minPercent"], let x = number(v.value, t.key("minPercent")!, path: "chart.other.minPercent") { o.minPercent = x }
        if let v = e["label"], let x = text(v.value, t.key("label")!, path: "chart.other.label") { o.label = x }
        if let v = e["color"], let c = color(v.value, path: "chart.other.color", opaque: true) { o.color = c }
        return o
    }

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
