import Testing
@testable import PieCore

@Suite("Largest-remainder percentages")
struct PercentagesTests {
    private func texts(_ values: [Double], denominator: Double? = nil, decimals: Int) -> [String] {
        let d = denominator ?? values.reduce(0, +)
        return Percentages.units(values, denominator: d, decimals: decimals).map {
            Percentages.text(units: $0, decimals: decimals)
        }
    }

    @Test func threeEqualThirdsAtOneDecimalSumTo100() {
        #expect(texts([1, 1, 1], decimals: 1) == ["33.4", "33.3", "33.3"])
        let units = Percentages.units([1, 1, 1], denominator: 3, decimals: 1)
        #expect(units.reduce(0, +) == 1000)
    }

    @Test func largestRemainderGetsTheSpareUnit() {
        // 2/3 = 66.66.. (remainder .67) and 1/3 = 33.33.. (remainder .33) at 1 decimal.
        #expect(texts([2, 1], decimals: 1) == ["66.7", "33.3"])
        #expect(texts([1, 1, 1], decimals: 0) == ["34", "33", "33"])
    }

    @Test func fixedDecimalsKeepTrailingZeros() {
        #expect(texts([1, 1], decimals: 2) == ["50.00", "50.00"])
        #expect(texts([42.5, 57.5], decimals: 1) == ["42.5", "57.5"])
        #expect(Percentages.text(units: 5, decimals: 2) == "0.05")
    }

    @Test func textPadsTheFractionAndKeepsTheSignAtEveryDecimalCount() {
        #expect(Percentages.text(units: -5, decimals: 2) == "-0.05")
        #expect(Percentages.text(units: 1_000_000, decimals: 6) == "1.000000")
        #expect(Percentages.text(units: 100_000, decimals: 3) == "100.000")
        #expect(Percentages.text(units: 0, decimals: 1) == "0.0")
        #expect(Percentages.text(units: -1234, decimals: 1) == "-123.4")
        #expect(Percentages.text(units: 42, decimals: 0) == "42")
    }

    @Test func manyTinySharesStillSumToExactly100() {
        let values = (0..<997).map { Double($0 % 13 + 1) }
        let units = Percentages.units(values, denominator: values.reduce(0, +), decimals: 2)
        #expect(units.reduce(0, +) == 10_000)
    }

    @Test func withATotalEachPercentIsValueOverTotal() {
        #expect(texts([62], denominator: 100, decimals: 1) == ["62.0"])
        #expect(texts([1, 1, 1], denominator: 10, decimals: 1) == ["10.0", "10.0", "10.0"])
        // The hidden remainder (2/3) takes part in the rounding: 33.3 + 66.7 = 100.
        #expect(texts([1], denominator: 3, decimals: 1) == ["33.3"])
    }

    @Test func allZeroValuesGiveZeroPercent() {
        #expect(texts([0, 0], decimals: 1) == ["0.0", "0.0"])
        #expect(Percentages.units([0, 0], denominator: 0, decimals: 1, rounding: .each) == [0, 0])
    }

    /// `format.percent: each`: every share rounded on its own (halves up), whatever the sum.
    @Test func eachRoundsEveryShareOnItsOwn() {
        func each(_ values: [Double], denominator: Double? = nil, decimals: Int) -> [Int64] {
            Percentages.units(values, denominator: denominator ?? values.reduce(0, +), decimals: decimals, rounding: .each)
        }
        #expect(each([1, 1, 1], decimals: 0) == [33, 33, 33], "sums to 99")
        #expect(each([1, 1, 1], decimals: 1) == [333, 333, 333])
        #expect(each([2, 1, 1, 1, 1, 1, 1], decimals: 0) == [25, 13, 13, 13, 13, 13, 13], "12.5 rounds up: sums to 103")
        #expect(each([1, 7], decimals: 1) == [125, 875])
        #expect(each([62], denominator: 100, decimals: 1) == [620])
        #expect(each([1], denominator: 3, decimals: 0) == [33])
    }
}
