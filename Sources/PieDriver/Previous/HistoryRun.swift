import PieCore
import PieDiagnostics
import PieSpec

/// `piec history SPEC`: every committed version of a spec (and of the `.piec.yaml` files and
/// data file it reads), in commit order, then the working copy when it differs from the last
/// commit, compiled into one bundle that steps through them (`History`, `HistoryWriter`).
/// Versions whose spec has errors, or where the spec did not exist (deleted, then added again),
/// are left out with a note naming the commit; a commit that changed nothing the chart shows
/// (its canonical spec is the version before's: formatting, comments) is no new version.
/// Each step's warning that it enters instead of animating (E0617) is reported, naming it.
public struct HistoryRun: Sendable {
    public var bundle: PieCore.Bundle?
    /// The versions the bundle steps through, oldest first.
    public var versions: [HistoryVersion] = []
    /// Each version's step on the bundle's timeline (`History.steps`), for `piec render --history`.
    public var steps: [HistoryStep] = []
    /// A spec of `charts:`: each version's grid on the timeline (`FacetHistoryWriter.steps`)
    /// instead of `steps`.
    public var facetSteps: [FacetHistoryWriter.Step] = []
    public var groups: [FileDiagnostics]
    public var status: PiecExitCode
    public var usage: UsageProblem?

    /// `since`: only commits after this revision (`REV..HEAD`); `max`: at most this many of
    /// the newest commits; `hold`: ms the chart rests at each version. `bundle: false` stops at
    /// the steps (`piec render --history` draws its own frames of them).
    /// `allParents`: walk every parent of a merge (`--all-parents`), not the first only.
    public static func run(specPath: String, since: String? = nil, max: Int = 50, hold: Double = 1000, bundle: Bool = true,
                           allParents: Bool = false, limits: SpecLimits = SpecLimits()) -> HistoryRun {
        let source: SourceFile
        switch SpecReader.read(specPath, limits: limits) {
        case .failure(let error):
            var diagnostic = error.diagnostic
            if diagnostic.help == nil {
                diagnostic.help = diagnostic.code == DriverDiagnostics.fileNotFound
                    ? "piec history starts from the spec in the work tree; a deleted one comes back with `git restore --source=REV \(specPath)`"
                    : "piec history takes one spec file, e.g. `piec history specs/sales.yaml`"
            }
            return HistoryRun(groups: [FileDiagnostics(path: specPath, file: nil, diagnostics: [diagnostic])], status: .ioFailure)
        case .success(let s): source = s
        }
        let slug = BundleID.slug(fromPath: specPath)
        let gathered = SpecInputsReader.gather(specPath: specPath, source: source, limits: limits)
        let current = SpecLoader.load(source, defaultID: slug, inputs: gathered.inputs, limits: limits)
        var notes: [Diagnostic] = []
        var groups = [FileDiagnostics(path: specPath, file: source, diagnostics: gathered.diagnostics + current.diagnostics)] + current.related
        guard let spec = current.spec, !gathered.diagnostics.hasErrors, !current.diagnostics.hasErrors else {
            return HistoryRun(groups: groups, status: .specErrors)
        }
        guard let history = SpecHistory(specPath: specPath, source: source, limits: limits) else {
            return HistoryRun(groups: groups, status: .usage,
                              usage: UsageProblem("`\(specPath)` is not inside a git repository: it has no history",
                                                  help: ["commit the spec, or use `piec build --from` for one transition"]))
        }
        if let refusal = history.tree.refusal {
            return HistoryRun(groups: [], status: .usage,
                              usage: UsageProblem("git does not read the repository `\(history.tree.root)`, so the history is empty: "
                                                  + (refusal.split(separator: "\n").first.map(String.init) ?? refusal),
                                                  help: [refusal.split(separator: "\n").dropFirst().map { trimmed(Array($0.utf8)) }.filter { !$0.isEmpty }
                                                      .joined(separator: " ")].filter { !$0.isEmpty }
                                                      + ["`git -C \(history.tree.root) log` shows the same refusal; piec reads what git reads"]))
        }
        var revision = "HEAD"
        if let since {
            guard history.tree.commit(since) != nil else { return HistoryRun(groups: [], status: .usage, usage: RevisionSuggestions.unknown(since, in: history.tree, option: "--since")) }
            revision = since + "..HEAD"
        }
        var versions: [HistoryVersion] = []
        // The canonical text of the newest version kept: each spec is written out once.
        var lastText: [UInt8]?
        // One commit more than asked says whether --max left any out.
        var found = history.versions(revision, limit: max + 1, allParents: allParents)
        if found.count > max {
            found.removeFirst(found.count - max)
            notes.append(.init(.note, code: DriverDiagnostics.historyVersionLeftOut,
                               message: "older commits that changed the chart are left out: the history shows the \(max) newest",
                               range: nil, help: "`--max N` shows more, `--since REV` starts after a revision"))
        }
        if history.tree.isShallow {
            notes.append(.init(.note, code: DriverDiagnostics.historyVersionLeftOut,
                               message: "this clone is shallow: commits before its depth are not in it, so the history starts late",
                               range: nil, help: "fetch the whole history (`git fetch --unshallow`; in GitHub Actions `fetch-depth: 0`)"))
        }
        for version in found {
            let short = String(version.commit.commit.prefix(12))
            guard let previous = version.source else {
                notes.append(.init(.note, code: DriverDiagnostics.historyVersionLeftOut,
                                   message: "commit \(short) has no `\(lastPathComponent(version.path))` (it deleted it there): "
                                       + "left out of the history", range: nil,
                                   help: "`git show --stat \(short)` shows what that commit did"))
                continue
            }
            let loaded = previous.loadPrevious(for: spec, limits: limits)
            guard var old = loaded.spec else {
                // E0601's note: the first error, where it is (`abc123:specs/a.yaml:3:7: ...`).
                let reason = loaded.diagnostics.first?.notes.first.map { ": " + $0 } ?? ""
                notes.append(.init(.note, code: DriverDiagnostics.historyVersionLeftOut,
                                   message: "the spec at commit \(short) has errors, so that version is left out of the history\(reason)",
                                   range: nil, help: "`git show \(short):\(version.path)` shows that version of the spec"))
                continue
            }
            old.id = spec.id
            // A commit that changed nothing the chart shows (formatting, comments) is no new version.
            let text = old.canonicalMemberText()
            if text == lastText { continue }
            lastText = text
            versions.append(HistoryVersion(spec: old, commit: version.commit.commit, date: Self.day(version.commit.date),
                                           subject: version.commit.subject))
        }
        // The working copy, when it is not what the last version shows.
        let working = PreviousSource.canonicalized(spec, limits: limits)
        if working.canonicalMemberText() != lastText {
            versions.append(HistoryVersion(spec: working, commit: "", date: "", subject: "working copy"))
        }
        if !notes.isEmpty { groups[0].diagnostics += notes }
        if !spec.charts.isEmpty {
            // A grid of charts: each step composed as `piec build --from` composes it.
            let steps = FacetHistoryWriter.steps(versions, hold: hold)
            let written = bundle ? FacetHistoryWriter.write(versions: versions, steps: steps, hold: hold,
                                                            sourceBytes: gathered.inputs.hashedBytes(spec: source.bytes)) : nil
            return HistoryRun(bundle: written, versions: versions, facetSteps: steps, groups: groups, status: .success)
        }
        let steps = History.steps(versions, hold: hold)
        // A version drawn entering instead of animating from the one before (E0617), named, as
        // `piec build --from` warns for one transition.
        groups[0].diagnostics += zip(versions, steps).compactMap { version, step in
            SliceAlphas.historyWarning(step.chart, new: version.spec, version: Self.name(version))
        }
        let written = bundle ? HistoryWriter.write(versions: versions, steps: steps, hold: hold,
                                                   sourceBytes: gathered.inputs.hashedBytes(spec: source.bytes)) : nil
        return HistoryRun(bundle: written, versions: versions, steps: steps, groups: groups, status: .success)
    }

