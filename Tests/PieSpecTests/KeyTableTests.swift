import Foundation
import PieDiagnostics
import PieJSON
@testable import PieSpec
import Testing

/// The key tables are the single declaration of a key: these tests walk every key of every
/// table, write it with two different valid values, and check what the table promises —
/// lowering stores it, the canonical spec writes it back (so it round-trips), and a change of
/// it is reported exactly when its `ChangeRule` says so.
struct KeyTableTests {
    /// One key of a section table with its path from the root: `["theme", "stroke", "width"]`.
    struct SectionKey: CustomStringConvertible {
        var path: [String]
        var key: KeySpec
        var description: String { path.joined(separator: ".") }
    }

    static func sectionKeys(_ table: KeyTable = Keys.root, prefix: [String] = []) -> [SectionKey] {
        table.keys.flatMap { key -> [SectionKey] in
            // `data` is an input: read by its own lowering from a file, not stored (SpecInputsTests).
            if key.isInput { return [] }
            // `layout` places the charts of `charts:` (E0345 without them): FacetTests.
            if key.name == "layout" && prefix.isEmpty { return [] }
            if case .object(let inner) = key.kind { return sectionKeys(inner, prefix: prefix + [key.name]) }
            // `labels`: its keys as one mapping (a list of layers: LabelLayerSpecTests).
            if case .objectOrList(let inner) = key.kind { return sectionKeys(inner, prefix: prefix + [key.name]) }
            return [SectionKey(path: prefix + [key.name], key: key)]
        }
    }

    /// Two different valid plain-YAML values for `kind`, or nil when it has only one (`piec`)
    /// or is a list (`slices`, `renamedFrom`: covered elsewhere).
    static func samples(_ kind: ValueKind) -> (String, String)? {
        func n(_ v: Double) -> String { formatNumber(v, decimals: 4) }
        switch kind {
        case .text: return ("alpha", "beta")
        case .number(let min, let max, _): return (n(min + (max - min) / 4), n(min + (max - min) / 2))
        case .integer(let min, let max): return min == max ? nil : (String(min), String(min + 1))
        case .boolean: return ("true", "false")
        case .choice(let options), .choiceOrObject(let options, _): return (options[0], options[1])
        // One word (`chart.grid.circles: auto`): the word, or a list of one item.
        case .choiceOrList(let options, let element):
            return options.count > 1 ? (options[0], options[1]) : samples(element).map { (options[0], "[\($0.0)]") }
        case .color: return ("'#112233'", "'#445566'")
        case .colorOr(let words): return (words[0], "'#445566'")
        case .duration: return ("10ms", "20ms")
        case .easing: return ("linear", "ease")
        case .palette: return (Palettes.names[0], Palettes.names[1])
        case .patterns: return ("none", "auto")
        case .identifier: return ("a1", "b2")
        case .template: return ("'{label}'", "'{value}'")
        case .object, .list, .objectOrList: return nil
        }
    }

