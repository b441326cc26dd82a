@testable import PieCore
import PieDiagnostics
import PieJSON
import PieSpec
import Testing

/// `charts:` with a chart's own `data:` (its rows its slices, with the data transforms, errors
/// located in its file and at its key) and with `chart.other` (each chart its own Other, the
/// shared legend one Other row).
@Suite("Facet data and Other")
struct FacetDataTests {
    static let spec = """
        piec: 1
        id: f
        title: Orders
        chart: {size: 200}
        charts:
          - id: revenue
            title: Revenue
            data: {file: orders.csv, label: region, value: amount, aggregate: sum}
          - id: rail
            title: Rail
            slices:
              - {label: North, value: 1}
              - {label: Rail, value: 1}
          - id: count
            data: {file: counted.csv, label: region, aggregate: count}
        """
    static let orders = "region,amount\nNorth,1.5\nSouth,2\nNorth,0.5\n"
    static let counted = "region\nEast\nNorth\nEast\n"

    static func inputs(_ first: String = orders, _ third: String = counted) -> SpecInputs {
        var inputs = SpecInputs()
        inputs.facetData = [0: .file(SourceFile(path: "orders.csv", text: first)), 2: .file(SourceFile(path: "counted.csv", text: third))]
        return inputs
    }

    static func load(_ text: String = spec, _ inputs: SpecInputs = inputs()) -> SpecLoadResult {
        SpecLoader.load(SourceFile(path: "t.yaml", text: text), defaultID: "f", inputs: inputs)
    }

    @Test func eachChartsRowsAreItsSlicesWithTheTransforms() throws {
        let loaded = Self.load()
        let spec = try #require(loaded.spec, "\(loaded.diagnostics)")
        #expect(spec.charts[0].slices.map(\.id) == ["north", "south"])
        #expect(spec.charts[0].slices.map(\.value) == [2, 2])
        #expect(spec.charts[0].slices[0].description == "Sum of 2 rows")
        #expect(spec.charts[2].slices.map(\.id) == ["east", "north"])
        #expect(spec.charts[2].slices.map(\.value) == [2, 1])
        #expect(spec.charts[1].slices.map(\.id) == ["north", "rail"])
        // The canonical spec holds the slices read: a bundle's recorded spec needs no file.
        let text = String(decoding: spec.canonicalMemberText(), as: UTF8.self)
        let again = SpecLoader.loadEmbedded(SourceFile(path: "m.json", text: "{\"spec\":" + text + "}"), defaultID: "f")
        #expect(again.spec == spec, "\(again.diagnostics)")
        // North is one colour in the three charts; the tooltip says what a summed slice holds.
        let composed = FacetWriter.compose(spec, previous: nil)
        let north = composed.facets.map { c in c.chart.layout.slices.first { $0.id == "north" }!.color }
        #expect(Set(north).count == 1)
        let html = Fixture.text(FacetWriter.write(spec: spec, sourceBytes: [], previous: nil, svgOnly: false, warnings: []).bundle, "index.html")
        #expect(html.contains("Sum of 2 rows"))
    }

    @Test func aChartsDataFileAlphaIsDrawnAtThatChartsOwnOpacity() throws {
        // Rows of one alpha (0.5) in the first chart's file, 0.3 in the third's; the second opaque.
        let half = "region,amount,color\nNorth,1.5,#2563eb80\nSouth,2,#dc262680\n"
        let faint = "region,color\nEast,\"rgba(22, 163, 74, 0.3)\"\nWest,\"rgba(124, 58, 237, 0.3)\"\n"
        let text = Self.spec.replacingOccurrences(of: "value: amount, aggregate: sum}", with: "value: amount, color: color}")
            .replacingOccurrences(of: "aggregate: count}", with: "color: color, aggregate: count}")
            .replacingOccurrences(of: "{label: North, value: 1}", with: "{label: Up, value: 1}")
        let loaded = Self.load(text, Self.inputs(half, faint))
        let spec = try #require(loaded.spec, "\(loaded.diagnostics)")
        // The colours stay as written (the spec's `theme.opacity` is every chart's)...
        #expect(spec.theme.opacity == 1)
        #expect(spec.charts[0].slices.compactMap(\.color).map(\.a) == [128, 128])
        // ...and each chart is drawn at its own alpha, its colours made opaque.
        #expect(spec.facet(0).theme.opacity == 0.501961 && spec.facet(0).slices.allSatisfy { $0.color?.isOpaque == true })
        #expect(spec.facet(1).theme.opacity == 1)
        #expect(spec.facet(2).theme.opacity == 0.301961)
        let composed = FacetWriter.compose(spec, previous: nil)
        #expect(composed.facets.map(\.chart.plan.to.opacity) == [0.501961, 1, 0.301961])
        // The canonical spec keeps the alphas, so a bundle's recorded spec draws the same.
        let canonical = String(decoding: spec.canonicalMemberText(), as: UTF8.self)
        let again = SpecLoader.loadEmbedded(SourceFile(path: "m.json", text: "{\"spec\":" + canonical + "}"), defaultID: "f")
        #expect(again.spec == spec, "\(again.diagnostics)")
    }

    @Test func aFileWithoutRowsIsThatChartsEmptyState() throws {
        let spec = try #require(Self.load(Self.spec, Self.inputs("region,amount\n")).spec)
        #expect(spec.charts[0].slices.isEmpty)
        let composed = FacetWriter.compose(spec, previous: nil)
        #expect(composed.facets.map(\.chart.layout.isEmpty) == [true, false, false])
    }

