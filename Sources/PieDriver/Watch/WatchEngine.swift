import PieCore
import PieDiagnostics
import PieSpec

/// The watcher's memory of each spec, keyed by path.
struct TrackedSpec {
    /// The bytes last read, with those of the files the spec reads (`SpecInputs.hashedBytes`):
    /// a save with the same bytes builds nothing. Nil forces a rebuild.
    var seen: [UInt8]?
    /// The source of the bundle on disk: the previous version of the next build.
    var lastGood: SourceFile?
    /// The files that build read (its data file and shared defaults, as they were then).
    var lastGoodInputs = SpecInputs()
    /// The bundle on disk for this spec (its last good build).
    var bundleID: String?
    /// The bundle id this spec wants but another spec holds (E0506); rebuilt when it is freed.
    var blockedOn: String?
    /// When the file was first found missing (its bundle goes after `deleteGraceMS`).
    var missingSince: UInt64?
    /// When the file was first found empty after having content: a truncate whose write has
    /// not come yet. It is built (and reported broken) only after `emptyGraceMS`.
    var emptySince: UInt64?
}

/// Reacts to batches of changes: reads the specs named, compiles those whose bytes changed
/// (against their last good build), writes their bundles atomically, and removes the bundles of
/// specs that are gone. Runs on the watcher's thread only.
struct WatchEngine {
    let options: WatchOptions
    let scope: WatchScope
    let compile: CompileFunction
    let emit: @Sendable (WatchEvent) -> Void
    var tracked: [String: TrackedSpec] = [:]
    /// Bundle id -> the spec whose bundle it is on disk.
    private var owners: [String: String] = [:]
    /// Last good sources of deleted specs by bundle id: a spec that comes back (renamed, or
    /// deleted and recreated by an editor) animates from what was last shown.
    private var tombstones: [String: PreviousSource] = [:]
    /// The files specs read (data files, `.piec.yaml`, existing or not) -> those specs.
    var dependents: [String: Set<String>] = [:]

    init(options: WatchOptions, compile: @escaping CompileFunction, emit: @escaping @Sendable (WatchEvent) -> Void) {
        self.options = options
        self.scope = options.scope
        self.compile = compile
        self.emit = emit
    }

    /// Handles one batch at `now`; returns paths to look at again, with their deadlines.
    /// `changedSince(path)` tells whether the file changed again after it was read (an editor
    /// still writing): then its build is dropped, neither written nor reported, and the pending
    /// change builds it again.
    mutating func handle(
        _ batch: Debouncer.Batch, initial: Bool, now: UInt64, changedSince: (String) -> Bool = { _ in false }
    ) -> [(String, UInt64)] {
        let started = now
        let paths = candidates(batch, initial: initial).filter { !isOnlyDependency($0) } + dependentSpecs(of: batch)
        var changed: [String] = []
        var gone: [String] = []
        var recheck: [(String, UInt64)] = []
        for path in paths {
            switch look(at: path, now: now, initial: initial) {
            case .unchanged: continue
            case .changed: changed.append(path)
            case .emptied(let since):
                let deadline = since + UInt64(options.emptyGraceMS) * 1_000_000
                if now >= deadline { changed.append(path) } else { recheck.append((path, deadline)) }
            case .missing(let since):
                let deadline = since + UInt64(options.deleteGraceMS) * 1_000_000
                if initial || now >= deadline { gone.append(path) } else { recheck.append((path, deadline)) }
            case .unreadable(let diagnostic): fail(path, FileDiagnostics(path: path, file: nil, diagnostics: [diagnostic]), initial: initial, ms: 0)
            }
        }
        changed += remove(gone)
        var totals = InitialBuild(specs: 0, written: 0, unchanged: 0, failed: 0, elapsedMS: 0)
        build(Array(Set(changed)).sorted(), initial: initial, totals: &totals, changedSince: changedSince)
        if initial {
            totals.specs = tracked.count
            totals.elapsedMS = Double(monotonicNanoseconds() - started) / 1e6
            emit(.initialBuildFinished(totals))
        }
        return recheck
    }

