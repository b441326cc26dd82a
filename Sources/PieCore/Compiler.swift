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
public struct CompileRequest: Sendable {
    public var source: SourceFile
    public var defaultID: String
    public init(source: SourceFile, defaultID: String) {
        self.source = source
        self.defaultID = defaultID
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
