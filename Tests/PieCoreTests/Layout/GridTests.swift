@testable import PieCore
import PieDiagnostics
import PieJSON
import PieSpec
import Testing

@Suite("chart.grid (rose polar grid)")
struct GridTests {
    static func rose(_ values: [Double], grid: GridOptions = GridOptions(), mode: RoseMode = .area) -> ChartSpec {
        var spec = Fixture.spec(values)
        spec.chart.rose = mode
        spec.chart.grid = grid
        return spec
    }

    static let nice: [(Double, [Double])] = [(52, [10, 20, 30, 40, 50]), (420, [100, 200, 300, 400]), (4, [1, 2, 3, 4]), (7, [2, 4, 6]),
                                             (14.9, [2, 4, 6, 8, 10, 12, 14]), (0.3, [0.1, 0.2, 0.3]), (2.9, [0.5, 1, 1.5, 2, 2.5])]

    @Test(arguments: nice)
    func autoValuesAreRoundSteps(_ largest: Double, _ values: [Double]) {
        #expect(GridLayout.niceValues(largest: largest) == values)
    }

    /// A circle at a slice's value passes through that wedge's rim: the same scale.
    @Test func circlesSitOnTheRoseScale() throws {
        for mode in [RoseMode.area, .radius, RoseMode(angles: .value, radius: .area)] {
            let layout = Layout.layout(Self.rose([40, 10, 20], grid: GridOptions(circles: .values([10, 20, 40])), mode: mode))
            let grid = try #require(layout.grid)
            #expect(grid.circles.map(\.radius) == [layout.slices[1].outerRadius, layout.slices[2].outerRadius, layout.slices[0].outerRadius])
            #expect(grid.circles.map(\.text) == ["10", "20", "40"])
        }
    }

    @Test func valuesAboveTheLargestAreLeftOutWithAWarning() throws {
        let layout = Layout.layout(Self.rose([30], grid: GridOptions(circles: .values([10, 50]))))
        #expect(layout.grid?.circles.map(\.value) == [10])
        let source = SourceFile(path: "g.yaml", text: "piec: 1\nchart: {rose: area, grid: {circles: [10, 50]}}\nslices:\n  - {label: A, value: 30}\n")
        let result = Compiler.compile(CompileRequest(source: source, defaultID: "g"))
        #expect(result.diagnostics.map(\.code.rawValue) == ["E0611"])
        #expect(result.diagnostics.first?.range?.start == SourceLocation(line: 2, column: 37))
    }

    @Test func labelsFollowTheFormatAndCanBeTurnedOff() throws {
        var spec = Self.rose([400], grid: GridOptions(circles: .values([1500 / 10])))
        spec.format.prefix = "$"
        #expect(Layout.layout(spec).grid?.circles.map(\.text) == ["$150"])
        let off = Layout.layout(Self.rose([400], grid: GridOptions(labels: false)))
        #expect(off.grid?.circles.allSatisfy { $0.text == nil } == true)
        #expect(!Fixture.svg(Self.rose([400], grid: GridOptions(labels: false))).contains("<g class=\"p-gl\""))
    }

    /// test_label_layout's corpus/gi000-before and gi001-before (`labelcorpus.gridded_inside_transitions`):
    /// every label inside, turned so labels stand on the 12 o'clock ray where the tick labels do.
    /// Before the tick labels gave way to inside labels at rest the label judge measured a tick
    /// label over an inside label in both (Chromium).
    static let gi000Before = """
        piec: 1
        id: gi000-before
        title: Anteile
        subtitle: FY 2026
        chart: {size: 240, startAngle: 30, direction: counterclockwise, rose: radius, grid: {circles: auto, labels: true}}
        labels: {content: '{label} ({percent})', position: inside, minPercent: 1}
        format: {decimals: 1, locale: fr-FR, suffix: ' GB'}
        legend: {position: right, values: percent}
        animation: {enter: none}
        slices:
        - {id: s0, label: "東京\\n大阪", value: 45}
        - {id: s1, label: "Cloud\\nstorage\\ncosts", value: 40}
        - {id: s2, label: "Cloud\\nstorage\\ncosts 2", value: 1.14}

        """

    static let gi001Before = """
        piec: 1
        id: gi001-before
        title: Spend by team
        subtitle: FY 2026
        chart: {size: 320, startAngle: 60, direction: counterclockwise, rose: area, grid: {circles: auto, labels: true}}
        labels: {content: '{label} ({percent})', position: inside, minPercent: 0}
        format: {decimals: 1, locale: ja-JP}
        legend: {position: right}
        animation: {enter: none}
        slices:
        - {id: s0, label: Øresund, value: 9.23}
        - {id: s1, label: Go, value: 30.2}
        - {id: s2, label: Internationalization, value: 4.51}
        - {id: s3, label: QA, value: 39.39}
        - {id: s4, label: ひらがな, value: 3.53}
        - {id: s5, label: "Code\\nreview", value: 20.19}
        - {id: s6, label: データベース, value: 38.11}
        - {id: s7, label: Électricité, value: 17.03}

        """

