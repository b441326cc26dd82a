@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// `chart.other`: which slices join Other, and the grouped chart layout draws.
@Suite("Other grouping")
struct OtherGroupingTests {
    static func spec(_ values: [Double], other: OtherOptions = OtherOptions(), sort: SortOrder = .none) -> ChartSpec {
        var s = Fixture.spec(values)
        s.chart.other = other
        s.chart.sort = sort
        return s
    }

    static func options(maxSlices: Int? = nil, minPercent: Double = 0) -> OtherOptions {
        var o = OtherOptions()
        o.maxSlices = maxSlices
        o.minPercent = minPercent
        return o
    }

    @Test func slicesBelowMinPercentJoinOtherWhichIsLastAndHoldsTheirSum() {
        let layout = Layout.layout(Self.spec([50, 2, 30, 1, 17], other: Self.options(minPercent: 3)))
        #expect(layout.slices.map(\.id) == ["s0", "s2", "s4", "other"])
        #expect(layout.slices.last?.value == 3)
        #expect(layout.slices.last?.label == "Other")
        #expect(layout.slices.last?.color == OtherOptions.defaultColor)
        #expect(layout.other?.members.map(\.id) == ["s1", "s3"])
        #expect(layout.slices.last?.endAngle == 360)
        #expect(layout.slices.last?.description == "Includes S1 and S3")
    }

    @Test func maxSlicesKeepsTheLargestAndCountsOther() {
        // 6 slices, at most 4 drawn: the 3 largest stay (in display order), 3 join Other.
        let layout = Layout.layout(Self.spec([10, 40, 5, 30, 5, 10], other: Self.options(maxSlices: 4)))
        #expect(layout.slices.map(\.id) == ["s0", "s1", "s3", "other"])
        #expect(layout.other?.members.map(\.id) == ["s2", "s4", "s5"])
        #expect(layout.slices.count == 4)
    }

    @Test func maxSlicesTiesGoToTheEarlierSlice() {
        let layout = Layout.layout(Self.spec([10, 10, 10, 10], other: Self.options(maxSlices: 3)))
        #expect(layout.slices.map(\.id) == ["s0", "s1", "other"])
    }

    @Test func noMemberMeansNoOtherSlice() {
        let layout = Layout.layout(Self.spec([50, 30, 20], other: Self.options(maxSlices: 3, minPercent: 5)))
        #expect(layout.slices.map(\.id) == ["s0", "s1", "s2"])
        #expect(layout.other == nil)
    }

    @Test func zeroSlicesJoinOnlyThroughMaxSlices() {
        let byShare = Layout.layout(Self.spec([50, 0, 48, 2], other: Self.options(minPercent: 5)))
        #expect(byShare.slices.map(\.id) == ["s0", "s1", "s2", "other"])
        let byCount = Layout.layout(Self.spec([50, 0, 48, 2], other: Self.options(maxSlices: 3)))
        #expect(byCount.other?.members.map(\.id) == ["s1", "s3"])
    }

    @Test func otherStaysLastWhateverTheSort() {
        let layout = Layout.layout(Self.spec([5, 1, 50, 2, 42], other: Self.options(minPercent: 3), sort: .ascending))
        #expect(layout.slices.map(\.id) == ["s0", "s4", "s2", "other"])
        #expect(layout.other?.members.map(\.id) == ["s1", "s3"], "members in display order")
    }

    @Test func specIndexPointsAtTheSourceSlice() {
        let spec = Self.spec([50, 2, 30, 1, 17], other: Self.options(minPercent: 3))
        let layout = Layout.layout(spec)
        for s in layout.slices where s.id != "other" { #expect(spec.slices[s.specIndex].id == s.id) }
        #expect(layout.slices.last?.specIndex == spec.slices.count)
    }

    @Test func minPercentIsOfTheTotalWhenOneIsSet() {
        var spec = Self.spec([10, 4, 6], other: Self.options(minPercent: 5))
        spec.chart.total = 100
        let layout = Layout.layout(spec)
        #expect(layout.other?.members.map(\.id) == ["s1"])
        #expect(layout.slices.map(\.percentText) == ["10.0", "6.0", "4.0"])
    }

    @Test func expandedLayoutSplitsOtherIntoItsMembersInOthersColour() {
        let layout = Layout.layout(Self.spec([50, 2, 30, 6, 12], other: Self.options(minPercent: 10)))
        let other = layout.slices.last!
        let x = OtherGrouping.expanded(layout)
        #expect(x.slices.map(\.id) == ["s0", "s2", "s4", "s1", "s3"])
        let parts = x.slices.suffix(2)
        #expect(parts.allSatisfy { $0.color == other.color && $0.labelText == nil })
        #expect(parts.first?.startAngle == other.startAngle && parts.last?.endAngle == other.endAngle)
        #expect(abs(parts.first!.span / other.span - 0.25) < 1e-12, "widths in proportion to the values")
    }

    @Test func aUserSliceMayNotTakeTheIDOther() {
        let source = "piec: 1\nchart: { other: { minPercent: 5 } }\nslices:\n  - { label: Other, value: 1 }\n  - { label: B, value: 2 }\n"
        let result = SpecLoader.load(SourceFile(path: "x.yaml", bytes: Array(source.utf8)), defaultID: "x")
        #expect(result.diagnostics.map(\.code.rawValue) == ["E0308"])
        let fine = SpecLoader.load(SourceFile(path: "x.yaml", bytes: Array("piec: 1\nslices:\n  - { label: Other, value: 1 }\n".utf8)), defaultID: "x")
        #expect(fine.diagnostics.isEmpty, "without grouping `other` is an ordinary id")
    }

    @Test func theManifestListsOthersMembers() {
        let manifest = Fixture.text(Fixture.bundle(Self.spec([50, 2, 30, 1, 17], other: Self.options(minPercent: 3))), "manifest.json")
        #expect(manifest.contains("\"members\": [\n        \"s1\",\n        \"s3\"\n      ]") || manifest.contains("\"members\": [\"s1\", \"s3\"]"))
    }
}
