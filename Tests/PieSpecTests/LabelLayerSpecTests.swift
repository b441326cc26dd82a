import PieDiagnostics
import PieJSON
@testable import PieSpec
import Testing

/// `labels` as a list of label layers: a list is lowered layer by layer into `labelLayers`
/// (the first also into `labels`), written back as a list, its changes reported per layer
/// (`labels[i].KEY`), and refused where it cannot be drawn (E0356-E0359).
struct LabelLayerSpecTests {
    static let slices = "slices:\n  - {label: A, value: 2}\n  - {label: B, value: 1}\n"

    static func load(_ labels: String) -> (spec: ChartSpec?, diagnostics: [Diagnostic]) {
        let r = SpecLoader.load(SourceFile(path: "l.yaml", text: "piec: 1\nlabels:\n" + labels + slices), defaultID: "l")
        return (r.spec, r.diagnostics)
    }

    @Test func aListOfOneLayerIsItsMappingAndIsWrittenBackAsAList() throws {
        let listed = try #require(Self.load("  - {content: '{percent}%', position: inside, minPercent: 5}\n").spec)
        let mapped = try #require(Self.load("  {content: '{percent}%', position: inside, minPercent: 5}\n").spec)
        #expect(listed.labels == mapped.labels)
        #expect(listed.labelLayers == [mapped.labels])
        #expect(mapped.labelLayers.isEmpty, "a mapping is no list")
        let json = listed.canonicalJSON().serialized(pretty: true)
        #expect(json.contains("\"labels\": [\n    {\n      \"content\": \"{percent}%\""), "\(json)")
        #expect(mapped.canonicalJSON().serialized(pretty: true).contains("\"labels\": {\n"), "a mapping keeps its canonical form")
        for spec in [listed, mapped] {
            let again = SpecLoader.loadEmbedded(SourceFile(path: "m.json", text: "{\"spec\": \(spec.canonicalJSON().serialized())}"), defaultID: "l")
            #expect(again.spec == spec, "\(again.diagnostics)")
            var j = JSONStream(capacity: 256)
            spec.writeCanonical(into: &j)
            #expect(String(decoding: j.out.bytes, as: UTF8.self) == spec.canonicalJSON().serialized(pretty: true))
        }
    }

    @Test func theFirstLayersKeysAreCheckedWhereTheyAreWritten() throws {
        // E0323 (`color: slice` with every label inside) reads `labels.color`: in a list it
        // points into the first layer.
        let (spec, d) = Self.load("  - {content: '{label}', position: inside, color: slice}\n")
        #expect(spec == nil)
        #expect(d.map(\.code) == [SpecDiagnostics.sliceColorInside])
        #expect(d.first?.range?.start.line == 3)
    }

    @Test func changesAreReportedLayerByLayer() throws {
        var a = ChartSpec(id: "x"), b = ChartSpec(id: "x")
        a.slices = [SliceSpec(id: "a", label: "A", value: 1)]
        b.slices = a.slices
        var outside = LabelOptions(), inside = LabelOptions()
        outside.position = .outside
        inside.position = .inside
        inside.content = try #require(try? LabelTemplate.parse("{percent}%").get())
        // One mapping -> the same labels as a list's only layer: no change but the form.
        a.labels = outside
        b.labels = outside
        b.labelLayers = [outside]
        #expect(ChartSpec.changedFields(a, b).isEmpty)
        // Mapping -> list of two: the second layer comes.
        b.labelLayers = [outside, inside]
        #expect(ChartSpec.changedFields(a, b).map(\.field) == ["labels[1]"])
        #expect(ChartSpec.changedFields(a, b).first?.old == "none")
        // A key of a layer: `labels[i].KEY`; between two mappings still `labels.KEY`.
        var c = b
        c.labelLayers[1].minPercent = 9
        #expect(ChartSpec.changedFields(b, c).map(\.field) == ["labels[1].minPercent"])
        var d = a
        d.labels.minPercent = 9
        #expect(ChartSpec.changedFields(a, d).map(\.field) == ["labels.minPercent"])
        // The layer leaves.
        #expect(ChartSpec.changedFields(c, a).map(\.field) == ["labels[1]"])
        #expect(ChartSpec.changedFields(c, a).first?.new == "none")
    }

