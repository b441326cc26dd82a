import PieDriver
import PieSpec

/// Options shared by the commands that compile specs.
struct SpecOptions {
    var inputs: [String]
    var format: DiagnosticFormat
    var jobs: Int?
    var limits: SpecLimits

    static let positional = PositionalSpec(
        name: "SPEC|DIR", help: "Spec files and directories (default: the current directory).", repeatable: true,
        completion: .specs)

    static let options: [OptionSpec] = [
        .option("format", .choice("format", DiagnosticFormat.allCases.map(\.rawValue)),
                help: "Diagnostics format: human (stderr), short (stderr, one line each), json (JSON Lines on stdout), github (Actions annotations on stdout).",
                default: DiagnosticFormat.human.rawValue),
        .option("jobs", short: "j", .integer("N"), help: "Parallel jobs (default: every core)."),
        LimitOptions.maxSlices,
    ]

    init(_ arguments: ParsedArguments) throws(UsageError) {
        inputs = arguments.positionals
        format = arguments.value("format").flatMap(DiagnosticFormat.init(rawValue:)) ?? .human
        jobs = arguments.integer("jobs")
        if let jobs, jobs < 1 { throw UsageError(message: "--jobs must be at least 1, found \(jobs)") }
        limits = try LimitOptions.limits(arguments)
    }

    var builder: Builder {
        var builder = Builder(limits: limits, jobs: jobs ?? defaultJobCount)
        builder.skipsUpToDateBundles = true
        return builder
    }
}
