import PieDiagnostics
import PieSpec

/// What to compile. `defaultID` is the slug of the file stem (used when the spec has no `id`).
/// `svgOnly` makes a bundle of chart.svg alone; `validateOnly` (for `piec check`) loads and
/// validates the spec and the previous version but generates no bundle (the result's
/// `checked` can be handed to `Compiler.generate` later).
public struct CompileRequest: Sendable {
    public var source: SourceFile
    public var defaultID: String
    public var svgOnly: Bool
    public var validateOnly = false
    /// The previous version to animate from; nil = the chart plays its `enter` animation.
    public var previous: PreviousSource?
    /// The other files the spec reads (shared defaults, data file), as the driver read them.
    public var inputs = SpecInputs()
    /// With `validateOnly`: lay the chart out too and report what the layout finds (labels
    /// left out), as a build would (`piec check`).
    public var reportsLayout = false
    /// The input limits the spec and its previous version are loaded with (`--max-slices`).
    public var limits = SpecLimits()
    /// `--dark-selector`: the page selector the dark rules are keyed to (`DarkSelector`).
    public var darkSelector: String?
    public init(source: SourceFile, defaultID: String, svgOnly: Bool = false, previous: PreviousSource? = nil) {
        self.source = source
        self.defaultID = defaultID
        self.svgOnly = svgOnly
        self.previous = previous
    }
}

/// The result of compiling one spec: a bundle when there were no errors, and every diagnostic.
public struct CompileResult: Sendable {
    public var bundle: Bundle?
    /// Instead of `bundle` (`Compiler.generate(_:deferred:)`): its files, generated when taken.
    public var files: BundleFiles?
    public var spec: ChartSpec?
    public var diagnostics: [Diagnostic]
    /// The layout, plan and changes the bundle was written from (nil without a bundle).
    public var chart: CompiledChart?
    /// With `validateOnly` and no errors: what `Compiler.generate` needs to finish the job.
    public var checked: CheckedSpec?
    /// Diagnostics located in the other files the spec reads (`SpecLoadResult.related`).
    public var related: [FileDiagnostics] = []
    public init(bundle: Bundle?, spec: ChartSpec?, diagnostics: [Diagnostic], chart: CompiledChart? = nil) {
        self.bundle = bundle
        self.spec = spec
        self.diagnostics = diagnostics
        self.chart = chart
    }
}

/// A spec that loaded without errors, with its previous version, ready for codegen.
public struct CheckedSpec: Sendable {
    public var spec: ChartSpec
    public var previous: ChartSpec?
    /// Hashed into the manifest's `specHash`.
    public var sourceBytes: [UInt8]
    public var svgOnly: Bool
    /// Loading's warnings, kept in the generated result.
    public var diagnostics: [Diagnostic]
    /// Diagnostics located in the other files the spec reads (data file, `.piec.yaml`).
    public var related: [FileDiagnostics] = []
    /// Where the spec's slices are (the layout's warnings point at them).
    public var labelLocations = LabelWarnings.Locations()
    /// `CompileRequest.darkSelector`.
    public var darkSelector: String?
    /// Where `charts:` is written (a spec of several charts), for the commands that refuse it.
    public var chartsKey: SourceRange?
    /// Where E0617 (slices of their own alphas entering instead of animating) points: the
    /// first colour that keeps its own alpha, else `id`.
    public var sliceAlphaLocation: SourceRange?
}

/// The pure compiler: spec source -> checked spec -> layout -> transition plan -> bundle.
public enum Compiler {

