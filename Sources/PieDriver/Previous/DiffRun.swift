import PieCore
import PieDiagnostics
import PieSpec

/// `piec diff`: the change report between a spec and its previous version: `--from REF` (any
/// REF `piec build` takes), or by default what readers last saw, as `piec build` finds it.
public struct DiffRun: Sendable {
    public var report: ChangeReport?
    /// A spec of `charts:` (either version): the changes chart by chart, instead of `report`.
    public var facets: FacetChanges?
    /// Diagnostics of reading, resolving and loading both versions.
    public var groups: [FileDiagnostics]
    public var status: PiecExitCode
    /// REF names nothing usable (status 64).
    public var usage: UsageProblem?

    /// `newPath` is the spec; `ref` its previous version (nil: the default, with the bundles
    /// in `outputDir`).
    public static func run(newPath: String, ref: String?, outputDir: String = "out", limits: SpecLimits = SpecLimits()) -> DiffRun {
        var policy = PreviousPolicy.readers(outputDir: outputDir)
        if let ref {
            switch FromReference.parse(ref, specPaths: [newPath], limits: limits) {
            case .failure(let problem): return DiffRun(report: nil, groups: [], status: .usage, usage: problem)
            case .success(let reference): policy = .reference(reference, outputDir: outputDir)
            }
        }
        let source: SourceFile
        switch SpecReader.read(newPath, limits: limits) {
        case .failure(let error):
            let group = FileDiagnostics(path: newPath, file: nil, diagnostics: [error.diagnostic])
            return DiffRun(report: nil, groups: [group], status: .ioFailure)
        case .success(let s): source = s
        }
        let slug = BundleID.slug(fromPath: newPath)
        let gathered = SpecInputsReader.gather(specPath: newPath, source: source, limits: limits)
        let new = SpecLoader.load(source, defaultID: slug, inputs: gathered.inputs, limits: limits)
        var groups = [FileDiagnostics(path: newPath, file: source, diagnostics: gathered.diagnostics + new.diagnostics)] + new.related
        guard let newSpec = new.spec, !gathered.diagnostics.hasErrors else {
            return DiffRun(report: nil, groups: groups, status: .specErrors)
        }
        let resolved = PreviousResolver(context: PreviousContext(outputDir: outputDir), limits: limits)
            .resolve(policy, specPath: newPath, spec: newSpec, source: source, hashed: gathered.inputs.hashedBytes(spec: source.bytes))
        groups[0].diagnostics += resolved.diagnostics
        if resolved.diagnostics.hasErrors { return DiffRun(report: nil, groups: groups, status: .forDiagnostics(resolved.diagnostics)) }
        var oldSpec: ChartSpec?
        if let previous = resolved.previous {
            let old = previous.load(defaultID: newSpec.id, limits: limits)
            if !old.diagnostics.isEmpty {
                groups.append(FileDiagnostics(path: previous.file.path, file: previous.file, diagnostics: old.diagnostics))
            }
            groups += old.related
            guard let spec = old.spec else { return DiffRun(report: nil, groups: groups, status: .specErrors) }
            oldSpec = PreviousSource.canonicalized(spec, limits: limits)
        }
        if !newSpec.charts.isEmpty || oldSpec.map({ !$0.charts.isEmpty }) == true {
            var run = DiffRun(report: nil, groups: groups, status: .success)
            run.facets = FacetChanges.between(old: oldSpec, new: newSpec)
            return run
        }
        // No previous version: everything is inserted (a first version is not one that
        // "is no longer empty").
        var report = Transition.between(old: oldSpec ?? emptied(newSpec), new: newSpec).changes
        if oldSpec == nil { report?.emptiness = nil }
        return DiffRun(report: report, groups: groups, status: .success)
    }

    /// The same chart with no slices, so a chart with no previous version diffs as all inserts.
    static func emptied(_ spec: ChartSpec) -> ChartSpec {
        var empty = spec
        empty.slices = []
        empty.rings = spec.rings.map { ring in
            var emptied = ring
            emptied.slices = []
            return emptied
        }
        return empty
    }
}
