import Foundation
import GoldenFiles
import PieCore
import PieDiagnostics
import Testing

/// Golden bundles: every gallery spec (`specs/*.yaml`, entering), every transition example
/// (`specs/transitions/*.yaml` from `specs/transitions/before/`), and the extra inputs in
/// `Tests/Fixtures/compile-inputs/` compile to exactly the files in
/// `Tests/Fixtures/compile/<name>/`. `PIEC_UPDATE_FIXTURES=1 swift test` rewrites them; a
/// missing golden fails and prints what was produced; a golden folder with no input fails.
struct CompileFixtureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../..").standardized
    static let goldens = root.appendingPathComponent("Tests/Fixtures/compile")

    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var spec: String
        var previous: String?
        var description: String { name }
    }

    static func yamlFiles(_ dir: String) -> [String] {
        let path = root.appendingPathComponent(dir).path
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
    }

    static func cases() -> [Case] {
        var cases = yamlFiles("specs").map { Case(name: String($0.dropLast(5)), spec: "specs/\($0)") }
        cases += yamlFiles("specs/transitions").map {
            Case(name: "transition-" + $0.dropLast(5), spec: "specs/transitions/\($0)", previous: "specs/transitions/before/\($0)")
        }
        cases += yamlFiles("Tests/Fixtures/compile-inputs").map { Case(name: String($0.dropLast(5)), spec: "Tests/Fixtures/compile-inputs/\($0)") }
        return cases
    }

    static func read(_ relative: String) throws -> SourceFile {
        SourceFile(path: relative, bytes: Array(try Data(contentsOf: root.appendingPathComponent(relative))))
    }

    @Test(arguments: cases())
    func bundleMatchesGolden(_ c: Case) throws {
        let source = try Self.read(c.spec)
        let previous = try c.previous.map { PreviousSource.spec(try Self.read($0)) }
        let result = Compiler.compile(CompileRequest(source: source, defaultID: c.name, previous: previous))
        #expect(result.diagnostics.isEmpty, "\(c.spec): \(result.diagnostics)")
        let bundle = try #require(result.bundle)
        let dir = Self.goldens.appendingPathComponent(c.name)
        // Updating starts from an empty folder, so no file of an older bundle stays behind.
        if Golden.updating { try? FileManager.default.removeItem(at: dir) }
        for file in bundle.files { try Golden.check(file.bytes, at: dir.appendingPathComponent(file.name)) }
        let present = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        #expect(Set(present) == Set(bundle.files.map(\.name)), "\(c.name): golden files \(present.sorted())")
    }

    @Test func noOrphanedGoldens() throws {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: Self.goldens.path)) ?? []
        let names = Set(Self.cases().map(\.name))
        #expect(folders.filter { !names.contains($0) }.isEmpty, "golden folders with no input: \(folders.filter { !names.contains($0) })")
        #expect(folders.count == names.count || Golden.updating)
    }

    /// Markup in user text reaches the output only escaped: no raw tag from it, and nothing
    /// of it in CSS (the stylesheet and every `<style>` hold generated text only).
    @Test func injectedMarkupIsEscaped() throws {
        let result = Compiler.compile(CompileRequest(source: try Self.read("Tests/Fixtures/compile-inputs/injection.yaml"), defaultID: "injection"))
        let bundle = try #require(result.bundle)
        for file in bundle.files where file.name != "manifest.json" {
            let text = String(decoding: file.bytes, as: UTF8.self)
            for tag in ["<script", "<img", "<foreignObject", "</style><style>", "<b>", "</text><foreignObject"] {
                #expect(!text.contains(tag), "\(file.name) contains the raw markup \(tag)")
            }
            let css = file.name == "chart.css" ? text : Self.styleBlocks(text).joined()
            for userText in ["alert", "x.test", "url(", "evil", "onerror"] {
                #expect(!css.contains(userText), "\(file.name): user text `\(userText)` inside CSS")
            }
            if file.name != "chart.css" {
                #expect(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "\(file.name) lost the escaped title")
            }
        }
    }

    static func styleBlocks(_ text: String) -> [String] {
        text.components(separatedBy: "<style").dropFirst().map { $0.components(separatedBy: "</style>").first ?? "" }
    }
}
