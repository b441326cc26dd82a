import PieDiagnostics
import PieJSON
import PieYAML

/// `rings[].band: [inner, outer]`: a ring's own band, as fractions of the chart's outer
/// radius. Every ring has one or none does (then the bands are equal, `RingLayout.band`);
/// bands go inside out without overlapping, each outside the hole.
public enum RingBandDiagnostics {
    public static let outOfOrder = DiagnosticCode("E0331")
    public static let someBands = DiagnosticCode("E0332")
    public static let inHole = DiagnosticCode("E0333")
    public static let catalog: [CodeInfo] = [
        CodeInfo("E0331", "ring bands out of order or overlapping", """
            `rings[].band: [inner, outer]` gives a ring its radii as fractions of the chart's \
            outer radius. The inner radius must be below the outer one, and rings go inside \
            out: a ring's band starts at or beyond the outer edge of the band of the ring \
            before it. Two bands that overlap would draw one ring over the other. Reorder the \
            rings or change the bands.
            """),
        CodeInfo("E0332", "only some rings have a band", """
            Either every ring of a chart of rings gives its `band`, or none does (then the \
            rings share the space between the hole and the rim equally). A ring without a \
            band among rings with bands has no defined place. Give every ring a `band`, or \
            remove them all.
            """),
        CodeInfo("E0333", "a ring band inside the hole", """
            A ring's band starts inside the hole of the donut (`chart.innerRadius`), where \
            nothing is drawn. Start the band at the hole's radius or beyond, or lower \
            `innerRadius`.
            """),
    ]
}

extension Lowering {
    /// `rings[i].band`: exactly two numbers from 0 to 1 (their order is checked with the other
    /// rings', `validateRingBands`).
    mutating func ringBand(_ node: YAMLNode, path: String) -> [Double]? {
        guard case .sequence(let items, let range) = node, items.count == 2 else {
            error(SpecDiagnostics.wrongType, "`\(path)` must be a list of two numbers `[inner, outer]`, found \(node.kindDescription)",
                  at: node.range, help: "write e.g. `band: [0.4, 0.7]` (fractions of the radius, inside out)")
            return nil
        }
        _ = range
        let number = KeySpec.input("band", .number(min: 0, max: 1), "")
        let values = items.enumerated().compactMap { i, item in self.number(item, number, path: "\(path)[\(i)]") }
        return values.count == 2 ? values : nil
    }

    /// Every ring has a band or none does (E0332); each band's inner radius is below its
    /// outer one and at or beyond the previous band's outer one (E0331), and outside the hole
    /// (E0333).
    mutating func validateRingBands(_ spec: ChartSpec) {
        let given = spec.rings.indices.filter { spec.rings[$0].band != nil }
        guard !given.isEmpty else { return }
        if given.count != spec.rings.count {
            let missing = spec.rings.indices.first { spec.rings[$0].band == nil }!
            let first = locations.value("rings[\(given[0])].band")
            error(RingBandDiagnostics.someBands, "ring `\(spec.rings[missing].id)` has no `band`, but other rings have one",
                  at: locations.value("rings[\(missing)].id") ?? locations.value("rings[\(missing)].label"),
                  labels: first.map { [DiagnosticLabel(range: $0, message: "a band given here")] } ?? [],
                  notes: ["every ring has a band or none does (then the rings share the space equally)"],
                  help: "give this ring a `band: [inner, outer]`, or remove every ring's `band`")
            return
        }
        var previous: (Int, Double)?
        for (i, ring) in spec.rings.enumerated() {
            guard let band = ring.band else { continue }
            let here = locations.value("rings[\(i)].band")
            if band[0] >= band[1] {
                error(RingBandDiagnostics.outOfOrder,
                      "ring `\(ring.id)`'s band starts at \(formatNumber(band[0], decimals: 6)), not below its end \(formatNumber(band[1], decimals: 6))",
                      at: here, help: "write the inner radius first: `band: [\(formatNumber(min(band[0], band[1]), decimals: 6)), \(formatNumber(max(band[0], band[1]), decimals: 6))]`")
            } else if let (j, outer) = previous, band[0] < outer {
                let there = locations.value("rings[\(j)].band")
                error(RingBandDiagnostics.outOfOrder,
                      "ring `\(ring.id)`'s band starts at \(formatNumber(band[0], decimals: 6)), inside the band of ring `\(spec.rings[j].id)` (to \(formatNumber(outer, decimals: 6)))",
                      at: here, labels: there.map { [DiagnosticLabel(range: $0, message: "the ring inside ends here")] } ?? [],
                      notes: ["rings go inside out; two bands that overlap would draw one ring over the other"],
                      help: "start this band at \(formatNumber(outer, decimals: 6)) or beyond, or reorder the rings")
            } else if previous == nil, band[0] < spec.chart.innerRadius - 1e-12 {
                let hole = locations.value("chart.innerRadius").map { [DiagnosticLabel(range: $0, message: "the hole's radius")] } ?? []
                error(RingBandDiagnostics.inHole,
                      "ring `\(ring.id)`'s band starts at \(formatNumber(band[0], decimals: 6)), inside the hole (`chart.innerRadius: \(formatNumber(spec.chart.innerRadius, decimals: 6))`)",
                      at: here, labels: hole,
                      help: "start the band at \(formatNumber(spec.chart.innerRadius, decimals: 6)) or beyond, or lower `innerRadius`")
            }
            previous = (i, band[1])
        }
    }
}
