#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieCore
import PieDriver

/// The root command: `piec init | build | check | watch | diff | render | md | history | explain | schema | completions | man`. Generic over how
/// `piec watch --serve` gets its preview server, so the server (Hummingbird, NIO, Foundation)
/// lives only in the `piec-preview` executable: `piec` links neither it nor Foundation; and over
/// how raster images and video are encoded (`Raster`: librsvg, giflib, libwebp live only in
/// `piec-render`).
public enum PiecCommand<Preview: PreviewLauncher, Raster: RasterLauncher> {
    /// The subcommands, in the order `piec --help` lists them.
    static var commands: [any Command.Type] {
        [Init.self, Build.self, Check.self, Watch<Preview>.self, Diff.self, Render<Raster>.self, Md<Raster>.self, MdBookCommand.self, HistoryCommand.self, Explain.self, Schema.self,
         Completions<Preview>.self, Man<Preview>.self]
    }

    /// Their tables, in the same order.
    static var specs: [CommandSpec] {
        var specs: [CommandSpec] = []
        for command in commands { specs.append(command.spec) }
        return specs
    }

    static var abstract: String { "Compile pie and donut chart specs (YAML) into animated SVG + CSS bundles." }
    static var discussion: String { description + "\n\n" + PiecExitCode.helpText }
    /// The root help's discussion without the exit statuses (the man page's DESCRIPTION).
    static var description: String {
        """
        A chart is a YAML spec; `piec build` writes its bundle (chart.svg, chart.css, \
        index.html, manifest.json) to OUT/<id>/. With no SPEC or DIR argument, the current \
        directory is searched. A directory means every *.yaml and *.yml file below it \
        (hidden files and directories and the output directory are skipped).
        """
    }

    /// What a command line asks for.
    enum Resolution {
        /// Print this help page on stdout; exit 0.
        case help(String)
        /// Print the version on stdout; exit 0.
        case version
        /// Print the error on stderr; exit 64.
        case usage(UsageError)
        /// Run the command.
        case run(any Command)
    }

    /// Runs the command line of this process and exits with its status.
    public static func main() -> Never {
        exit(execute(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs `arguments` (without the program name); returns the exit status.
    static func execute(_ arguments: [String]) -> Int32 {
        let terminal = Terminal()
        switch resolve(arguments[...]) {
        case .help(let text):
            terminal.out(text)
        case .version:
            terminal.out(PiecVersion.string + "\n")
        case .usage(let error):
            terminal.err(message(error))
            return PiecExitCode.usage.rawValue
        case .run(let command):
            do { try command.run() } catch { return error.code }
        }
        return PiecExitCode.success.rawValue
    }

    /// Parses a command line without running anything.
    static func resolve(_ arguments: ArraySlice<String>) -> Resolution {
        guard let first = arguments.first else { return .help(rootHelp) }
        switch first {
        case "-h", "--help": return .help(rootHelp)
        case "--version": return .version
        case "help": return help(arguments.dropFirst())
        default: break
        }
        if first.hasPrefix("-") {
            let help = Suggestions.closest(to: String(first.drop { $0 == "-" }), among: ["version", "help"], limit: 1)
            return .usage(UsageError(message: "unknown option '\(first)'",
                                     help: help.isEmpty ? ["see 'piec --help'"] : help.map { "did you mean '--\($0)'?" }))
        }
        guard let type = command(named: first) else { return .usage(unknownCommand(first)) }
        do throws(UsageError) {
            switch try ArgumentScanner(command: type.spec).scan(arguments.dropFirst()) {
            case .help: return .help(HelpText.page(type.spec))
            case .version: return .version
            case .arguments(let parsed): return .run(try type.init(parsed))
            }
        } catch {
            return .usage(UsageError(message: error.message, help: error.help.isEmpty ? ["see 'piec \(first) --help'"] : error.help))
        }
    }

    /// `piec help [COMMAND]` (the root's help when COMMAND is missing or unknown).
    private static func help(_ arguments: ArraySlice<String>) -> Resolution {
        guard let name = arguments.first, let type = command(named: name) else { return .help(rootHelp) }
        return .help(HelpText.page(type.spec))
    }

    private static func command(named name: String) -> (any Command.Type)? {
        for command in commands where command.spec.name == name { return command }
        return nil
    }

    private static func unknownCommand(_ name: String) -> UsageError {
        let best = Suggestions.closest(to: name, among: specs.map { $0.name }, limit: 1)
        return UsageError(message: "unknown command '\(name)'",
                          help: best.map { "did you mean '\($0)'?" } + ["see 'piec --help' for the commands"])
    }

    static var rootHelp: String {
        HelpText.root(abstract: abstract, discussion: discussion, commands: specs)
    }

    /// `piec: error: ...` and its `help:` lines.
    static func message(_ error: UsageError) -> String {
        "piec: error: \(error.message)\n" + error.help.map { "help: \($0)\n" }.joined()
    }
}
