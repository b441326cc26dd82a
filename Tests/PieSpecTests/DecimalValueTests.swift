import Testing
@testable import PieSpec

/// The fast path of `Lowering.decimalValue` must give exactly what `Double(text)` gives.
@Suite struct DecimalValueTests {
    @Test func shortDecimalsMatchStrtodBitForBit() {
        let fixed = ["0", "-0", "1", "42", "0.1", "0.2", "0.3", "-90", "0.45", "123456789012345", "0.000000000000001",
                     "999999999999999", "9007199254740.99", "1.7976931348", "100000000000000.5", "3.14159265358979",
                     "0.25", "680", "1e5", "00012", "12.", ".5"]
        var generator = SystemRandomNumberGenerator()
        var texts = fixed
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...15, using: &generator)
            var s = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            let dot = Int.random(in: 0...digits, using: &generator)
            if dot < digits { s.insert(".", at: s.index(s.startIndex, offsetBy: dot)) }
            texts.append(Bool.random(using: &generator) ? "-" + s : s)
        }
        for text in texts {
            let expected = Double(text)
            let got = Lowering.decimalValue(text)
            #expect(got?.bitPattern == expected?.bitPattern, "\(text): \(String(describing: got)) vs \(String(describing: expected))")
        }
    }

    @Test func longDecimalsFallBackToStrtod() {
        var u = Array("1234567890123456.5".utf8)
        #expect(u.withUnsafeBufferPointer { Lowering.shortDecimal(utf8: $0) } == nil)
        #expect(Lowering.decimalValue("1234567890123456.5") == 1234567890123456.5)
        #expect(Lowering.decimalValue("0.1000000000000000055511151231257827") == 0.1)
        u = Array("1.2.3".utf8)
        #expect(u.withUnsafeBufferPointer { Lowering.shortDecimal(utf8: $0) } == nil)
    }
}
