import PieDiagnostics
@testable import PieSpec
import Testing

func load(_ text: String, id: String = "test") -> SpecLoadResult {
    SpecLoader.load(SourceFile(path: "t.yaml", text: text), defaultID: id)
}

func codes(_ r: SpecLoadResult) -> [String] { r.diagnostics.map(\.code.rawValue) }

struct LoweringTests {
    @Test func minimalSpecGetsDefaults() throws {
        let r = load("piec: 1\nslices:\n  - { label: Swift, value: 42 }\n")
        let spec = try #require(r.spec, "\(r.diagnostics)")
        #expect(spec.id == "test")
        #expect(spec.slices == [SliceSpec(id: "swift", label: "Swift", value: 42)])
        #expect(spec.chart.sweep == 360)
        #expect(spec.animation.duration == 800)
        #expect(spec.labels.content.parts == [.token(.label), .text(" "), .token(.percent)])
    }

    @Test func scalarsAreTypedByTheirField() throws {
        let r = load("piec: 1\nslices:\n  - { label: NO, value: 1 }\n  - { label: 12, value: 2 }\n  - { label: null, value: 3 }\n")
        let spec = try #require(r.spec, "\(r.diagnostics)")
        #expect(spec.slices.map(\.label) == ["NO", "12", "null"])
        #expect(spec.slices.map(\.id) == ["no", "12", "null"])
    }

    @Test(arguments: ["\"42\"", "1e3", "0x10", ".inf", ".nan", "007", "+5", "4.", ".5", "1_000"])
    func numbersArePlainDecimalsOnly(_ literal: String) {
        let r = load("piec: 1\nslices:\n  - { label: A, value: \(literal) }\n")
        #expect(codes(r) == ["E0204"], "\(literal): \(r.diagnostics)")
        #expect(r.diagnostics.first?.range?.start == SourceLocation(line: 3, column: 24))
    }

    @Test func quotedNumberSuggestsRemovingQuotes() {
        let r = load("piec: 1\nslices:\n  - { label: A, value: \"42\" }\n")
        #expect(r.diagnostics.first?.help == "remove the quotes: `42`")
    }

    @Test func unknownKeySuggestsClosest() {
        let r = load("piec: 1\nchart:\n  innerRadus: 0.5\nslices:\n  - { label: A, value: 1 }\n")
        #expect(codes(r) == ["E0201"])
        #expect(r.diagnostics[0].help == "did you mean `innerRadius`?")
        #expect(r.diagnostics[0].range == SourceRange(start: .init(line: 3, column: 3), end: .init(line: 3, column: 13)))
    }

    @Test func keyInTheWrongSectionSaysWhereItBelongs() {
        let r = load("piec: 1\ninnerRadius: 0.5\nslices:\n  - { label: A, value: 1 }\n")
        #expect(codes(r) == ["E0201"])
        #expect(r.diagnostics[0].help == "`innerRadius` belongs in `chart`")
    }

    @Test func plannedKeysAreRejectedNotIgnored() {
        let r = load("piec: 1\nchart: { width: 200 }\nslices:\n  - { label: A, value: 1 }\n")
        #expect(codes(r) == ["E0216"])
    }

    @Test func everyErrorInAFileIsReported() {
        let r = load("""
            piec: 1
            chart:
              innerRadius: 2
              direction: clockwize
            theme: { palette: okabe }
            slices:
              - { label: A, value: -1 }
              - { label: B }
            """)
        #expect(codes(r) == ["E0205", "E0206", "E0210", "E0205", "E0202"])
        #expect(r.diagnostics[1].help == "did you mean `clockwise`?")
        #expect(r.diagnostics[2].help == "did you mean `okabe-ito`?")
    }