    /// The paths to look at: those named, or after a rescan everything discovery finds plus
    /// everything tracked (to notice what vanished).
    private func candidates(_ batch: Debouncer.Batch, initial: Bool) -> [String] {
        guard batch.rescanReason != nil || initial else { return batch.paths }
        let discovery = SpecDiscovery.discover(inputs: scope.inputs, outputDir: options.outputDir)
        let problems = discovery.problems.filter { group in
            !group.diagnostics.contains { $0.code == DriverDiagnostics.noSpecs || $0.code == DriverDiagnostics.fileNotFound }
        }
        if !problems.isEmpty { emit(.problems(problems)) }
        var all = Set(discovery.inputs.map(\.path)).union(tracked.keys).union(batch.paths)
        // A file argument that does not exist yet is still watched for.
        all.formUnion(scope.files)
        return all.sorted()
    }

    private enum Look {
        case unchanged, changed
        case missing(since: UInt64)
        case emptied(since: UInt64)
        case unreadable(Diagnostic)
    }

    /// Reads `path` and compares its bytes with the last read.
    private mutating func look(at path: String, now: UInt64, initial: Bool) -> Look {
        switch SpecReader.read(path, limits: options.limits) {
        case .success(let source):
            tracked[path, default: TrackedSpec()].missingSince = nil
            if tracked[path]?.seen == inputBytes(path, source) { return .unchanged }
            guard source.bytes.isEmpty, !initial, tracked[path]?.lastGood != nil else {
                tracked[path]?.emptySince = nil
                return .changed
            }
            let since = tracked[path]?.emptySince ?? now
            tracked[path]?.emptySince = since
            return .emptied(since: since)
        case .failure(let error) where error.diagnostic.code == DriverDiagnostics.fileNotFound:
            guard tracked[path] != nil else { return .unchanged }
            let since = tracked[path]?.missingSince ?? now
            tracked[path]?.missingSince = since
            return .missing(since: since)
        case .failure(let error):
            tracked[path, default: TrackedSpec()].seen = nil
            return .unreadable(error.diagnostic)
        }
    }

    /// Forgets deleted specs and removes their bundles, unless another spec now owns the same id.
    /// Returns specs that were waiting for one of the freed ids (to build now).
    private mutating func remove(_ gone: [String]) -> [String] {
        var freed: [String] = []
        for path in gone {
            guard let spec = tracked[path] else { continue }
            setBundle(path, nil)
            tracked[path] = nil
            setDependencies(path, [])
            var removal = RemovalReport()
            if let id = spec.bundleID {
                if let good = spec.lastGood { tombstones[id] = Self.previousSource(good, spec.lastGoodInputs) }
                if owner(of: id) == nil {
                    removal = BundleRemover.remove(id: id, outputDir: options.outputDir)
                    freed.append(id)
                }
            }
            emit(.removed(SpecRemoved(path: path, bundleID: spec.bundleID, removal: removal)))
        }
        return waiting(on: freed)
    }

    /// The specs blocked on one of `ids` (their `seen` is cleared so they build).
    private mutating func waiting(on ids: [String]) -> [String] {
        let wanted = Set(ids)
        var paths: [String] = []
        for (path, spec) in tracked where spec.blockedOn.map(wanted.contains) == true {
            tracked[path]?.seen = nil
            tracked[path]?.blockedOn = nil
            paths.append(path)
        }
        return paths
    }

    /// The tracked spec whose bundle on disk is `id`.
    func owner(of id: String, except path: String? = nil) -> String? {
        owners[id].flatMap { $0 == path ? nil : $0 }
    }

    /// Records that the bundle on disk for `path` is now `id` (nil: none).
    private mutating func setBundle(_ path: String, _ id: String?) {
        if let old = tracked[path]?.bundleID, owners[old] == path { owners[old] = nil }
        tracked[path]?.bundleID = id
        if let id { owners[id] = path }
    }

    // MARK: building