    @Test func errorsInAChartsFileAreLocatedThereAndAtItsKey() throws {
        let loaded = Self.load(Self.spec, Self.inputs(Self.orders, "region\nEast\n\"x\n"))
        #expect(loaded.spec == nil)
        // The spec: one E0315 at the third chart's `data.file` (line 15, column 18).
        let e = try #require(loaded.diagnostics.first { $0.code.rawValue == "E0315" })
        #expect(e.range?.start.line == 15 && e.range?.start.column == 18, "\(e)")
        #expect(loaded.related.map(\.path) == ["counted.csv"])
        #expect(loaded.related.first?.diagnostics.first?.code.rawValue == "E0312")
        // A missing column is E0313 at the chart's key, with "did you mean".
        let column = Self.load(Self.spec.replacingOccurrences(of: "value: amount", with: "value: amont")).diagnostics
        #expect(column.map(\.code.rawValue) == ["E0313"])
        #expect(column.first?.range?.start.line == 8)
        #expect(column.first?.help?.contains("amount") == true)
        // Not read (no inputs): E0311 at each chart's `data.file`, nothing at the chart of slices.
        let unread = SpecLoader.load(SourceFile(path: "t.yaml", text: Self.spec), defaultID: "f").diagnostics
        #expect(unread.map(\.code.rawValue) == ["E0311", "E0311"])
        #expect(unread.map { $0.range?.start.line } == [8, 15])
    }

    @Test func referencesAreFoundByChartAndHashed() throws {
        let refs = SpecLoader.facetDataReferences(SourceFile(path: "t.yaml", text: Self.spec))
        #expect(refs.map(\.index) == [0, 2])
        #expect(refs.map(\.reference.path) == ["orders.csv", "counted.csv"])
        #expect(SpecLoader.facetDataReferences(SourceFile(path: "t.yaml", text: "piec: 1\ndata: {file: a.csv}\n")).isEmpty)
        // A change of a chart's file is a change of the manifest's specHash.
        let bytes = Array(Self.spec.utf8)
        #expect(Self.inputs().hashedBytes(spec: bytes) != Self.inputs(Self.orders, "region\nEast\n").hashedBytes(spec: bytes))
        #expect(Self.inputs().hashedBytes(spec: bytes) == Self.inputs().hashedBytes(spec: bytes))
    }

    static let other = """
        piec: 1
        id: o
        chart: {size: 200, other: {maxSlices: 3, label: Rest}}
        charts:
          - id: a
            slices:
              - {label: A, value: 40}
              - {label: B, value: 30}
              - {label: C, value: 20}
              - {label: D, value: 10}
          - id: b
            slices:
              - {label: D, value: 50}
              - {label: C, value: 30}
              - {label: A, value: 1}
              - {label: E, value: 1}
        """

    @Test func eachChartGroupsItsOwnSmallSlicesUnderOneLegendRow() throws {
        let spec = try Fixture.loaded(Self.other)
        let composed = FacetWriter.compose(spec, previous: nil)
        #expect(composed.facets[0].chart.layout.slices.map(\.id) == ["a", "b", "other"])
        #expect(composed.facets[1].chart.layout.slices.map(\.id) == ["d", "c", "other"])
        // One Other row, last, in `chart.other.color`; `e` (grouped in every chart) has none.
        #expect(composed.frame.slices.map(\.id) == ["a", "b", "d", "c", "other"])
        #expect(composed.frame.slices.last?.label == "Rest")
        let others = composed.facets.map { c in c.chart.layout.slices.first { $0.id == "other" }!.color }
        #expect(others == [OtherOptions.defaultColor, OtherOptions.defaultColor])
        #expect(composed.frame.slices.last?.color == OtherOptions.defaultColor)
        // Each chart's Other holds its own members.
        let members = composed.facets.map { $0.chart.layout.other?.members.map(\.id) ?? [] }
        #expect(members == [["c", "d"], ["a", "e"]])
    }

    /// With `chart.other`, Other's row of the shared legend is the last in every `legend.order`
    /// (the frame has no `chart.other` of its own, so `FacetWriter.legendOrder` puts it last):
    /// `reverse` once drew it first. `value` ranks by each id's sum over the charts (d 60, c 50,
    /// a 41, b 30), a grouped slice counting for its own id.
    @Test func othersRowIsLastInEveryOrderOfTheSharedLegend() throws {
        func rows(_ order: String) throws -> [String] {
            let spec = try Fixture.loaded(Self.other.replacingOccurrences(of: "charts:", with: "legend: {order: \(order)}\ncharts:"))
            let frame = FacetWriter.compose(spec, previous: nil).frame
            return frame.legend.items.compactMap { $0.slice.map { frame.slices[$0].id } }
        }
        try #expect(rows("slices") == ["a", "b", "d", "c", "other"])
        try #expect(rows("reverse") == ["c", "d", "b", "a", "other"])
        try #expect(rows("value") == ["d", "c", "a", "b", "other"])
        try #expect(rows("[c, b]") == ["c", "b", "a", "d", "other"])
    }

    @Test func eachChartsOtherAnimatesFromItsOwnPreviousVersion() throws {
        let new = try Fixture.loaded(Self.other)
        // Before, chart a had only three slices (no Other); chart b is unchanged.
        let old = try Fixture.loaded(Self.other.replacingOccurrences(of: "      - {label: D, value: 10}\n", with: ""))
        let composed = FacetWriter.compose(new, previous: old)
        let a = composed.facets[0].chart
        // C (20 of 90 before) and D (new) end as a's Other: 30 of 100.
        #expect(a.layout.slices.map(\.id) == ["a", "b", "other"])
        #expect(a.layout.other?.members.map(\.id) == ["c", "d"])
        #expect(a.changes?.isEmpty == false)
        #expect(composed.facets[1].chart.changes?.isEmpty == true)
        #expect(FacetChanges.between(old: old, new: new).facets.map(\.status) == [.changed, .unchanged])
    }
}
