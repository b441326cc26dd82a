import PieCore
import PieDiagnostics
import PieSpec
import PieYAML

/// The build pipeline as separate phases (discover, compile, write or check) so that `build`,
/// `check` and a future `watch` share them. Phases return values; only these functions touch disk.
public struct Builder: Sendable {
    public var compile: CompileFunction
    public var limits: SpecLimits
    /// Worker threads for reading, compiling and staging (default: every core).
    public var jobs: Int
    /// `build` (writing full bundles, no `--from`) skips generating bundles that `UpToDate`
    /// finds current on disk. Off by default so injected compile functions always run.
    public var skipsUpToDateBundles = false

    public init(compile: @escaping CompileFunction = DefaultPipeline.compile, limits: SpecLimits = SpecLimits(), jobs: Int = defaultJobCount) {
        self.compile = compile
        self.limits = limits
        self.jobs = max(1, jobs)
    }

    /// The specs named by `inputs` (files and directories), sorted by path; see `SpecDiscovery`.
    public func discover(inputs: [String], outputDir: String?) -> Discovery {
        SpecDiscovery.discover(inputs: inputs, outputDir: outputDir)
    }

    /// Reads and compiles every input in parallel; outcomes are in input order. Two specs with
    /// the same bundle id get E0506 on the later one (by path), which then has no bundle.
    /// `progress` receives (done, total) from any thread. `output` says what to generate.
    /// With `upToDateIn` (an output directory), bundles found current there are not generated.
    public func compileAll(_ inputs: [SpecInput], from: String? = nil, output: CompileOutput = .bundle,
                           upToDateIn: String? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil) -> [SpecOutcome] {
        let total = inputs.count
        var perItem: (@Sendable (Int) -> Void)?
        if let progress { perItem = { done in progress(done, total) } }
        let builder = self
        let upToDateIn = upToDateIn.flatMap { UpToDate.usable(outputDir: $0) ? $0 : nil }
        let cache = FolderInputsCache()
        var outcomes = parallelMap(inputs, jobs: jobs, progress: perItem) {
            builder.compileOne($0, from: from, output: output, upToDateIn: upToDateIn, folderCache: cache, keepsChart: false)
        }
        Self.rejectDuplicateIDs(&outcomes)
        return outcomes
    }

    /// Reads and compiles one spec (no cross-spec checks). `upToDateIn` must be a real directory
    /// (`compileAll` checks it once with `UpToDate.usable`).
    public func compileOne(_ input: SpecInput, from: String? = nil, output: CompileOutput = .bundle,
                           upToDateIn: String? = nil) -> SpecOutcome {
        compileOne(input, from: from, output: output, upToDateIn: upToDateIn, folderCache: nil, keepsChart: true)
    }

