import PieDriver

/// The command-line reference page, docs/reference/cli.md (`piec man --markdown`), made from
/// the command tables like the man page and the completions: every command with its usage,
/// abstract, discussion, arguments and options, then the exit statuses. Plain CommonMark and
/// GFM tables; every heading names its command, so the anchors (`#piec-build`,
/// `#piec-build-options`) are unique and stay put. No version and no date: the page changes
/// only when a table does.
enum CLIReference {
    static let generatedNote = "<!-- generated from the command tables by `make reference` (`piec man --markdown`); "
        + "edit Sources/PiecCLI, not this page -->"

    static func page(_ root: ManPage.Root, commands: [CommandSpec]) -> String {
        var blocks = ["# Command line", "`piec COMMAND [OPTIONS]`: " + prose(root.abstract), generatedNote]
        blocks += paragraphs(root.description)
        blocks.append("Every command also takes `-h`, `--help` (\(prose(helpOption.help).lowercased().dropLast())) and "
            + "`--version` (\(prose(versionOption.help).lowercased().dropLast())); `piec help COMMAND` is `piec COMMAND --help`.")
        blocks.append("## Commands")
        blocks.append(table(["command", "what it does"], commands.map { ["[`\($0.name)`](#piec-\($0.name))", cell(prose($0.abstract))] }))
        for command in commands { blocks += section(command) }
        blocks += exitStatus(root.exitStatus)
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// `## piec NAME`: abstract, usage, discussion, arguments, options.
    static func section(_ command: CommandSpec) -> [String] {
        var blocks = ["## piec \(command.name)", prose(command.abstract)]
        let usage = HelpText.fill(HelpText.usage(command), width: 76).joined(separator: "\n    ")
        blocks.append("```text\n" + usage + "\n```")
        blocks += paragraphs(command.discussion)
        if let positional = command.positional {
            let name = "<\(positional.name)>" + (positional.repeatable ? " ..." : "")
            blocks += ["### piec \(command.name): arguments", table(["argument", "description"], [[code(name), cell(prose(positional.help))]])]
        }
        if !command.options.isEmpty {
            blocks += ["### piec \(command.name): options", table(["option", "default", "description"], command.options.map(row))]
        }
        return blocks
    }

    /// An option's row: its names, its default and its help with its values.
    static func row(_ option: OptionSpec) -> [String] {
        var names = option.short.map { "-\($0), " } ?? ""
        names += "--\(option.long)" + (option.valueName.map { " <\($0)>" } ?? "")
        var help = prose(option.help)
        if case .choice(_, let choices) = option.value { help += " Values: " + choices.map(code).joined(separator: ", ") + "." }
        if option.repeatable { help += " May be given more than once." }
        return [code(names), option.defaultValue.map(code) ?? "", cell(help)]
    }

    /// `## Exit status` from the `EXIT STATUS:` text of `piec --help` (one source for both):
    /// each `  N   meaning` line (and the more indented lines continuing it) a row, the
    /// unindented rest paragraphs.
    static func exitStatus(_ text: String) -> [String] {
        var rows: [[String]] = []
        var rest: [String] = []
        for line in text.split(separator: "\n").dropFirst() {
            let body = line.drop { $0 == " " }
            let indent = line.count - body.count
            if indent == 2, let code = body.split(separator: " ").first, code.allSatisfy(\.isNumber) {
                rows.append(["`\(code)`", String(body.dropFirst(code.count).drop { $0 == " " })])
            } else if indent > 2, !rows.isEmpty {
                rows[rows.count - 1][1] += " " + body
            } else {
                rest.append(String(body))
            }
        }
        let table = table(["status", "meaning"], rows.map { [$0[0], cell(prose($0[1]))] })
        return ["## Exit status", table] + rest.map(prose)
    }

    /// Paragraphs, one per line; runs of lines indented by spaces become one `text` block.
    static func paragraphs(_ text: String) -> [String] {
        var blocks: [String] = []
        var preformatted: [Substring] = []
        func flush() {
            if !preformatted.isEmpty { blocks.append("```text\n" + preformatted.joined(separator: "\n") + "\n```") }
            preformatted = []
        }
        for line in text.split(separator: "\n") {
            if line.hasPrefix(" ") {
                preformatted.append(line.dropFirst(2))
            } else {
                flush()
                blocks.append(prose(String(line)))
            }
        }
        flush()
        return blocks
    }

    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let lines = [header, header.map { _ in "---" }] + rows
        return lines.map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
    }

    /// A code span (table-safe: `|` escaped, which GFM undoes inside a cell).
    static func code(_ text: String) -> String { "`" + text.replacingAll("|", with: "\\|") + "`" }

    /// A table cell: `|` escaped everywhere, code spans included.
    static func cell(_ text: String) -> String { text.replacingAll("|", with: "\\|") }

    /// Help text as Markdown: `code` spans kept, and outside them the characters Markdown would
    /// read as markup (emphasis, HTML such as `OUT/<id>/`, links, escapes) escaped. A run of
    /// backticks with no run of the same length after it (```` ```piec ````) is literal text.
    static func prose(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard character == "`" else {
                if "\\*_<>[]".contains(character) { out.append("\\") }
                out.append(character)
                index += 1
                continue
            }
            let run = characters[index...].prefix { $0 == "`" }.count
            if let close = closingRun(characters, from: index + run, length: run) {
                out += String(characters[index..<close + run])
                index = close + run
            } else {
                out += String(repeating: "\\`", count: run)
                index += run
            }
        }
        return out
    }

    /// Where the next run of exactly `length` backticks starts, at or after `start`.
    private static func closingRun(_ characters: [Character], from start: Int, length: Int) -> Int? {
        var index = start
        while index < characters.count {
            guard characters[index] == "`" else { index += 1; continue }
            let run = characters[index...].prefix { $0 == "`" }.count
            if run == length { return index }
            index += run
        }
        return nil
    }
}
