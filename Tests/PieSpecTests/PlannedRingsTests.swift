import PieDiagnostics
@testable import PieSpec
import Testing

/// `rings:` (concentric series) is part of the planned language but not built: it is rejected
/// with E0216, never accepted and ignored.
struct PlannedRingsTests {
    @Test func ringsIsRejectedAsNotSupportedYet() {
        let r = load("piec: 1\nrings:\n  - {id: a, label: A, slices: [{label: X, value: 1}]}\nslices:\n  - {label: A, value: 1}\n")
        #expect(codes(r) == ["E0216"], "\(r.diagnostics)")
        #expect(r.diagnostics.first?.range?.start == SourceLocation(line: 2, column: 1))
        #expect(r.spec == nil)
    }
}
