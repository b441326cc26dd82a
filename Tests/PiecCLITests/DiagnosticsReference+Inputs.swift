import Foundation
import PieDriver
import PieSpec

/// Examples from Tests/Fixtures/diagnostics-inputs: a case folder holds `spec.yaml` and the
/// files it reads (its data file, a `.piec.yaml`); piec's output covers every file's
/// diagnostics.
extension DiagnosticsReference {
    static let inputCases = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/diagnostics-inputs").standardized

    static func inputCaseNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: inputCases.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The case with its markers dropped (`# expect: ...` after content, and whole
    /// `# expect in FILE ...` lines), loaded and rendered again; nil when that changes what is
    /// reported or a file cannot be shown.
    static func inputExample(named name: String) -> (Example, [String])? {
        let folder = inputCases.appendingPathComponent(name)
        func read(_ file: String) -> String? {
            FileManager.default.contents(atPath: folder.appendingPathComponent(file).path).flatMap { String(data: $0, encoding: .utf8) }
        }
        guard let spec = read("spec.yaml"), printable(spec) else { return nil }
        let defaults = read(".piec.yaml")
        let specFile = SourceFile(path: "spec.yaml", bytes: Array(spec.utf8))
        // A chart of `charts:` reading its data file stands as the spec's one data file here.
        let dataName = SpecLoader.dataReference(specFile)?.path ?? SpecLoader.facetDataReferences(specFile).first?.reference.path
        let data = dataName.flatMap(read)
        let original = load(spec: spec, defaults: defaults, data: data.map { (dataName!, $0) })
        let clean = withoutInputMarkers(spec)
        let cleanDefaults = defaults.map(withoutMarkers)
        let cleaned = load(spec: clean, defaults: cleanDefaults, data: data.map { (dataName!, $0) })
        guard cleaned.codes.sorted() == original.codes.sorted(), [cleanDefaults, data].allSatisfy({ $0.map(printable) ?? true }) else { return nil }
        var files: [(name: String, language: String, text: String)] = [("spec.yaml", "yaml", clean)]
        if let cleanDefaults { files.append((SharedDefaults.fileName, "yaml", cleanDefaults)) }
        if let dataName, let data { files.append((dataName, dataName.hasSuffix(".json") ? "json" : "text", data)) }
        return (Example(name: "diagnostics-inputs/" + name, files: files, output: cleaned.output), cleaned.codes)
    }

    static func load(spec: String, defaults: String?, data: (name: String, text: String)?) -> (codes: [String], output: String) {
        let file = SourceFile(path: "spec.yaml", bytes: Array(spec.utf8))
        var inputs = SpecInputs()
        if let defaults { inputs.defaults = [SourceFile(path: SharedDefaults.fileName, bytes: Array(defaults.utf8))] }
        if let data {
            let read = DataInput.file(SourceFile(path: data.name, bytes: Array(data.text.utf8)))
            for (k, _) in SpecLoader.facetDataReferences(file) { inputs.facetData[k] = read }
            if SpecLoader.dataReference(file) != nil { inputs.data = read }
        }
        let result = SpecLoader.load(file, defaultID: "fixture", inputs: inputs)
        let groups = [FileDiagnostics(path: "spec.yaml", file: file, diagnostics: result.diagnostics)] + result.related
        let shown = groups.filter { !$0.diagnostics.isEmpty }
        return (shown.flatMap { $0.diagnostics.map(\.code.rawValue) },
                shown.map { DiagnosticRenderer.render($0, format: .human) }.joined(separator: "\n"))
    }

    static func withoutInputMarkers(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return withoutMarkers(lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("# expect in ") }.joined(separator: "\n"))
    }
}
