import PieCore
import PieDiagnostics
import PieSpec

/// What each fuzz target does with one input: compile it (twice), then check every promise
/// piec makes about any input. A broken promise traps, so libFuzzer saves the input.
public enum FuzzOneInput {
    /// Compiles `bytes` as a spec with no previous version and checks the result.
    public static func compile(_ bytes: [UInt8]) {
        let file = SourceFile(path: "fuzz.yaml", bytes: bytes)
        let request = CompileRequest(source: file, defaultID: "fuzz")
        let first = Compiler.compile(request)
        check(first, file: file)
        let second = Compiler.compile(request)
        require(first.bundle == second.bundle, "two compiles of the same input gave different bundles")
        require(first.diagnostics == second.diagnostics, "two compiles of the same input gave different diagnostics")
    }

    /// Checks one compile result: a bundle xor errors, safe and well-formed files, a manifest
    /// whose embedded spec re-parses to the same canonical spec, diagnostics inside the file.
    public static func check(_ result: CompileResult, file: SourceFile) {
        renderDiagnostics(result.diagnostics, file: file)
        guard let bundle = result.bundle else {
            require(result.diagnostics.hasErrors, "no bundle and no error")
            return
        }
        require(!result.diagnostics.hasErrors, "a bundle despite errors")
        require(isSafeID(bundle.id), "unsafe bundle id \(bundle.id)")
        require(bundle.files.map(\.name) == Compiler.fileNames, "unexpected bundle files")
        for f in bundle.files {
            let problem: String? = switch f.name {
            case "chart.svg": OutputInvariants.checkMarkup(f.bytes, html: false)
            case "index.html": OutputInvariants.checkMarkup(f.bytes, html: true)
            case "chart.css": OutputInvariants.checkCSS(f.bytes) ?? OutputInvariants.checkText(f.bytes)
            default: OutputInvariants.checkText(f.bytes)
            }
            if let problem { fail("\(f.name): \(problem)") }
        }
        if let spec = result.spec, let manifest = bundle.files.first(where: { $0.name == "manifest.json" }) {
            let reloaded = SpecLoader.loadEmbedded(SourceFile(path: "manifest.json", bytes: manifest.bytes), defaultID: "fuzz")
            require(!reloaded.diagnostics.hasErrors, "the manifest's spec does not load: \(reloaded.diagnostics.first?.message ?? "")")
            require(reloaded.spec?.canonicalJSON() == spec.canonicalJSON(), "the manifest's spec is not the canonical spec")
        }
    }

    /// Renders every diagnostic in every format (the renderers see hostile text too) and checks
    /// that each range lies inside the file.
    static func renderDiagnostics(_ diagnostics: [Diagnostic], file: SourceFile) {
        for d in diagnostics {
            require(!d.message.isEmpty, "empty diagnostic message")
            for range in [d.range].compactMap({ $0 }) + d.labels.map(\.range) {
                require(range.start.line >= 1 && range.start.line <= file.lineCount, "diagnostic line \(range.start.line) outside the file")
                require(range.start.column >= 1, "diagnostic column \(range.start.column)")
            }
        }
        let group = FileDiagnostics(path: "fuzz.yaml", file: file, diagnostics: diagnostics)
        for format in DiagnosticFormat.allCases { _ = DiagnosticRenderer.render(group, format: format) }
    }

    /// Bundle ids become directory names: lowercase letters, digits and inner dashes only.
    static func isSafeID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64 && id.first != "-" && id.last != "-"
            && id.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }

    static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fail(message()) }
    }

    static func fail(_ message: String) -> Never {
        fatalError("piec fuzz invariant broken: " + message)
    }
}
