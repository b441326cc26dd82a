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
    /// handed to the compiler, so the bundle animates from the last good build. A spec with no
    /// last good build (the first build of the session) takes the default of `piec build`
    /// (what readers last saw, with the bundles in `outputDir`), so starting a watch leaves
    /// the bundles `piec build` would leave.
    /// `context` is shared by the specs of one batch (each git lookup once).
    static func run(path: String, previous: PreviousSource?, context: PreviousContext, compile: @escaping CompileFunction,
                    limits: SpecLimits) -> Result {
        let start = monotonicNanoseconds()
        let builder = Builder(compile: withPrevious(previous, compile), limits: limits, jobs: 1)
        let policy = previous == nil ? PreviousPolicy.readers(outputDir: context.outputDir) : .request
        let outcome = builder.compileOne(SpecInput(path: path), previous: policy, output: .bundle, upToDateIn: nil,
                                         folderCache: nil, context: context, keepsChart: true)
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
