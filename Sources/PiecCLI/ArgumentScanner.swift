import PieDriver

/// A bad command line: printed as `piec: error: <message>` and `help: <line>` lines, exit 64.
struct UsageError: Error, Equatable, Sendable {
    var message: String
    var help: [String] = []
}

/// What a command line gave one command, keyed by the options' long names. (An array, not a
/// dictionary: a handful of entries, and a first `Dictionary<String, [String]>` costs a cold
/// start ~160k instructions of generic-metadata instantiation.)
struct ParsedArguments: Equatable, Sendable {
    /// One option that was given, with its values in order (a flag's value is the empty string).
    struct Given: Equatable, Sendable {
        var long: String
        var values: [String]
    }

    var given: [Given] = []
    var positionals: [String] = []

    /// True when the flag `--long` was given.
    func flag(_ long: String) -> Bool { given.contains { $0.long == long } }
    /// The value of `--long`: the last one given, or nil.
    func value(_ long: String) -> String? { all(long).last }
    /// Every value of a repeatable `--long`, in order.
    func all(_ long: String) -> [String] { given.first { $0.long == long }?.values ?? [] }
    /// The value of an integer option (the scanner checked that it is one).
    func integer(_ long: String) -> Int? { value(long).flatMap { Int($0) } }

    /// Records `values` as everything `--long` was given.
    mutating func set(_ long: String, _ values: [String]) {
        if let index = given.firstIndex(where: { $0.long == long }) {
            given[index].values = values
        } else {
            given.append(Given(long: long, values: values))
        }
    }
}

/// Scans the arguments of one command against its table.
///
/// Accepts `--opt value`, `--opt=value`, `-o value`, `-o=value` and `-ovalue`; `--` ends the
/// options (all that follows is positional). A value in the next argument must not start with
/// `-` (`--from --check` is a missing value) unless it is a negative number (`--width -5`). Options and positionals may
/// come in any order; a repeated option replaces the earlier value unless it is `repeatable`.
/// `-h`/`--help` or `--version` anywhere before `--` asks for help or the version instead.
struct ArgumentScanner {
    var command: CommandSpec

    /// The outcome: help or the version was asked for, or the arguments.
    enum Outcome: Equatable, Sendable {
        case help
        case version
        case arguments(ParsedArguments)
    }

    func scan(_ arguments: ArraySlice<String>) throws(UsageError) -> Outcome {
        let options = arguments.prefix { $0 != "--" }
        if options.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
        if options.contains("--version") { return .version }
        var parsed = ParsedArguments()
        var rest = arguments
        while let argument = rest.popFirst() {
            if argument == "--" {
                parsed.positionals += rest
                break
            }
            if argument.hasPrefix("--") {
                try long(argument.dropFirst(2), rest: &rest, into: &parsed)
            } else if argument.hasPrefix("-"), argument.count > 1 {
                try short(argument.dropFirst(), rest: &rest, into: &parsed)
            } else {
                parsed.positionals.append(argument)
            }
        }
        try checkPositionals(parsed.positionals)
        return .arguments(parsed)
    }

    /// `--name`, `--name=value` or `--name value`.
    private func long(_ text: Substring, rest: inout ArraySlice<String>, into parsed: inout ParsedArguments) throws(UsageError) {
        let name = text.prefix { $0 != "=" }
        let inline = name.endIndex < text.endIndex ? String(text[text.index(after: name.endIndex)...]) : nil
        guard let option = command.option(long: name) else { throw unknown("--" + name) }
        if !option.takesValue, inline != nil {
            throw UsageError(message: "option '--\(option.long)' takes no value", help: ["write '--\(option.long)' alone"])
        }
        try record(option, inline: inline, rest: &rest, into: &parsed)
    }

    /// `-o value` or `-ovalue` (a short flag stands alone).
    private func short(_ text: Substring, rest: inout ArraySlice<String>, into parsed: inout ParsedArguments) throws(UsageError) {
        guard let name = text.first, let option = command.option(short: name) else { throw unknown("-" + text) }
        let tail = text.dropFirst()
        if !option.takesValue, !tail.isEmpty { throw unknown("-" + text) }
        let inline = tail.isEmpty ? nil : String(tail.hasPrefix("=") ? tail.dropFirst() : tail)
        try record(option, inline: inline, rest: &rest, into: &parsed)
    }

    /// Stores the option's value (the inline one, or the next argument), checked against its kind.
    private func record(_ option: OptionSpec, inline: String?, rest: inout ArraySlice<String>, into parsed: inout ParsedArguments) throws(UsageError) {
        guard option.takesValue else {
            parsed.set(option.long, [""])
            return
        }
        guard let value = inline ?? Self.takeValue(from: &rest) else {
            throw UsageError(message: "missing value for '\(option.display)'")
        }
        try check(value, for: option)
        parsed.set(option.long, option.repeatable ? parsed.all(option.long) + [value] : [value])
    }

    /// The next argument as a value, unless it looks like an option (`-` alone is a value, and
    /// so is a negative number such as `-5` or `-1s`: no option is a digit, and the option's own
    /// check then says what range it takes, instead of "missing value").
    private static func takeValue(from rest: inout ArraySlice<String>) -> String? {
        guard let next = rest.first else { return nil }
        let negativeNumber = next.count > 1 && next.hasPrefix("-") && next.dropFirst().first.map { $0.isASCII && ($0.isNumber || $0 == ".") } == true
        guard !next.hasPrefix("-") || next == "-" || negativeNumber else { return nil }
        return rest.popFirst()
    }

    private func check(_ value: String, for option: OptionSpec) throws(UsageError) {
        switch option.value {
        case .none, .text:
            return
        case .integer:
            if Int(value) == nil {
                throw UsageError(message: "invalid value '\(value)' for '\(option.display)': expected a whole number")
            }
        case .choice(_, let choices):
            try Self.check(value, among: choices, for: "'\(option.display)'")
        }
    }

    /// `value` is one of `choices`, or a usage error with the closest one.
    private static func check(_ value: String, among choices: [String], for what: String) throws(UsageError) {
        if choices.contains(value) { return }
        var help = Suggestions.closest(to: value, among: choices, limit: 1).map { "did you mean '\($0)'?" }
        help.append("use one of " + choices.map { "'\($0)'" }.joined(separator: ", "))
        throw UsageError(message: "invalid value '\(value)' for \(what)", help: help)
    }

    private func checkPositionals(_ positionals: [String]) throws(UsageError) {
        guard let positional = command.positional else {
            if let first = positionals.first {
                throw UsageError(message: "unexpected argument '\(first)'", help: ["'piec \(command.name)' takes no arguments"])
            }
            return
        }
        if !positional.repeatable, positionals.count > 1 {
            throw UsageError(message: "unexpected argument '\(positionals[1])'", help: ["'piec \(command.name)' takes one <\(positional.name)>"])
        }
        if case .choices(let choices) = positional.completion {
            for value in positionals { try Self.check(value, among: choices, for: "<\(positional.name)>") }
        }
    }

    /// An option not in the table, with the closest long name when one is close.
    private func unknown(_ option: String) -> UsageError {
        let names = (command.options + [helpOption]).map(\.long)
        let word = String(option.drop { $0 == "-" })
        let help = Suggestions.closest(to: word, among: names, limit: 1).map { "did you mean '--\($0)'?" }
        return UsageError(message: "unknown option '\(option)'", help: help)
    }
}
