import PieSpec
import PieDiagnostics

/// What `piec build` / `piec check` asks for.
public struct BuildRequest: Sendable {
    public enum Mode: Sendable {
        /// Compile and write the bundles (all or nothing).
        case write
        /// Compile and compare with the bundles on disk (`--check`); writes nothing.
        case checkStale
        /// Compile only (`piec check`); writes nothing.
        case validate
    }

    /// Files and directories; empty means the current directory.
    public var inputs: [String]
    public var outputDir: String
    public var mode: Mode
    /// `--from REF`: the previous version every spec animates from.
    public var from: String?
    /// `--svg-only`: each bundle is chart.svg alone.
    public var svgOnly: Bool
    /// `--dark-selector`: the dark rules keyed to a page selector (`DarkSelector`).
    public var darkSelector: String?
    /// `--id ID`: the chart id of the one spec built, when the spec has no `id:`.
    public var id: String?
    /// `--no-files`: the spec is built alone (`Builder.readsFiles`); without `--from` it enters.
    public var noFiles = false

    public init(inputs: [String], outputDir: String = "out", mode: Mode = .write, from: String? = nil, svgOnly: Bool = false) {
        self.inputs = inputs
        self.outputDir = outputDir
        self.mode = mode
        self.from = from
        self.svgOnly = svgOnly
    }

    /// What the compile phase generates: nothing when validating.
    var output: CompileOutput { mode == .validate ? .none : svgOnly ? .svgOnly : .bundle }
}

/// What compiling a spec generates.
public enum CompileOutput: Sendable, Hashable {
    /// The full bundle (chart.svg, chart.css, index.html, manifest.json).
    case bundle
    /// chart.svg alone (`--svg-only`).
    case svgOnly
    /// Nothing: load and validate only (`piec check`).
    case none
    /// No bundle: the checked spec with its previous version resolved (`piec render`, which
    /// draws frames of it).
    case checked
}

/// Everything a build did, in a deterministic order, plus the exit status it calls for.
public struct BuildReport: Sendable {
    /// Problems with the arguments themselves (missing paths, directories without specs).
    public var discoveryProblems: [FileDiagnostics] = []
    /// One outcome per spec, sorted by path.
    public var outcomes: [SpecOutcome] = []
    /// A problem with the command line found while building (`--from` names nothing usable):
    /// nothing was compiled or written; exit status 64.
    public var usage: UsageProblem?
    /// Set when the mode was `.write` and no spec had errors.
    public var write: WriteReport?
    /// `--check`: one group per stale bundle.
    public var stale: [FileDiagnostics] = []

    /// Every diagnostic group to print, in order: arguments, specs (by path), stale bundles, write failures.
    public var groups: [FileDiagnostics] {
        discoveryProblems + Self.specGroups(outcomes) + stale + (write?.failures ?? [])
    }

    /// Each spec's group, then the groups of the files it reads (data file, `.piec.yaml`); a
    /// `.piec.yaml` shared by several specs is reported once (at its first spec).
    static func specGroups(_ outcomes: [SpecOutcome]) -> [FileDiagnostics] {
        var shown = Set<String>()
        var groups: [FileDiagnostics] = []
        // By index: binding each outcome to a name copied it (source bytes, bundle, chart), twice
        // per spec per build.
        for i in outcomes.indices {
            if !outcomes[i].diagnostics.isEmpty { groups.append(outcomes[i].report) }
            for group in outcomes[i].related where !group.diagnostics.isEmpty && shown.insert(group.path).inserted {
                groups.append(group)
            }
        }
        return groups
    }

    /// Number of specs with at least one error.
    public var failedSpecs: Int { outcomes.indices.reduce(0) { $0 + (outcomes[$1].hasErrors ? 1 : 0) } }

    public var status: PiecExitCode {
        if usage != nil { return .usage }
        return groups.reduce(PiecExitCode.success) { $0.combined(with: .forDiagnostics($1.diagnostics)) }
    }
}

