import PieDiagnostics
import PieJSON
import PieYAML

/// `chart.rose`: a polar area (rose) chart, whose radii show the values. `angles`: `equal`
/// gives every slice the same angle (Chart.js's polarArea, ECharts' `roseType: area`),
/// `value` keeps a pie's angles by value, so both angle and radius come from the data
/// (Vega-Lite's radial chart). `radius`: `area` makes each wedge's radial extent grow with the
/// square root of its value (with equal angles, the wedge's area is proportional to it),
/// `linear` makes it linear in the value. The words keep their meaning: `area` is equal angles
/// by area, `radius` equal angles, linear; `none` is an ordinary pie or donut (value angles,
/// no radius by value). The geometry is `RoseGeometry` (PieCore).
public struct RoseMode: Sendable, Hashable {
    public enum Angles: String, Sendable, Hashable, CaseIterable { case equal, value }
    /// `none`: not a rose (the radius does not show the value); never written in the mapping.
    public enum Radius: String, Sendable, Hashable, CaseIterable { case none, area, linear }
    public var angles: Angles
    public var radius: Radius
    public init(angles: Angles, radius: Radius) {
        self.angles = angles
        self.radius = radius
    }

    public static let none = RoseMode(angles: .value, radius: .none)
    public static let area = RoseMode(angles: .equal, radius: .area)
    public static let radius = RoseMode(angles: .equal, radius: .linear)

    /// The words `chart.rose` takes, in the schema's order.
    public static let words = ["none", "area", "radius"]
    /// The mapping's choices (`radius: none` is not one: a rose's radius shows its value).
    static let angleWords = Angles.allCases.map(\.rawValue)
    static let radiusWords = ["area", "linear"]

    /// Whether the slices get equal angles (a rose whose angles are not by value).
    public var equalAngles: Bool { radius != .none && angles == .equal }

    /// The canonical value: the word where one says it (so canonical specs written before the
    /// mapping existed stay byte-identical), else the mapping with both keys.
    var canonical: JSONValue {
        switch self {
        case .none: .string("none")
        case .area: .string("area")
        case .radius: .string("radius")
        default: .object([("angles", .string(angles.rawValue)), ("radius", .string(radius.rawValue))])
        }
    }
}

extension Lowering {
    /// `chart.rose`: one of `RoseMode.words`, or a mapping `{angles, radius}` (each key
    /// optional: `equal` and `area` by default).
    mutating func roseMode(_ node: YAMLNode, path: String) -> RoseMode? {
        guard case .mapping = node else {
            let words = RoseMode.words.map { "`\($0)`" }.joined(separator: ", ")
            guard let s = scalar(node, expected: "one of \(words) or a mapping `{angles, radius}`", path: path) else { return nil }
            switch s.value {
            case "none": return RoseMode.none
            case "area": return .area
            case "radius": return .radius
            default:
                error(SpecDiagnostics.badChoice, "`\(path)` must be one of \(words) or a mapping `{angles, radius}`, found `\(sanitized(s.value))`",
                      at: s.range, help: Suggestions.didYouMean(s.value, among: RoseMode.words) ?? "write e.g. `rose: {angles: value, radius: area}`")
                return nil
            }
        }
        guard let e = entries(node, table: Keys.rose, path: path) else { return nil }
        var mode = RoseMode.area
        var ok = true
        if let a = e["angles"] {
            if let x = choice(a.value, Keys.rose.key("angles")!, path: "\(path).angles") { mode.angles = RoseMode.Angles(rawValue: x)! } else { ok = false }
        }
        if let r = e["radius"] {
            if let x = choice(r.value, Keys.rose.key("radius")!, path: "\(path).radius") { mode.radius = RoseMode.Radius(rawValue: x)! } else { ok = false }
        }
        return ok ? mode : nil
    }

    /// Keys whose meaning a rose replaces are errors, not silently ignored: with equal angles
    /// `total` and `minAngle`, which set angles, have nothing to set (with `angles: value` they
    /// set them as in a pie); in any rose the radii show the values, so a slice's own `radius`
    /// would contradict its value.
    mutating func validateRose(_ spec: ChartSpec) {
        guard spec.chart.rose != .none else { return }
        let rose = locations.key("chart.rose").map { [DiagnosticLabel(range: $0, message: "rose turned on here")] } ?? []
        func help(_ key: String) -> String { "remove `\(key)`, or set `rose: {angles: value}` to keep the angles by value, or `rose: none`" }
        if spec.chart.rose.equalAngles, spec.chart.total != nil {
            error(SpecDiagnostics.notInRose, "`chart.total` does not apply to a rose chart with equal angles", at: locations.value("chart.total"),
                  labels: rose, notes: ["in a rose with equal angles every slice gets the same angle; the largest value reaches the outer radius"],
                  help: help("total"))
        }
        if spec.chart.rose.equalAngles, spec.chart.minAngle > 0 {
            error(SpecDiagnostics.notInRose, "`chart.minAngle` does not apply to a rose chart with equal angles", at: locations.value("chart.minAngle"),
                  labels: rose, notes: ["in a rose with equal angles every slice already gets the same angle"],
                  help: help("minAngle"))
        }
        for (i, slice) in spec.slices.enumerated() where slice.radius != nil {
            error(SpecDiagnostics.notInRose, "a slice's `radius` does not apply to a rose chart", at: locations.value("slices[\(i)].radius"),
                  labels: rose, notes: ["in a rose the radius shows the slice's value"],
                  help: "remove this `radius`, or set `rose: none` to size slices by hand")
        }
    }
}
