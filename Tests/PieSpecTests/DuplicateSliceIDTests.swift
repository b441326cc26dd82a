import Testing
@testable import PieSpec

/// `validate` finds duplicate ids by a scan for few slices and a dictionary for many: both
/// report the same diagnostic at the second slice, pointing back at the first.
@Suite struct DuplicateSliceIDTests {
    func spec(slices: Int, duplicateOf first: Int, at second: Int) -> String {
        var text = "piec: 1\nslices:\n"
        for i in 0..<slices {
            text += "  - { id: \(i == second ? "s\(first)" : "s\(i)"), label: L\(i), value: 1 }\n"
        }
        return text
    }

    @Test(arguments: [(4, 1, 3), (16, 0, 15), (17, 2, 16), (40, 5, 30)])
    func duplicateIsReportedAtTheSecondSlice(slices: Int, first: Int, second: Int) {
        let result = load(spec(slices: slices, duplicateOf: first, at: second))
        let duplicates = result.diagnostics.filter { $0.code.rawValue == "E0302" }
        #expect(duplicates.count == 1)
        #expect(duplicates.first?.message == "duplicate slice id `s\(first)`")
        #expect(duplicates.first?.range?.start.line == 3 + second)
        #expect(duplicates.first?.labels.first?.range.start.line == 3 + first)
    }
}
