import Foundation
import PieCore
import PieDriver
import Testing
@testable import PiecCLI

/// `piec completions bash|zsh|fish` and `piec man`: every command and option of the tables is
/// in each, and the scripts work in the real shells (bash always; zsh and fish when installed,
/// which `scripts/bootstrap.sh` does).
@Suite struct GeneratedDocsTests {
    typealias Piec = PiecCommand<ExecPreview, ExecRaster>

    static var commands: [CommandSpec] { Piec.specs }

    static func script(_ shell: ShellCompletions.Shell) -> String {
        ShellCompletions.script(shell, commands: commands)
    }

    static var manPage: String {
        ManPage.page(ManPage.Root(abstract: Piec.abstract, description: Piec.description, exitStatus: PiecExitCode.helpText),
                     commands: commands)
    }

    /// The text from the first line containing `start` up to the next line containing `end`
    /// (or the end): one command's part of a script.
    static func section(_ text: String, from start: String, to end: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0.contains(start) }) else { return "" }
        let last = lines[(first + 1)...].firstIndex { $0.contains(end) } ?? lines.endIndex - 1
        return lines[first...last].joined(separator: "\n")
    }

    /// The shell words of a script part, split at blanks, quotes, `|` and parentheses.
    static func words(_ part: String) -> Set<Substring> {
        Set(part.split { " \n'|()".contains($0) })
    }

    @Test func theTablesHoldOnlyPlainWords() {
        // The generators put names and choices unquoted into shell word lists and roff.
        let plain = { (word: String) in !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) } }
        for command in Self.commands {
            #expect(plain(command.name))
            for option in command.options {
                #expect(plain(option.long), "\(command.name) --\(option.long)")
                if case .choice(_, let choices) = option.value { #expect(choices.allSatisfy(plain)) }
            }
            if case .choices(let choices) = command.positional?.completion { #expect(choices.allSatisfy(plain)) }
        }
    }

    @Test func theCommandListIncludesTheGenerators() {
        let names = Self.commands.map(\.name)
        #expect(names.contains("completions") && names.contains("man") && names.contains("init"))
        #expect(Piec.rootHelp.contains("  completions "))
    }

    /// Every option of `command` is in `part` of a script: its long and short name as
    /// `long`/`short` render them, and its choices as `choices` renders the list.
    static func expectEveryOption(of command: CommandSpec, in part: String, shell: String,
                                  long: (String) -> Bool, short: (Character) -> Bool, choices: ([String]) -> String) {
        #expect(!part.isEmpty, "\(shell): nothing for \(command.name)")
        for option in ShellCompletions.allOptions(command) {
            #expect(long(option.long), "\(shell): \(command.name) --\(option.long)")
            if let name = option.short { #expect(short(name), "\(shell): \(command.name) -\(name)") }
            if case .choices(let list) = option.completion, option.takesValue {
                #expect(part.contains(choices(list)), "\(shell): \(command.name) --\(option.long) values")
            }
        }
    }

    @Test func bashHasEveryCommandOptionAndChoice() {
        let script = Self.script(.bash)
        for command in Self.commands {
            let part = Self.section(script, from: "        \(command.name))", to: "            ;;")
            let words = Self.words(part)
            Self.expectEveryOption(of: command, in: part, shell: "bash",
                                   long: { words.contains("--" + $0) }, short: { words.contains("-" + String($0)) },
                                   choices: { "'" + $0.joined(separator: " ") + "'" })
        }
    }

    @Test func zshHasEveryCommandOptionAndChoice() {
        let script = Self.script(.zsh)
        #expect(script.hasPrefix("#compdef piec\n"))
        for command in Self.commands {
            #expect(script.contains("'\(command.name):"), "zsh: \(command.name) is not described")
            let part = Self.section(script, from: "        \(command.name)) _arguments", to: " && ret=0 ;;")
            Self.expectEveryOption(of: command, in: part, shell: "zsh",
                                   long: { part.contains("--" + $0) }, short: { part.contains("{-" + String($0)) },
                                   choices: { "(" + $0.joined(separator: " ") + ")" })
        }
    }

    @Test func fishHasEveryCommandOptionAndChoice() {
        let script = Self.script(.fish)
        for command in Self.commands {
            #expect(script.contains("-a \(command.name) -d "), "fish: \(command.name) is not offered")
            let lines = script.split(separator: "\n").filter { $0.contains("'__fish_seen_subcommand_from \(command.name)'") }
            for option in ShellCompletions.allOptions(command) {
                let line = lines.first { $0.contains(" -l \(option.long) ") }
                #expect(line != nil, "fish: \(command.name) --\(option.long)")
                if let short = option.short { #expect(line?.contains(" -s \(short) ") == true, "fish: \(command.name) -\(short)") }
                if case .choices(let choices) = option.completion, option.takesValue {
                    #expect(line?.contains("-a '" + choices.joined(separator: " ") + "'") == true, "fish: \(command.name) --\(option.long) values")
                }
            }
        }
    }

    @Test func theManPageHasEveryCommandAndOption() {
        let page = Self.manPage
        #expect(page.contains(".TH PIEC 1 \"\" \"piec \(PiecVersion.string)\""))
        for code in ["64", "74"] { #expect(page.contains(code)) }
        for command in Self.commands {
            let part = Self.section(page, from: ".SS \(command.name)", to: ".S")
            #expect(part.contains(ManPage.escape(command.abstract)), "man: \(command.name)")
            for option in command.options {
                let names = (option.short.map { "\\fB\\-\($0)\\fR, " } ?? "") + "\\fB\\-\\-" + ManPage.escape(option.long) + "\\fR"
                #expect(part.contains(".TP\n" + names), "man: \(command.name) --\(option.long)")
            }
            if let positional = command.positional { #expect(part.contains(ManPage.escape(positional.name))) }
        }
        // No line starts with a control character by accident (a help text starting with `.`).
        let requests: Set<Substring> = ["\\\"", "TH", "SH", "SS", "PP", "TP", "B", "I", "BR", "RI", "IR", "br", "nf", "fi", "RS", "RE", "nh", "ad"]
        for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            let request = line.dropFirst().prefix { $0 != " " }
            #expect(line.hasPrefix(".") && requests.contains(request), "man: unexpected request line \(line)")
        }
    }

    @Test func roffEscapes() {
        #expect(ManPage.escape("--out a\\b") == "\\-\\-out a\\eb")
        #expect(ManPage.escape("run `piec man`.") == "run \\fBpiec man\\fR.")
        #expect(ManPage.escape(".hidden") == "\\&.hidden")
        #expect(ManPage.escape("'quoted'") == "\\&'quoted'")
    }

    @Test func outputIsDeterministic() {
        for shell in ShellCompletions.Shell.allCases { #expect(Self.script(shell) == Self.script(shell)) }
        #expect(Self.manPage == Self.manPage)
    }

    @Test func theCompletionsCommandChecksItsShell() {
        guard case .usage(let error) = Piec.resolve(["completions", "zssh"]) else { Issue.record("accepted zssh"); return }
        #expect(error.message == "invalid value 'zssh' for <SHELL>")
        #expect(error.help.first == "did you mean 'zsh'?")
        guard case .usage(let missing) = Piec.resolve(["completions"]) else { Issue.record("accepted no shell"); return }
        #expect(missing.message == "missing the shell: bash, zsh or fish")
        if case .run = Piec.resolve(["completions", "fish"]) {} else { Issue.record("rejected fish") }
        if case .run = Piec.resolve(["man"]) {} else { Issue.record("rejected man") }
    }

    // MARK: the real shells

    /// A temporary directory with spec-like files for path completion; removed afterwards.
    static func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("piec-completions-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: folder.appendingPathComponent("charts"), withIntermediateDirectories: true)
        for name in ["a.yaml", "b.yml", "notes.txt"] {
            try Data("piec: 1\n".utf8).write(to: folder.appendingPathComponent(name))
        }
        defer { try? fm.removeItem(at: folder) }
        try body(folder)
    }

    static func run(_ executable: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    static func shell(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)", "/opt/homebrew/bin/\(name)", "/usr/local/bin/\(name)"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// COMPREPLY of `_piec` for a command line whose last word is being completed, one
    /// candidate per line, sorted.
    @Test func bashCompletesCommandsOptionsValuesAndPaths() throws {
        let bash = try #require(Self.shell("bash"))
        try Self.withFolder { folder in
            let script = folder.appendingPathComponent("piec.bash")
            try Data(Self.script(.bash).utf8).write(to: script)
            let driver = """
                source ./piec.bash || exit 1
                complete -p piec || exit 1
                sim() {
                    COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
                    _piec
                    printf '%s\\n' "${COMPREPLY[@]}" | LC_ALL=C sort | tr '\\n' ' '
                    echo
                }
                sim piec bu
                sim piec build --for
                sim piec build --format j
                sim piec build --format = ''
                sim piec build --format = s
                sim piec build ''
                sim piec build -o ''
                sim piec build --check --output ''
                sim piec check --jobs ''
                sim piec completions ''
                sim piec help c
                sim piec ''
                sim piec -
                sim piec explain --l
                sim piec diff --exit-code --format ''
                """
            let result = try Self.run(bash, ["--norc", "--noprofile", "-c", driver], in: folder)
            #expect(result.status == 0, "bash: \(result.err)")
            let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == "complete -F _piec piec")
            let names = Self.commands.map(\.name) + ["help"]
            #expect(Array(lines.dropFirst()) == [
                "build ",
                "--format ",
                "json ",
                "github human json short ",
                "short ",
                "a.yaml b.yml charts ",
                "charts ",
                "charts ",
                " ",
                "bash fish zsh ",
                "check completions ",
                names.sorted().joined(separator: " ") + " ",
                "--help --version -h ",
                "--list ",
                "json text ",
                "",
            ])
        }
    }

    @Test(.enabled(if: shell("man") != nil, "man is not installed (scripts/bootstrap.sh installs man-db)"))
    func theManPageRendersWithoutWarnings() throws {
        let man = try #require(Self.shell("man"))
        try Self.withFolder { folder in
            try Data(Self.manPage.utf8).write(to: folder.appendingPathComponent("piec.1"))
            let env = "MANWIDTH=80 MAN_KEEP_FORMATTING= LC_ALL=C.UTF-8"
            let result = try Self.run("/bin/sh", ["-c", "\(env) \(man) --warnings -l ./piec.1 | cat"], in: folder)
            #expect(result.status == 0)
            #expect(result.err == "", "man --warnings: \(result.err)")
            for command in Self.commands { #expect(result.out.contains("   \(command.name)\n"), "man: \(command.name)") }
            #expect(result.out.contains("-o, --output DIR"))
        }
    }

    @Test(.enabled(if: shell("zsh") != nil, "zsh is not installed (scripts/bootstrap.sh installs it)"))
    func zshParsesAndRegistersTheFunction() throws {
        let zsh = try #require(Self.shell("zsh"))
        try Self.withFolder { folder in
            let functions = folder.appendingPathComponent("functions")
            try FileManager.default.createDirectory(at: functions, withIntermediateDirectories: true)
            try Data(Self.script(.zsh).utf8).write(to: functions.appendingPathComponent("_piec"))
            let syntax = try Self.run(zsh, ["-n", functions.appendingPathComponent("_piec").path], in: folder)
            #expect(syntax.status == 0, "zsh -n: \(syntax.err)")
            // compinit reads the #compdef line: piec is then completed by _piec.
            let driver = "fpath=(./functions $fpath); autoload -Uz compinit; compinit -u -D; print -r -- $_comps[piec]"
            let registered = try Self.run(zsh, ["-f", "-c", driver], in: folder)
            #expect(registered.out == "_piec\n", "zsh: \(registered.err)")
        }
    }

    @Test(.enabled(if: shell("fish") != nil, "fish is not installed (scripts/bootstrap.sh installs it)"))
    func fishCompletesCommandsOptionsValuesAndPaths() throws {
        let fish = try #require(Self.shell("fish"))
        try Self.withFolder { folder in
            let script = folder.appendingPathComponent("piec.fish")
            try Data(Self.script(.fish).utf8).write(to: script)
            let syntax = try Self.run(fish, ["-n", script.path], in: folder)
            #expect(syntax.status == 0, "fish -n: \(syntax.err)")
            // `complete -C LINE` prints what fish offers for LINE: candidate, tab, description.
            let driver = """
                source ./piec.fish
                for line in 'piec bu' 'piec build --for' 'piec build --format ' 'piec completions ' 'piec build -o ' 'piec check --jobs '
                    echo (complete -C $line | string replace -r '\\t.*' '' | sort)
                end
                """
            let result = try Self.run(fish, ["--no-config", "-c", driver], in: folder)
            #expect(result.status == 0, "fish: \(result.err)")
            #expect(result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
                "build",
                "--format",
                "github human json short",
                "bash fish zsh",
                "charts/",
                "",
                "",
            ])
        }
    }
}
