import PieDiagnostics
import PieJSON
import PieYAML

/// `theme.shadow`: a drop shadow under the whole pie (and a chart's rings), drawn without SVG
/// filters so that every engine draws the same pixels: `feDropShadow` is ignored by librsvg
/// 2.54, Inkscape 1.2 and cairosvg; `feGaussianBlur` + `feOffset` is ignored by cairosvg and
/// drawn by librsvg, Inkscape and resvg each as its own approximation of a Gaussian (7 levels
/// of 255 apart under one edge, measured; docs/guide/colours-and-themes.md). The shadow
/// is one circle filled with a radial gradient (the pie's silhouette, an annulus for a donut,
/// with edges softened over `blur` px on each side), moved by `offset`. A gradient is drawn
/// alike by every renderer, so the shadow is exact everywhere. Under exploded slices the circle
/// is cut along the slices' edges and each exploded slice's sector moves with it (PieCore's
/// `ShadowWedge`); a silhouette that is not one circle or annulus otherwise (gaps, rounded
/// corners, a rose, slices of their own radius, a partial sweep, gaps between rings) is
/// refused (E0373), and so are exploded slices inside `chart.outline`, a circle that does not
/// move with them (E0376).
public struct ShadowOptions: Sendable, Hashable {
    /// Px on each side of the edge over which the shadow fades (0: a hard edge).
    public var blur: Double = ShadowOptions.defaultBlur
    /// `[x, y]`: px right and down (two numbers; a key table binds stored fields only).
    public var offset: [Double] = [0, ShadowOptions.defaultOffsetY]
    public var offsetX: Double { offset.count == 2 ? offset[0] : 0 }
    public var offsetY: Double { offset.count == 2 ? offset[1] : 0 }
    /// nil = black at 30% in the light look and 50% in the dark look; a written colour (its
    /// alpha included) is used in both looks.
    public var color: Color?
    public static let defaultBlur = 8.0
    public static let defaultOffsetY = 4.0
    public static let maxBlur = 40.0
    public static let maxOffset = 40.0
    public init(blur: Double = ShadowOptions.defaultBlur, offsetX: Double = 0, offsetY: Double = ShadowOptions.defaultOffsetY, color: Color? = nil) {
        self.blur = blur
        self.offset = [offsetX, offsetY]
        self.color = color
    }
}

/// Codes of `theme.shadow` (E0373, E0376).
public enum ShadowDiagnostics {
    public static let needsCircle = DiagnosticCode("E0373")
    public static let explodedInOutline = DiagnosticCode("E0376")
    public static let catalog: [CodeInfo] = [
        CodeInfo("E0373", "a shadow needs a pie that is one circle", """
            `theme.shadow` is drawn as one circle (an annulus for a donut) filled with a radial \
            gradient, because SVG blur filters are not drawn alike by the browsers and the \
            static renderers (cairosvg ignores them). So the pie's outline must be that circle \
            at every instant: `padAngle`, `cornerRadius`, a rose, slices of their own \
            `radius`, a partial sweep and `ringGap` give it another outline, which a whole-pie \
            shadow would not follow. Remove the shadow or that key. (Exploded slices are \
            followed: the circle is cut along their edges and each one's sector moves with it.)
            """),
        CodeInfo("E0376", "a shadow under exploded slices needs no outline", """
            Under exploded slices `theme.shadow` is the shadow's circle cut along the slices' \
            edges, each exploded slice's sector moved with it. `chart.outline` is a circle \
            that stays where the pie was, so the silhouette is that circle and the moved \
            slices, overlapping: a cut circle would leave the outline's shadow out where a \
            slice moved away, and two shadows laid over each other would be twice as dark. \
            Remove the shadow, the outline or the slice's `explode`.
            """),
    ]
}

extension Lowering {
    /// `theme.shadow.offset`: two numbers, right and down in px.
    mutating func shadowOffset(_ node: YAMLNode, _ key: KeySpec, path: String) -> [Double]? {
        guard case .sequence(let items, let range) = node, items.count == 2 else {
            error(SpecDiagnostics.wrongType, "`\(path)` must be two numbers, `[x, y]`", at: node.range,
                  help: "write e.g. `offset: [0, 4]` (px right and down)")
            return nil
        }
        _ = range
        let number = KeySpec.input("offset", .number(min: -ShadowOptions.maxOffset, max: ShadowOptions.maxOffset), "")
        let values = items.enumerated().compactMap { i, item in self.number(item, number, path: "\(path)[\(i)]") }
        return values.count == 2 ? values : nil
    }

    /// A shadow is drawn for a pie whose outline is one circle or annulus, cut along exploded
    /// slices (E0373), and not under exploded slices inside an outline (E0376).
    mutating func validateShadow(_ spec: ChartSpec) {
        guard spec.theme.shadow != nil else { return }
        let slices = spec.slices
        var causes: [(String, String)] = []
        if spec.chart.sweep < 360 { causes.append(("chart.sweep", "the sweep is partial here")) }
        if spec.chart.padAngle > 0 { causes.append(("chart.padAngle", "gaps between slices here")) }
        if spec.chart.cornerRadius > 0 { causes.append(("chart.cornerRadius", "rounded corners here")) }
        if spec.chart.rose != .none { causes.append(("chart.rose", "a rose here")) }
        if spec.chart.ringGap > 0 { causes.append(("chart.ringGap", "gaps between rings here")) }
        if let k = slices.firstIndex(where: { $0.radius != nil }) { causes.append(("slices[\(k)].radius", "a slice of its own radius here")) }
        if spec.chart.outline != nil, let k = slices.firstIndex(where: { ($0.explode ?? 0) > 0 }) {
            let outline = locations.key("chart.outline").map { DiagnosticLabel(range: $0, message: "a circle that does not move with it") }
            error(ShadowDiagnostics.explodedInOutline, "`theme.shadow` does not follow an exploded slice inside `chart.outline`",
                  at: locations.value("slices[\(k)].explode"), labels: [outline].compactMap { $0 },
                  notes: ["the outline stays where the pie was: its shadow and the moved slice's would overlap, twice as dark"],
                  help: "remove `shadow`, `chart.outline` or this `explode`")
        }
        guard let first = causes.first else { return }
        let labels = causes.compactMap { path, message in locations.value(path).map { DiagnosticLabel(range: $0, message: message) } }
        error(ShadowDiagnostics.needsCircle, "`theme.shadow` needs a pie whose outline is one circle: `\(first.0)` changes it",
              at: locations.key("theme.shadow"), labels: labels,
              notes: ["the shadow is one circle (an annulus for a donut), exact in every browser and static renderer; it does not follow moved or cut slices"],
              help: "remove `shadow`, or `\(first.0)`")
    }
}
