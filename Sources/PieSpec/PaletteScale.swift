import PieDiagnostics
import PieJSON
import PieYAML

/// `theme.palette: {scale, by, domain, reverse}`: colours read from a sequential scale, by each
/// slice's value (Vega-Lite's quantitative colour, ECharts' `visualMap`) or by its place in
/// order, instead of one colour per id. A slice's colour follows its value, so it changes (and
/// blends) between versions when the value does; a slice's own `color` still wins.
public struct PaletteScale: Sendable, Hashable {
    /// What places a slice on the scale.
    public enum By: String, Sendable, Hashable, CaseIterable {
        /// The slice's value within `domain` (by default the smallest to the largest value).
        case value
        /// The slice's place in the spec's order: the first slice at the start, the last at the end.
        case order
    }
    public var name: String
    public var by: By = .value
    /// The values at the scale's two ends (`nil`: the slices' smallest and largest value).
    public var domain: ClosedRange<Double>?
    /// Read the scale from its end to its start.
    public var reverse = false

    public init(name: String, by: By = .value, domain: ClosedRange<Double>? = nil, reverse: Bool = false) {
        self.name = name
        self.by = by
        self.domain = domain
        self.reverse = reverse
    }

    /// The scales, each as evenly spaced stops interpolated in sRGB. viridis, magma and plasma
    /// are matplotlib's colour maps sampled at 0, 0.1, ..., 1 (as d3-scale-chromatic publishes
    /// them); the others are ColorBrewer's nine-class sequential schemes without their two
    /// lightest classes (#f7fbff and #deebf7 in blues), which vanish on a white background.
    public static let scales: [(name: String, stops: [Color])] = [
        ("viridis", Palettes.hexes("#440154 #482475 #414487 #355f8d #2a788e #21918c #22a884 #44bf70 #7ad151 #bddf26 #fde725")),
        ("magma", Palettes.hexes("#000004 #150e38 #3b0f70 #651a80 #8c2981 #b73779 #de4968 #f7705c #fe9f6d #fecf92 #fcfdbf")),
        ("plasma", Palettes.hexes("#0d0887 #43039e #6a00a8 #910ea3 #b12a90 #cc4778 #e16462 #f2844b #fca636 #fcce25 #f0f921")),
        ("blues", Palettes.hexes("#c6dbef #9ecae1 #6baed6 #4292c6 #2171b5 #08519c #08306b")),
        ("greens", Palettes.hexes("#c7e9c0 #a1d99b #74c476 #41ab5d #238b45 #006d2c #00441b")),
        ("greys", Palettes.hexes("#d9d9d9 #bdbdbd #969696 #737373 #525252 #252525 #000000")),
        ("oranges", Palettes.hexes("#fdd0a2 #fdae6b #fd8d3c #f16913 #d94801 #a63603 #7f2704")),
        ("reds", Palettes.hexes("#fcbba1 #fc9272 #fb6a4a #ef3b2c #cb181d #a50f15 #67000d")),
        ("purples", Palettes.hexes("#dadaeb #bcbddc #9e9ac8 #807dba #6a51a3 #54278f #3f007d")),
    ]
    public static var names: [String] { scales.map(\.name) }

    /// The colour of scale `name` at `t` in 0...1 (clamped): the two stops around `t` mixed
    /// linearly per channel, rounded to the nearest byte.
    public static func color(_ name: String, at t: Double) -> Color {
        let stops = scales.first { $0.name == name }?.stops ?? scales[0].stops
        let x = min(max(t.isFinite ? t : 0, 0), 1) * Double(stops.count - 1)
        let k = min(Int(x), stops.count - 2)
        return Color.mix(stops[k], stops[k + 1], x - Double(k))
    }

    /// Each slice's colour, slices given by their values in order.
    public func colors(values: [Double]) -> [Color] {
        let n = values.count
        return values.indices.map { i in
            var t: Double
            switch by {
            case .order:
                t = n > 1 ? Double(i) / Double(n - 1) : 0.5
            case .value:
                let lo = domain?.lowerBound ?? values.min() ?? 0
                let hi = domain?.upperBound ?? values.max() ?? 0
                t = hi > lo ? (values[i] - lo) / (hi - lo) : 0.5
            }
            if reverse { t = 1 - t }
            return Self.color(name, at: t)
        }
    }

