import PieSpec

/// `chart.rose` (polar area): with equal angles every slice gets the same share of the sweep,
/// zero-valued ones included (as in Chart.js's polarArea and ECharts' `roseType: area`: a 0
/// keeps its place and draws nothing); with `angles: value` a slice keeps its pie angle
/// (Vega-Lite's radial chart). Either way its outer radius shows its value. The largest value reaches the chart's
/// outer radius; a value of 0 sits on the inner radius (a pie's centre: nothing drawn).
/// Percentages, the legend, tooltips and sentences keep the values' true shares.
enum RoseGeometry {
    /// Outer radius of a slice of `value` when the largest value is `largest`, in a ring from
    /// `inner` to `outer` (px). `area`: the wedge's area (the ring sector between `inner` and
    /// the radius) is proportional to the value at equal angles, r² - inner² ∝ value; `linear`: the radial
    /// extent r - inner is proportional to the value.
    static func radius(_ value: Double, largest: Double, mode: RoseMode, outer: Double, inner: Double) -> Double {
        guard largest > 0, value > 0 else { return inner }
        let f = min(value / largest, 1)
        switch mode.radius {
        case .none: return outer
        case .linear: return inner + (outer - inner) * f
        case .area: return (inner * inner + (outer * outer - inner * inner) * f).squareRoot()
        }
    }

    /// Chart angles of the k-th of `count` slices: equal parts of `sweep` from `first`, the
    /// last one ending exactly at the sweep's end.
    static func angles(_ k: Int, of count: Int, first: Double, sweep: Double) -> (start: Double, end: Double) {
        let n = Double(max(count, 1))
        let end = k == count - 1 ? first + sweep : first + sweep * Double(k + 1) / n
        return (first + sweep * Double(k) / n, end)
    }
}
