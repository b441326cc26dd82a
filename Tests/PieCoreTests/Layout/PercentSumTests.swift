import Foundation
@testable import PieCore
import PieSpec
import Testing

/// Property: shown percentages sum to exactly 100 (as integers of 10^-decimals) for every
/// decimals setting, with zero slices, `chart.total` remainders and `chart.other` grouping.
@Suite("Percentages sum to 100")
struct PercentSumTests {
    /// A small deterministic generator (no global state, same cases every run).
    struct LCG {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func value() -> Double {
            switch next() % 5 {
            case 0: return 0
            case 1: return Double(next() % 1000) / 1000
            default: return Double(next() % 100_000) / Double(1 + next() % 100)
            }
        }
    }

    static func units(_ layout: ChartLayout, decimals: Int) -> Int64 {
        layout.slices.reduce(0) { sum, s in
            sum + Int64(s.percentText.replacingOccurrences(of: ".", with: ""))!
        }
    }

    @Test(arguments: 0...6)
    func everyDecimalsSettingSumsToExactly100(decimals: Int) {
        var rng = LCG(state: UInt64(decimals) + 7)
        var scale: Int64 = 100
        for _ in 0..<decimals { scale *= 10 }
        for round in 0..<60 {
            let count = 1 + Int(rng.next() % 40)
            var values = (0..<count).map { _ in rng.value() }
            if values.allSatisfy({ $0 == 0 }) { values[0] = 1 }
            var spec = Fixture.spec(values)
            spec.format.decimals = decimals
            if round % 3 == 1 {
                var o = OtherOptions()
                o.minPercent = Double(rng.next() % 10)
                o.maxSlices = round % 2 == 0 ? 2 + Int(rng.next() % 6) : nil
                spec.chart.other = o
            }
            let layout = Layout.layout(spec)
            #expect(Self.units(layout, decimals: decimals) == scale, "decimals \(decimals), values \(values)")
            if let other = layout.other {
                let sum = other.members.reduce(0) { $0 + $1.value }
                #expect(abs(layout.slices.last!.value - sum) < 1e-9)
            }
        }
    }

    @Test func withATotalTheShownPercentagesPlusTheRemainderMake100() {
        var spec = Fixture.spec([12.5, 0, 30.25, 1])
        spec.chart.total = 100
        spec.format.decimals = 2
        let layout = Layout.layout(spec)
        #expect(layout.slices.map(\.percentText) == ["12.50", "0.00", "30.25", "1.00"])
    }
}
