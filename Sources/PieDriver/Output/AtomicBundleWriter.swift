import PieCore
import PieDiagnostics

/// What a write did: which bundles changed on disk, which were already identical, and why
/// it failed (then nothing was swapped in, unless a swap itself failed midway).
public struct WriteReport: Sendable {
    /// Ids of bundles whose bytes changed and were swapped in, in input order.
    public var written: [String] = []
    /// Ids of bundles already on disk with identical bytes (not touched at all).
    public var unchanged: [String] = []
    /// Refusals and failures, one group per bundle directory (or the output directory).
    public var failures: [FileDiagnostics] = []

    public init() {}
    public var succeeded: Bool { failures.isEmpty }
}

/// Writes bundles to `OUT/<id>/` atomically and only when bytes changed.
///
/// Two phases: first every bundle is checked (no symlinks, no foreign files) and every changed
/// one is staged in `OUT/.piec-tmp-<id>-<pid>-<n>/`; only once all of it is written is it made
/// durable (`Durability`). If anything fails there, the temp directories are removed and
/// nothing on disk changed. Then each staged directory is swapped in with one atomic exchange
/// (or a rename when `OUT/<id>` is new), the old tree is removed, and `OUT` is fsync'd once.
public struct AtomicBundleWriter: Sendable {
    public var outputDir: String
    public var jobs: Int

    public init(outputDir: String, jobs: Int = defaultJobCount) {
        self.outputDir = outputDir
        self.jobs = jobs
    }

    /// Writes all `bundles` (ids must be distinct) or, on a refusal or failure, none.
    public func write(_ bundles: [PieCore.Bundle]) -> WriteReport {
        write(files: bundles.map(BundleFiles.init))
    }

    /// Writes all `bundles` as `write(_:)` does, each file staged as soon as it is generated
    /// and dropped before the next is (`BundleFiles`): never two of a bundle's files at once.
    public func write(files bundles: [BundleFiles]) -> WriteReport {
        var report = WriteReport()
        if bundles.isEmpty { return report }
        let invalid = bundles.compactMap(Self.validate)
        if !invalid.isEmpty {
            report.failures = invalid
            return report
        }
        let output: OutputDirectory
        switch OutputDirectory.open(outputDir) {
        case .failure(let failure):
            report.failures = [FileDiagnostics(path: outputDir, file: nil, diagnostics: [failure.diagnostic])]
            return report
        case .success(let o): output = o
        }
        let out = output.handle
        BundleStager.removeAbandoned(in: out)
        // Chosen before staging: per-file write-back helps the fsyncs of `eachFile` (they find
        // the bytes on their way) but only slows a build that ends with one `syncfs`.
        let method = Durability.method(bundles: bundles.count)
        // What compiling freed is handed back before the files are generated (`FreedMemory`).
        FreedMemory.release()
        let plans = parallelMap(bundles, jobs: jobs) { BundleStager.prepare($0, in: out, startWriteback: method == .eachFile) }
        report.failures = plans.compactMap(\.failure)
        let staged = plans.compactMap(\.staged)
        if report.succeeded, let failure = makeDurable(staged, method: method, in: out) {
            // Nothing is visible yet: a write error or a full disk found here leaves every
            // bundle as it was.
            report.failures.append(FileDiagnostics(
                path: outputDir, file: nil,
                diagnostics: [DriverDiagnostics.error(DriverDiagnostics.writeFailed, failure.message)]))
        }
        if report.succeeded {
            commit(staged, in: out, into: &report)
        } else {
            staged.forEach { BundleStager.discard($0, in: out) }
        }
        if report.written.isEmpty { output.removeIfCreated() }
        return report
    }

    /// Puts every staged byte on stable storage before anything is swapped in (`Durability`).
    private func makeDurable(_ staged: [StagedBundle], method: Durability.Method, in out: DirectoryHandle) -> POSIXFailure? {
        let changed = staged.filter { $0.tempName != nil }
        guard !changed.isEmpty else { return nil }
        #if os(Linux)
        if method == .fileSystem {
            return out.syncFileSystem()
        }
        #endif
        return parallelMap(changed, jobs: jobs) { BundleStager.makeDurable($0, in: out) }.lazy.compactMap { $0 }.first
    }

    private func commit(_ staged: [StagedBundle], in out: DirectoryHandle, into report: inout WriteReport) {
        for (index, plan) in staged.enumerated() {
            if plan.tempName == nil {
                // Its bytes were just compared equal: let the next build's `UpToDate` trust it
                // (e.g. after a piec upgrade that writes the same bytes).
                out.refreshStatusTime(plan.id)
                report.unchanged.append(plan.id)
                continue
            }
            if let failure = BundleStager.swapIn(plan, in: out) {
                report.failures.append(FileDiagnostics(
                    path: out.child(plan.id), file: nil,
                    diagnostics: [DriverDiagnostics.error(DriverDiagnostics.writeFailed, failure.message)]))
                staged[index...].forEach { BundleStager.discard($0, in: out) }
                return
            }
            report.written.append(plan.id)
        }
        if !report.written.isEmpty, let failure = out.sync() {
            report.failures.append(FileDiagnostics(
                path: outputDir, file: nil,
                diagnostics: [DriverDiagnostics.error(DriverDiagnostics.writeFailed, failure.message)]))
        }
    }

    /// E0511 when a bundle's id or a file name cannot safely become a path.
    static func validate(_ bundle: PieCore.Bundle) -> FileDiagnostics? {
        validate(id: bundle.id, names: bundle.files.map(\.name))
    }

    static func validate(_ files: BundleFiles) -> FileDiagnostics? {
        validate(id: files.id, names: files.names)
    }

    private static func validate(id: String, names: [String]) -> FileDiagnostics? {
        var problems: [Diagnostic] = []
        if !BundleID.isValid(id) {
            problems.append(DriverDiagnostics.error(DriverDiagnostics.invalidBundle, "invalid bundle id `\(id)`"))
        }
        var seen = Set<String>()
        for name in names where !BundleID.isValidFileName(name) || !seen.insert(name).inserted {
            problems.append(DriverDiagnostics.error(
                DriverDiagnostics.invalidBundle, "invalid or repeated file name `\(name)` in bundle `\(id)`"))
        }
        return problems.isEmpty ? nil : FileDiagnostics(path: id, file: nil, diagnostics: problems)
    }
}