    /// The inside labels as the stage draws them at rest (`Stage.at` at the end, each by its
    /// box, `Stage.Grid.box(of:)`), and the tick labels the layout kept.
    static func restBoxes(_ spec: ChartSpec) -> (ticks: [(String, SectorBox)], inside: [(String, SectorBox)], hidden: [String]) {
        let compiled = Transition.between(old: nil, new: spec)
        let scene = Scene(layout: compiled.layout, plan: compiled.plan)
        let layout = compiled.layout, grid = layout.grid!
        let inside = scene.stage.at(compiled.plan.timeline.end).labels.filter { $0.opacity > 0 }
            .map { ($0.text, Stage.Grid.box(of: $0, fontSize: layout.fontSize)) }
        let ticks = grid.circles.compactMap { c in GridLayout.tickBox(c).map { (c.text!, $0) } }
        let all = Layout.layout(spec)
        #expect(all.grid?.circles.count == grid.circles.count)
        return (ticks, inside, grid.circles.filter { $0.text == nil }.map { formatNumber($0.value, decimals: 6) })
    }

    /// At rest a tick label gives way to the inside labels as drawn (`InsideLabelBoxes`), as
    /// to the outside labels: none comes within `GridLayout.gap` of one, and each tick label
    /// left out would have met an inside label or a tick label kept further out (no more hide
    /// than must). Without the inside labels in `keepOff` this fails: gi000-before's tick
    /// labels 20 GB and 30 GB and gi001-before's 20 stand under an inside label.
    @Test(arguments: [gi000Before, gi001Before])
    func tickLabelsGiveWayToInsideLabelsAtRest(_ yaml: String) throws {
        let spec = try Fixture.loaded(yaml)
        let (ticks, inside, hidden) = Self.restBoxes(spec)
        #expect(!inside.isEmpty && !ticks.isEmpty)
        for (tick, box) in ticks {
            for (text, label) in inside { #expect(!label.overlaps(box, by: GridLayout.gap), "tick \(tick) under inside label \(text)") }
        }
        #expect(!hidden.isEmpty, "some tick label gives way")
        let grid = try #require(Layout.layout(spec).grid)
        for c in grid.circles where c.text == nil {
            var shown = c
            shown.text = spec.format.prefix + spec.format.locale.format(plain: formatNumber(c.value, decimals: 6)) + spec.format.suffix
            let box = try #require(GridLayout.tickBox(shown))
            let further = ticks.filter { t in grid.circles.contains { $0.text == t.0 && $0.radius > c.radius } }
            #expect(inside.contains { $0.1.overlaps(box, by: GridLayout.gap) } || further.contains { $0.1.overlaps(box, by: GridLayout.gap) },
                    "tick \(c.value) left out for nothing")
        }
    }

    @Test func noGridWithoutARose() {
        var spec = Self.rose([4, 1])
        spec.chart.rose = .none
        #expect(Layout.layout(spec).grid == nil)
    }

    /// The circles are drawn under the wedges, the tick labels over them; at rest each has
    /// its final radius.
    @Test func circlesUnderTheWedgesLabelsOverThem() throws {
        let svg = Fixture.svg(Self.rose([40, 10], grid: GridOptions(circles: .values([10, 20]))))
        let grid = try #require(svg.range(of: "<g class=\"p-grid\""))
        let pie = try #require(svg.range(of: "<g class=\"p-pie\""))
        let labels = try #require(svg.range(of: "<g class=\"p-gl\""))
        #expect(grid.lowerBound < pie.lowerBound && pie.lowerBound < labels.lowerBound)
        #expect(svg.contains(">10</text>") && svg.contains(">20</text>"))
    }

    /// When the largest value changes, every circle moves with the scale (its `r` and its
    /// label's translate animate from the old scale's radius), and a value only one end has
    /// fades in or out on the moving scale.
    @Test func circlesMoveWithTheScale() throws {
        let old = Self.rose([40, 10], grid: GridOptions(circles: .values([10, 20, 40])))
        let new = Self.rose([80, 10], grid: GridOptions(circles: .values([10, 20, 40, 80])))
        let compiled = Transition.between(old: old, new: new)
        let plan = compiled.plan
        let pairs = GridPose.pairs(plan.from.grid, plan.to.grid)
        #expect(pairs.map(\.to.value) == [10, 20, 40, 80])
        let oldLayout = Layout.layout(old), newLayout = compiled.layout
        #expect(pairs[0].from.radius == oldLayout.grid!.circles[0].radius)
        #expect(pairs[0].to.radius == newLayout.grid!.circles[0].radius)
        #expect(pairs[0].from.radius > pairs[0].to.radius)
        #expect(pairs[3].from.opacity == 0 && pairs[3].to.opacity == 1)
        // At the old scale 80 is beyond the largest: the rim.
        #expect(pairs[3].from.radius == oldLayout.outerRadius)
        let css = String(decoding: StyleWriter.css(Scene(layout: newLayout, plan: plan)), as: UTF8.self)
        #expect(css.contains("-gc0{from{r:" + formatNumber(pairs[0].from.radius) + "px;opacity:1}}"))
        // The `translate` property from the start, composed with the final `transform` attribute.
        #expect(css.contains("-gt3{from{translate:0 " + formatNumber(pairs[3].to.radius - pairs[3].from.radius) + "px;opacity:0}}"))
        // Halfway, a frame's circle is between the two radii.
        let grid = try #require(Stage.Grid(plan))
        let e = grid.easing.value(at: 0.5)
        let half = grid.at(grid.window.start + grid.window.length / 2)
        #expect(abs(half[0].radius - (pairs[0].from.radius + (pairs[0].to.radius - pairs[0].from.radius) * e)) < 1e-9)
        // A frame's element reads the same track; at and after the window's end, the new ends.
        #expect(GridWriter.at(plan, t: grid.window.start + grid.window.length / 2)?.circles == half)
        #expect(GridWriter.at(plan, t: grid.window.end)?.circles == pairs.map(\.to))
    }
}
