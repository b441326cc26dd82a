import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// The structure-aware fuzz target's decoder (`SpecBytes`) and its invariants, on fixed
/// pseudo-random inputs: every decoded spec loads without an error (or the target would only
/// fuzz the checker), pairs compile to safe bundles, and the plan ends at the new layout.
@Suite struct SpecBytesTests {
    /// Deterministic inputs: a linear congruential generator per seed.
    static func input(seed: UInt64, count: Int = 600) -> [UInt8] {
        var x = seed &* 6364136223846793005 &+ 1442695040888963407
        return (0..<count).map { _ in
            x = x &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: x >> 33)
        }
    }

    @Test(arguments: 0..<60)
    func decodedPairsAreValidSafeAndEndAtTheNewLayout(seed: Int) throws {
        let pair = SpecBytes.pair(Self.input(seed: UInt64(seed)))
        let oldFile = SourceFile(path: "old.yaml", text: pair.old), newFile = SourceFile(path: "new.yaml", text: pair.new)
        let old = SpecLoader.load(oldFile, defaultID: "fuzz"), new = SpecLoader.load(newFile, defaultID: "fuzz")
        #expect(!old.diagnostics.hasErrors, "\(old.diagnostics.map(\.message))\n\(pair.old)")
        #expect(!new.diagnostics.hasErrors, "\(new.diagnostics.map(\.message))\n\(pair.new)")
        let o = try #require(old.spec), n = try #require(new.spec)
        #expect(TransitionInvariants.finalStateProblems(old: o, new: n) == [])
        let result = Compiler.compile(CompileRequest(source: newFile, defaultID: "fuzz", previous: .spec(oldFile)))
        #expect(BundleInvariants.problems(result, file: newFile) == [])
    }

    @Test func emptyInputDecodesToAOneSliceSpec() {
        let pair = SpecBytes.pair([])
        #expect(pair.old == pair.new)
        #expect(SpecLoader.load(SourceFile(path: "x.yaml", text: pair.old), defaultID: "x").spec?.slices.count == 1)
    }

    /// Edges: the values are the key tables' bounds written as plain decimals.
    @Test func decimalsArePlainAndExact() {
        #expect(SpecBytes.decimal(1e15) == "1000000000000000")
        #expect(SpecBytes.decimal(0.000001) == "0.000001")
        #expect(SpecBytes.decimal(-359.999999) == "-359.999999")
        #expect(SpecBytes.decimal(0.95) == "0.95")
        #expect(SpecBytes.decimal(360) == "360")
    }
}
