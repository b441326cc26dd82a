import Foundation
import GoldenFiles
import PieDiagnostics
import PieSpec
import Testing

/// Bad-input fixtures of the files a spec reads: `Tests/Fixtures/diagnostics-inputs/<case>/`
/// holds `spec.yaml`, its data file (named by `data.file`) and/or a `.piec.yaml`. Expected
/// diagnostics are comments on the offending lines of the YAML files (`# expect: CODE@COLUMN`)
/// and, for data files (which cannot hold comments), `# expect in FILE at LINE:COLUMN: CODE`
/// in the spec. Each file's diagnostics must be located in that file; the human rendering of
/// every group is the golden `expected.txt` (`PIEC_UPDATE_FIXTURES=1 swift test`).
struct InputDiagnosticFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/diagnostics-inputs").standardized

    static func caseNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// "file@line:column code" for every expectation.
    static func expectations(_ text: String, file: String) -> [String] {
        var result: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let r = line.range(of: "# expect in ") {
                // "# expect in langs.csv at 7:11: E0204"
                let parts = line[r.upperBound...].split(separator: " ")
                let place = parts.count == 4 ? parts[2].split(separator: ":") : []
                if place.count == 2 { result.append("\(parts[0])@\(place[0]):\(place[1]) \(parts[3])") }
            } else if let r = line.range(of: "# expect: ") {
                for item in line[r.upperBound...].split(separator: " ") {
                    let pieces = item.split(separator: "@")
                    if pieces.count == 2 { result.append("\(file)@\(index + 1):\(pieces[1]) \(pieces[0])") }
                }
            }
        }
        return result
    }

    @Test func thereAreFixtures() { #expect(Self.caseNames().count >= 8) }

    @Test(arguments: caseNames())
    func fixture(_ name: String) throws {
        let folder = Self.directory.appendingPathComponent(name)
        func read(_ file: String) -> SourceFile? {
            guard let data = try? Data(contentsOf: folder.appendingPathComponent(file)) else { return nil }
            return SourceFile(path: file, bytes: Array(data))
        }
        let spec = try #require(read("spec.yaml"))
        var inputs = SpecInputs()
        var expected = Self.expectations(String(decoding: spec.bytes, as: UTF8.self), file: "spec.yaml")
        if let defaults = read(".piec.yaml") {
            inputs.defaults = [defaults]
            expected += Self.expectations(String(decoding: defaults.bytes, as: UTF8.self), file: ".piec.yaml")
        }
        if let reference = SpecLoader.dataReference(spec) {
            inputs.data = try .file(#require(read(reference.path), "\(name): no \(reference.path)"))
        }
        for (k, reference) in SpecLoader.facetDataReferences(spec) {
            inputs.facetData[k] = try .file(#require(read(reference.path), "\(name): no \(reference.path)"))
        }
        let result = SpecLoader.load(spec, defaultID: "fixture", inputs: inputs)
        #expect(result.spec == nil)
        let groups = [FileDiagnostics(path: "spec.yaml", file: spec, diagnostics: result.diagnostics)] + result.related
        let actual = groups.flatMap { group in
            group.diagnostics.filter { $0.severity == .error }.map {
                "\(group.path)@\($0.range?.start.line ?? 0):\($0.range?.start.column ?? 0) \($0.code.rawValue)"
            }
        }
        #expect(actual.sorted() == expected.sorted(), "\(name)")
        let rendered = groups.filter { !$0.diagnostics.isEmpty }
            .map { DiagnosticRenderer.render($0, format: .human) }.joined(separator: "\n")
        try Golden.check(rendered, at: folder.appendingPathComponent("expected.txt"))
    }
}
