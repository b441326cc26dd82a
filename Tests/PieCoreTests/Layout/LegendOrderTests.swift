import PieDiagnostics
import PieSpec
import Testing
@testable import PieCore

/// `legend.order` (LegendRows) and one row per id in a chart of rings (issue 41).
@Suite("Legend order")
struct LegendOrderTests {
    static func load(_ yaml: String) throws -> ChartSpec {
        let r = SpecLoader.load(SourceFile(path: "t.yaml", text: yaml), defaultID: "t")
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        return try #require(r.spec)
    }

    /// The labels of the legend's rows, top to bottom.
    static func rows(_ spec: ChartSpec) -> [String] { Layout.layout(spec).legend.items.map(\.label) }

    static func pie(_ values: [Double], order: LegendOrder) -> ChartSpec {
        var spec = Fixture.spec(values, labels: values.indices.map { "L\($0)" })
        spec.legend.order = order
        return spec
    }

    @Test func slicesIsTheDrawingOrderAfterSort() {
        var spec = Self.pie([1, 3, 2], order: .slices)
        #expect(Self.rows(spec) == ["L0", "L1", "L2"])
        spec.chart.sort = .descending
        #expect(Self.rows(spec) == ["L1", "L2", "L0"], "today's order: the slices as drawn")
    }

    @Test func valueIsLargestFirstWithTiesInSliceOrder() {
        #expect(Self.rows(Self.pie([1, 3, 2, 3], order: .value)) == ["L1", "L3", "L2", "L0"])
        // The slices themselves keep their order.
        let layout = Layout.layout(Self.pie([1, 3, 2, 3], order: .value))
        #expect(layout.slices.map(\.label) == ["L0", "L1", "L2", "L3"])
        #expect(layout.legend.items.map(\.slice) == [1, 3, 2, 0])
    }

    @Test func reverseIsTheSlicesBackwards() {
        var spec = Self.pie([1, 3, 2], order: .reverse)
        #expect(Self.rows(spec) == ["L2", "L1", "L0"])
        spec.chart.sort = .ascending
        #expect(Self.rows(spec) == ["L1", "L2", "L0"])
    }

    @Test func listedIDsComeFirstInTheirOrderTheOthersAfterInSliceOrder() {
        #expect(Self.rows(Self.pie([1, 1, 1, 1], order: .ids(["s2", "s0"]))) == ["L2", "L0", "L1", "L3"])
        #expect(Self.rows(Self.pie([1, 1, 1], order: .ids(["s1", "s2", "s0"]))) == ["L1", "L2", "L0"])
    }

    @Test func otherIsTheLastRowInEveryOrder() throws {
        let base = """
            piec: 1
            chart: {other: {minPercent: 10, label: Rest}}
            legend: {order: ORDER}
            slices:
              - {id: a, label: A, value: 5}
              - {id: b, label: B, value: 30}
              - {id: c, label: C, value: 4}
              - {id: d, label: D, value: 61}

            """
        let expected = ["value": ["D", "B", "Rest"], "reverse": ["D", "B", "Rest"], "slices": ["B", "D", "Rest"], "[d, b]": ["D", "B", "Rest"]]
        for (order, rows) in expected {
            let spec = try Self.load(base.replacingOccurrences(of: "ORDER", with: order))
            #expect(Self.rows(spec) == rows, "order \(order)")
        }
        // Other (9) is larger than B (8): by value it would come second, but it is last.
        let spec = try Self.load(base.replacingOccurrences(of: "ORDER", with: "value").replacingOccurrences(of: "value: 30", with: "value: 8"))
        #expect(Self.rows(spec) == ["D", "B", "Rest"])
    }

    static let rings = """
        piec: 1
        legend: {order: ORDER}
        rings:
          - id: in
            label: INNER
            slices:
              - {id: a, label: A, value: 3}
              - {id: b, label: B, value: 1}
          - id: out
            label: OUTER
            slices:
              - {id: a, label: A, value: 1}
              - {id: c, label: C, value: 2}
              - {id: b, label: B, value: 1}

        """

    static func ringSpec(order: String = "slices", labels: (String, String) = ("\"\"", "\"\"")) throws -> ChartSpec {
        try load(rings.replacingOccurrences(of: "ORDER", with: order)
            .replacingOccurrences(of: "INNER", with: labels.0).replacingOccurrences(of: "OUTER", with: labels.1))
    }