    /// The canonical mapping, every key written.
    var canonical: JSONValue {
        .object([
            ("scale", .string(name)),
            ("by", .string(by.rawValue)),
            ("domain", domain.map { .array([.number($0.lowerBound, decimals: 6), .number($0.upperBound, decimals: 6)]) } ?? .null),
            ("reverse", .bool(reverse)),
        ])
    }
}

/// Codes of `theme.palette`'s scale (E0381-E0382).
public enum PaletteScaleDiagnostics {
    public static let badDomain = DiagnosticCode("E0381")
    public static let valueScaleOnRings = DiagnosticCode("E0382")
    public static let catalog: [CodeInfo] = [
        CodeInfo("E0381", "a scale's domain is two values, low then high", """
            `theme.palette.domain` names the values at the two ends of the scale: a list of \
            exactly two numbers, the first below the second, e.g. `domain: [0, 100]`. Leave it \
            out to use the slices' smallest and largest value.
            """),
        CodeInfo("E0382", "a scale by value needs one value per slice id", """
            In a chart of rings a slice id is one category with one colour in every ring, but it \
            may have a different value in each ring, so a colour by value is not one colour. \
            Use `by: order` (the ids' order), or a named palette.
            """),
    ]
}

extension Lowering {
    /// `theme.palette` written as a mapping (`Keys.paletteScale`): `scale` required.
    mutating func paletteScale(_ node: YAMLNode, path: String) -> PaletteScale? {
        let table = Keys.paletteScale
        guard let e = entries(node, table: table, path: path) else { return nil }
        guard let s = e["scale"] else { return nil } // missing: reported by `entries`
        guard let name = choice(s.value, table.key("scale")!, path: "\(path).scale") else { return nil }
        var scale = PaletteScale(name: name)
        var ok = true
        if let b = e["by"] {
            if let x = choice(b.value, table.key("by")!, path: "\(path).by") { scale.by = PaletteScale.By(rawValue: x)! } else { ok = false }
        }
        if let r = e["reverse"] {
            if let x = boolean(r.value, path: "\(path).reverse") { scale.reverse = x } else { ok = false }
        }
        if let d = e["domain"] {
            if let range = scaleDomain(d.value, path: "\(path).domain") { scale.domain = range } else { ok = false }
        }
        return ok ? scale : nil
    }

    /// `domain: [low, high]`, low below high (E0381).
    private mutating func scaleDomain(_ node: YAMLNode, path: String) -> ClosedRange<Double>? {
        let number = KeySpec.input("domain", .number(min: -1e15, max: 1e15), "")
        guard case .sequence(let items, let range) = node, items.count == 2 else {
            error(PaletteScaleDiagnostics.badDomain, "`\(path)` must list two values, low then high", at: node.range,
                  help: "write e.g. `domain: [0, 100]`, or leave it out for the slices' smallest and largest value")
            return nil
        }
        guard let lo = self.number(items[0], number, path: "\(path)[0]"),
              let hi = self.number(items[1], number, path: "\(path)[1]") else { return nil }
        guard lo < hi else {
            error(PaletteScaleDiagnostics.badDomain, "`\(path)` must go from low to high, found \(formatNumber(lo, decimals: 6)) then \(formatNumber(hi, decimals: 6))",
                  at: range, help: "write the smaller value first: `[\(formatNumber(min(lo, hi), decimals: 6)), \(formatNumber(max(lo, hi), decimals: 6))]`")
            return nil
        }
        return lo...hi
    }

    /// A scale by value on a chart of rings is E0382: an id has a value in each ring.
    mutating func validatePaletteScale(_ spec: ChartSpec) {
        guard case .scale(let scale) = spec.theme.palette, scale.by == .value, !spec.rings.isEmpty else { return }
        let by = locations.value("theme.palette.by").map { [DiagnosticLabel(range: $0, message: "by value here")] } ?? []
        error(PaletteScaleDiagnostics.valueScaleOnRings, "a palette scale by value needs one value per slice id: this chart has rings",
              at: locations.key("theme.palette"), labels: by,
              notes: ["a slice id has one colour in every ring, and may have a different value in each"],
              help: "write `by: order` (the ids in order along the scale), or use a named palette")
    }
}
