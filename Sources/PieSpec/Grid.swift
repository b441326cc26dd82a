import PieDiagnostics
import PieJSON
import PieYAML

/// `chart.grid`: the polar grid of a rose chart (matplotlib's polar axes, Chart.js's polarArea
/// scale): circles at values of the radius scale, with a tick label each, drawn under the
/// wedges. The circles move with the scale between versions (`GridLayout`, PieCore).
public struct GridOptions: Sendable, Hashable {
    /// Where the circles go.
    public enum Circles: Sendable, Hashable {
        /// Nice round values (1, 2 or 5 times a power of ten apart) up to the largest value.
        case auto
        /// These values, ascending, each above 0.
        case values([Double])
    }
    public var circles: Circles = .auto
    /// A tick label (the value, with `format`'s prefix, suffix and locale) on each circle.
    public var labels = true
    public init(circles: Circles = .auto, labels: Bool = true) {
        self.circles = circles
        self.labels = labels
    }

    static func canonical(_ circles: Circles) -> JSONValue {
        switch circles {
        case .auto: .string("auto")
        case .values(let v): .array(v.map { .number($0, decimals: 6) })
        }
    }
}

/// Codes of `chart.grid` (E0390-E0394; warning E0611 in PieCore).
public enum GridDiagnostics {
    public static let needsRose = DiagnosticCode("E0390")
    public static let needsCircle = DiagnosticCode("E0391")
    public static let listedTwice = DiagnosticCode("E0392")
    public static let catalog: [CodeInfo] = [
        CodeInfo("E0390", "a grid needs a rose chart", """
            `chart.grid` draws circles at values of a rose's radius scale. An ordinary pie or \
            donut (`chart.rose: none`) has no radius scale: every slice reaches the outer \
            radius. Set `chart.rose` (e.g. `area`), or remove `grid`.
            """),
        CodeInfo("E0391", "a grid needs a full circle", """
            `chart.grid` draws whole circles. A partial sweep (`chart.sweep` below 360) has no \
            whole circle, and arcs of the sweep alone are not drawn: set `sweep: 360` or \
            remove `grid`.
            """),
        CodeInfo("E0392", "a grid value listed twice", """
            Each value of `chart.grid.circles` draws one circle. A value listed twice would \
            draw the same circle twice: list it once.
            """),
    ]
}

extension Lowering {
    /// `chart.grid.circles`: `auto` or a non-empty list of numbers above 0 (kept ascending;
    /// a value listed twice is E0392).
    mutating func gridCircles(_ node: YAMLNode, _ key: KeySpec, path: String) -> GridOptions.Circles? {
        let number = KeySpec.input("circles", .number(min: 0, max: 1e15, exclusiveMin: true), "")
        if case .sequence(let items, let range) = node {
            guard !items.isEmpty else {
                error(SpecDiagnostics.wrongType, "`\(path)` must list at least one value", at: range,
                      help: "write e.g. `circles: [10, 20, 50]`, or `auto`")
                return nil
            }
            var values: [Double] = []
            for (i, item) in items.enumerated() {
                guard let x = self.number(item, number, path: "\(path)[\(i)]") else { continue }
                if let first = values.firstIndex(of: x) {
                    error(GridDiagnostics.listedTwice, "grid value \(formatNumber(x, decimals: 6)) is listed twice", at: item.range,
                          labels: [DiagnosticLabel(range: items[first].range, message: "first listed here")],
                          help: "remove one of them")
                }
                values.append(x)
            }
            guard values.count == items.count, Set(values).count == values.count else { return nil }
            return .values(values.sorted())
        }
        guard let s = scalar(node, expected: "`auto` or a list of values", path: path) else { return nil }
        guard s.value == "auto" else {
            error(SpecDiagnostics.badChoice, "`\(path)` must be `auto` or a list of values, found `\(sanitized(s.value))`", at: s.range,
                  help: "write `circles: auto`, or list the values: `circles: [\(sanitized(s.value))]`")
            return nil
        }
        return .auto
    }

    /// A grid needs a rose (E0390) and a full circle (E0391).
    mutating func validateGrid(_ spec: ChartSpec) {
        guard spec.chart.grid != nil else { return }
        if spec.chart.rose == .none {
            let rose = locations.value("chart.rose").map { [DiagnosticLabel(range: $0, message: "not a rose here")] } ?? []
            error(GridDiagnostics.needsRose, "`chart.grid` needs a rose chart: `rose` is `none`", at: locations.key("chart.grid"), labels: rose,
                  notes: ["the grid's circles mark values of the radius scale; in a pie every slice reaches the outer radius"],
                  help: "set `chart.rose` (e.g. `area`), or remove `grid`")
        } else if spec.chart.sweep < 360 {
            let sweep = locations.value("chart.sweep").map { [DiagnosticLabel(range: $0, message: "the sweep is partial here")] } ?? []
            error(GridDiagnostics.needsCircle, "`chart.grid` needs a full circle: `sweep` is \(formatNumber(spec.chart.sweep))",
                  at: locations.key("chart.grid"), labels: sweep, help: "set `chart.sweep: 360`, or remove `grid`")
        }
    }
}
