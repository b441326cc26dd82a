import PieDriver

/// `piec mdbook`: the mdBook preprocessor (`[preprocessor.piec]`, `command = "piec mdbook"`).
struct MdBookCommand: Command {
    static let spec = CommandSpec(
        name: "mdbook",
        abstract: "Draw the ```piec blocks of an mdBook book: its preprocessor, run by mdBook.",
        discussion: """
            In book.toml:

              [preprocessor.piec]
              command = "piec mdbook"

            mdBook then runs `piec mdbook supports RENDERER` (yes for html: exit 0; no for others, \
            which keep the blocks as code) and `piec mdbook` with the book as JSON on standard input; \
            piec writes the book back to standard output with every ```piec block of every chapter \
            drawn inline as the animated chart (chart.svg in a <div class="piec">). mdBook 0.4 and 0.5 \
            books are read. A block reads its data file and .piec.yaml from its chapter's folder; \
            without `id:` its id is the chapter's path and the block's place (guide-setup-2), so no \
            two blocks of the book share names, even in print.html.

            Keys under [preprocessor.piec]: since = "REV" animates each block from its version in \
            the same chapter at the git revision REV (matched by id; a block new since enters); \
            dark-selector = "SELECTOR" keys the dark look to a page selector (default: mdBook's dark \
            themes, \(MdBook.darkThemes); "system" follows the reader's system). A spec error fails \
            the book's build, located in the chapter's file.
            """,
        positional: PositionalSpec(name: "supports RENDERER", help: "Asked by mdBook: exit 0 when piec draws for RENDERER (html), 1 otherwise.",
                                   repeatable: true, completion: .none))

    var supports: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let words = arguments.positionals
        switch words.count {
        case 0: supports = nil
        case 2 where words[0] == "supports": supports = words[1]
        default:
            throw UsageError(message: "piec mdbook takes no argument but `supports RENDERER`, found `\(words.joined(separator: " "))`",
                             help: ["mdBook runs it: add [preprocessor.piec] with command = \"piec mdbook\" to book.toml"])
        }
    }

    func run() throws(ExitStatus) {
        if let supports { throw ExitStatus(MdBook.supports(supports) ? 0 : 1) }
        let terminal = Terminal()
        guard let input = MdBook.readStandardInput() else {
            terminal.err("piec: error: cannot read the book from standard input (unreadable, or over \(MdBook.maxInputBytes) bytes)\n")
            throw ExitStatus(PiecExitCode.usage.rawValue)
        }
        let result = MdBook.run(input)
        if let usage = result.usage {
            terminal.err(PiecUsage.message(usage))
            throw ExitStatus(PiecExitCode.usage.rawValue)
        }
        for group in result.groups where !group.diagnostics.isEmpty {
            terminal.err(DiagnosticRenderer.render(group, format: .human, color: terminal.colorOnStderr))
        }
        guard result.status == .success else { throw ExitStatus(result.status.rawValue) }
        if case .failure(let f) = OutputFile.write(result.output, to: OutputFile.stdout) {
            let group = FileDiagnostics(path: "<stdout>", file: nil, diagnostics: [f.diagnostic])
            terminal.err(DiagnosticRenderer.render(group, format: .human, color: terminal.colorOnStderr))
            throw ExitStatus(PiecExitCode.forDiagnostics([f.diagnostic]).rawValue)
        }
    }
}
