import PieDiagnostics
@testable import PieSpec
import Testing

/// A data file's colour column with alpha follows the slices' rule (one shared alpha lifted
/// into `theme.opacity`, E0371 at the odd row), and `theme.shadow` is read and refused where
/// the pie's outline is not one circle (E0373).
struct DataAlphaAndShadowSpecTests {
    func load(_ data: String, _ csv: String, extra: String = "") -> SpecLoadResult {
        SpecLoader.load(SourceFile(path: "s.yaml", text: "piec: 1\ndata: {file: d.csv, \(data)}\n\(extra)"), defaultID: "s",
                        inputs: SpecInputs(data: .file(SourceFile(path: "d.csv", text: csv))))
    }

    @Test func oneSharedAlphaOfTheColourColumnIsLiftedIntoTheOpacity() throws {
        let r = load("label: name, value: n, color: tint", "name,n,tint\nA,2,#ff000080\nB,1,\"rgba(0, 0, 255, 0.5)\"\n")
        let s = try #require(r.spec, "\(r.diagnostics) \(r.related.map(\.diagnostics))")
        #expect(s.slices.map(\.color) == [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 0, b: 255)])
        #expect(s.theme.opacity == 0.501961)
    }

    @Test func theSameRowsAggregatedAreLiftedToo() throws {
        let r = load("label: name, value: n, color: tint, aggregate: sum", "name,n,tint\nA,2,#ff000080\nA,1,\nB,1,#0000ff80\n")
        let s = try #require(r.spec, "\(r.diagnostics) \(r.related.map(\.diagnostics))")
        #expect(s.slices.map(\.color) == [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 0, b: 255)])
        #expect(s.theme.opacity < 1)
    }

    @Test func anotherAlphaIsRefusedAtItsRowInTheDataFile() throws {
        let r = load("label: name, value: n, color: tint", "name,n,tint\nA,2,#ff000080\nB,1,#0000ff40\n")
        #expect(r.spec == nil)
        let data = try #require(r.related.first)
        #expect(data.diagnostics.map(\.code) == [SpecDiagnostics.mixedSliceAlpha])
        let d = try #require(data.diagnostics.first)
        #expect(d.range?.start.line == 3)
    }

    @Test func anOpaqueRowBesideTranslucentOnesIsRefusedAtItsRow() throws {
        let r = load("label: name, value: n, color: tint", "name,n,tint\nA,2,#ff000080\nB,1,#0000ff\n")
        let data = try #require(r.related.first)
        #expect(data.diagnostics.map(\.code) == [SpecDiagnostics.mixedSliceAlpha])
    }

    @Test func rowsThatTakeAnOpaquePaletteAreRefusedAtDataColor() {
        let r = load("label: name, value: n, color: tint", "name,n,tint\nA,2,#ff000080\nB,1,\n")
        #expect(r.spec == nil)
        #expect(r.diagnostics.map(\.code) == [SpecDiagnostics.mixedSliceAlpha])
    }

    func spec(_ text: String) -> SpecLoadResult { SpecLoader.load(SourceFile(path: "s.yaml", text: text), defaultID: "s") }

    @Test func aShadowIsReadWithItsDefaults() throws {
        let s = try #require(spec("piec: 1\ntheme: {shadow: {offset: [2, -3]}}\nslices: [{label: A, value: 1}]\n").spec)
        #expect(s.theme.shadow == ShadowOptions(blur: 8, offsetX: 2, offsetY: -3, color: nil))
    }

    @Test func anOffsetIsTwoNumbers() {
        let r = spec("piec: 1\ntheme: {shadow: {offset: [2]}}\nslices: [{label: A, value: 1}]\n")
        #expect(r.diagnostics.map(\.code) == [SpecDiagnostics.wrongType])
    }

    @Test func aShadowIsRefusedWhereThePieIsNotOneCircle() {
        for chart in ["padAngle: 2", "cornerRadius: 4", "sweep: 180", "rose: area"] {
            let r = spec("piec: 1\nchart: {\(chart)}\ntheme: {shadow: {}}\nslices: [{label: A, value: 1}, {label: B, value: 2}]\n")
            #expect(r.diagnostics.map(\.code) == [ShadowDiagnostics.needsCircle], "\(chart)")
        }
    }

    @Test func aShadowFollowsExplodedSlicesButNotInsideAnOutline() {
        let slices = "slices: [{label: A, value: 1, explode: 8}, {label: B, value: 2}]\n"
        #expect(spec("piec: 1\ntheme: {shadow: {}}\n" + slices).diagnostics.isEmpty)
        let r = spec("piec: 1\nchart: {outline: {width: 2}}\ntheme: {shadow: {}}\n" + slices)
        #expect(r.diagnostics.map(\.code) == [ShadowDiagnostics.explodedInOutline])
        #expect(spec("piec: 1\nchart: {outline: {width: 2}}\ntheme: {shadow: {}}\nslices: [{label: A, value: 1}]\n").diagnostics.isEmpty)
    }
}
