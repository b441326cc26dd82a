// Shared by Tests/SafetyTests and the fuzz targets (Fuzz/Sources/FuzzSupport links here).
import PieCore
import PieDiagnostics
import PieSpec

/// The promises piec makes about the result of compiling ANY input, as one check that lists
/// every broken promise (empty = all kept). The fuzz targets trap on a non-empty list; the
/// tests expect it empty.
public enum BundleInvariants {
    /// Checks one compile result of `file`: a bundle exactly when there is no error; safe,
    /// well-formed files; a manifest whose embedded spec re-parses to the same canonical spec;
    /// diagnostics that render in every format and point inside the file.
    public static func problems(_ result: CompileResult, file: SourceFile) -> [String] {
        var problems = diagnosticProblems(result.diagnostics, file: file)
        guard let bundle = result.bundle else {
            if !result.diagnostics.hasErrors { problems.append("no bundle and no error") }
            return problems
        }
        if result.diagnostics.hasErrors { problems.append("a bundle despite errors") }
        problems += bundleProblems(bundle)
        if let spec = result.spec, let manifest = bundle.files.first(where: { $0.name == "manifest.json" }) {
            let reloaded = SpecLoader.loadEmbedded(SourceFile(path: "manifest.json", bytes: manifest.bytes), defaultID: "fuzz")
            if reloaded.diagnostics.hasErrors {
                problems.append("the manifest's spec does not load: \(reloaded.diagnostics.first?.message ?? "")")
            } else if reloaded.spec?.canonicalJSON() != spec.canonicalJSON() {
                problems.append("the manifest's spec is not the canonical spec")
            }
        }
        return problems
    }

    /// Animating from the previous spec's bundle (its manifest.json) must give the same bundle as
    /// animating from the previous spec file: the manifest holds the canonical spec.
    public static func manifestPreviousProblems(_ result: CompileResult, request: CompileRequest) -> [String] {
        guard result.bundle != nil, case .spec(let previousFile)? = request.previous else { return [] }
        let old = Compiler.compile(CompileRequest(source: previousFile, defaultID: request.defaultID))
        guard let manifest = old.bundle?.files.first(where: { $0.name == "manifest.json" }) else { return [] }
        var viaManifest = request
        viaManifest.previous = .manifest(SourceFile(path: "old/manifest.json", bytes: manifest.bytes))
        let other = Compiler.compile(viaManifest)
        return other.bundle == result.bundle ? [] : ["animating from the previous bundle's manifest differs from animating from its spec"]
    }

    /// Safe id, the expected files, and safe, well-formed contents.
    public static func bundleProblems(_ bundle: Bundle) -> [String] {
        var problems: [String] = []
        if !isSafeID(bundle.id) { problems.append("unsafe bundle id \(bundle.id)") }
        let names = bundle.files.map(\.name)
        if names != Bundle.fileNames, names != ["chart.svg"] { problems.append("unexpected bundle files \(names)") }
        for f in bundle.files {
            let problem: String? = switch f.name {
            case "chart.svg": OutputInvariants.checkMarkup(f.bytes, html: false)
            case "index.html": OutputInvariants.checkMarkup(f.bytes, html: true)
            case "chart.css": OutputInvariants.checkCSS(f.bytes) ?? OutputInvariants.checkText(f.bytes)
            default: OutputInvariants.checkText(f.bytes)
            }
            if let problem { problems.append("\(f.name): \(problem)") }
            if f.name != "manifest.json", let length = negativeLength(f.bytes) { problems.append("\(f.name): a negative \(length)") }
        }
        return problems
    }

    /// A negative length (`stroke-width="-4.2"`, `r="-1"`) is invalid SVG: engines drop the
    /// value and draw their default (a 1 px stroke) instead of nothing. In CSS a declaration
    /// starts after `{` or `;`; shared keyframes read a stroke width and a dash from the
    /// custom properties `--w` and `--d` (`MotionProperty.custom`), checked the same way.
    static func negativeLength(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        for name in ["stroke-width", "r", "width", "height", "stroke-dasharray", "--w", "--d"] {
            for needle in [" \(name)=\"-", "{\(name):-", ";\(name):-"] {
                if let r = text.range(of: needle) {
                    let from = text.index(r.lowerBound, offsetBy: -60, limitedBy: text.startIndex) ?? text.startIndex
                    let to = text.index(r.upperBound, offsetBy: 40, limitedBy: text.endIndex) ?? text.endIndex
                    return "\(name) in `\(text[from..<to])`"
                }
            }
        }
        return nil
    }

    /// Every diagnostic has a message and points inside the file; all formats render.
    public static func diagnosticProblems(_ diagnostics: [Diagnostic], file: SourceFile) -> [String] {
        var problems: [String] = []
        for d in diagnostics {
            if d.message.isEmpty { problems.append("empty message for \(d.code)") }
            for range in [d.range].compactMap({ $0 }) + d.labels.map(\.range) {
                if range.start.line < 1 || range.start.line > file.lineCount || range.start.column < 1 {
                    problems.append("\(d.code) at \(range.start) is outside the file (\(file.lineCount) lines)")
                }
            }
        }
        let group = FileDiagnostics(path: file.path, file: file, diagnostics: diagnostics)
        for format in DiagnosticFormat.allCases where DiagnosticRenderer.render(group, format: format).isEmpty != diagnostics.isEmpty {
            problems.append("the \(format) rendering is empty")
        }
        return problems
    }

    /// Bundle ids become directory names: 1...64 of `[a-z0-9-]`, no dash at either end.
    public static func isSafeID(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64 && id.first != "-" && id.last != "-"
            && id.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }
}
