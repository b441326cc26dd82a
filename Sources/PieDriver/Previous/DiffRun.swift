import PieCore
import PieDiagnostics
import PieSpec

/// `piec diff`: the change report between a previous version (any `--from` REF) and a spec.
public struct DiffRun: Sendable {
    public var report: ChangeReport?
    /// Diagnostics of reading, resolving and loading both versions.
    public var groups: [FileDiagnostics]
    public var status: PiecExitCode

    /// `newPath` is the spec; `ref` its previous version (a spec file, bundle folder or git revision).
    public static func run(newPath: String, ref: String, limits: SpecLimits = SpecLimits()) -> DiffRun {
        let source: SourceFile
        switch SpecReader.read(newPath, limits: limits) {
        case .failure(let error):
            let group = FileDiagnostics(path: newPath, file: nil, diagnostics: [error.diagnostic])
            return DiffRun(report: nil, groups: [group], status: .ioFailure)
        case .success(let s): source = s
        }
        let slug = BundleID.slug(fromPath: newPath)
        let gathered = SpecInputsReader.gather(specPath: newPath, source: source, limits: limits)
        let resolved = PreviousVersionResolver(ref: ref).resolve(specPath: newPath, source: source, defaultID: slug, inputs: gathered.inputs)
        let new = SpecLoader.load(source, defaultID: slug, inputs: gathered.inputs)
        var groups = [FileDiagnostics(path: newPath, file: source, diagnostics: gathered.diagnostics + resolved.diagnostics + new.diagnostics)]
            + new.related
        var oldSpec: ChartSpec?
        if let previous = resolved.previous {
            let old = previous.load(defaultID: slug)
            if !old.diagnostics.isEmpty {
                groups.append(FileDiagnostics(path: previous.file.path, file: previous.file, diagnostics: old.diagnostics))
            }
            groups += old.related
            oldSpec = old.spec
            if old.spec == nil { return DiffRun(report: nil, groups: groups, status: .specErrors) }
        }
        guard let newSpec = new.spec, !resolved.diagnostics.hasErrors, !gathered.diagnostics.hasErrors else {
            return DiffRun(report: nil, groups: groups, status: .specErrors)
        }
        // No previous version: everything is inserted.
        let base = oldSpec ?? emptied(newSpec)
        let report = Transition.between(old: base, new: newSpec).changes
        return DiffRun(report: report, groups: groups, status: .success)
    }

    /// The same chart with no slices, so a chart with no previous version diffs as all inserts.
    static func emptied(_ spec: ChartSpec) -> ChartSpec {
        var empty = spec
        empty.slices = []
        return empty
    }
}