    @Test func ringsWithEmptyLabelsListOneRowPerID() throws {
        let layout = Layout.layout(try Self.ringSpec())
        #expect(layout.legend.items.map(\.label) == ["A", "B", "C"], "one row per id, not A B A C B")
        #expect(layout.legend.items.map(\.slice) == [0, 1, 3])
        #expect(layout.legend.items.map(\.also) == [[2], [4], []])
        // The row shows each ring's percentage, inside out.
        #expect(layout.legend.items.map(\.percent) == ["75.0% / 25.0%", "25.0% / 25.0%", "50.0%"])
    }

    @Test func ringLabelsKeepARowPerRing() throws {
        #expect(Self.rows(try Self.ringSpec(labels: ("In", "Out"))) == ["In: A", "In: B", "Out: A", "Out: C", "Out: B"])
        // The same label in both rings: the rows would read the same, so they are one.
        #expect(Self.rows(try Self.ringSpec(labels: ("R", "R"))) == ["R: A", "R: B", "R: C"])
    }

    @Test func theSameIDInAnotherColourKeepsItsOwnRow() throws {
        let yaml = Self.rings.replacingOccurrences(of: "ORDER", with: "slices")
            .replacingOccurrences(of: "INNER", with: "\"\"").replacingOccurrences(of: "OUTER", with: "\"\"")
            .replacingOccurrences(of: "{id: c, label: C, value: 2}\n      - {id: b, label: B, value: 1}",
                                  with: "{id: c, label: C, value: 2}\n      - {id: b, label: B, value: 1, color: \"#ff0000\"}")
        let layout = Layout.layout(try Self.load(yaml))
        #expect(layout.legend.items.map(\.label) == ["A", "B", "C", "B"])
        #expect(layout.legend.items.map(\.also) == [[2], [], [], []])
    }

    @Test func ringOrders() throws {
        // Outer ring first; a row of both rings at its outer slice's place, outer percentage first.
        let reverse = Layout.layout(try Self.ringSpec(order: "reverse"))
        #expect(reverse.legend.items.map(\.label) == ["A", "C", "B"])
        #expect(reverse.legend.items.map(\.percent) == ["25.0% / 75.0%", "50.0%", "25.0% / 25.0%"])
        #expect(Self.rows(try Self.ringSpec(order: "value")) == ["A", "B", "C"], "A 4, B 2 (1 + 1), C 2 (tie: slice order)")
        #expect(Self.rows(try Self.ringSpec(order: "[c, b]")) == ["C", "B", "A"])
        #expect(Self.rows(try Self.ringSpec(order: "reverse", labels: ("In", "Out"))) == ["Out: A", "Out: C", "Out: B", "In: A", "In: B"])
    }

    /// index.html: a row of several slices lifts each of them and names them all; only the
    /// first's tooltip shows (two would cover each other).
    @Test func aRowOfSeveralSlicesPointsAtEachOfThem() throws {
        let bundle = Compiler.compile(spec: try Self.ringSpec(), sourceBytes: Array("piec: 1\n".utf8))
        let html = String(decoding: try #require(bundle.files.first { $0.name == "index.html" }).bytes, as: UTF8.self)
        #expect(html.contains("<g class=\"p-li p-li0 p-li2\" tabindex=\"0\" role=\"img\" aria-label=\"A: 3 (75.0%); A: 1 (25.0%)\">"))
        #expect(html.contains(":has(.p-li2:hover,.p-li2:focus) .p-s2{opacity:1"))
        #expect(!html.contains(":has(.p-li2:hover,.p-li2:focus) .p-t2{visibility:visible}"))
        #expect(html.contains(":has(.p-li0:hover,.p-li0:focus) .p-t0{visibility:visible}"))
    }

    @Test func eachPercentageRoundedOnItsOwnEverywhere() throws {
        var spec = Fixture.spec([386, 85, 15])
        spec.format.decimals = 0
        #expect(Layout.layout(spec).slices.map(\.percentText) == ["79", "18", "3"])
        spec.format.percent = .each
        let layout = Layout.layout(spec)
        #expect(layout.slices.map(\.percentText) == ["79", "17", "3"], "Mermaid's pets: 99 in all")
        #expect(layout.legend.items.map(\.percent) == ["79%", "17%", "3%"])
    }
}