    @Test func listsThatCannotBeDrawnAreRefusedWhereTheyAreWritten() {
        func codes(_ labels: String) -> [String] { Self.load(labels).diagnostics.map(\.code.rawValue) }
        #expect(codes("  []\n") == ["E0356"])
        #expect(codes("  - {position: outside}\n  - {position: outside}\n") == ["E0357"])
        #expect(codes("  - {position: outside}\n  - {radius: 1.3, position: outside}\n") == ["E0357"])
        #expect(codes("  - {position: inside}\n  - {radius: 0.3, position: inside}\n") == ["E0357"])
        #expect(codes("  - {position: inside}\n  - {content: '{value}'}\n") == ["E0357"], "auto takes both places")
        #expect(codes("  - {position: outside}\n  - {position: none}\n") == ["E0359"])
        // Names beside the pie and percentages inside: drawn.
        #expect(codes("  - {position: outside}\n  - {position: inside}\n") == [])
        #expect(codes("  - {radius: 1.4, position: outside}\n  - {position: inside}\n") == [])
        // What a second (inside) layer does not draw yet is refused at its key (E0358).
        for key in ["box: {}", "detail: {content: '{value}'}", "orientation: radial", "leader: none", "leaderColor: slice",
                    "priority: order", "color: slice"] {
            let d = Self.load("  - {position: outside}\n  - {position: inside, \(key)}\n").diagnostics
            #expect(d.map(\.code.rawValue) == ["E0358"], "\(key): \(d)")
            #expect(d.first?.range?.start.line == 4 && d.first?.help?.contains("labels[0]") == true, "\(key): \(d)")
        }
        #expect(codes("  - {position: outside}\n  - {position: inside, content: ' '}\n") == ["E0322"])
    }

    @Test func theLayerBesideThePieIsTheMainOneWhereverItIsListed() throws {
        let spec = try #require(Self.load("  - {content: '{percent}', position: inside}\n  - {content: '{label}', position: outside, color: slice}\n").spec)
        #expect(spec.labels.position == .outside && spec.labels.color == .slice)
        #expect(spec.insideLayer?.position == .inside && spec.insideLayer?.content == spec.labelLayers[0].content)
        // Its keys are checked where they are written: E0324 (a turn where every label is
        // outside) points into the second item.
        let d = Self.load("  - {position: inside}\n  - {position: outside, orientation: radial}\n").diagnostics
        #expect(d.map(\.code.rawValue) == ["E0324"] && d.first?.range?.start.line == 4, "\(d)")
        #expect(try #require(Self.load("  {position: inside}\n").spec).insideLayer == nil)
    }
}

/// A layer's `size` (E0363): drawn on the inside layer of two, refused on a single mapping,
/// on a list of one and on the layer beside the pie, and out of its range (6 to 32 px).
struct LabelLayerSizeSpecTests {
    static let outside = "  - {content: '{label}', position: outside, minPercent: 0}\n"

    @Test func theInsideLayerTakesItsSize() throws {
        let (spec, d) = LabelLayerSpecTests.load(Self.outside + "  - {content: '{percent}', position: inside, size: 18}\n")
        #expect(d.isEmpty, "\(d)")
        #expect(spec?.insideLayer?.size == 18)
        #expect(spec?.labels.size == nil)
    }

    @Test func theSizeIsWrittenBackAndReportedOnItsLayer() throws {
        let old = try #require(LabelLayerSpecTests.load(Self.outside + "  - {content: '{percent}', position: inside, size: 14}\n").spec)
        let new = try #require(LabelLayerSpecTests.load(Self.outside + "  - {content: '{percent}', position: inside, size: 16}\n").spec)
        for spec in [old, new] {
            let again = SpecLoader.loadEmbedded(SourceFile(path: "m.json", text: "{\"spec\": \(spec.canonicalJSON().serialized())}"), defaultID: "l")
            #expect(again.spec == spec, "\(again.diagnostics)")
        }
        #expect(ChartSpec.changedFields(old, new).map(\.field) == ["labels[1].size"])
    }

    @Test func aSizeThatWouldNotBeDrawnIsRefusedWhereItIsWritten() throws {
        for labels in ["  {content: '{label}', size: 14}\n", "  - {content: '{label}', size: 14}\n",
                       "  - {content: '{label}', position: outside, minPercent: 0, size: 14}\n  - {content: '{percent}', position: inside}\n"] {
            let (spec, d) = LabelLayerSpecTests.load(labels)
            #expect(spec == nil, "\(labels)")
            #expect(d.map(\.code) == [SpecDiagnostics.labelSizeNotDrawn], "\(labels): \(d)")
            let at = try #require(d.first?.range, "located")
            #expect(at.start.line == 3 && at.start.column > 4, "at the `size` key: \(at)")
        }
    }

    @Test func aSizeOutOfRangeIsRefused() throws {
        for size in ["5", "33"] {
            let (spec, d) = LabelLayerSpecTests.load(Self.outside + "  - {content: '{percent}', position: inside, size: \(size)}\n")
            #expect(spec == nil)
            #expect(!d.isEmpty && !d.contains { $0.code == SpecDiagnostics.labelSizeNotDrawn }, "\(d)")
        }
    }
}
