import Testing
@testable import PiecCLI

/// The scanner against a small table of its own: every option form, errors, help, `--`.
@Suite struct ArgumentScannerTests {
    static let table = CommandSpec(
        name: "demo",
        abstract: "A demo command.",
        positional: PositionalSpec(name: "FILE", help: "Files.", repeatable: true),
        options: [
            .option("output", short: "o", .text("DIR"), help: "Output directory.", default: "out"),
            .option("jobs", short: "j", .integer("N"), help: "Jobs."),
            .option("format", .choice("format", ["text", "json"]), help: "Format."),
            .option("tag", .text("T"), help: "A tag.", repeatable: true),
            .flag("check", help: "Check."),
        ])

    func scan(_ arguments: String...) throws(UsageError) -> ArgumentScanner.Outcome {
        try ArgumentScanner(command: Self.table).scan(arguments[...])
    }

    func parsed(_ arguments: String...) throws -> ParsedArguments {
        let outcome = try ArgumentScanner(command: Self.table).scan(arguments[...])
        guard case .arguments(let parsed) = outcome else { throw ScanFailure.notArguments(outcome) }
        return parsed
    }

    func usageError(_ arguments: String...) -> UsageError? {
        do { _ = try ArgumentScanner(command: Self.table).scan(arguments[...]) } catch { return error }
        return nil
    }

    enum ScanFailure: Error { case notArguments(ArgumentScanner.Outcome) }

    @Test(arguments: [["--output", "site"], ["--output=site"], ["-o", "site"], ["-o=site"], ["-osite"]])
    func everyValueFormGivesTheSameValue(_ arguments: [String]) throws {
        let outcome = try ArgumentScanner(command: Self.table).scan(arguments[...])
        #expect(outcome == .arguments(ParsedArguments(given: [.init(long: "output", values: ["site"])])))
    }

    @Test func optionsAndPositionalsMixInAnyOrder() throws {
        let result = try parsed("a.yaml", "--check", "b.yaml", "-j", "2", "c.yaml")
        #expect(result.positionals == ["a.yaml", "b.yaml", "c.yaml"])
        #expect(result.flag("check"))
        #expect(result.integer("jobs") == 2)
        #expect(!result.flag("format"))
        #expect(result.value("output") == nil)
    }

    @Test func aRepeatedOptionKeepsTheLastValueUnlessRepeatable() throws {
        let result = try parsed("--output", "a", "--output", "b", "--tag", "x", "--tag=y")
        #expect(result.value("output") == "b")
        #expect(result.all("output") == ["b"])
        #expect(result.all("tag") == ["x", "y"])
    }

    @Test func doubleDashEndsOptions() throws {
        let result = try parsed("--check", "--", "--output", "-h", "--version", "x")
        #expect(result.positionals == ["--output", "-h", "--version", "x"])
        #expect(result.value("output") == nil)
        #expect(result.flag("check"))
    }

    @Test func aLoneDashIsAPositionalAndAValue() throws {
        #expect(try parsed("-").positionals == ["-"])
        #expect(try parsed("--output", "-").value("output") == "-")
    }

    @Test func unknownLongOptionSuggestsTheClosest() {
        #expect(usageError("--outptu", "x") == UsageError(message: "unknown option '--outptu'", help: ["did you mean '--output'?"]))
        #expect(usageError("--chek") == UsageError(message: "unknown option '--chek'", help: ["did you mean '--check'?"]))
        #expect(usageError("--zzzzzzzz") == UsageError(message: "unknown option '--zzzzzzzz'", help: []))
    }

    @Test func unknownShortOptionIsAnError() {
        #expect(usageError("-x")?.message == "unknown option '-x'")
        // A short flag takes no attached text.
        #expect(usageError("-hx") == nil || usageError("-hx")?.message == "unknown option '-hx'")
    }

    @Test func missingValueAtTheEndOrBeforeAnOption() throws {
        #expect(usageError("--output") == UsageError(message: "missing value for '--output <DIR>'"))
        #expect(usageError("-o", "--check") == UsageError(message: "missing value for '--output <DIR>'"))
        #expect(usageError("--jobs", "-x") == UsageError(message: "missing value for '--jobs <N>'"))
        // A negative number is a value: the option's own check says what range it takes.
        #expect(try parsed("--jobs", "-1").integer("jobs") == -1)
    }

    @Test func anInlineValueMayStartWithADash() throws {
        #expect(try parsed("--jobs=-1").integer("jobs") == -1)
        #expect(try parsed("--output=--x").value("output") == "--x")
    }

    @Test func aFlagTakesNoValue() {
        #expect(usageError("--check=yes")?.message == "option '--check' takes no value")
    }

    @Test func integerValuesAreChecked() {
        #expect(usageError("--jobs", "two")?.message == "invalid value 'two' for '--jobs <N>': expected a whole number")
        #expect(usageError("-j", "1.5") != nil)
    }

    @Test func choiceValuesAreCheckedWithASuggestion() {
        let error = usageError("--format", "jsn")
        #expect(error?.message == "invalid value 'jsn' for '--format <format>'")
        #expect(error?.help == ["did you mean 'json'?", "use one of 'text', 'json'"])
        #expect(usageError("--format", "xml")?.help == ["use one of 'text', 'json'"])
    }

    @Test func helpAndVersionWinAnywhereBeforeDoubleDash() throws {
        #expect(try scan("--bogus", "--help") == .help)
        #expect(try scan("a", "-h") == .help)
        #expect(try scan("a", "--version") == .version)
        #expect(try scan("--version", "--help") == .help)
    }

    @Test func positionalsAreCountedAgainstTheTable() {
        let one = CommandSpec(name: "one", abstract: "", positional: PositionalSpec(name: "CODE", help: "", repeatable: false))
        let none = CommandSpec(name: "none", abstract: "")
        #expect(throws: Never.self) { try ArgumentScanner(command: one).scan(["E0100"]) }
        #expect(throws: UsageError(message: "unexpected argument 'b'", help: ["'piec one' takes one <CODE>"])) {
            try ArgumentScanner(command: one).scan(["a", "b"])
        }
        #expect(throws: UsageError(message: "unexpected argument 'x'", help: ["'piec none' takes no arguments"])) {
            try ArgumentScanner(command: none).scan(["x"])
        }
    }
}