extension Builder {
    /// Runs the phases for `request`: discover, compile, then write, compare or stop.
    /// Nothing is written when any input fails to read or any spec has errors.
    public func build(_ request: BuildRequest, progress: (@Sendable (Int, Int) -> Void)? = nil) -> BuildReport {
        var report = BuildReport()
        let writes = request.mode != .validate
        let discovery = discover(inputs: request.inputs.isEmpty ? ["."] : request.inputs, outputDir: writes ? request.outputDir : nil)
        report.discoveryProblems = discovery.problems
        if request.id != nil, discovery.problems.isEmpty, discovery.inputs.count != 1 {
            report.usage = UsageProblem("--id names the chart of one spec, and \(discovery.inputs.count) specs were given",
                                        help: ["build one spec file (or - for standard input) with --id, or give each spec an `id:`"])
            return report
        }
        var previous = request.mode == .checkStale ? PreviousPolicy.recorded(outputDir: request.outputDir)
            : .readers(outputDir: request.outputDir)
        // --no-files: nothing but the spec and what --from names; no output folder, no git.
        if request.noFiles { previous = .reference(.none, outputDir: request.outputDir) }
        if let from = request.from, writes {
            switch FromReference.parse(from, specPaths: discovery.inputs.map(\.path), limits: limits, git: !request.noFiles) {
            case .failure(let problem):
                report.usage = problem
                return report
            case .success(let reference): previous = .reference(reference, outputDir: request.outputDir)
            }
        }
        // `--check` may take the fast path too: a bundle UpToDate proves current was built from
        // this spec, so the previous it records is the one the check rebuilds from.
        // A dark selector is not in the manifest's head, so a bundle built without it is no proof.
        let fastPath = skipsUpToDateBundles && !explains && request.mode != .validate && request.output == .bundle && request.from == nil
            && request.darkSelector == nil && request.id == nil && !request.noFiles
        var builder = self
        builder.defersBundles = request.mode == .write
        builder.darkSelector = request.darkSelector
        builder.defaultID = request.id
        builder.readsFiles = !request.noFiles
        report.outcomes = builder.compileAll(discovery.inputs, previous: writes ? previous : .request, output: request.output,
                                     upToDateIn: fastPath ? request.outputDir : nil, progress: progress)
        guard discovery.problems.isEmpty, !report.outcomes.contains(where: \.hasErrors) else { return report }
        if case .reference(let reference, _) = previous, let id = reference.matchedID,
           !report.outcomes.contains(where: { $0.bundleID == id }) {
            report.usage = UsageProblem("--from names the chart `\(id)`, which none of the \(report.outcomes.count) specs builds",
                                        help: ["give a folder of bundles (matched by chart id), or the bundle of one of these charts"])
            return report
        }
        switch request.mode {
        case .validate: break
        case .checkStale: report.stale = check(report.outcomes, against: request.outputDir, fix: request.fixCommand(maxSlices: limits.maxSlices))
        case .write: report.write = write(report.outcomes, to: request.outputDir)
        }
        return report
    }
}

extension BuildRequest {
    /// The command that writes what `--check` expects: `piec build` with the same specs,
    /// output folder, `--svg-only`, `--from` and `--max-slices` (shell-quoted where needed).
    public func fixCommand(maxSlices: Int = SpecLimits.defaultMaxSlices) -> String {
        var words = ["piec", "build"] + inputs
        if outputDir != "out" { words += ["-o", outputDir] }
        if svgOnly { words.append("--svg-only") }
        if let from { words += ["--from", from] }
        if let darkSelector { words += ["--dark-selector", darkSelector] }
        if let id { words += ["--id", id] }
        if noFiles { words.append("--no-files") }
        if maxSlices != SpecLimits.defaultMaxSlices { words += ["--max-slices", String(maxSlices)] }
        return words.map(shellQuoted).joined(separator: " ")
    }
}

/// `word` as a POSIX shell reads it back: as is when it holds only safe characters, else in
/// single quotes.
func shellQuoted(_ word: String) -> String {
    // `~` only inside a word (a leading one is a home directory).
    let safe = !word.hasPrefix("~") && word.utf8.allSatisfy { b in
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || "-_./=:,+@%^~".utf8.contains(b)
    }
    if safe && !word.isEmpty { return word }
    return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}
