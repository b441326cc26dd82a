import PieDriver
import Testing
@testable import PiecCLI

/// The real command tables: each subcommand's options reach the command, usage errors and help.
@Suite struct PiecCommandTests {
    typealias Piec = PiecCommand<ExecPreview, ExecRaster>

    func command(_ arguments: String...) -> (any Command)? {
        if case .run(let command) = Piec.resolve(arguments[...]) { return command }
        return nil
    }

    func usage(_ arguments: String...) -> UsageError? {
        if case .usage(let error) = Piec.resolve(arguments[...]) { return error }
        return nil
    }

    func help(_ arguments: String...) -> String? {
        if case .help(let text) = Piec.resolve(arguments[...]) { return text }
        return nil
    }

    @Test func buildDefaults() throws {
        let build = try #require(command("build") as? Build)
        #expect(build.options.inputs.isEmpty)
        #expect(build.options.format == .human)
        #expect(build.options.jobs == nil)
        #expect(build.output == "out")
        #expect(!build.check && !build.svgOnly && build.from == nil)
    }

    @Test func buildReadsEveryOption() throws {
        let build = try #require(command("build", "a.yaml", "-o", "site", "--check", "--svg-only", "--from=HEAD~1",
                                         "--format", "json", "-j", "3", "dir") as? Build)
        #expect(build.options.inputs == ["a.yaml", "dir"])
        #expect(build.output == "site")
        #expect(build.check && build.svgOnly)
        #expect(build.from == "HEAD~1")
        #expect(build.options.format == .json)
        #expect(build.options.jobs == 3)
    }

    @Test func watchDefaultsAndLimits() throws {
        let watch = try #require(command("watch") as? Watch<ExecPreview>)
        #expect(watch.pollInterval == 100 && watch.debounce == 10 && watch.port == 8000 && !watch.serve && !watch.poll)
        let set = try #require(command("watch", "--poll", "--poll-interval", "5", "--debounce=0", "--serve", "--port", "0") as? Watch<ExecPreview>)
        #expect(set.poll && set.serve && set.pollInterval == 5 && set.debounce == 0 && set.port == 0)
        #expect(usage("watch", "--port=70000")?.message == "--port must be between 0 and 65535")
        #expect(usage("watch", "--poll-interval", "0")?.message == "--poll-interval must be at least 1, found 0")
        #expect(usage("watch", "--debounce=-1")?.message == "--debounce must not be negative")
    }

    @Test func jobsMustBePositive() {
        #expect(usage("build", "--jobs", "0")?.message == "--jobs must be at least 1, found 0")
        #expect(usage("check", "-j=0")?.message == "--jobs must be at least 1, found 0")
    }

    @Test func diffTakesOneSpecTwoSpecsOrOneWithFrom() throws {
        let pair = try #require(command("diff", "old.yaml", "new.yaml") as? Diff)
        #expect(pair.ref == "old.yaml" && pair.spec == "new.yaml" && !pair.json && !pair.exitCode)
        let from = try #require(command("diff", "new.yaml", "--from", "HEAD", "--format", "json", "--exit-code") as? Diff)
        #expect(from.ref == "HEAD" && from.spec == "new.yaml" && from.json && from.exitCode)
        let one = try #require(command("diff", "a.yaml", "-o", "site") as? Diff)
        #expect(one.ref == nil && one.spec == "a.yaml" && one.output == "site")
        #expect((command("diff", "a.yaml") as? Diff)?.output == "out")
        #expect(usage("diff")?.message == "give one SPEC, or OLD and NEW")
        #expect(usage("diff", "a.yaml", "b.yaml", "c.yaml")?.message == "give one SPEC, or OLD and NEW")
        #expect(usage("diff", "a.yaml", "b.yaml", "--from", "c")?.message == "with --from, give exactly one SPEC")
    }

    @Test func explainTakesOneCodeOrList() throws {
        #expect((command("explain", "E0503") as? Explain)?.code == "E0503")
        #expect((command("explain", "--list") as? Explain).map { $0.code == nil } == true)
        #expect(usage("explain")?.message == "missing a diagnostic code (or --list)")
        #expect(usage("explain", "E0500", "--list")?.message == "give either a code or --list, not both")
        #expect(usage("explain", "a", "b")?.message == "unexpected argument 'b'")
        #expect((command("explain", "--", "--list") as? Explain)?.code == "--list")
    }

    @Test func checkHasNoOutputOption() {
        #expect(usage("check", "-o", "out")?.message == "unknown option '-o'")
        #expect(usage("schema", "x")?.message == "unexpected argument 'x'")
    }

    @Test func unknownOptionSuggestsAndPointsToHelp() {
        #expect(usage("build", "--fro", "x") == UsageError(message: "unknown option '--fro'", help: ["did you mean '--from'?"]))
        #expect(usage("build", "--zzzzzz") == UsageError(message: "unknown option '--zzzzzz'", help: ["see 'piec build --help'"]))
        #expect(Piec.message(UsageError(message: "unknown option '--fro'", help: ["did you mean '--from'?"]))
            == "piec: error: unknown option '--fro'\nhelp: did you mean '--from'?\n")
    }

    @Test func unknownCommandSuggests() {
        #expect(usage("biuld") == UsageError(message: "unknown command 'biuld'", help: ["did you mean 'build'?", "see 'piec --help' for the commands"]))
        #expect(usage("--bogus")?.message == "unknown option '--bogus'")
        #expect(usage("--verison")?.help == ["did you mean '--version'?"])
    }

    @Test func versionAtTheRootAndInACommand() {
        #expect(Piec.resolve(["--version"]).isVersion)
        #expect(Piec.resolve(["build", "--version"]).isVersion)
        #expect(!Piec.resolve(["build", "--", "--version"]).isVersion)
    }

    @Test func rootHelpListsCommandsAndExitCodes() throws {
        for arguments in [[], ["--help"], ["-h"], ["help"], ["help", "nope"]] {
            let text = try #require({ if case .help(let t) = Piec.resolve(arguments[...]) { t } else { nil } }(), "\(arguments)")
            #expect(text == Piec.rootHelp)
        }
        for name in ["build", "check", "watch", "diff", "explain", "schema"] { #expect(Piec.rootHelp.contains("\n  \(name) ")) }
        #expect(Piec.rootHelp.contains("\n  64  usage error"))
        #expect(Piec.rootHelp.contains("-h, --help"))
    }

    @Test func commandHelpComesFromTheTable() throws {
        let text = try #require(help("build", "--help"))
        #expect(text == help("help", "build"))
        #expect(text == help("build", "-h", "--bogus"))
        #expect(text.hasPrefix("OVERVIEW: Compile specs and write their bundles to OUT/<id>/.\n"))
        for entry in ["  -o, --output <DIR>", "(default: out)", "  --svg-only ", "  --from <REF> ", "  -j, --jobs <N> ",
                      "  --max-slices <N> ", "  <SPEC|DIR> ", "  --version ", "  -h, --help "] {
            #expect(text.contains(entry), "\(entry)")
        }
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("(values: human, short, json, github; default: human)"))
        #expect(words.contains("USAGE: piec build [<SPEC|DIR> ...] [--format <format>] [--jobs <N>] [--max-slices <N>] [--output <DIR>] [--check]"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= HelpText.width })
    }

    @Test func helpKeepsRunsOfSpacesAndWraps() {
        #expect(HelpText.lines("a  b c", width: 80) == ["a  b c"])
        #expect(HelpText.lines("aaa bbb ccc", width: 7) == ["aaa bbb", "ccc"])
        let diff = help("diff", "--help") ?? ""
        #expect(diff.contains("`+ go  Go  12.0%`"))
    }
}

extension PiecCommand.Resolution {
    var isVersion: Bool { if case .version = self { true } else { false } }
}
