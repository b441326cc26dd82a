import PieCore
import PieDiagnostics
import PieSpec

/// `piec render`'s compile: one spec (a file, or `-` for standard input) read, checked and laid
/// out with the previous version `--from` names (anything `piec build --from` takes, resolved
/// by the same code), ready for `Frames`. Without `--from` the chart plays its enter animation.
public struct RenderRun: Sendable {
    public var chart: CompiledChart?
    public var spec: ChartSpec?
    /// Diagnostics of the spec and of the files it reads, to print.
    public var groups: [FileDiagnostics]
    public var status: PiecExitCode

    public static func compile(_ path: String, from: String?, limits: SpecLimits = SpecLimits()) -> RenderRun {
        let builder = Builder(limits: limits, jobs: 1)
        let outcome = builder.compileOne(SpecInput(path: path), from: from, output: .none)
        let groups = outcome.reports.filter { !$0.diagnostics.isEmpty }
        let status = groups.reduce(PiecExitCode.success) { $0.combined(with: .forDiagnostics($1.diagnostics)) }
        guard status == .success, let checked = outcome.checked else {
            return RenderRun(chart: nil, spec: nil, groups: groups, status: status == .success ? .specErrors : status)
        }
        return RenderRun(chart: Transition.between(old: checked.previous, new: checked.spec), spec: checked.spec, groups: groups,
                         status: .success)
    }
}
