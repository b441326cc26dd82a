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
    /// `build` and `build --check` (full bundles, no `--from`) skip generating bundles that `UpToDate`
    /// finds current on disk. Off by default so injected compile functions always run.
    public var skipsUpToDateBundles = false
    /// Outcomes hold `files` (generated as `write` takes them) instead of a `bundle` wherever the
    /// builder generates: a large chart's files are then written one step at a time instead of
    /// all held at once. `build` sets it when it writes.
    public var defersBundles = false
    /// `BuildRequest.darkSelector`, given to every compile.
    public var darkSelector: String?
    /// The chart id of a spec without `id:` instead of its file stem (`--id`; one spec).
    public var defaultID: String?
    /// Off (`--no-files`): a spec reads no data file and no `.piec.yaml` (a `data.file` is a
    /// located error), for docs tools and render services whose working folder is their own.
    public var readsFiles = true
    /// `piec build --explain`: every generated outcome records its drawing plan (`SpecOutcome.drawing`),
    /// and no bundle is skipped as up to date (it would have none to explain).
    public var explains = false

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
    /// `progress` receives (done, total) from any thread. `output` says what to generate;
    /// `previous` how each chart's previous version is found (see `PreviousResolver`).
    /// With `upToDateIn` (an output directory), bundles found current there are not generated.
    public func compileAll(_ inputs: [SpecInput], previous: PreviousPolicy = .request, output: CompileOutput = .bundle,
                           upToDateIn: String? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil) -> [SpecOutcome] {
        let total = inputs.count
        var perItem: (@Sendable (Int) -> Void)?
        if let progress { perItem = { done in progress(done, total) } }
        let builder = self
        let upToDateIn = upToDateIn.flatMap { UpToDate.usable(outputDir: $0) ? $0 : nil }
        let cache = FolderInputsCache()
        let context = previous.outputDir.map(PreviousContext.init)
        if previous.looksInGit, let context { context.openAhead(specPaths: inputs.map(\.path)) }
        var outcomes = parallelMap(inputs, jobs: jobs, progress: perItem) {
            builder.compileOne($0, previous: previous, output: output, upToDateIn: upToDateIn, folderCache: cache,
                               context: context, keepsChart: false)
        }
        Self.rejectDuplicateIDs(&outcomes)
        return outcomes
    }

    /// Reads and compiles one spec (no cross-spec checks). `upToDateIn` must be a real directory
    /// (`compileAll` checks it once with `UpToDate.usable`).
    public func compileOne(_ input: SpecInput, previous: PreviousPolicy = .request, output: CompileOutput = .bundle,
                           upToDateIn: String? = nil) -> SpecOutcome {
        compileOne(input, previous: previous, output: output, upToDateIn: upToDateIn, folderCache: nil,
                   context: previous.outputDir.map(PreviousContext.init), keepsChart: true)
    }

    /// `compileOne` sharing what specs of one folder read (`.piec.yaml`) and what finding
    /// previous versions looks up (`PreviousContext`) within one build.
    /// `keepsChart`: the outcome keeps the compiled chart (layout, plan, changes) for the
    /// watcher and the preview; a batch build drops it (1000 specs kept 6 MB alive for nothing).
    func compileOne(_ input: SpecInput, previous policy: PreviousPolicy, output: CompileOutput, upToDateIn: String?,
                    folderCache: FolderInputsCache?, context: PreviousContext?, keepsChart: Bool) -> SpecOutcome {
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
        let slug = defaultID ?? input.defaultID
        // The shared defaults and the data file are read first: their bytes are part of the
        // hash the fast path compares.
        let gathered = readsFiles ? SpecInputsReader.gather(specPath: input.path, source: source, limits: limits, cache: folderCache)
            : SpecInputsReader.alone(source, limits: limits)
        let hashed = gathered.inputs.hashedBytes(spec: source.bytes)
        // The fast path serves the default previous version and `--check` only: a bundle built
        // from this very spec keeps the previous it records (`PreviousResolver`, step 1), and
        // `--check` rebuilds from that record, so a current bundle is exactly what the full
        // path would write or compare.
        let freshness = upToDateIn != nil && output == .bundle && policy.keepsRecordedPrevious
        // The common unchanged case without even parsing: OUT/<file stem> was built from these
        // exact bytes (its manifest holds their hash), so this spec compiles to the same id and
        // bytes. Sound for diagnostics too: a build that warned lists its warnings in the
        // manifest, whose head then does not match (`Manifest.head`), so such a spec is built
        // again and warns again; a spec whose id differs from its file stem is checked after loading.
        if freshness, let upToDateIn, BundleID.isValid(slug), gathered.diagnostics.isEmpty,
           UpToDate.isCurrent(outputDir: upToDateIn, id: slug, specBytes: hashed) {
            var outcome = SpecOutcome(input: input, source: source, bundle: nil, spec: nil, diagnostics: [])
            outcome.upToDateID = slug
            outcome.inputs = gathered.inputs
            outcome.dependencies = gathered.dependencies
            return outcome
        }
        var request = CompileRequest(source: source, defaultID: slug, svgOnly: output == .svgOnly)
        // Compile in two steps where the previous version depends on the spec (its id, its
        // canonical spec) or an up-to-date bundle may be skipped: check the spec, decide, then
        // generate. A compile function that generates anyway skips the decisions.
        let resolves = output != .none && policy.resolves
        request.validateOnly = output == .none || output == .checked || freshness || resolves
        request.reportsLayout = output == .none
        request.inputs = gathered.inputs
        request.limits = limits
        request.darkSelector = darkSelector
        func finished(_ outcome: SpecOutcome, related: [FileDiagnostics] = []) -> SpecOutcome {
            var outcome = outcome
            outcome.related = related
            outcome.inputs = gathered.inputs
            outcome.dependencies = gathered.dependencies
            return outcome
        }
        var result = compile(request)
        var diagnostics: [Diagnostic] = gathered.diagnostics
        if output != .none, var checked = result.checked {
            let id = checked.spec.id
            if freshness, id != slug, BundleID.isValid(id), let upToDateIn, !gathered.diagnostics.hasErrors,
               UpToDate.isCurrent(outputDir: upToDateIn, id: id, specBytes: hashed) {
                var outcome = SpecOutcome(input: input, source: source, bundle: nil, spec: checked.spec,
                                          diagnostics: diagnostics + result.diagnostics)
                outcome.upToDateID = id
                return finished(outcome, related: result.related)
            }
            if resolves, let context {
                let found = PreviousResolver(context: context, limits: limits).resolve(policy, specPath: input.path, spec: checked.spec, source: source,
                                                                       hashed: hashed)
                diagnostics += found.diagnostics
                if found.diagnostics.hasErrors {
                    return finished(SpecOutcome(input: input, source: source, bundle: nil, spec: checked.spec,
                                                diagnostics: diagnostics + result.diagnostics), related: result.related)
                }
                if let previous = found.previous {
                    let loaded = previous.loadPrevious(for: checked.spec, limits: limits)
                    checked.previous = loaded.spec
                    checked.diagnostics.insert(contentsOf: loaded.diagnostics, at: 0)
                }
            }
            if output == .checked {
                result.checked = checked
            } else {
                result = Compiler.generate(checked, deferred: defersBundles)
            }
        }
        diagnostics += result.diagnostics
        var bundle = diagnostics.hasErrors ? nil : result.bundle
        var files = diagnostics.hasErrors ? nil : result.files
        if slug.isEmpty, !diagnostics.hasErrors, (bundle?.id ?? files?.id ?? result.spec?.id ?? "").isEmpty {
            diagnostics.append(DriverDiagnostics.error(
                DriverDiagnostics.noDefaultID,
                "cannot derive a bundle id from the file name `\(BundleID.stem(ofPath: input.path))`",
                help: "add `id:` to the spec (letters a-z, digits and `-`) or rename the file"))
            bundle = nil
            files = nil
        } else if let problem = bundle.map(AtomicBundleWriter.validate) ?? files.map(AtomicBundleWriter.validate), let problem {
            diagnostics += problem.diagnostics
            bundle = nil
            files = nil
        }
        var outcome = SpecOutcome(input: input, source: source, bundle: bundle, spec: result.spec, diagnostics: diagnostics)
        outcome.files = files
        if output == .none || output == .checked, !diagnostics.hasErrors { outcome.checked = result.checked }
        outcome.chart = (bundle == nil && files == nil) || !keepsChart ? nil : result.chart
        if explains, bundle != nil || files != nil, let chart = result.chart, let spec = result.spec {
            outcome.drawing = DrawingExplanation.of(chart, spec: spec, svgOnly: output == .svgOnly)
        }
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
                    "`\(outcomes[i].input.displayPath)` and `\(first)` both produce the bundle `\(id)`",
                    at: idRange(in: outcomes[i].source),
                    help: "give one of them a different `id:`"))
                outcomes[i].bundle = nil
                outcomes[i].files = nil
                outcomes[i].upToDateID = nil
            } else {
                owner[id] = outcomes[i].input.displayPath
            }
        }
    }

    /// Writes the bundles of `outcomes` to `outputDir`, all or nothing: when any outcome has
    /// errors nothing is touched (the report is empty). See `AtomicBundleWriter`.
    public func write(_ outcomes: [SpecOutcome], to outputDir: String) -> WriteReport {
        guard !outcomes.contains(where: \.hasErrors) else { return WriteReport() }
        var report = AtomicBundleWriter(outputDir: outputDir, jobs: jobs)
            .write(files: outcomes.compactMap { $0.files ?? $0.bundle.map(BundleFiles.init) })
        if outcomes.contains(where: { $0.upToDateID != nil }) {
            let unchanged = Set(report.unchanged)
            report.unchanged = outcomes.compactMap { $0.upToDateID ?? $0.bundleID.flatMap { unchanged.contains($0) ? $0 : nil } }
        }
        return report
    }

    /// `--check`: one E0510 per spec whose bundle on disk is missing or differs. Writes nothing.
    /// `fix` is the command E0510's help names (`BuildRequest.fixCommand`).
    public func check(_ outcomes: [SpecOutcome], against outputDir: String, fix: String = "piec build") -> [FileDiagnostics] {
        StaleCheck.run(outcomes, outputDir: outputDir, jobs: jobs, fix: fix)
    }
}