    /// Loads and checks `request.source`, then lays out, plans and generates the bundle.
    /// No bundle when the spec has errors or `validateOnly` is set; diagnostics are always returned.
    public static func compile(_ request: CompileRequest) -> CompileResult {
        var loaded = SpecLoader.load(request.source, defaultID: request.defaultID, inputs: request.inputs,
                                     limits: request.limits)
        guard let spec = loaded.spec, !loaded.diagnostics.hasErrors else {
            var result = CompileResult(bundle: nil, spec: loaded.spec, diagnostics: loaded.diagnostics)
            result.related = loaded.related
            return result
        }
        var diagnostics = loaded.diagnostics
        var previousSpec: ChartSpec?
        if let previous = request.previous {
            let old = previous.loadPrevious(for: spec, limits: request.limits)
            previousSpec = old.spec
            diagnostics += old.diagnostics
        }
        let alphaAt = spec.sliceAlphaPath.flatMap { loaded.locations.value($0) } ?? loaded.locations.value("id")
        // A warning about a value of a `.piec.yaml` is reported in that file.
        if let warning = MinAngle.warning(spec, locations: loaded.locations).flatMap({ loaded.place($0) }) { diagnostics.append(warning) }
        diagnostics += GridLayout.warnings(spec, locations: loaded.locations).compactMap { loaded.place($0) }
        diagnostics += Sunburst.warnings(spec, locations: loaded.locations).compactMap { loaded.place($0) }
        var hashed = request.inputs.hashedBytes(spec: request.source.bytes)
        // The dark selector changes the bytes, so it is hashed with the spec: a bundle built
        // with another (or none) never passes for current on the unchanged fast path.
        if let selector = request.darkSelector { hashed += Array("\u{0}--dark-selector \(selector)".utf8) }
        var checked = CheckedSpec(spec: spec, previous: previousSpec, sourceBytes: hashed,
                                  svgOnly: request.svgOnly, diagnostics: diagnostics, related: loaded.related)
        checked.labelLocations = LabelWarnings.Locations(loaded.locations)
        checked.darkSelector = request.darkSelector
        checked.chartsKey = loaded.locations.key("charts")
        checked.sliceAlphaLocation = alphaAt
        guard !request.validateOnly else {
            if request.reportsLayout { diagnostics += LabelWarnings.make(Layout.layout(spec), locations: checked.labelLocations) }
            var result = CompileResult(bundle: nil, spec: spec, diagnostics: diagnostics)
            result.checked = checked
            result.related = loaded.related
            return result
        }
        return generate(checked)
    }

    /// The bundle of a checked spec, with the layout, plan and changes it was written from.
    /// Its warnings (loading's, and the layout's: labels left out) are listed in the manifest,
    /// so the driver's unchanged fast path, which never loads the spec, cannot hide them.
    /// `deferred`: the result holds `files` (generated when the driver takes them, one step at
    /// a time) instead of `bundle`.
    public static func generate(_ checked: CheckedSpec, deferred: Bool = false) -> CompileResult {
        if !checked.spec.charts.isEmpty { return generateFacets(checked) }
        var compiled = Transition.between(old: checked.previous, new: checked.spec)
        if let selector = checked.darkSelector { compiled = compiled.keyingDark(to: selector) }
        // Slices of their own alphas drawn entering instead of animating (E0617, a warning).
        let simplified = SliceAlphas.warning(compiled, new: checked.spec, at: checked.sliceAlphaLocation).map { [$0] } ?? []
        let diagnostics = checked.diagnostics + simplified + LabelWarnings.make(compiled.layout, locations: checked.labelLocations)
        let warnings = (diagnostics + checked.related.flatMap(\.diagnostics)).filter { $0.severity == .warning }
        let files = BundleWriter.files(spec: checked.spec, sourceBytes: checked.sourceBytes, chart: compiled, svgOnly: checked.svgOnly,
                                       previous: checked.previous, warnings: warnings)
        var result = CompileResult(bundle: deferred ? nil : files.bundle(), spec: checked.spec, diagnostics: diagnostics, chart: compiled)
        if deferred { result.files = files }
        result.related = checked.related
        return result
    }

    /// The bundle of a spec of `charts:` (`FacetWriter`); its result has no one `chart`.
    static func generateFacets(_ checked: CheckedSpec) -> CompileResult {
        let warnings = (checked.diagnostics + checked.related.flatMap(\.diagnostics)).filter { $0.severity == .warning }
        let written = FacetWriter.write(spec: checked.spec, sourceBytes: checked.sourceBytes, previous: checked.previous,
                                        svgOnly: checked.svgOnly, warnings: warnings, darkSelector: checked.darkSelector)
        var result = CompileResult(bundle: written.bundle, spec: checked.spec, diagnostics: checked.diagnostics + written.diagnostics)
        result.related = checked.related
        return result
    }

    /// The bundle of a checked spec: the transition from `previous`, or the `enter` animation.
    /// `sourceBytes` are hashed into the manifest's `specHash`.
    public static func compile(spec: ChartSpec, sourceBytes: [UInt8], previous: ChartSpec? = nil, svgOnly: Bool = false) -> Bundle {
        BundleWriter.write(spec: spec, sourceBytes: sourceBytes, chart: Transition.between(old: previous, new: spec), svgOnly: svgOnly,
                           previous: previous)
    }
}
