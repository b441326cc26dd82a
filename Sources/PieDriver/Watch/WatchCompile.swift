import PieCore
import PieDiagnostics
import PieSpec

/// Reads and compiles one spec for the watcher, against its previous version.
enum WatchCompile {
    struct Result: Sendable {
        var outcome: SpecOutcome
        /// Read + compile, milliseconds.
        var compileMS: Double
    }

    /// `Builder.compileOne` (reading with limits, default id, bundle checks) with `previous`
    /// handed to the compiler, so the bundle animates from the last good build.
    static func run(path: String, previous: PreviousSource?, compile: @escaping CompileFunction, limits: SpecLimits) -> Result {
        let start = monotonicNanoseconds()
        let builder = Builder(compile: withPrevious(previous, compile), limits: limits, jobs: 1)
        let outcome = builder.compileOne(SpecInput(path: path))
        return Result(outcome: outcome, compileMS: Double(monotonicNanoseconds() - start) / 1e6)
    }

    /// `compile` with the request's previous version set.
    static func withPrevious(_ previous: PreviousSource?, _ compile: @escaping CompileFunction) -> CompileFunction {
        { request in
            var request = request
            request.previous = previous
            return compile(request)
        }
    }
}
