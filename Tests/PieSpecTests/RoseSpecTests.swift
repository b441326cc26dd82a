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

@Suite("chart.rose {angles, radius} (spec)")
struct RoseMappingSpecTests {
    static func spec(_ rose: String, chart extra: String = "") -> String {
        "piec: 1\nchart: {rose: \(rose)\(extra)}\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 3}\n"
    }

    @Test(arguments: [
        ("{angles: value}", RoseMode(angles: .value, radius: .area)),
        ("{angles: value, radius: linear}", RoseMode(angles: .value, radius: .linear)),
        ("{angles: equal, radius: linear}", RoseMode.radius),
        ("{radius: area}", RoseMode.area),
        ("{}", RoseMode.area),
    ])
    func theMappingChoosesAnglesAndRadius(_ text: String, _ mode: RoseMode) throws {
        let r = load(Self.spec(text))
        let spec = try #require(r.spec, "\(r.diagnostics)")
        #expect(spec.chart.rose == mode)
    }

    /// The words stay words in the canonical spec (older canonical specs keep their bytes); a
    /// mapping that one says is written as the word, any other as the whole mapping.
    @Test func canonicalWritesTheWordWhereOneSaysIt() throws {
        let equal = try #require(load(Self.spec("{angles: equal, radius: linear}")).spec)
        #expect(JSONWriterProbe.text(equal.canonicalJSON()).contains("\"rose\":\"radius\""))
        let value = try #require(load(Self.spec("{angles: value}")).spec)
        #expect(JSONWriterProbe.text(value.canonicalJSON()).contains("\"rose\":{\"angles\":\"value\",\"radius\":\"area\"}"))
        // The stream writer (the manifest's spec) writes the mapping too.
        let stream = String(decoding: value.canonicalMemberText(), as: UTF8.self)
        #expect(stream.contains("\"angles\": \"value\"") && stream.contains("\"radius\": \"area\""))
    }

    @Test func valueAnglesAllowTotalAndMinAngle() {
        let r = load(Self.spec("{angles: value}", chart: ", total: 10, minAngle: 5"))
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
    }

    @Test func aSliceRadiusStaysAnErrorWithValueAngles() {
        let r = load("piec: 1\nchart: {rose: {angles: value}}\nslices:\n  - {label: A, value: 1, radius: 0.5}\n")
        #expect(codes(r) == ["E0309"])
    }

    @Test func unknownKeysAndChoicesAreLocated() {
        let key = load(Self.spec("{angle: value}"))
        #expect(codes(key) == ["E0201"], "\(key.diagnostics)")
        #expect(key.diagnostics.first?.range?.start == SourceLocation(line: 2, column: 16))
        let choice = load(Self.spec("{angles: values}"))
        #expect(codes(choice) == ["E0206"], "\(choice.diagnostics)")
        #expect(choice.diagnostics.first?.range?.start == SourceLocation(line: 2, column: 24))
        let none = load(Self.spec("{radius: none}"))
        #expect(codes(none) == ["E0206"], "\(none.diagnostics)")
    }

    @Test func aChangeOfTheMappingIsReported() throws {
        let a = try #require(load(Self.spec("area")).spec)
        let b = try #require(load(Self.spec("{angles: value}")).spec)
        let changes = ChartSpec.changedFields(a, b)
        #expect(changes.map(\.field) == ["rose"])
        #expect(changes.first?.old == "area")
        #expect(changes.first?.new == "angles value, radius area")
    }
}