    private mutating func build(
        _ paths: [String], initial: Bool, totals: inout InitialBuild, changedSince: (String) -> Bool
    ) {
        guard !paths.isEmpty else { return }
        let jobs = initial ? options.jobs : min(options.jobs, paths.count)
        let requests = paths.map { ($0, previous(for: $0)) }
        let compile = self.compile, limits = options.limits, context = PreviousContext(outputDir: options.outputDir)
        let results = parallelMap(requests, jobs: jobs) { path, previous in
            WatchCompile.run(path: path, previous: previous, context: context, compile: compile, limits: limits)
        }
        for result in results {
            if !initial, changedSince(result.outcome.input.path) {
                tracked[result.outcome.input.path]?.seen = nil
                continue
            }
            finish(result, initial: initial, totals: &totals)
        }
    }

    /// The previous version of `path`: its last good build, or the last good build of a deleted
    /// spec with the same default id (a rename, or an editor's delete-and-recreate).
    private func previous(for path: String) -> PreviousSource? {
        if let spec = tracked[path], let good = spec.lastGood { return Self.previousSource(good, spec.lastGoodInputs) }
        return tombstones[BundleID.slug(fromPath: path)]
    }

    static func previousSource(_ source: SourceFile, _ inputs: SpecInputs) -> PreviousSource {
        inputs.isEmpty ? .spec(source) : .specWithInputs(source, inputs)
    }

    private mutating func finish(_ result: WatchCompile.Result, initial: Bool, totals: inout InitialBuild) {
        let path = result.outcome.input.path
        tracked[path, default: TrackedSpec()].seen = result.outcome.source.map { result.outcome.inputs.hashedBytes(spec: $0.bytes) }
        setDependencies(path, result.outcome.dependencies)
        guard let bundle = result.outcome.bundle else {
            totals.failed += 1
            return fail(path, result.outcome.report, initial: initial, ms: result.compileMS, related: result.outcome.related)
        }
        if let other = owner(of: bundle.id, except: path) {
            totals.failed += 1
            tracked[path]?.blockedOn = bundle.id
            return fail(path, duplicate(result.outcome, other: other, id: bundle.id), initial: initial, ms: result.compileMS)
        }
        write(bundle, result, initial: initial, totals: &totals)
    }

    private func duplicate(_ outcome: SpecOutcome, other: String, id: String) -> FileDiagnostics {
        var report = outcome.report
        report.diagnostics.append(DriverDiagnostics.error(
            DriverDiagnostics.duplicateID, "`\(outcome.input.path)` and `\(other)` both produce the bundle `\(id)`",
            help: "give one of them a different `id:`"))
        return report
    }

    private mutating func write(_ bundle: ChartBundle, _ result: WatchCompile.Result, initial: Bool, totals: inout InitialBuild) {
        let path = result.outcome.input.path
        let start = monotonicNanoseconds()
        let report = AtomicBundleWriter(outputDir: options.outputDir, jobs: 1).write([bundle])
        let ms = result.compileMS + Double(monotonicNanoseconds() - start) / 1e6
        guard report.succeeded else {
            totals.failed += 1
            tracked[path]?.seen = nil
            var failure = result.outcome.report
            failure.diagnostics += report.failures.flatMap(\.diagnostics)
            return fail(path, failure, initial: initial, ms: ms)
        }
        let oldID = tracked[path]?.bundleID
        setBundle(path, bundle.id)
        tracked[path]?.lastGood = result.outcome.source
        tracked[path]?.lastGoodInputs = result.outcome.inputs
        tracked[path]?.blockedOn = nil
        if let oldID, oldID != bundle.id, owner(of: oldID) == nil {
            emit(.removed(SpecRemoved(path: path, bundleID: oldID, removal: BundleRemover.remove(id: oldID, outputDir: options.outputDir))))
        }
        let written = !report.written.isEmpty
        if written { totals.written += 1 } else { totals.unchanged += 1 }
        emit(.built(SpecBuilt(path: path, bundle: bundle, written: written, initial: initial,
                              summary: ChangeSummary(chart: result.outcome.chart),
                              report: result.outcome.report, elapsedMS: ms)))
    }

    private func fail(_ path: String, _ report: FileDiagnostics, initial: Bool, ms: Double, related: [FileDiagnostics] = []) {
        emit(.failed(SpecFailed(path: path, keptBundleID: tracked[path]?.bundleID, report: report, initial: initial, elapsedMS: ms,
                                related: related)))
    }
}