    /// A small valid spec with `path` set to `value` (a donut, so `chart.center` is allowed).
    static func spec(_ path: [String], _ value: String) -> String {
        var lines = ["piec: 1"]
        var indent = ""
        for (depth, name) in path.enumerated() {
            if depth == path.count - 1 {
                lines.append("\(indent)\(name): \(value)")
            } else {
                lines.append("\(indent)\(name):")
                indent += "  "
            }
        }
        // A grid needs a rose (E0390).
        if path.starts(with: ["chart", "grid"]) { lines.insert("  rose: area", at: 2) }
        // A label box needs labels that are drawn (E0352 refuses it with `position: none`).
        if path.starts(with: ["labels", "box"]) { lines.insert("  position: inside", at: 2) }
        if path != ["chart", "innerRadius"] && path.first == "chart" && path.count == 2 {
            lines.insert("  innerRadius: 0.5", at: 2)
        } else if path.first != "chart" {
            lines.append("chart:\n  innerRadius: 0.5")
        }
        if path == ["chart", "ringGap"] {
            // The space between rings needs rings.
            lines.append("rings:\n  - {label: In, slices: [{label: A, value: 1}]}\n  - {label: Out, slices: [{label: B, value: 2}]}")
        } else if path == ["theme", "children"] {
            // Tinted children need a sunburst (E0375).
            lines.append("rings:\n  - {label: In, slices: [{id: a, label: A, value: 1}]}\n  - {label: Out, slices: [{label: B, value: 1, parent: a}]}")
        } else {
            lines.append("slices:\n  - {label: A, value: 1}\n  - {label: B, value: 2}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func load(_ text: String) -> (ChartSpec?, [Diagnostic]) {
        let result = SpecLoader.load(SourceFile(path: "k.yaml", text: text), defaultID: "k")
        return (result.spec, result.diagnostics)
    }

    @Test func everySectionKeyIsLoweredWrittenBackAndReportedByItsRule() throws {
        let keys = Self.sectionKeys()
        #expect(keys.count >= 40)
        var checked = 0
        for k in keys {
            // `labels.size` is drawn on the inside layer of two only (E0363 on a mapping):
            // `LabelLayerSizeSpecTests` lowers, writes back and reports it there.
            guard k.path != ["labels", "size"] else { continue }
            guard let (v1, v2) = Self.samples(k.key.kind) else { continue }
            let (a, da) = Self.load(Self.spec(k.path, v1)), (b, db) = Self.load(Self.spec(k.path, v2))
            let old = try #require(a, "\(k): \(da)"), new = try #require(b, "\(k): \(db)")
            #expect(old != new, "\(k): two values lowered to the same spec (the binding stores nothing)")
            // The canonical spec holds the value: it lowers back to the same spec.
            for spec in [old, new] {
                let again = SpecLoader.loadEmbedded(SourceFile(path: "m.json", text: "{\"spec\": \(spec.canonicalJSON().serialized())}"), defaultID: "x")
                #expect(again.spec == spec, "\(k): canonical spec does not round-trip: \(again.diagnostics)")
            }
            let changes = ChartSpec.changedFields(old, new)
            switch k.key.change {
            case .silent:
                #expect(changes.isEmpty, "\(k) is silent but reported: \(changes)")
            case .reported(let name, let sentence):
                let section = k.path.dropLast().joined(separator: ".")
                let field = name ?? (section.isEmpty || section == "chart" ? k.key.name : "\(section).\(k.key.name)")
                #expect(changes.map(\.field) == [field], "\(k): expected a change of `\(field)`, got \(changes)")
                #expect(changes.first?.inSentence == sentence, "\(k)")
            }
            checked += 1
        }
        #expect(checked >= 40)
    }

    @Test func everySliceKeyIsLoweredWrittenBackAndReportedByItsRule() throws {
        // `parent` needs a chart of rings (E0335 on `slices`): the sunburst goldens
        // (`specs/sunburst.yaml`) round-trip it through the manifest's canonical spec.
        for key in Keys.slice.keys where key.name != "parent" {
            guard let (v1, v2) = Self.samples(key.kind) else { continue }
            func text(_ v: String) -> String {
                let fields = key.name == "label" ? "{label: \(v), value: 1}" : key.name == "value" ? "{label: A, value: \(v)}"
                    : "{label: A, value: 1, \(key.name): \(v)}"
                return "piec: 1\nslices:\n  - \(fields)\n  - {label: Z, value: 2}\n"
            }
            let (a, da) = Self.load(text(v1)), (b, db) = Self.load(text(v2))
            let old = try #require(a, "\(key.name): \(da)"), new = try #require(b, "\(key.name): \(db)")
            #expect(old.slices[0] != new.slices[0], "\(key.name): two values lowered to the same slice")
            let again = SpecLoader.load(SourceFile(path: "c.json", text: old.canonicalJSON().serialized()), defaultID: "x")
            #expect(again.spec == old, "\(key.name): canonical spec does not round-trip")
            let fields = SliceSpec.changedFields(old.slices[0], new.slices[0])
            if case .silent = key.change {
                #expect(fields.isEmpty, "\(key.name) is silent but reported")
            } else {
                #expect(fields == [key.name], "\(key.name): \(fields)")
            }
        }
    }

    /// The schema's defaults are the fields' initial values, read through the bindings.
    @Test func defaultsComeFromTheSpecTypes() {
        #expect(Keys.chart.key("size")?.defaultValue == .int(Int(ChartOptions().size)))
        #expect(Keys.legend.key("values")?.defaultValue == .string(LegendOptions().values.rawValue))
        #expect(Keys.other.key("color")?.defaultValue == .string(OtherOptions().color.hex))
        #expect(Keys.root.key("id")?.defaultValue == nil)
        #expect(Keys.chart.key("total")?.defaultValue == nil)
        #expect(Keys.slice.key("label")?.defaultValue == nil)
    }

    /// Keys whose canonical form is left out at their default stay out of a default spec, so
    /// canonical specs written before the key existed stay byte-identical.
    @Test func omittedDefaultsStayOut() throws {
        let (spec, d) = Self.load("piec: 1\nslices:\n  - {label: A, value: 1}\n")
        let json = try #require(spec, "\(d)").canonicalJSON().serialized()
        for name in ["padAngle", "cornerRadius", "showTitle", "\"values\"", "renamedFrom", "total", "radius"] {
            #expect(!json.contains(name), "\(name) in \(json)")
        }
    }

    /// The manifest streams the canonical spec (`writeCanonical`); its bytes are those of the
    /// tree (`canonicalJSON`) written at the same depth, for every example under specs/.
    @Test func streamedCanonicalSpecIsTheTreeByteForByte() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../specs").standardized
        let names = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".yaml") && !$0.contains("/.") }
        #expect(names.count >= 30)
        var compared = 0
        for name in names.sorted() {
            let bytes = Array(try Data(contentsOf: root.appendingPathComponent(name)))
            guard let spec = SpecLoader.load(SourceFile(path: name, bytes: bytes), defaultID: "x").spec else { continue }
            var streamed = JSONStream(capacity: 256), tree = JSONStream(capacity: 256)
            streamed.open("{"); tree.open("{")
            streamed.key("spec"); tree.key("spec")
            spec.writeCanonical(into: &streamed)
            tree.value(spec.canonicalJSON())
            #expect(streamed.out.bytes == tree.out.bytes, "\(name)")
            compared += 1
        }
        #expect(compared >= 30)
    }

    /// Each scalar kind writes its value once (`CanonicalForm.emit`); the tree and the stream
    /// catch it. Values where the two writers could part: exponents, -0, rounding at the last
    /// place, escapes, C1 controls, translucent colours, fractional milliseconds.
    @Test func everyScalarFormWritesTheSameBytesIntoTreeAndStream() {
        func same<F: CanonicalForm>(_ form: F.Type, _ values: [F.Value]) {
            for v in values {
                var stream = JSONStream(capacity: 64), tree = JSONStream(capacity: 64)
                F.emit(v, into: &stream)
                tree.value(F.tree(v))
                #expect(stream.out.bytes == tree.out.bytes, "\(F.self) \(v): \(stream.out.string) vs \(tree.out.string)")
            }
        }
        same(NumberForm.self, [0, -0.0, 1e15, 1e-10, 0.1234567895, -2.5, 320, 1.0 / 3])
        same(IntegerForm.self, [0, -1, 100_000, Int.max])
        same(BooleanForm.self, [true, false])
        same(TextForm.self, ["", "Swift", "a\"b\\c", "line\nbreak\ttab", "\u{85}nel", "\u{2028}", "\u{FEFF}", "日本語"])
        same(ChoiceForm<Direction>.self, Direction.allCases)
        same(ColorForm.self, [Color(r: 0, g: 0, b: 0, a: 255), Color(r: 240, g: 81, b: 56, a: 255), Color(r: 1, g: 2, b: 3, a: 128)])
        same(TemplateForm.self, [LabelTemplate.parseDefault("{label} {percent}"), LabelTemplate.parseDefault("\"{value}\"")])
        same(DurationForm.self, [0, 800, 0.5, 1234.5678, 60_000])
        #expect(DurationForm.tree(800) == .string("800ms"))
        #expect(ColorForm.tree(Color(r: 1, g: 2, b: 3, a: 128)) == .string("#01020380"))
    }
}
