import PieDiagnostics
import PieJSON
@testable import PieSpec
import Testing

@Suite("theme.patterns as hatch patterns")
struct HatchLoweringTests {
    static func load(_ patterns: String, slices: String = "slices: [{id: a, label: A, value: 1}, {id: b, label: B, value: 2}]") -> SpecLoadResult {
        SpecLoader.load(SourceFile(path: "t.yaml", text: "piec: 1\ntheme:\n  patterns: \(patterns)\n\(slices)\n"), defaultID: "t")
    }

    @Test func aListLowersEntryByEntryWithNoneForAPlainSlice() throws {
        let r = Self.load("[{lines: 45, crosses: true, density: 2}, none]")
        let spec = try #require(r.spec, "\(r.diagnostics)")
        #expect(r.diagnostics.isEmpty)
        #expect(spec.theme.patterns == .list([Hatch(lines: 45, crosses: true, density: 2), nil]))
    }

    @Test func aMappingLowersByIdInWrittenOrder() throws {
        let r = Self.load("{b: {dots: true, circles: true}, a: {lines: 0}}")
        let spec = try #require(r.spec, "\(r.diagnostics)")
        #expect(spec.theme.patterns == .ids([IDHatch(id: "b", hatch: Hatch(dots: true, circles: true)), IDHatch(id: "a", hatch: Hatch(lines: 0))]))
    }

    @Test(arguments: ["auto", "none", "[{lines: 179, density: 3}, {crosses: true}]", "{a: none, b: {dots: true, density: 3}}"])
    func theCanonicalSpecRoundTrips(_ patterns: String) throws {
        let spec = try #require(Self.load(patterns).spec)
        let canonical = spec.canonicalJSON().serialized(pretty: true)
        let again = SpecLoader.load(SourceFile(path: "canonical", text: canonical), defaultID: "other")
        #expect(again.spec == spec, "\(again.diagnostics)")
    }

    @Test func moreEntriesThanSlicesIsAWarningAtTheFirstUnusedEntry() throws {
        let r = Self.load("[{lines: 45}, {dots: true}, {circles: true}, {lines: 90}]")
        #expect(r.spec != nil)
        let w = try #require(r.diagnostics.first)
        #expect(r.diagnostics.count == 1 && w.severity == .warning && w.code == HatchDiagnostics.unusedEntries)
        #expect(w.message.contains("4 patterns for 2 slice ids: the last 2 are not drawn"))
        #expect(w.range?.start.line == 3 && w.range?.start.column == 41)
    }

    @Test func anAngleOutOfRangeNamesTheSameLinesInRange() throws {
        let r = Self.load("[{lines: 225}]")
        let e = try #require(r.diagnostics.first { $0.code == HatchDiagnostics.badAngle })
        #expect(e.help == "the same lines are at `lines: 45`")
        #expect(r.spec == nil)
    }

    @Test func aWordOtherThanNoneOrAutoIsRefusedWithASuggestion() throws {
        let r = Self.load("atuo")
        let e = try #require(r.diagnostics.first)
        #expect(e.code == SpecDiagnostics.badChoice && e.help == "did you mean `auto`?")
    }

    @Test func diffReportsEachChangedEntry() throws {
        let a = try #require(Self.load("[{lines: 45}, {dots: true}]").spec)
        let b = try #require(Self.load("[{lines: 45}, {dots: true, density: 2}]").spec)
        let c = try #require(Self.load("{a: {lines: 45}}").spec)
        let d = try #require(Self.load("{a: {lines: 90}, b: {dots: true}}").spec)
        #expect(ChartSpec.changedFields(a, b) == [SpecFieldChange(field: "theme.patterns[1]", old: "dots true, density 1", new: "dots true, density 2", inSentence: false)])
        #expect(ChartSpec.changedFields(c, d).map(\.field) == ["theme.patterns.a", "theme.patterns.b"])
        #expect(ChartSpec.changedFields(a, c) == [SpecFieldChange(field: "theme.patterns", old: "lines 45, density 1; dots true, density 1",
                                                                   new: "a: lines 45, density 1", inSentence: false)])
    }
}
