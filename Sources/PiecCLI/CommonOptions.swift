import ArgumentParser
import PieDriver

extension DiagnosticFormat: ExpressibleByArgument {}

/// Options shared by the commands that compile specs.
struct SpecOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "Spec files and directories (default: the current directory).", valueName: "SPEC|DIR"))
    var inputs: [String] = []

    @Option(help: ArgumentHelp(
        "Diagnostics format: human (stderr), short (stderr, one line each), json (JSON Lines on stdout), github (Actions annotations on stdout).",
        valueName: "format"))
    var format: DiagnosticFormat = .human

    @Option(name: [.short, .long], help: ArgumentHelp("Parallel jobs (default: every core).", valueName: "N"))
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    var builder: Builder {
        var builder = Builder(jobs: jobs ?? defaultJobCount)
        builder.skipsUpToDateBundles = true
        return builder
    }
}
