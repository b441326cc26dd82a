import PieDiagnostics
import PieJSON
import PieSpec

/// `chart.grid` placed: circles about the pie's centre at values of the rose's radius scale
/// (`RoseGeometry.radius`: the same function the wedges' radii come from, so a circle at a
/// slice's value passes exactly through that wedge's rim), each with its tick label's text.
///
/// Tick labels give way (issue 40): taken from the outermost circle inwards, a tick label is
/// left out (its circle stays) where its box would come within `gap` px of a tick label kept
/// further out, of an outside label's text at rest or of an inside label's box at rest
/// (`InsideLabelBoxes`), or where a leader line drawn at rest passes through it (`LeaderClearance`).
public struct GridLayout: Sendable, Hashable {
    /// Font size of the tick labels, px.
    public static let fontSize = 10.0
    /// The labels sit just right of the 12 o'clock ray, just inside their circle (never past
    /// the rim): `labelX` right of it, their baseline `labelY` below the circle's top.
    public static let labelX = 3.0
    public static let labelY = 11.0
    /// px a tick label keeps off the other tick labels and the outside labels.
    public static let gap = 1.0

    public struct Circle: Sendable, Hashable {
        public var value: Double
        /// Px from the centre.
        public var radius: Double
        /// The tick label (`format`'s prefix, number in its locale, suffix); nil without labels.
        public var text: String?
    }
    public var circles: [Circle]
    /// The scale the radii come from, so a circle of the other version can be placed on it.
    public var largest: Double
    public var mode: RoseMode
    public var outer: Double
    public var inner: Double
    /// Whether the circles carry tick labels.
    public var labels: Bool

    /// Radius of a circle at `value` on this scale (beyond the largest value: the rim).
    public func radius(_ value: Double) -> Double {
        RoseGeometry.radius(value, largest: largest, mode: mode, outer: outer, inner: inner)
    }

    /// The box of a circle's tick label (pie coordinates, y down); nil without a text.
    static func tickBox(_ c: Circle) -> SectorBox? {
        guard let text = c.text else { return nil }
        let baseline = -c.radius + labelY, line = Substring(text)
        return SectorBox(minX: labelX, minY: baseline - TextLines.ascent(line, fontSize: fontSize),
                         maxX: labelX + TextMetrics.width(text, fontSize: fontSize),
                         maxY: baseline + TextLines.descent(line, fontSize: fontSize))
    }

    /// Leaves out the tick labels that would meet a tick label further out, one of `texts` (the
    /// outside labels' texts and the inside labels' boxes at rest) or one of `leaders`.
    mutating func giveWay(texts: [SectorBox], leaders: [OutsideLabels.Segment]) {
        var kept: [SectorBox] = []
        for k in circles.indices.sorted(by: { circles[$0].radius > circles[$1].radius }) {
            guard let box = GridLayout.tickBox(circles[k]) else { continue }
            if kept.contains(where: { $0.overlaps(box, by: GridLayout.gap) }) || texts.contains(where: { $0.overlaps(box, by: GridLayout.gap) })
                || LeaderClearance.crosses(leaders, box) {
                circles[k].text = nil
            } else {
                kept.append(box)
            }
        }
    }

    /// Values above the largest are left out (warning E0611); nil without a grid or values.
    /// `keepOff`: the outside labels' text boxes and the inside labels' boxes, and the drawn
    /// leaders, at rest, which the tick labels give way to.
    static func make(_ spec: ChartSpec, slices: [SliceLayout], outer: Double, inner: Double,
                     keepOff: () -> (texts: [SectorBox], leaders: [OutsideLabels.Segment]) = { ([], []) }) -> GridLayout? {
        guard let options = spec.chart.grid, spec.chart.rose != .none else { return nil }
        let largest = slices.map(\.value).max() ?? 0
        guard largest > 0 else { return nil }
        let values: [Double]
        switch options.circles {
        case .auto: values = niceValues(largest: largest)
        case .values(let v): values = v.filter { $0 <= largest * (1 + 1e-12) }
        }
        var grid = GridLayout(circles: [], largest: largest, mode: spec.chart.rose, outer: outer, inner: inner, labels: options.labels)
        let format = spec.format
        grid.circles = values.map { v in
            Circle(value: v, radius: grid.radius(v),
                   text: options.labels ? format.prefix + format.locale.format(plain: formatNumber(v, decimals: 6)) + format.suffix : nil)
        }
        if options.labels {
            let obstacles = keepOff()
            grid.giveWay(texts: obstacles.texts, leaders: obstacles.leaders)
        }
        return grid
    }

    /// Warning E0611 for each listed value above the largest slice value (after grouping
    /// into Other), which `make` leaves out.
    static func warnings(_ spec: ChartSpec, locations: SpecLocations) -> [Diagnostic] {
        guard spec.chart.rose != .none, case .values(let values)? = spec.chart.grid?.circles else { return [] }
        let largest = OtherGrouping.group(spec).spec.slices.map(\.value).max() ?? 0
        guard largest > 0 else { return [] }
        return values.filter { $0 > largest * (1 + 1e-12) }.map { v in
            .warning(CoreCodes.gridAboveLargest,
                     "grid value \(formatNumber(v, decimals: 6)) is above the largest value (\(formatNumber(largest, decimals: 6))): its circle is left out",
                     at: locations.value("chart.grid.circles"),
                     notes: ["the largest value reaches the outer radius; a circle above it would lie outside the chart"],
                     help: "remove \(formatNumber(v, decimals: 6)) from `circles`, or use `circles: auto`")
        }
    }

    /// Round values up to `largest`: multiples of the largest step among 1, 2 and 5 times a
    /// power of ten that gives at least 3 circles (so 3 to 7, as d3's and matplotlib's tick
    /// locators give); the largest value's rim itself only when it falls on a step.
    static func niceValues(largest: Double) -> [Double] {
        guard largest > 0, largest.isFinite else { return [] }
        var power = 1.0
        while power < largest { power *= 10 }
        while power >= largest { power /= 10 }
        // power < largest <= 10 * power: the step is below power, at most 10 times below.
        var (m, scale) = (1.0, power)
        search: for p in [power, power / 10, power / 100] {
            for x in [5.0, 2, 1] where (largest / (x * p) * (1 + 1e-12)).rounded(.down) >= 3 {
                (m, scale) = (x, p)
                break search
            }
        }
        // A power of ten below 1 divides (1 / scale is a whole number), so 0.1 * 3 is 0.3.
        let inverse = scale < 1 ? (1 / scale).rounded() : 1
        func value(_ k: Double) -> Double { scale < 1 ? m * k / inverse : m * k * scale }
        var values: [Double] = []
        var k = 1.0
        while value(k) <= largest * (1 + 1e-12) {
            values.append(value(k))
            k += 1
        }
        return values
    }
}
