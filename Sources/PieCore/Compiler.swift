import PieDiagnostics
import PieSpec

/// One output file of a bundle, by name inside `out/<id>/`.
public struct BundleFile: Sendable, Hashable {
    public var name: String
    public var bytes: [UInt8]
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}

/// Everything `piec build` writes for one spec, in a fixed file order.
public struct Bundle: Sendable, Hashable {
    public var id: String
    public var files: [BundleFile]
    public init(id: String, files: [BundleFile]) {
        self.id = id
        self.files = files
    }
}

/// What to compile. `defaultID` is the slug of the file stem (used when the spec has no `id`).
/// `svgOnly` makes a bundle of chart.svg alone.
public struct CompileRequest: Sendable {
    public var source: SourceFile
    public var defaultID: String
    public var svgOnly: Bool
    public init(source: SourceFile, defaultID: String, svgOnly: Bool = false) {
        self.source = source
        self.defaultID = defaultID
        self.svgOnly = svgOnly
    }
}

/// The result of compiling one spec: a bundle when there were no errors, and every diagnostic.
public struct CompileResult: Sendable {
    public var bundle: Bundle?
    public var spec: ChartSpec?
    public var diagnostics: [Diagnostic]
    public init(bundle: Bundle?, spec: ChartSpec?, diagnostics: [Diagnostic]) {
        self.bundle = bundle
        self.spec = spec
        self.diagnostics = diagnostics
    }
}

/// The pure compiler: spec source -> checked spec -> layout -> transition plan -> bundle.
public enum Compiler {
    /// The tool version written into every manifest (`"piec"`).
    public static let toolVersion = "0.1.0"

    /// The bundle's files, in the order they are written.
    public static let fileNames = ["chart.svg", "chart.css", "index.html", "manifest.json"]

    /// Loads and checks `request.source`, then lays out, plans and generates the bundle.
    /// No bundle when the spec has errors; diagnostics are always returned.
    public static func compile(_ request: CompileRequest) -> CompileResult {
        let loaded = SpecLoader.load(request.source, defaultID: request.defaultID)
        guard let spec = loaded.spec, !loaded.diagnostics.hasErrors else {
            return CompileResult(bundle: nil, spec: loaded.spec, diagnostics: loaded.diagnostics)
        }
        let bundle = compile(spec: spec, sourceBytes: request.source.bytes, svgOnly: request.svgOnly)
        return CompileResult(bundle: bundle, spec: spec, diagnostics: loaded.diagnostics)
    }

    /// The bundle of a checked spec with no previous version (the `enter` animation).
    /// `sourceBytes` are hashed into the manifest's `specHash`.
    public static func compile(spec: ChartSpec, sourceBytes: [UInt8], svgOnly: Bool = false) -> Bundle {
        let layout = Layout.layout(spec)
        let plan = Planner.enter(layout, animation: spec.animation)
        return BundleWriter.write(spec: spec, sourceBytes: sourceBytes, layout: layout, plan: plan, svgOnly: svgOnly)
    }
}

/// Code generation of all bundle files from a layout and a plan.
public enum BundleWriter {
    public static func write(spec: ChartSpec, sourceBytes: [UInt8], layout: ChartLayout, plan: TransitionPlan,
                             svgOnly: Bool = false) -> Bundle {
        let scene = Scene(layout: layout, plan: plan)
        let css = StyleWriter.css(scene)
        let title = spec.title.flatMap { $0.isEmpty ? nil : $0 } ?? spec.id
        let description = Summary.description(spec, layout: layout)
        var svg = SVGWriter(scene: scene, title: title, description: description, format: spec.format,
                            withInline: !svgOnly)
        svg.write(style: css)
        let svgFile = BundleFile(name: "chart.svg", bytes: svg.svg.bytes)
        guard let inline = svg.inline, !svgOnly else { return Bundle(id: spec.id, files: [svgFile]) }
        let sentence = Summary.enterSentence(layout)
        let html = HTMLPage.write(spec: spec, scene: scene, chartCSS: css, svg: inline.bytes, title: title,
                                  sentence: sentence)
        let manifest = Manifest.bytes(spec: spec, sourceBytes: sourceBytes, layout: layout, plan: plan,
                                      files: Compiler.fileNames)
        return Bundle(id: spec.id, files: [
            svgFile,
            BundleFile(name: "chart.css", bytes: css),
            BundleFile(name: "index.html", bytes: html),
            BundleFile(name: "manifest.json", bytes: manifest),
        ])
    }
}