    /// A negative number where none is allowed gets a help line: the same number without its
    /// minus sign when that is allowed, else that it cannot be negative. Keys that take
    /// negative numbers (`startAngle`) and numbers too large get none.
    @Test(arguments: [
        ("slices:\n  - { label: A, value: -5 }\n", "remove the minus sign: `5`"),
        ("chart: { size: -20 }\nslices:\n  - { label: A, value: 1 }\n", "remove the minus sign: `20`"),
        ("chart: { size: -5000 }\nslices:\n  - { label: A, value: 1 }\n", "this value cannot be negative"),
        ("chart: { sweep: -0 }\nslices:\n  - { label: A, value: 1 }\n", nil),
        ("chart: { other: { maxSlices: -3 } }\nslices:\n  - { label: A, value: 1 }\n", "remove the minus sign: `3`"),
        ("slices:\n  - { label: A, value: 1, explode: -2.5 }\n", "remove the minus sign: `2.5`"),
        ("chart: { startAngle: -400 }\nslices:\n  - { label: A, value: 1 }\n", nil),
        ("chart: { size: 5000 }\nslices:\n  - { label: A, value: 1 }\n", nil),
    ] as [(String, String?)])
    func negativeNumbersGetAHelp(_ body: String, _ help: String?) {
        let r = load("piec: 1\n" + body)
        #expect(codes(r) == ["E0205"], "\(r.diagnostics.map(\.message))")
        #expect(r.diagnostics.first?.help == help)
    }

    @Test func wrongSectionTypeIsOneErrorNotMany() {
        let r = load("piec: 1\nchart: [1, 2]\nslices:\n  - { label: A, value: 1 }\n")
        #expect(codes(r) == ["E0203"])
    }

    @Test func duplicateIDsPointAtBothSlices() {
        let r = load("piec: 1\nslices:\n  - { label: Go, value: 1 }\n  - { label: go, value: 2 }\n")
        #expect(codes(r) == ["E0302"])
        #expect(r.diagnostics[0].range?.start.line == 4)
        #expect(r.diagnostics[0].labels.first?.range.start.line == 3)
    }

    @Test func valuesOverTotalAreAnError() {
        let r = load("piec: 1\nchart: { total: 10 }\nslices:\n  - { label: A, value: 6 }\n  - { label: B, value: 5 }\n")
        #expect(codes(r) == ["E0304"])
        #expect(r.diagnostics[0].range?.start == SourceLocation(line: 2, column: 17))
    }

    @Test func allZeroWithoutTotalIsNothingToDraw() {
        #expect(codes(load("piec: 1\nslices:\n  - { label: A, value: 0 }\n")) == ["E0305"])
        #expect(load("piec: 1\nchart: { total: 5 }\nslices:\n  - { label: A, value: 0 }\n").spec != nil)
    }

    @Test func versionMustBeOne() {
        let r = load("piec: 2\nslices:\n  - { label: A, value: 1 }\n")
        #expect(codes(r) == ["E0301"])
    }

    /// Found by the fuzzer: a version beyond Int trapped converting the Double to Int.
    @Test(arguments: ["999999999999999999991", "-99999999999999999999", "9223372036854775808", "1" + String(repeating: "0", count: 300)])
    func hugeVersionIsUnsupportedNotACrash(version: String) {
        let r = load("piec: \(version)\nslices:\n  - { label: A, value: 1 }\n")
        #expect(codes(r) == ["E0301"])
        #expect(r.diagnostics.first?.message == "unsupported spec version \(version)")
    }

    @Test func hugeDecimalsAreOutOfRange() {
        #expect(codes(load("piec: 1\nformat: { decimals: 99999999999999999999 }\nslices:\n  - { label: A, value: 1 }\n")) == ["E0205"])
    }

    @Test func durationsNeedUnits() throws {
        #expect(codes(load("piec: 1\nanimation: { duration: 800 }\nslices:\n  - { label: A, value: 1 }\n")) == ["E0208"])
        let spec = try #require(load("piec: 1\nanimation: { duration: 0.3s, delay: 50ms }\nslices:\n  - { label: A, value: 1 }\n").spec)
        #expect(spec.animation.duration == 300)
        #expect(spec.animation.delay == 50)
    }

