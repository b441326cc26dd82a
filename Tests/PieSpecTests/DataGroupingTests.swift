import PieDiagnostics
@testable import PieSpec
import Testing

/// `data.aggregate` and `data.bin`: how the rows of a data file become slices.
struct DataGroupingTests {
    func load(_ data: String, _ csv: String) -> SpecLoadResult {
        SpecLoader.load(SourceFile(path: "s.yaml", text: "piec: 1\ndata: {file: d.csv, \(data)}\n"), defaultID: "s",
                        inputs: SpecInputs(data: .file(SourceFile(path: "d.csv", text: csv))))
    }
    let sales = "region,amount,colour\nNorth,0.1,\nSouth,2.5,#d95f02\nNorth,0.2,#1b9e77\nEast,4,\nNorth,3,\n"

    @Test func sumIsOneSlicePerIdInFirstAppearanceOrderWithTheDecimalSum() throws {
        let r = load("label: region, value: amount, color: colour, aggregate: sum", sales)
        let s = try #require(r.spec, "\(r.diagnostics) \(r.related.map(\.diagnostics))")
        #expect(s.slices.map(\.id) == ["north", "south", "east"])
        // 0.1 + 0.2 + 3 in binary is 3.3000000000000003; the rows say 3.3.
        #expect(s.slices.map(\.value) == [3.3, 2.5, 4])
        #expect(s.slices.map(\.description) == ["Sum of 3 rows", "Sum of 1 row", "Sum of 1 row"])
        // North's colour is the one non-empty cell of its rows, wherever it is.
        #expect(s.slices[0].color == Color(r: 0x1b, g: 0x9e, b: 0x77))
    }

    @Test func withoutAggregateTwoRowsOfOneIdAreStillAnError() {
        let r = load("label: region, value: amount", sales)
        #expect(r.spec == nil)
        #expect(r.related.first?.diagnostics.map(\.code).contains(SpecDiagnostics.duplicateSliceID) == true)
    }

    @Test func countReadsNoValueColumnAndCountsRows() throws {
        let r = load("label: region, aggregate: count", "region\nNorth\nSouth\nNorth\n")
        let s = try #require(r.spec, "\(r.diagnostics) \(r.related.map(\.diagnostics))")
        #expect(s.slices.map(\.value) == [2, 1])
        #expect(s.slices.map(\.description) == ["2 rows", "1 row"])
    }

    @Test func aWrittenDescriptionIsKeptWhenTheRowsAgree() throws {
        let r = load("label: region, value: amount, description: note, aggregate: sum", "region,amount,note\nA,1,x\nA,2,\nB,1,\n")
        let s = try #require(r.spec)
        #expect(s.slices.map(\.description) == ["x", "Sum of 1 row"])
    }

    @Test func binsHoldTheirStartNotTheirEndAndSkipEmptyBins() throws {
        let r = load("bin: {field: age, step: 0.1}", "age\n0.3\n0.25\n-0.05\n0.7\n0.39\n")
        let s = try #require(r.spec, "\(r.diagnostics) \(r.related.map(\.diagnostics))")
        // 0.3 / 0.1 is 2.9999999999999996 in binary: still the bin 0.3 starts.
        #expect(s.slices.map(\.label) == ["-0.1–0", "0.2–0.3", "0.3–0.4", "0.7–0.8"])
        #expect(s.slices.map(\.value) == [1, 1, 2, 1])
        #expect(s.slices.map(\.id) == ["minus-0-1-0", "0-2-0-3", "0-3-0-4", "0-7-0-8"])
        #expect(s.slices[2].description == "2 rows with age from 0.3 to under 0.4")
    }

    @Test func binRefusesTheColumnsItDoesNotRead() {
        let r = load("label: region, aggregate: sum, bin: {field: amount, step: 1}", sales)
        #expect(r.spec == nil)
        #expect(r.diagnostics.map(\.code) == [DataGroupingDiagnostics.columnNotRead, DataGroupingDiagnostics.columnNotRead])
    }

    @Test func aBinFieldThatIsNotAColumnIsNamedWithDidYouMean() {
        let r = load("bin: {field: amont, step: 1}", sales)
        #expect(r.diagnostics.map(\.code) == [DataDiagnostics.missingColumn])
        #expect(r.diagnostics.first?.help?.contains("`amount`") == true)
    }
}
