import PieDiagnostics
@testable import PieSpec
import Testing

/// `format.locale`: decimal and grouping separators from a small table.
@Suite("Number locales")
struct NumberLocaleTests {
    /// (locale, 1234567.25, 42.5 %, 1234 (below some locales' grouping minimum)).
    static let table: [(String, String, String, String)] = [
        ("en-US", "1,234,567.25", "42.5%", "1,234"),
        ("en-GB", "1,234,567.25", "42.5%", "1,234"),
        ("de-DE", "1.234.567,25", "42,5\u{00A0}%", "1.234"),
        ("de-CH", "1\u{2019}234\u{2019}567.25", "42.5%", "1\u{2019}234"),
        ("fr-FR", "1\u{202F}234\u{202F}567,25", "42,5\u{202F}%", "1\u{202F}234"),
        ("es-ES", "1.234.567,25", "42,5\u{00A0}%", "1234"),
        ("it-IT", "1.234.567,25", "42,5%", "1.234"),
        ("pt-BR", "1.234.567,25", "42,5%", "1.234"),
        ("nl-NL", "1.234.567,25", "42,5%", "1.234"),
        ("sv-SE", "1\u{00A0}234\u{00A0}567,25", "42,5\u{00A0}%", "1\u{00A0}234"),
        ("pl-PL", "1\u{00A0}234\u{00A0}567,25", "42,5%", "1234"),
        ("ru-RU", "1\u{00A0}234\u{00A0}567,25", "42,5\u{00A0}%", "1\u{00A0}234"),
        ("ja-JP", "1,234,567.25", "42.5%", "1,234"),
        ("zh-CN", "1,234,567.25", "42.5%", "1,234"),
        ("hi-IN", "12,34,567.25", "42.5%", "1,234"),
    ]

    @Test(arguments: table)
    func formatsValuesAndPercentages(_ row: (String, String, String, String)) throws {
        let locale = try #require(NumberLocale.named(row.0))
        #expect(locale.format(plain: "1234567.25") == row.1)
        #expect(locale.percent(plain: "42.5") == row.2)
        #expect(locale.format(plain: "1234") == row.3)
    }

    @Test func everyLocaleOfTheTableIsTested() {
        #expect(NumberLocale.codes == Self.table.map(\.0))
        #expect(NumberLocale.table.first == .enUS)
    }

    @Test func indianGroupingIsLakhAndCrore() {
        let hi = NumberLocale.named("hi-IN")!
        #expect(hi.format(plain: "123456789") == "12,34,56,789")
        #expect(hi.format(plain: "100000") == "1,00,000")
        #expect(hi.format(plain: "999") == "999")
    }

    @Test func signsSmallNumbersAndFractionsStayIntact() {
        let de = NumberLocale.named("de-DE")!
        #expect(de.format(plain: "-1234.5") == "-1.234,5")
        #expect(de.format(plain: "0.05") == "0,05")
        #expect(de.format(plain: "12") == "12")
        #expect(de.format(plain: "123456") == "123.456")
    }

    @Test func anUnknownLocaleIsAnErrorWithDidYouMean() {
        let source = "piec: 1\nformat: { locale: de-de }\nslices:\n  - { label: A, value: 1 }\n"
        let result = SpecLoader.load(SourceFile(path: "x.yaml", bytes: Array(source.utf8)), defaultID: "x")
        #expect(result.diagnostics.map(\.code.rawValue) == ["E0206"])
        #expect(result.diagnostics.first?.help == "did you mean `de-DE` or `de-CH`?")
    }

    @Test func theLocaleIsLoweredAndCanonical() {
        let source = "piec: 1\nformat: { locale: fr-FR }\nslices:\n  - { label: A, value: 1 }\n"
        let result = SpecLoader.load(SourceFile(path: "x.yaml", bytes: Array(source.utf8)), defaultID: "x")
        #expect(result.spec?.format.locale.code == "fr-FR")
        #expect(result.spec?.canonicalJSON().serialized().contains("\"locale\":\"fr-FR\"") == true
                || result.spec?.canonicalJSON().serialized().contains("\"locale\": \"fr-FR\"") == true)
    }
}