    @Test func cubicBezierIsCanonicalised() throws {
        let spec = try #require(load("piec: 1\nanimation: { easing: \"cubic-bezier(0.2, 0, 0, 1)\" }\nslices:\n  - { label: A, value: 1 }\n").spec)
        #expect(spec.animation.easing.css == "cubic-bezier(0.2,0,0,1)")
        #expect(codes(load("piec: 1\nanimation: { easing: \"cubic-bezier(2, 0, 0, 1)\" }\nslices:\n  - { label: A, value: 1 }\n")) == ["E0209"])
    }

    @Test func coloursAreParsedAndReserialised() throws {
        let spec = try #require(load("piec: 1\nchart: { track: SteelBlue }\nslices:\n  - { label: A, value: 1, color: \"#F05\" }\n").spec)
        #expect(spec.chart.track?.hex == "#4682b4")
        #expect(spec.slices[0].color?.hex == "#ff0055")
        #expect(codes(load("piec: 1\nslices:\n  - { label: A, value: 1, color: \"red;}*{x:y\" }\n")) == ["E0207"])
        #expect(codes(load("piec: 1\nslices:\n  - { label: A, value: 1, labelColor: \"#ff000080\" }\n")) == ["E0306"])
    }

    @Test func templateTokensAreChecked() {
        let r = load("piec: 1\nlabels: { content: \"{lable}\" }\nslices:\n  - { label: A, value: 1 }\n")
        #expect(codes(r) == ["E0212"])
        #expect(r.diagnostics[0].help == "did you mean `{label}`?")
    }

    @Test func labelsWithoutSlugNeedAnID() {
        let r = load("piec: 1\nslices:\n  - { label: 日本語, value: 1 }\n")
        #expect(codes(r) == ["E0303"])
        #expect(r.diagnostics[0].range?.start == SourceLocation(line: 3, column: 14))
    }

    @Test func sliceLimitIsEnforced() {
        var limits = SpecLimits()
        limits.maxSlices = 3
        let text = "piec: 1\nslices:\n" + (0..<5).map { "  - { id: s\($0), label: S, value: 1 }\n" }.joined()
        let r = SpecLoader.load(SourceFile(path: "t.yaml", text: text), defaultID: "t", limits: limits)
        #expect(codes(r) == ["E0401"])
        #expect(r.diagnostics[0].range?.start.line == 6)
    }

    @Test func slugs() {
        #expect(Lowering.slug("Hello, World!") == "hello-world")
        #expect(Lowering.slug("  C++ / C#  ") == "c-c")
        #expect(Lowering.slug("__x__", allowUnderscore: true) == "x")
        #expect(Lowering.slug("日本語") == "")
    }
}

@Suite("Labels and centre keys")
struct LabelKeysTests {
    @Test func centreTextOnAPieIsAnError() {
        let r = load("piec: 1\nchart:\n  center: \"{total}\"\nslices:\n  - { label: A, value: 1 }\n")
        #expect(codes(r) == ["E0307"])
        #expect(r.diagnostics[0].range?.start.line == 3)
    }

    @Test func centreTextOnADonutIsAccepted() {
        let r = load("piec: 1\nchart:\n  innerRadius: 0.5\n  center: \"{total} {label}\"\nslices:\n  - { label: A, value: 1 }\n")
        #expect(codes(r).isEmpty)
        #expect(r.spec?.chart.center?.source == "{total} {label}")
    }

    @Test func unknownCentreTokenSuggestsTheClosest() {
        let r = load("piec: 1\nchart:\n  innerRadius: 0.5\n  center: \"{totl}\"\nslices:\n  - { label: A, value: 1 }\n")
        #expect(codes(r) == ["E0212"])
        #expect(r.diagnostics[0].help == "did you mean `{total}`?")
    }

    @Test func outsideAndAutoArePositions() {
        for p in ["outside", "auto"] {
            let r = load("piec: 1\nlabels: { position: \(p) }\nslices:\n  - { label: A, value: 1 }\n")
            #expect(codes(r).isEmpty)
            #expect(r.spec?.labels.position.rawValue == p)
        }
    }
}
