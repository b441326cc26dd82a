import PieDiagnostics
@testable import PieSpec
import Testing

@Suite("chart.rose (spec)")
struct RoseSpecTests {
    @Test(arguments: [("area", RoseMode.area), ("radius", RoseMode.radius), ("none", RoseMode.none)])
    func roseIsAChoice(_ text: String, _ mode: RoseMode) throws {
        let r = load("piec: 1\nchart: {rose: \(text)}\nslices:\n  - {label: A, value: 1}\n")
        let spec = try #require(r.spec, "\(r.diagnostics)")
        #expect(spec.chart.rose == mode)
    }

    @Test func defaultIsNoneAndCanonicalOmitsIt() throws {
        let plain = try #require(load("piec: 1\nslices:\n  - {label: A, value: 1}\n").spec)
        #expect(plain.chart.rose == .none)
        #expect(!JSONWriterProbe.text(plain.canonicalJSON()).contains("rose"))
        let rose = try #require(load("piec: 1\nchart: {rose: radius}\nslices:\n  - {label: A, value: 1}\n").spec)
        #expect(JSONWriterProbe.text(rose.canonicalJSON()).contains("\"rose\":\"radius\""))
    }

    @Test func unknownModeSuggestsTheChoices() {
        let r = load("piec: 1\nchart: {rose: areas}\nslices:\n  - {label: A, value: 1}\n")
        #expect(codes(r) == ["E0206"])
        #expect(r.diagnostics.first?.range?.start == SourceLocation(line: 2, column: 15))
    }

    @Test func totalMinAngleAndSliceRadiusAreErrorsInARose() {
        let text = """
            piec: 1
            chart: {rose: area, total: 100, minAngle: 5}
            slices:
              - {label: A, value: 1, radius: 0.5}
              - {label: B, value: 2}

            """
        let r = load(text)
        #expect(codes(r) == ["E0309", "E0309", "E0309"], "\(r.diagnostics)")
        #expect(r.diagnostics.map { $0.range?.start.line } == [2, 2, 4])
        #expect(r.diagnostics.map { $0.range?.start.column } == [28, 43, 34])
        #expect(r.diagnostics[0].labels.first?.message == "rose turned on here")
        #expect(r.spec == nil)
    }

    @Test func theSameKeysAreFineWithoutARose() {
        let r = load("piec: 1\nchart: {rose: none, total: 100, minAngle: 5}\nslices:\n  - {label: A, value: 1, radius: 0.5}\n")
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
    }

    @Test func everyCodeHasAnExplanation() {
        #expect(SpecDiagnostics.catalog.contains { $0.code.rawValue == "E0309" })
    }
}

/// Canonical JSON as compact text, for `contains` checks.
enum JSONWriterProbe {
    static func text(_ value: JSONValue) -> String {
        value.serialized(pretty: false)
    }
}
