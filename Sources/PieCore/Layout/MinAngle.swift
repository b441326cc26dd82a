import PieDiagnostics
import PieSpec

/// `chart.minAngle`: every slice with a value above 0 is drawn at least `minAngle` degrees
/// wide; the others shrink in proportion to their values so the slices still fill the same
/// arc. Percentages and labels keep the true values. When the visible slices cannot all get
/// `minAngle` (`minAngle * count > arc`), every visible slice gets an equal share and
/// `piec` warns (E0602).
public enum MinAngle {
    /// Widths in degrees of slices with `values` sharing `arc` degrees, each visible one at
    /// least `minAngle` wide. O(n log n): the widened slices are always the smallest ones.
    public static func widths(_ values: [Double], arc: Double, minAngle: Double) -> [Double] {
        let sum = values.reduce(0, +)
        guard sum > 0, arc > 0 else { return values.map { _ in 0 } }
        let visible = values.indices.filter { values[$0] > 0 }
        if minAngle <= 0 { return values.map { arc * $0 / sum } }
        if minAngle * Double(visible.count) >= arc {
            let equal = arc / Double(visible.count)
            return values.map { $0 > 0 ? equal : 0 }
        }
        let ascending = visible.sorted { values[$0] != values[$1] ? values[$0] < values[$1] : $0 < $1 }
        var fixed = 0
        var restSum = sum
        // Widen the smallest slices until the next one is wide enough at the scaled-down rate.
        while fixed < ascending.count {
            let rest = arc - Double(fixed) * minAngle
            if values[ascending[fixed]] * rest / restSum >= minAngle { break }
            restSum -= values[ascending[fixed]]
            fixed += 1
        }
        let rest = arc - Double(fixed) * minAngle
        var widths = values.map { restSum > 0 ? rest * $0 / restSum : 0 }
        for i in ascending.prefix(fixed) { widths[i] = minAngle }
        return widths
    }

    /// The warning when `chart.minAngle` times the number of visible slices (after
    /// `chart.other`) exceeds the arc they share, else nil.
    public static func warning(_ spec: ChartSpec, locations: SpecLocations) -> Diagnostic? {
        let minAngle = spec.chart.minAngle
        guard minAngle > 0 else { return nil }
        let grouped = OtherGrouping.group(spec).spec
        let values = grouped.slices.map { max($0.value, 0) }
        let sum = values.reduce(0, +)
        let denominator = max(spec.chart.total ?? sum, sum)
        guard denominator > 0 else { return nil }
        let arc = Layout.sweep(spec.chart) * sum / denominator
        let count = values.filter { $0 > 0 }.count
        guard minAngle * Double(count) > arc + 1e-9 else { return nil }
        return .warning(CoreCodes.minAngleTooLarge,
                        "`chart.minAngle` of \(formatNumber(minAngle))° does not fit \(count) slices in \(formatNumber(arc))°",
                        at: locations.value("chart.minAngle"),
                        notes: ["every visible slice is drawn \(formatNumber(arc / Double(count)))° wide instead"],
                        help: "lower `minAngle` to at most \(formatNumber((arc / Double(count) * 1000).rounded(.down) / 1000)), or group small slices with `chart.other`")
    }
}
