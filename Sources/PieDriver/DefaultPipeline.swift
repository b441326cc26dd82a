import PieCore
import PieSpec

/// The production compile function handed to `Builder`.
public enum DefaultPipeline {
    /// TEMPORARY until `Compiler.compile` lands on main: front end only, no bundle.
    public static let compile: CompileFunction = { request in
        let loaded = SpecLoader.load(request.source, defaultID: request.defaultID)
        return CompileResult(bundle: nil, spec: loaded.spec, diagnostics: loaded.diagnostics)
    }
}
