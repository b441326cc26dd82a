/// The command line as data: one table per command lists its options and positionals. The
/// same tables drive `ArgumentScanner` (parsing), `HelpText` (`--help`) and the "did you mean"
/// suggestions, so an option exists in all three or in none.

/// What a shell may offer for a value or a positional (`piec completions`).
enum CompletionKind: Sendable, Equatable {
    /// Nothing to offer (a number, a code, free text).
    case none
    /// Any file or directory path.
    case paths
    /// Directories only.
    case directories
    /// Spec files (`*.yaml`, `*.yml`) and directories.
    case specs
    /// One of a fixed list.
    case choices([String])
}

/// One option of a command: `--long`, maybe `-s`, a flag or an option taking one value.
struct OptionSpec: Sendable {
    /// What the value of an option may be (checked while scanning).
    enum Value: Sendable, Equatable {
        /// No value: a flag.
        case none
        /// Any text, shown in help as `<name>`.
        case text(String)
        /// A whole number (may be negative), shown as `<name>`.
        case integer(String)
        /// One of a fixed list, shown as `<name>`.
        case choice(String, [String])
    }

    /// The long name without dashes (`output` for `--output`): the key of the parsed value.
    var long: String
    /// The short name (`o` for `-o`), if any.
    var short: Character?
    var value: Value
    /// One sentence for `--help`.
    var help: String
    /// The default shown in `--help` (commands apply their own defaults).
    var defaultValue: String?
    /// Every occurrence adds a value; otherwise a later occurrence replaces an earlier one.
    var repeatable = false
    /// What a shell completes for a `.text` value (a `.choice` completes its choices).
    var paths: CompletionKind = .none

    /// A flag (`--check`): true when given.
    static func flag(_ long: String, help: String) -> OptionSpec {
        OptionSpec(long: long, short: nil, value: .none, help: help, defaultValue: nil)
    }

    /// An option with a value (`--output DIR`, `--output=DIR`, `-o DIR`, `-oDIR`).
    static func option(_ long: String, short: Character? = nil, _ value: Value, help: String,
                       default defaultValue: String? = nil, repeatable: Bool = false,
                       completes paths: CompletionKind = .none) -> OptionSpec {
        OptionSpec(long: long, short: short, value: value, help: help, defaultValue: defaultValue, repeatable: repeatable,
                   paths: paths)
    }

    var takesValue: Bool { value != .none }

    /// What a shell completes for the value.
    var completion: CompletionKind {
        switch value {
        case .none, .integer: .none
        case .text: paths
        case .choice(_, let choices): .choices(choices)
        }
    }

    /// The value's name in help and errors (`DIR`), nil for a flag.
    var valueName: String? {
        switch value {
        case .none: nil
        case .text(let name), .integer(let name), .choice(let name, _): name
        }
    }

    /// `--output <DIR>`: how errors name the option.
    var display: String { "--\(long)" + (valueName.map { " <\($0)>" } ?? "") }
}

/// The positional arguments of a command: a name for help and how many it takes.
struct PositionalSpec: Sendable {
    /// The name in help (`SPEC|DIR`).
    var name: String
    var help: String
    /// Any number (`[<SPEC|DIR> ...]`); otherwise at most one.
    var repeatable: Bool
    /// What a shell completes for it.
    var completion: CompletionKind = .none
}

/// One command: its name, texts for `--help`, options and positionals.
struct CommandSpec: Sendable {
    var name: String
    /// One line, shown in the root's command list and as OVERVIEW.
    var abstract: String
    /// Paragraphs for `--help`, one per line (wrapped when printed).
    var discussion: String = ""
    var positional: PositionalSpec?
    var options: [OptionSpec] = []

    /// The option called `--name`, if the command has one.
    func option(long name: Substring) -> OptionSpec? { options.first { $0.long == name } }
    /// The option called `-name`, if the command has one.
    func option(short name: Character) -> OptionSpec? { options.first { $0.short == name } }
}

/// The `-h, --help` and `--version` entries every command accepts (handled before the table
/// is consulted).
let helpOption = OptionSpec(long: "help", short: "h", value: .none, help: "Show help information.", defaultValue: nil)
let versionOption = OptionSpec(long: "version", short: nil, value: .none, help: "Show the version.", defaultValue: nil)
