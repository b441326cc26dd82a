import Foundation
import PieCore
import PieDiagnostics
import PieSpec
import PropertyBased
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Properties of random valid specs: the final angles tile the sweep in order, every output is
/// safe well-formed XML, the manifest carries the same angles, two builds give the same bytes.
@Suite struct LayoutPropertyTests {
    @Test func finalAnglesFillTheSweepInOrder() async {
        await propertyCheck(count: 150, input: SpecRecipe.generator()) { recipe in
            guard let spec = Self.load(recipe) else { return }
            let layout = Layout.layout(spec)
            #expect(layout.slices.map(\.id).sorted() == recipe.ids.sorted())
            let denominator = Double(recipe.total ?? recipe.sum)
            let usedSweep = Double(recipe.sweep) * Double(recipe.sum) / denominator
            // `startAngle` is absolute (clockwise from 12 o'clock): a counterclockwise chart's
            // chart angles are negated screen angles.
            let start = Double(recipe.clockwise ? recipe.startAngle : -recipe.startAngle)
            var cursor = start
            for slice in layout.slices {
                let expectedSpan = Double(recipe.sweep) * slice.value / (denominator / 100)
                #expect(abs(slice.startAngle - cursor) < 1e-9, "\(slice.id) starts at \(slice.startAngle), expected \(cursor)")
                #expect(abs(slice.span - expectedSpan) < 1e-6, "\(slice.id) spans \(slice.span), expected \(expectedSpan)")
                #expect(slice.span >= 0)
                cursor = slice.endAngle
            }
            #expect(abs(cursor - (start + usedSweep)) < 1e-6)
            #expect(abs(layout.usedEndAngle - cursor) < 1e-9)
            Self.expectOrder(layout, recipe)
        }
    }

    @Test func outputsAreSafeWellFormedXMLAndDeterministic() async {
        await propertyCheck(count: 60, input: SpecRecipe.generator()) { recipe in
            let file = SourceFile(path: "prop.yaml", text: recipe.yaml)
            let first = Compiler.compile(CompileRequest(source: file, defaultID: "prop"))
            let second = Compiler.compile(CompileRequest(source: file, defaultID: "prop"))
            guard let bundle = first.bundle else {
                Issue.record("a valid spec did not compile: \(first.diagnostics.map(\.message))")
                return
            }
            #expect(BundleInvariants.problems(first, file: file) == [])
            #expect(first.bundle == second.bundle, "two builds differ")
            for f in bundle.files where f.name == "chart.svg" || f.name == "index.html" {
                #expect(XMLCheck.parse(f.bytes) == nil, "\(f.name): \(XMLCheck.parse(f.bytes) ?? "")")
            }
            Self.expectManifestAngles(bundle, spec: first.spec)
        }
    }

    /// The manifest's slices carry the layout's angles (3 decimals) in display order.
    static func expectManifestAngles(_ bundle: PieCore.Bundle, spec: ChartSpec?) {
        guard let spec, let manifest = bundle.files.first(where: { $0.name == "manifest.json" }),
              let json = try? JSONSerialization.jsonObject(with: Data(manifest.bytes)) as? [String: Any],
              let slices = json["slices"] as? [[String: Any]] else {
            Issue.record("manifest.json is not a JSON object with slices")
            return
        }
        let layout = Layout.layout(spec)
        #expect(slices.count == layout.slices.count)
        for (m, s) in zip(slices, layout.slices) {
            #expect(m["id"] as? String == s.id)
            #expect(abs(((m["startAngle"] as? Double) ?? .nan) - s.startAngle) <= 0.0005 + 1e-9)
            #expect(abs(((m["endAngle"] as? Double) ?? .nan) - s.endAngle) <= 0.0005 + 1e-9)
        }
    }

    /// `sort: none` keeps spec order; ascending/descending order by value.
    static func expectOrder(_ layout: ChartLayout, _ recipe: SpecRecipe) {
        let values = layout.slices.map(\.value)
        switch recipe.sort {
        case 0: #expect(layout.slices.map(\.id) == recipe.ids)
        case 1: #expect(values == values.sorted())
        default: #expect(values == values.sorted(by: >))
        }
    }

    static func load(_ recipe: SpecRecipe) -> ChartSpec? {
        let result = SpecLoader.load(SourceFile(path: "prop.yaml", text: recipe.yaml), defaultID: "prop")
        if result.spec == nil { Issue.record("a valid spec did not load: \(result.diagnostics.map(\.message))") }
        return result.spec
    }
}

/// Foundation's XML parser (libxml2 on Linux) as a second, independent well-formedness check.
enum XMLCheck {
    /// nil when `bytes` is a well-formed XML document, else the parser's error.
    static func parse(_ bytes: [UInt8]) -> String? {
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        if parser.parse() { return nil }
        return parser.parserError.map { "\($0)" } ?? "not well-formed"
    }
}
