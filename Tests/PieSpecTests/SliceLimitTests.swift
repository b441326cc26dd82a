import PieDiagnostics
import PieSpec
import PieYAML
import Testing

/// `--max-slices N` (`SpecLimits(maxSlices:)`): the documented limits by default, a larger
/// chart on purpose, and the file size and node budgets that grow with it.
@Suite("Slice limit")
struct SliceLimitTests {
    /// A spec of `count` slices, one short line each.
    static func spec(slices count: Int) -> SourceFile {
        var text = "piec: 1\nslices:\n"
        text.reserveCapacity(count * 32)
        for i in 0..<count { text += "  - { id: s\(i), label: S, value: 1 }\n" }
        return SourceFile(path: "big.yaml", text: text)
    }

    @Test func overTheDefaultLimitIsRefusedAndAcceptedWithTheOption() {
        let file = Self.spec(slices: SpecLimits.defaultMaxSlices + 1)
        let refused = SpecLoader.load(file, defaultID: "big")
        #expect(refused.spec == nil)
        #expect(refused.diagnostics.map(\.code.rawValue) == ["E0401"])
        #expect(refused.diagnostics.first?.message == "the spec has 100001 slices; the limit is 100000")
        #expect(refused.diagnostics.first?.help == "group small slices with `chart.other`, or build a chart this large on purpose with `--max-slices 100001`")
        #expect(refused.diagnostics.first?.range?.start.line == 100_003)
        let accepted = SpecLoader.load(file, defaultID: "big", limits: SpecLimits(maxSlices: 100_001))
        #expect(accepted.diagnostics.isEmpty)
        #expect(accepted.spec?.slices.count == 100_001)
    }

    @Test func budgetsGrowInProportionAboveTheDefault() {
        let defaults = SpecLimits()
        #expect(defaults.maxSlices == 100_000 && defaults.maxFileBytes == 8 << 20 && defaults.yaml.maxNodes == 2_000_000)
        #expect(SpecLimits(maxSlices: 100_000) == defaults)
        let million = SpecLimits(maxSlices: 1_000_000)
        #expect(million.maxSlices == 1_000_000)
        #expect(million.maxFileBytes == 80 << 20)
        #expect(million.yaml.maxNodes == 20_000_000)
        // Depth and scalar length are not about size: they stay.
        #expect(million.yaml.maxDepth == defaults.yaml.maxDepth && million.yaml.maxScalarBytes == defaults.yaml.maxScalarBytes)
        // Rounded up: 100,001 slices never get fewer bytes a slice than 100,000.
        #expect(SpecLimits(maxSlices: 100_001).maxFileBytes == 8_388_692)
        // A stricter slice limit refuses no spec for its size alone.
        let strict = SpecLimits(maxSlices: 3)
        #expect(strict.maxSlices == 3 && strict.maxFileBytes == defaults.maxFileBytes && strict.yaml == defaults.yaml)
    }

    @Test func nodeBudgetFollowsTheSliceLimit() {
        // 2,000,000 nodes per 100,000 slices; the parser enforces the budget it is given (E0114),
        // whose help names the option.
        var limits = SpecLimits(maxSlices: 200_000)
        #expect(limits.yaml.maxNodes == 4_000_000)
        limits.yaml.maxNodes = 10
        let r = SpecLoader.load(Self.spec(slices: 3), defaultID: "t", limits: limits)
        #expect(r.diagnostics.map(\.code.rawValue) == ["E0114"])
        #expect(r.diagnostics.first?.help?.contains("`--max-slices N`") == true)
    }

    @Test func manifestReadingKeepsSliceAndNodeLimits() {
        let limits = SpecLimits(maxSlices: 500_000).reading(upTo: 1 << 30)
        #expect(limits.maxFileBytes == 1 << 30 && limits.maxSlices == 500_000 && limits.yaml.maxNodes == 10_000_000)
        #expect(SpecLimits(maxSlices: 20_000_000).maxSlices == SpecLimits.maxSlicesCeiling)
    }
}
