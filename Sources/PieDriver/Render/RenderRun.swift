import PieCore
import PieDiagnostics
import PieSpec

/// `piec render`'s compile: one spec (a file, or `-` for standard input) read, checked and laid
/// out with the previous version `--from` names (anything `piec build --from` takes, resolved
/// by the same code), ready for `Frames`. Without `--from` the chart plays its enter animation.
public struct RenderRun: Sendable {
    /// The chart (nil for a spec of `charts:`, drawn as `frames` only).
    public var chart: CompiledChart?
    public var spec: ChartSpec?
    /// What the frames are drawn from: the chart, or the composed grid of `charts:`.
    public var frames: FrameSource?
    /// Diagnostics of the spec and of the files it reads, to print.
    public var groups: [FileDiagnostics]
    public var status: PiecExitCode
    /// `--from` names nothing usable (exit 64, printed once as a usage error).
    public var usage: UsageProblem? = nil
    /// The spec's text (for diagnostics located in it after the compile: `RenderBudget`).
    public var source: SourceFile? = nil

    /// Where the spec sets `animation.duration` (else `animation.delay`), nil when it does not.
    public func animationRange(limits: SpecLimits = SpecLimits()) -> SourceRange? {
        guard let source else { return nil }
        let locations = SpecLoader.load(source, defaultID: "chart", limits: limits).locations
        return locations.value("animation.duration") ?? locations.value("animation.delay")
    }

    /// `readsFiles` off (`--no-files`): the spec alone, and `--from` a file or folder only.
    public static func compile(_ path: String, from: String?, limits: SpecLimits = SpecLimits(), readsFiles: Bool = true) -> RenderRun {
        var builder = Builder(limits: limits, jobs: 1)
        builder.readsFiles = readsFiles
        // Without --from the chart enters (a frame of what the spec shows, not of a transition
        // the output folder happens to hold); --from takes what `piec build --from` takes.
        var policy = PreviousPolicy.request
        if let from {
            switch FromReference.parse(from, specPaths: [path], limits: limits, git: readsFiles) {
            case .failure(let problem):
                var run = RenderRun(chart: nil, spec: nil, groups: [], status: .usage)
                run.usage = problem
                return run
            case .success(let reference): policy = .reference(reference, outputDir: ".")
            }
        }
        let outcome = builder.compileOne(SpecInput(path: path), previous: policy, output: .checked)
        let groups = outcome.reports.filter { !$0.diagnostics.isEmpty }
        let status = groups.reduce(PiecExitCode.success) { $0.combined(with: .forDiagnostics($1.diagnostics)) }
        guard status == .success, let checked = outcome.checked else {
            return RenderRun(chart: nil, spec: nil, groups: groups, status: status == .success ? .specErrors : status)
        }
        var run: RenderRun
        if checked.spec.charts.isEmpty {
            let chart = Transition.between(old: checked.previous, new: checked.spec)
            run = RenderRun(chart: chart, spec: checked.spec, groups: groups, status: .success)
            run.frames = .chart(chart, spec: checked.spec)
        } else {
            run = RenderRun(chart: nil, spec: checked.spec, groups: groups, status: .success)
            run.frames = .facets(FacetWriter.compose(checked.spec, previous: checked.previous), spec: checked.spec)
        }
        run.source = outcome.source
        return run
    }
}
