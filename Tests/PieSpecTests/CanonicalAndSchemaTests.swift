import Foundation
import GoldenFiles
import PieDiagnostics
@testable import PieSpec
import Testing

struct CanonicalAndSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// The canonical JSON is itself a valid spec that lowers to the same `ChartSpec`.
    @Test func canonicalSpecRoundTrips() throws {
        let specs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("specs").path).filter { $0.hasSuffix(".yaml") }
        #expect(specs.count >= 8)
        for name in specs.sorted() {
            let bytes = Array(try Data(contentsOf: Self.root.appendingPathComponent("specs/\(name)")))
            let first = SpecLoader.load(SourceFile(path: name, bytes: bytes), defaultID: String(name.dropLast(5)))
            let spec = try #require(first.spec, "\(name): \(first.diagnostics)")
            #expect(first.diagnostics.isEmpty, "\(name): \(first.diagnostics)")
            let canonical = spec.canonicalJSON().serialized(pretty: true)
            let second = SpecLoader.load(SourceFile(path: "canonical", text: canonical), defaultID: "other")
            #expect(second.spec == spec, "\(name) canonical form does not round-trip: \(second.diagnostics)")
        }
    }

    /// `Schemas/piec.schema.json` must equal what the key tables generate.
    @Test func committedSchemaIsNotStale() throws {
        let url = Self.root.appendingPathComponent("Schemas/piec.schema.json")
        try Golden.check(SpecSchema.generate(), at: url)
    }

    /// `Schemas/piec-defaults.schema.json` (for `.piec.yaml`) must equal what the tables generate.
    @Test func committedDefaultsSchemaIsNotStale() throws {
        let url = Self.root.appendingPathComponent("Schemas/piec-defaults.schema.json")
        let generated = SpecSchema.generateDefaults()
        if ProcessInfo.processInfo.environment["PIEC_UPDATE_FIXTURES"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == generated, "Schemas/piec-defaults.schema.json is stale: run `make schema`")
        // As properties: `slices` is also a word of `legend.order`, which is a shared default.
        for refused in ["slices", "data", "rings", "piec", "subtitle"] {
            #expect(!generated.contains("\"\(refused)\": {"), "\(refused) must not be a shared default")
        }
    }

    /// Every key in the tables appears in the schema, and the schema forbids others.
    @Test func schemaCoversEveryKey() {
        let schema = SpecSchema.generate()
        for table in Keys.all {
            for key in table.keys { #expect(schema.contains("\"\(key.name)\": {"), "\(key.name) missing from schema") }
        }
        // One closed object per table, and the slice table twice: under `slices` and under
        // `rings[].slices`; a chart of `charts[]` holds the slice, ring and ring slice tables
        // again (its `slices` and `rings`), and its own `data` its two tables (`data`, `data.bin`).
        #expect(schema.components(separatedBy: "\"additionalProperties\": false").count - 1 == Keys.all.count + 1 + 3 + 2)
    }

    @Test func paletteAssignmentIsStablePerID() {
        let before = Palettes.assign(ids: ["a", "b", "c"], palette: .named("default"))
        let after = Palettes.assign(ids: ["a", "new", "b", "c"], palette: .named("default"))
        // Colours follow ids, not positions (unless two ids hash to the same colour).
        let expectedB = before[1], expectedC = before[2]
        #expect(after[0] == before[0])
        #expect(after[2] == expectedB || after[1] == expectedB)
        #expect(after[3] == expectedC || after[1] == expectedC)
        #expect(Set(Palettes.assign(ids: (0..<10).map { "s\($0)" }, palette: .named("default"))).count == 10)
    }

    @Test func contrastRatioMatchesWCAG() {
        #expect(abs(Color.contrast(Color(r: 0, g: 0, b: 0), Color(r: 255, g: 255, b: 255)) - 21) < 0.001)
        #expect(abs(Color.contrast(Color(r: 0x76, g: 0x76, b: 0x76), Color(r: 255, g: 255, b: 255)) - 4.54) < 0.01)
    }

    /// An optional section switched on or off (`chart.outline`, `labels.box`, `theme.shadow`)
    /// is a change `piec diff` and the change sentence report, by the section's own rule; it
    /// was skipped, so adding only a box or an outline read "no changes".
    @Test func anOptionalSectionTurnedOnOrOffIsAChange() throws {
        let plain = "piec: 1\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 2}\n"
        let a = try #require(load(plain).spec)
        let b = try #require(load("piec: 1\nchart: {outline: {width: 2}}\nlabels: {box: {fill: \"#ffffff\"}}\n"
                                  + "theme: {shadow: {blur: 4}}\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 2}\n").spec)
        let on = ChartSpec.changedFields(a, b)
        #expect(on.map(\.field) == ["outline", "labels.box", "shadow"], "\(on)")
        #expect(on.allSatisfy { $0.old == "none" && $0.new != "none" }, "\(on)")
        let off = ChartSpec.changedFields(b, a)
        #expect(off.map(\.field) == ["outline", "labels.box", "shadow"], "\(off)")
        #expect(off.allSatisfy { $0.new == "none" }, "\(off)")
        #expect(ChartSpec.changedFields(a, a).isEmpty)
    }
}
