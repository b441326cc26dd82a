import PieCore
import PieDiagnostics
import PieSpec

/// The result of reading and compiling one spec.
public struct SpecOutcome: Sendable {
    public var input: SpecInput
    /// The file as read (nil when it could not be read).
    public var source: SourceFile?
    /// The bundle to write; nil when the spec has errors.
    public var bundle: Bundle?
    /// Instead of `bundle` when the build writes (`Builder.defersBundles`): its files, generated
    /// as the writer takes them.
    public var files: BundleFiles?
    public var spec: ChartSpec?
    /// Every diagnostic of this spec: reading, compiling, and cross-spec checks (duplicate ids).
    public var diagnostics: [Diagnostic]
    /// Set (to the bundle id) when `OUT/<id>` was found up to date and no bundle was generated
    /// (see `UpToDate`); `bundle` is then nil, and so is `spec` when the check needed no parse.
    public var upToDateID: String?
    /// The layout, plan and changes `bundle` was written from (nil without a bundle, with a
    /// compile function that does not report them, and in `Builder.compileAll`'s outcomes).
    public var chart: CompiledChart?
    /// How the bundle is drawn, per part (`Builder.explains`; nil otherwise and without a bundle).
    public var drawing: [DrawingExplanation]?
    /// Diagnostics located in the other files the spec reads (its data file, `.piec.yaml`).
    public var related: [FileDiagnostics] = []
    /// The other files the spec read (for the watcher's next previous version).
    public var inputs = SpecInputs()
    /// With nothing to generate (`CompileOutput.none`) and no errors: the checked spec and its
    /// previous version, for `piec render` (`Compiler.chart`).
    public var checked: CheckedSpec?
    /// Files whose change changes this build (data file, `.piec.yaml` candidates): watched.
    public var dependencies: [String] = []

    public init(input: SpecInput, source: SourceFile?, bundle: Bundle?, spec: ChartSpec?, diagnostics: [Diagnostic]) {
        self.input = input
        self.source = source
        self.bundle = bundle
        self.spec = spec
        self.diagnostics = diagnostics
    }

    public var hasErrors: Bool { diagnostics.hasErrors }

    /// The id of the bundle this spec produces, generated or found up to date.
    public var bundleID: String? { bundle?.id ?? files?.id ?? upToDateID }

    /// The diagnostics ready for `DiagnosticRenderer`.
    public var report: FileDiagnostics { FileDiagnostics(path: input.displayPath, file: source, diagnostics: diagnostics) }

    /// `report` followed by the groups of the other files it reads.
    public var reports: [FileDiagnostics] { [report] + related }
}

/// The pure function that turns a spec into a bundle (`Compiler.compile` in production;
/// tests may inject another one). Where a current bundle may be skipped, `Builder` asks it
/// with `validateOnly` and finishes a returned `CheckedSpec` with `Compiler.generate`.
public typealias CompileFunction = @Sendable (CompileRequest) -> CompileResult

/// `PieCore.Bundle` under a name that does not clash with `Foundation.Bundle`.
public typealias ChartBundle = PieCore.Bundle