    /// `compileOne` sharing what specs of one folder read (`.piec.yaml`) within one build.
    /// `keepsChart`: the outcome keeps the compiled chart (layout, plan, changes) for the
    /// watcher and the preview; a batch build drops it (1000 specs kept 6 MB alive for nothing).
    func compileOne(_ input: SpecInput, from: String?, output: CompileOutput, upToDateIn: String?,
                    folderCache: FolderInputsCache?, keepsChart: Bool) -> SpecOutcome {
        let source: SourceFile
        switch SpecReader.read(input.path, limits: limits) {
        case .failure(let error):
            return SpecOutcome(input: input, source: nil, bundle: nil, spec: nil, diagnostics: [error.diagnostic])
        case .success(let s): source = s
        }
        // A `.piec.yaml` named on the command line is checked as shared defaults (no bundle).
        if lastPathComponent(input.path) == SharedDefaults.fileName {
            return SpecOutcome(input: input, source: source, bundle: nil, spec: nil, diagnostics: SpecLoader.checkDefaults(source, limits: limits))
        }
        let slug = BundleID.slug(fromPath: input.path)
        // The shared defaults and the data file are read first: their bytes are part of the
        // hash the fast path compares.
        let gathered = SpecInputsReader.gather(specPath: input.path, source: source, limits: limits, cache: folderCache)
        let hashed = gathered.inputs.hashedBytes(spec: source.bytes)
        // The common unchanged case without even parsing: OUT/<file stem> was built from these
        // exact bytes (its manifest holds their hash), so this spec compiles to the same id and
        // bytes. Sound for diagnostics too: a build that warned lists its warnings in the
        // manifest, whose head then does not match (`Manifest.head`), so such a spec is built
        // again and warns again; a spec whose id differs from its file stem is checked after loading.
        if let upToDateIn, output == .bundle, from == nil, BundleID.isValid(slug), gathered.diagnostics.isEmpty,
           UpToDate.isCurrent(outputDir: upToDateIn, id: slug, specBytes: hashed) {
            var outcome = SpecOutcome(input: input, source: source, bundle: nil, spec: nil, diagnostics: [])
            outcome.upToDateID = slug
            outcome.inputs = gathered.inputs
            outcome.dependencies = gathered.dependencies
            return outcome
        }
        var request = CompileRequest(source: source, defaultID: slug, svgOnly: output == .svgOnly)
        // Where an up-to-date bundle may be skipped, compile in two steps: check the spec, decide
        // from its id whether OUT/<id> is current (a spec whose `id` is not its file stem), and
        // only then generate. A compile function that generates anyway skips the decision.
        let freshness = upToDateIn != nil && output == .bundle && from == nil
        request.validateOnly = output == .none || freshness
        request.reportsLayout = output == .none
        request.inputs = gathered.inputs
        var diagnostics: [Diagnostic] = gathered.diagnostics
        func finished(_ outcome: SpecOutcome, related: [FileDiagnostics] = []) -> SpecOutcome {
            var outcome = outcome
            outcome.related = related
            outcome.inputs = gathered.inputs
            outcome.dependencies = gathered.dependencies
            return outcome
        }
        if let from {
            let resolved = PreviousVersionResolver(ref: from).resolve(specPath: input.path, source: source, defaultID: slug)
            request.previous = resolved.previous
            diagnostics += resolved.diagnostics
            if resolved.diagnostics.hasErrors {
                return finished(SpecOutcome(input: input, source: source, bundle: nil, spec: nil, diagnostics: diagnostics))
            }
        }
        var result = compile(request)
        if freshness, let checked = result.checked {
            let id = checked.spec.id
            if id != slug, BundleID.isValid(id), let upToDateIn, !diagnostics.hasErrors,
               UpToDate.isCurrent(outputDir: upToDateIn, id: id, specBytes: hashed) {
                var outcome = SpecOutcome(input: input, source: source, bundle: nil, spec: checked.spec,
                                          diagnostics: diagnostics + result.diagnostics)
                outcome.upToDateID = id
                return finished(outcome, related: result.related)
            }
            result = Compiler.generate(checked)
        }
        diagnostics += result.diagnostics
        var bundle = diagnostics.hasErrors ? nil : result.bundle
        if slug.isEmpty, !diagnostics.hasErrors, (bundle?.id ?? result.spec?.id ?? "").isEmpty {
            diagnostics.append(DriverDiagnostics.error(
                DriverDiagnostics.noDefaultID,
                "cannot derive a bundle id from the file name `\(BundleID.stem(ofPath: input.path))`",
                help: "add `id:` to the spec (letters a-z, digits and `-`) or rename the file"))
            bundle = nil
        } else if let b = bundle, let problem = AtomicBundleWriter.validate(b) {
            diagnostics += problem.diagnostics
            bundle = nil
        }
        var outcome = SpecOutcome(input: input, source: source, bundle: bundle, spec: result.spec, diagnostics: diagnostics)
        outcome.chart = bundle == nil || !keepsChart ? nil : result.chart
        return finished(outcome, related: result.related)
    }

    /// Where a spec names its bundle: the value of its top-level `id`, or 1:1 when the id
    /// comes from the file name (so every diagnostic format can place the finding).
    static func idRange(in source: SourceFile?) -> SourceRange {
        let start = SourceRange.point(SourceLocation(line: 1, column: 1))
        guard let source, case .mapping(let entries, _)? = YAMLParser.parse(source).root,
              let id = entries.first(where: { $0.key.value == "id" }) else { return start }
        return id.value.range
    }

    static func rejectDuplicateIDs(_ outcomes: inout [SpecOutcome]) {
        var owner: [String: String] = [:]
        for i in outcomes.indices {
            guard let id = outcomes[i].bundleID else { continue }
            if let first = owner[id] {
                outcomes[i].diagnostics.append(.error(
                    DriverDiagnostics.duplicateID,
                    "`\(outcomes[i].input.path)` and `\(first)` both produce the bundle `\(id)`",
                    at: idRange(in: outcomes[i].source),
                    help: "give one of them a different `id:`"))
                outcomes[i].bundle = nil
                outcomes[i].upToDateID = nil
            } else {
                owner[id] = outcomes[i].input.path
            }
        }
    }

    /// Writes the bundles of `outcomes` to `outputDir`, all or nothing: when any outcome has
    /// errors nothing is touched (the report is empty). See `AtomicBundleWriter`.
    public func write(_ outcomes: [SpecOutcome], to outputDir: String) -> WriteReport {
        guard !outcomes.contains(where: \.hasErrors) else { return WriteReport() }
        var report = AtomicBundleWriter(outputDir: outputDir, jobs: jobs).write(outcomes.compactMap(\.bundle))
        if outcomes.contains(where: { $0.upToDateID != nil }) {
            let unchanged = Set(report.unchanged)
            report.unchanged = outcomes.compactMap { $0.upToDateID ?? $0.bundle.flatMap { unchanged.contains($0.id) ? $0.id : nil } }
        }
        return report
    }

    /// `--check`: one E0510 per spec whose bundle on disk is missing or differs. Writes nothing.
    public func check(_ outcomes: [SpecOutcome], against outputDir: String) -> [FileDiagnostics] {
        StaleCheck.run(outcomes, outputDir: outputDir, jobs: jobs)
    }
}
