@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// Two label layers (names beside the pie, percentages inside): laid out together so no
/// label of one layer overlaps one of the other, drawn in chart.svg, and moving, fading in
/// and out with their slices between versions (the stage's tracks, read by frames).
@Suite("Label layers")
struct LabelLayersTests {
    static func yaml(_ slices: [(String, Double)], inside: String = "{content: '{percent}', position: inside, minPercent: 5}",
                     outsideFirst: Bool = true, chart: String = "{size: 320}") -> String {
        let outside = "{content: '{label}', position: outside, minPercent: 0}"
        let layers = outsideFirst ? [outside, inside] : [inside, outside]
        return "piec: 1\nchart: \(chart)\nformat: {decimals: 0}\nlegend: {position: none}\nlabels:\n"
            + layers.map { "  - \($0)\n" }.joined() + "slices:\n"
            + slices.map { "  - {id: \($0.0.lowercased()), label: \($0.0), value: \(formatNumber($0.1))}\n" }.joined()
    }

    static let browsers: [(String, Double)] = [("Chrome", 64), ("Safari", 12), ("Edge", 11), ("Firefox", 7), ("Opera", 3), ("Other", 3)]

    struct Box {
        var minX, minY, maxX, maxY: Double
        func overlaps(_ b: Box) -> Bool { minX < b.maxX && b.minX < maxX && minY < b.maxY && b.minY < maxY }
    }

    /// The inside layer's boxes at rest (pie coordinates), by slice.
    static func insideBoxes(_ layout: ChartLayout) -> [Int: Box] {
        var boxes: [Int: Box] = [:]
        for (k, s) in layout.slices.enumerated() {
            guard let text = s.layerText else { continue }
            let at = LabelFit.drawnSpot(text, geometry: s.geometry, fontSize: layout.fontSize, sign: layout.screenSign,
                                        fraction: layout.insideLayer?.fraction).drawn(on: s.geometry, sign: layout.screenSign)
            let p = Geometry.point(angle: at.angle, radius: at.radius), size = LabelFit.size(text, fontSize: layout.fontSize)
            boxes[k] = Box(minX: p.x - size.width / 2, minY: p.y - size.height / 2, maxX: p.x + size.width / 2, maxY: p.y + size.height / 2)
        }
        return boxes
    }

    /// The main layer's boxes beside the pie at rest, and their leader lines' points.
    static func outsideBoxes(_ layout: ChartLayout) throws -> [(box: Box, leader: [(x: Double, y: Double)])] {
        let room = try #require(layout.labelRoom)
        let poses = OutsideLabels.place(OutsideLabels.inputs(layout.slices), room: room, outer: layout.labelRim, sign: layout.screenSign,
                                        fontSize: layout.fontSize)
        return poses.sorted { $0.key < $1.key }.map { k, p in
            let text = layout.slices[k].labelText ?? ""
            let w = TextLines.width(text, fontSize: layout.fontSize), h = TextLines.boxHeight(text, fontSize: layout.fontSize)
            let x0 = p.side > 0 ? p.x : p.side < 0 ? p.x - w : p.x - w / 2
            var leader: [(x: Double, y: Double)] = []
            for s in [p.tick, p.elbow] {
                for i in 0...8 {
                    let q = Geometry.point(angle: s.angle + 90, radius: s.length * Double(i) / 8)
                    leader.append((x: s.x + q.x, y: s.y + q.y))
                }
            }
            return (Box(minX: x0, minY: p.y - h / 2, maxX: x0 + w, maxY: p.y + h / 2), leader)
        }
    }