    /// What `piec render --history` draws: the grid's steps for a spec of `charts:`, else the
    /// chart's; nil when there is no version.
    public var frames: FrameSource? {
        if !facetSteps.isEmpty { return .facetHistory(versions: versions, steps: facetSteps) }
        return steps.isEmpty ? nil : .history(versions: versions, steps: steps)
    }

    /// How a diagnostic names a version: `commit abc123456789 ("subject")` or `the working copy`.
    static func name(_ version: HistoryVersion) -> String {
        version.commit.isEmpty ? "the working copy" : "commit \(version.commit.prefix(12)) (\"\(version.subject)\")"
    }

    /// `YYYY-MM-DD` of a time in seconds since 1970 (UTC; days from civil, Howard Hinnant's
    /// algorithm, so no clock or time zone is read).
    static func day(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0" + String(n) : String(n) }
        return String(y) + "-" + two(m) + "-" + two(d)
    }
}

extension HistoryRun {
    /// Why `piec history` must not write `outputDir/<id>/`: it holds the bundle `piec build`
    /// wrote for the spec (a history there would replace the committed build, and the build's
    /// check would then compare against the history); nil when it is free or a history bundle.
    /// Read through folder handles without following a symlink (one planted there is the
    /// bundle writer's to refuse).
    public static func refusal(outputDir: String, id: String) -> UsageProblem? {
        let folder = SpecDiscovery.join(outputDir, id)
        guard case .success(let out) = DirectoryHandle.open(outputDir), case .success(let bundle) = out.openChild(id),
              case .success(let bytes) = bundle.readFile(ExistingBundle.manifestName, limit: ExistingBundle.readLimit) else { return nil }
        // A history bundle's manifest has a top-level `history` member (`HistoryWriter`).
        let marker: [UInt8] = Array("\n  \"history\": {".utf8)
        var isHistory = false
        var i = 0
        while !isHistory, i + marker.count <= bytes.count {
            if bytes[i] == 0x0A, bytes[i..<(i + marker.count)].elementsEqual(marker) { isHistory = true }
            i += 1
        }
        guard !isHistory else { return nil }
        return UsageProblem("`\(folder)/` holds the bundle `piec build` writes for this chart: piec history would replace it",
                            help: ["write the history to a folder of its own, e.g. -o history"])
    }
}
