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

    /// The layer's track for `text` (its plain text: a `size` rides in the text's header).
    static func track(_ stage: Stage, _ text: String) throws -> Stage.Label {
        try #require(stage.labels.first { LabelDetail.plain($0.text) == text }, "\(stage.labels.map { LabelDetail.plain($0.text) })")
    }

    @Test func aChangedRadiusMovesTheLayersLabelsFromTheOldRadiusToTheNew() throws {
        let slices = [("Web", 35.0), ("API", 30), ("Ops", 15), ("Data", 20)]
        let before = try Fixture.loaded(Self.yaml(slices, inside: "{content: '{percent}', position: inside, minPercent: 5, radius: 0.4}"))
        let after = try Fixture.loaded(Self.yaml(slices, inside: "{content: '{percent}', position: inside, minPercent: 5, radius: 0.85}"))
        let chart = Transition.between(old: before, new: after)
        let stage = Stage(layout: chart.layout, plan: chart.plan)
        let old = Layout.layout(before), new = chart.layout
        let web = try Self.track(stage, "35%")
        let g = old.slices[0].geometry, sign = old.screenSign
        let start = LabelFit.drawnSpot("35%", geometry: g, fontSize: old.fontSize, sign: sign, fraction: 0.4).drawn(on: g, sign: sign)
        let end = LabelFit.drawnSpot("35%", geometry: new.slices[0].geometry, fontSize: new.fontSize, sign: sign, fraction: 0.85)
            .drawn(on: new.slices[0].geometry, sign: sign)
        #expect(abs(web.fromRadius - start.radius) < 1e-9, "from the old radius: \(web.fromRadius) vs \(start.radius)")
        #expect(abs(web.radius - end.radius) < 1e-9)
        #expect(web.radius - web.fromRadius > 10, "it moves outwards across the ring")
    }

    @Test func aSliceThatJoinsOtherFadesItsLayerLabelOutAndOtherKeepsItsOwn() throws {
        func yaml(_ slices: [(String, Double)]) -> String {
            Self.yaml(slices).replacingOccurrences(of: "chart: {size: 320}", with: "chart: {size: 320, other: {minPercent: 6, label: Rest}}")
        }
        let before = try Fixture.loaded(yaml([("Web", 40), ("API", 30), ("Ops", 12), ("Data", 10), ("Misc", 8)]))
        let after = try Fixture.loaded(yaml([("Web", 40), ("API", 30), ("Ops", 12), ("Data", 5), ("Misc", 4), ("Tail", 9)]))
        let chart = Transition.between(old: before, new: after)
        #expect(chart.layout.slices.map(\.id).contains(OtherOptions.id), "Data and Misc merge into Other")
        let stage = Stage(layout: chart.layout, plan: chart.plan)
        // Data's and Misc's percentages leave into Other: they fade out while moving, as
        // their names beside the pie do.
        for text in ["10%", "8%"] {
            let t = try Self.track(stage, text)
            #expect(t.fromOpacity == 1 && t.toOpacity == 0, "\(text) fades out")
            #expect(t.from != t.to, "\(text) moves with its slice into Other")
        }
        // Other's own percentage fades in (it was no slice before), once.
        let other = stage.labels.filter { LabelDetail.plain($0.text) == "9%" }
        #expect(other.count == 2, "Tail's and Other's 9%: \(stage.labels.map(\.text))")
        #expect(other.allSatisfy { $0.fromOpacity == 0 && $0.toOpacity == 1 })
        // Back out of Other: the labels fade in.
        let back = Transition.between(old: after, new: before)
        let stage2 = Stage(layout: back.layout, plan: back.plan)
        for text in ["10%", "8%"] { #expect(try Self.track(stage2, text).fromOpacity == 0, "\(text) fades in") }
        // No member of Other carries a layer label of its own.
        #expect(OtherGrouping.expanded(chart.layout).slices.filter { $0.layerText != nil }.count == chart.layout.slices.filter { $0.layerText != nil }.count - 1)
    }

    @Test func theLayersSizeIsMeasuredFittedAndDrawn() throws {
        let inside = "{content: '{percent}', position: inside, minPercent: 5, size: 24}"
        let big = Layout.layout(try Fixture.loaded(Self.yaml(Self.browsers, inside: inside, chart: "{size: 160}")))
        let plain = Layout.layout(try Fixture.loaded(Self.yaml(Self.browsers, chart: "{size: 160}")))
        // A text that fits its slice at 12 px may not at 24: it is left out.
        let lost = plain.slices.indices.filter { plain.slices[$0].layerText != nil && big.slices[$0].layerText == nil }
        #expect(!lost.isEmpty, "\(big.slices.map(\.layerText))")
        #expect(lost.allSatisfy { big.slices[$0].layerLeftOut })
        #expect(big.slices.compactMap { $0.layerText.map(LabelDetail.plain) }.allSatisfy { $0.hasSuffix("%") })
        let text = try #require(big.slices[0].layerText)
        #expect(LabelDetail.plain(text) == "64%")
        #expect(abs(TextLines.width(text, fontSize: big.fontSize) - TextMetrics.width("64%", fontSize: 24)) < 1e-9)
        #expect(abs(TextLines.boxHeight(text, fontSize: big.fontSize) - TextLines.boxHeight("64%", fontSize: 24)) < 1e-9)
        // The boxes at their size still meet no name beside the pie.
        let boxes = Self.insideBoxes(big), outside = try Self.outsideBoxes(big)
        for (_, a) in boxes { for o in outside { #expect(!a.overlaps(o.box)) } }
        let svg = Fixture.svg(try Fixture.loaded(Self.yaml(Self.browsers, inside: inside)))
        #expect(svg.contains("font-size=\"24\">64%</tspan>"), "\(svg.between("<g class=\"p-lb\"", "\n</g>\n"))")
        #expect(!svg.contains("\u{1E}"), "no header reaches the markup")
    }
    /// A changed `size` grows the layer's labels from the old size to the new one: each
    /// starts scaled by old over new about its anchor, at the spot the old version's fit gives
    /// it at the old size, and the instant between (what frames draw) is the linear mix; the
    /// stylesheet animates the same `scale`, and frames write it.
    @Test func aChangedSizeGrowsTheLayersLabelsFromTheOldSize() throws {
        let slices = [("Web", 35.0), ("API", 30), ("Ops", 15), ("Data", 20)]
        let before = try Fixture.loaded(Self.yaml(slices, inside: "{content: '{percent}', position: inside, minPercent: 5, size: 10}"))
        let after = try Fixture.loaded(Self.yaml(slices, inside: "{content: '{percent}', position: inside, minPercent: 5, size: 16}"))
        let chart = Transition.between(old: before, new: after)
        #expect(chart.plan.movesGeometry, "a size change alone animates")
        let stage = Stage(layout: chart.layout, plan: chart.plan)
        let web = try Self.track(stage, "35%")
        #expect(abs(web.fromScale - 10.0 / 16) < 1e-9, "\(web.fromScale)")
        // The start is where the old version fitted "35%" at 10 px.
        let old = Layout.layout(before), g = old.slices[0].geometry, sign = old.screenSign
        let oldText = try #require(old.slices[0].layerText)
        let start = LabelFit.drawnSpot(oldText, geometry: g, fontSize: old.fontSize, sign: sign, fraction: nil).drawn(on: g, sign: sign)
        #expect(abs(web.fromRadius - start.radius) < 1e-9 && abs(web.from - start.angle) < 1e-9)
        // The text drawn at the new size, scaled, is the text at the old size (its baseline too).
        let y = { (t: String) in old.fontSize * 0.35 + TextLines.firstLineShift(t, fontSize: old.fontSize) }
        #expect(abs(y(web.text) * web.fromScale - y(oldText)) < 1e-6)
        #expect(abs(TextLines.width(web.text, fontSize: old.fontSize) * web.fromScale - TextLines.width(oldText, fontSize: old.fontSize)) < 1e-5,
                "equal up to the header's 6 decimals")
        // At an instant: the linear mix at the eased progress; at rest 1.
        let plan = chart.plan, t = plan.delay + plan.duration / 2
        let e = plan.easing.value(at: TimeWindow(start: plan.delay, length: plan.duration).progress(at: t))
        let now = try #require(stage.at(t).labels.first { LabelDetail.plain($0.text) == "35%" })
        #expect(abs(now.scale - Stage.mix(10.0 / 16, 1, e)) < 1e-9)
        #expect(stage.at(plan.timeline.end).labels.allSatisfy { $0.scale == 1 })
        // The stylesheet's from-state and a frame carry the scale.
        let scene = Scene(layout: chart.layout, plan: chart.plan)
        let css = String(decoding: StyleWriter.css(scene), as: UTF8.self)
        #expect(css.contains("scale:0.625"), "\(css)")
        let frame = String(decoding: Frames.svg(chart: chart, spec: after, at: plan.delay), as: UTF8.self)
        #expect(frame.contains(") scale(0.625)\""), "\(frame)")
    }
}
