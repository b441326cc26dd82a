import Foundation
import GoldenFiles
import PieDiagnostics
import PieSpec
import Testing

/// Bad-input fixtures: `Tests/Fixtures/diagnostics/*.yaml`. Each offending line carries
/// `# expect: CODE@COLUMN` (several separated by spaces), or, where no comment can stand on
/// that line, `# expect at LINE:COLUMN: CODE` anywhere. The test checks that exactly those
/// codes are reported at exactly those places, and compares the human rendering with the
/// golden `<name>.txt` (regenerate with `PIEC_UPDATE_FIXTURES=1 swift test`).
struct DiagnosticFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/diagnostics").standardized

    static func fixtureNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }

    struct Expectation: Hashable, CustomStringConvertible {
        var code: String
        var line: Int
        var column: Int
        var description: String { "\(code)@\(line):\(column)" }
    }

    static func expectations(in bytes: [UInt8]) -> [Expectation] {
        let text = String(decoding: bytes, as: UTF8.self)
        var result: [Expectation] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let r = line.range(of: "# expect at ") {
                // "# expect at 12:5: E0101"
                let rest = line[r.upperBound...]
                let parts = rest.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count >= 3, let l = Int(parts[0]), let c = Int(parts[1]) {
                    result.append(Expectation(code: parts[2], line: l, column: c))
                }
            } else if let r = line.range(of: "# expect: ") {
                for item in line[r.upperBound...].split(separator: " ") {
                    let pieces = item.split(separator: "@")
                    if pieces.count == 2, let c = Int(pieces[1]) {
                        result.append(Expectation(code: String(pieces[0]), line: index + 1, column: c))
                    }
                }
            }
        }
        return result
    }

    @Test func thereAreEnoughFixtures() {
        #expect(Self.fixtureNames().count >= 40)
    }

    @Test(arguments: fixtureNames())
    func fixture(_ name: String) throws {
        let url = Self.directory.appendingPathComponent(name)
        let bytes = Array(try Data(contentsOf: url))
        let expected = Self.expectations(in: bytes)
        #expect(!expected.isEmpty, "fixture \(name) has no `# expect:` comment")
        let file = SourceFile(path: "diagnostics/\(name)", bytes: bytes)
        let result = SpecLoader.load(file, defaultID: "fixture")
        let errors = result.diagnostics.filter { $0.severity == .error }
        let actual = errors.map { Expectation(code: $0.code.rawValue, line: $0.range?.start.line ?? 0, column: $0.range?.start.column ?? 0) }
        #expect(Set(actual) == Set(expected), "\(name): expected \(expected), got \(actual)")
        #expect(actual.count == expected.count, "\(name): one diagnostic per root cause; got \(actual)")
        #expect(result.spec == nil)
        let rendered = DiagnosticRenderer.render(FileDiagnostics(path: file.path, file: file, diagnostics: result.diagnostics), format: .human)
        try Golden.check(rendered, at: Self.directory.appendingPathComponent(name.replacingOccurrences(of: ".yaml", with: ".txt")))
    }
}