    @Test func theLayersAreLaidOutTogetherAndNeverOverlap() throws {
        let cases: [[(String, Double)]] = [
            Self.browsers,
            [("North", 30), ("East", 25), ("South", 20), ("West", 15), ("Centre", 10)],
            (0..<12).map { ("Item\($0)", Double(12 - $0) * 3) },
        ]
        for (n, slices) in cases.enumerated() {
            for donut in [false, true] {
                let layout = Layout.layout(try Fixture.loaded(Self.yaml(slices, chart: donut ? "{size: 320, innerRadius: 0.45}" : "{size: 320}")))
                let inside = Self.insideBoxes(layout), outside = try Self.outsideBoxes(layout)
                #expect(!inside.isEmpty && !outside.isEmpty, "case \(n)")
                for (k, a) in inside {
                    for (j, b) in inside where j > k { #expect(!a.overlaps(b), "case \(n): inside labels \(k) and \(j)") }
                    for (j, o) in outside.enumerated() {
                        #expect(!a.overlaps(o.box), "case \(n) donut \(donut): inside label \(k) and outside label \(j)")
                        let crossed = o.leader.contains { a.minX < $0.x && $0.x < a.maxX && a.minY < $0.y && $0.y < a.maxY }
                        #expect(!crossed, "case \(n) donut \(donut): the leader of label \(j) crosses inside label \(k)")
                    }
                }
            }
        }
    }

    @Test func eachLayerKeepsItsOwnContentMinPercentAndRadius() throws {
        let layout = Layout.layout(try Fixture.loaded(Self.yaml(Self.browsers)))
        #expect(layout.slices.map(\.labelText) == ["Chrome", "Safari", "Edge", "Firefox", "Opera", "Other"])
        #expect(layout.slices.map(\.labelOutside).allSatisfy { $0 })
        #expect(layout.slices.map(\.layerText) == ["64%", "12%", "11%", "7%", nil, nil], "minPercent 5 is the inside layer's")
        // Listed inside first: the same chart (the layer beside the pie is the main one).
        let swapped = Layout.layout(try Fixture.loaded(Self.yaml(Self.browsers, outsideFirst: false)))
        #expect(swapped.slices.map(\.labelText) == layout.slices.map(\.labelText))
        #expect(swapped.slices.map(\.layerText) == layout.slices.map(\.layerText))
        // The layer's radius moves its texts across the ring; its colour is its own.
        let outer = Layout.layout(try Fixture.loaded(Self.yaml(Self.browsers,
            inside: "{content: '{percent}', position: inside, minPercent: 5, radius: 0.85, color: '#112233'}")))
        #expect(outer.insideLayer?.fraction == 0.85)
        #expect(outer.slices[0].layerInk == Color(r: 0x11, g: 0x22, b: 0x33))
        #expect(layout.slices[0].layerInk == TextInk.on(layout.slices[0].color))
    }

    @Test func chartSVGDrawsBothLayers() throws {
        let svg = Fixture.svg(try Fixture.loaded(Self.yaml(Self.browsers)))
        let inside = svg.between("<g class=\"p-lb\"", "\n</g>\n")
        for text in ["64%", "12%", "11%", "7%"] { #expect(svg.contains(">\(text)</text>"), "\(text)") }
        #expect(inside.contains(">64%</text>"))
        for name in ["Chrome", "Safari", "Opera"] { #expect(svg.contains(">\(name)</text>"), "\(name)") }
        #expect(!svg.contains(">3%</text>"), "under the layer's minPercent")
    }

    @Test func theLayersLabelsMoveFadeInAndOutWithTheirSlices() throws {
        let before = try Fixture.loaded(Self.yaml([("Web", 45), ("API", 30), ("Ops", 3), ("Mobile", 22)]))
        let after = try Fixture.loaded(Self.yaml([("Web", 35), ("API", 30), ("Ops", 15), ("Data", 20)]))
        let chart = Transition.between(old: before, new: after)
        let stage = Stage(layout: chart.layout, plan: chart.plan)
        let layer = stage.labels.filter { $0.text.hasSuffix("%") }
        #expect(stage.labels.count == layer.count, "the main layer is beside the pie: every stage label is the inside layer's")
        func track(_ text: String) throws -> Stage.Label { try #require(layer.first { $0.text == text }, "\(layer.map(\.text))") }
        let web = try track("35%"), ops = try track("15%"), data = try track("20%"), mobile = try track("22%")
        #expect(web.fromOpacity == 1 && web.toOpacity == 1 && web.from != web.to, "it moves with its slice")
        #expect(ops.fromOpacity == 0 && ops.toOpacity == 1, "under minPercent before: it fades in")
        #expect(data.fromOpacity == 0, "a new slice's label fades in")
        #expect(mobile.fromOpacity == 1 && mobile.toOpacity == 0, "a leaving slice's label fades out")
        #expect(Set(layer.map(\.index)).count == layer.count, "one class per label")
        // The stage's instant (what `piec render`'s frames draw) holds them half way.
        let mid = stage.at(chart.plan.delay + chart.plan.duration / 2)
        let ops2 = try #require(mid.labels.first { $0.text == "15%" })
        #expect(ops2.opacity > 0 && ops2.opacity < 1)
        // chart.css animates them.
        let css = Fixture.text(Compiler.compile(spec: after, sourceBytes: Array("piec: 1\n".utf8), previous: before), "chart.css")
        #expect(css.contains(".p-l\(ops.index)"), "\(css.prefix(400))")
    }
}
