import PieDriver

/// `piec completions SHELL`: a completion script made from the command tables.
struct Completions<Preview: PreviewLauncher>: Command {
    static var spec: CommandSpec { completionsSpec }

    var shell: ShellCompletions.Shell

    init(_ arguments: ParsedArguments) throws(UsageError) {
        // The scanner checked the positional against its choices.
        guard let name = arguments.positionals.first, let shell = ShellCompletions.Shell(rawValue: name) else {
            throw UsageError(message: "missing the shell: bash, zsh or fish")
        }
        self.shell = shell
    }

    func run() throws(ExitStatus) {
        Terminal().out(ShellCompletions.script(shell, commands: PiecCommand<Preview, ExecRaster>.specs))
    }
}

/// `piec completions`' table (a generic type cannot hold a stored static).
private let completionsSpec = CommandSpec(
    name: "completions",
    abstract: "Print a shell completion script (bash, zsh or fish).",
    discussion: """
        bash: `source <(piec completions bash)` in ~/.bashrc. zsh: save the script as _piec in a \
        directory of $fpath. fish: `piec completions fish > ~/.config/fish/completions/piec.fish`. \
        `make install` installs all three where the shells look for them.
        """,
    positional: PositionalSpec(name: "SHELL", help: "bash, zsh or fish.", repeatable: false,
                               completion: .choices(ShellCompletions.Shell.allCases.map(\.rawValue))))

/// `piec man`: the piec(1) man page, made from the command tables; `--markdown`: the same as
/// the reference page docs/reference/cli.md.
struct Man<Preview: PreviewLauncher>: Command {
    static var spec: CommandSpec { manSpec }

    let markdown: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        markdown = arguments.flag("markdown")
    }

    /// What the man page and the reference page say about piec as a whole.
    static var root: ManPage.Root {
        ManPage.Root(abstract: PiecCommand<Preview, ExecRaster>.abstract, description: PiecCommand<Preview, ExecRaster>.description,
                     exitStatus: PiecExitCode.helpText)
    }

    func run() throws(ExitStatus) {
        let commands = PiecCommand<Preview, ExecRaster>.specs
        Terminal().out(markdown ? CLIReference.page(Self.root, commands: commands) : ManPage.page(Self.root, commands: commands))
    }
}

private let manSpec = CommandSpec(
    name: "man",
    abstract: "Print the piec(1) man page (roff; read it with `piec man | man -l -`).",
    options: [.flag("markdown", help: "The command-line reference page (Markdown, docs/reference/cli.md) instead.")])
