/// `--help` pages, made from the command tables: OVERVIEW, the discussion, USAGE, ARGUMENTS,
/// OPTIONS (and SUBCOMMANDS at the root), wrapped at 80 columns.
enum HelpText {
    static let width = 80
    /// Where help texts start in the ARGUMENTS/OPTIONS/SUBCOMMANDS lists.
    static let column = 26

    /// `piec <command> --help`.
    static func page(_ command: CommandSpec) -> String {
        var out = header(command.abstract, command.discussion)
        out += "USAGE: " + fill(usage(command), width: width - 7).joined(separator: "\n       ") + "\n\n"
        if let positional = command.positional {
            out += "ARGUMENTS:\n" + entry("<\(positional.name)>", positional.help) + "\n"
        }
        out += "OPTIONS:\n"
        for option in command.options + [versionOption, helpOption] { out += entry(names(option), help(option)) }
        return out
    }

    /// `piec --help`: the commands with their abstracts.
    static func root(abstract: String, discussion: String, commands: [CommandSpec]) -> String {
        var out = header(abstract, discussion)
        out += "USAGE: piec <subcommand>\n\n"
        out += "OPTIONS:\n" + entry(names(versionOption), versionOption.help) + entry(names(helpOption), helpOption.help) + "\n"
        out += "SUBCOMMANDS:\n"
        for command in commands { out += entry(command.name, command.abstract) }
        out += "\n  See 'piec help <subcommand>' for detailed help.\n"
        return out
    }

    /// `piec build [<SPEC|DIR> ...] [--format <format>] ...`: what the command accepts, in parts
    /// that a line break must not split.
    static func usage(_ command: CommandSpec) -> [String] {
        var parts = ["piec", command.name]
        if let positional = command.positional {
            parts.append(positional.repeatable ? "[<\(positional.name)> ...]" : "[<\(positional.name)>]")
        }
        for option in command.options {
            parts.append("[--\(option.long)" + (option.valueName.map { " <\($0)>" } ?? "") + "]" + (option.repeatable ? " ..." : ""))
        }
        return parts
    }

    private static func header(_ abstract: String, _ discussion: String) -> String {
        var out = wrap("OVERVIEW: ", abstract) + "\n\n"
        if !discussion.isEmpty {
            out += discussion.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix(" ") ? String($0) : wrap("", String($0)) }
                .joined(separator: "\n") + "\n\n"
        }
        return out
    }

    /// `-o, --output <DIR>`.
    private static func names(_ option: OptionSpec) -> String {
        let long = "--\(option.long)" + (option.valueName.map { " <\($0)>" } ?? "")
        return option.short.map { "-\($0), " + long } ?? long
    }

    /// The option's help with its values and default: `... (values: a, b; default: a)` (also
    /// the man page's text for it).
    static func help(_ option: OptionSpec) -> String {
        var notes: [String] = []
        if case .choice(_, let choices) = option.value { notes.append("values: " + choices.joined(separator: ", ")) }
        if let value = option.defaultValue { notes.append("default: " + value) }
        if option.repeatable { notes.append("repeatable") }
        return notes.isEmpty ? option.help : option.help + " (" + notes.joined(separator: "; ") + ")"
    }

    /// One list entry: two spaces, the name padded to `column`, the wrapped text.
    private static func entry(_ name: String, _ text: String) -> String {
        let body = lines(text, width: width - column)
        let pad = String(repeating: " ", count: column)
        let lead = "  " + name
        let first = lead.count + 2 <= column
            ? lead + String(repeating: " ", count: column - lead.count) + body[0]
            : lead + "\n" + pad + body[0]
        return ([first] + body.dropFirst().map { pad + $0 }).joined(separator: "\n") + "\n"
    }

    /// `prefix` + `text` wrapped to `width` columns.
    static func wrap(_ prefix: String, _ text: String) -> String {
        lines(prefix + text, width: width).joined(separator: "\n")
    }

    /// `parts` joined by spaces into lines of at most `width` characters (parts stay whole).
    static func fill(_ parts: [String], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for part in parts {
            if !line.isEmpty, line.count + 1 + part.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + part
        }
        return lines + [line]
    }

    /// `text` split at spaces into lines of at most `width` characters (a longer word stands
    /// alone). Runs of spaces inside a line are kept (`+ go  Go  12.0%`).
    static func lines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var spaces = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if word.isEmpty { spaces += 1; continue }
            if !line.isEmpty, line.count + spaces + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : String(repeating: " ", count: spaces + 1)) + word
            spaces = 0
        }
        return lines + [line]
    }
}
