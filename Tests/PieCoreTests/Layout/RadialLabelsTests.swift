#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// `labels.radius` above 1 (labels at a distance outside the pie, `RadialLabels`) and
/// `labels.leader: line | none`.
@Suite("Labels at a distance and leader lines")
struct RadialLabelsTests {
    static let slices = """
        slices:
          - {id: a, label: Chrome, value: 64}
          - {id: b, label: Safari, value: 19}
          - {id: c, label: Edge, value: 5}
          - {id: d, label: Firefox, value: 4}
          - {id: e, label: Samsung Internet, value: 4}
          - {id: f, label: Opera, value: 4}

        """

    static func yaml(_ labels: String, chart: String = "", slices: String = slices) -> String {
        "piec: 1\nlabels: {\(labels)}\n" + (chart.isEmpty ? "" : "chart: {\(chart)}\n") + slices
    }

    static func errors(_ text: String) -> [Diagnostic] {
        SpecLoader.load(SourceFile(path: "t.yaml", text: text), defaultID: "t").diagnostics.filter { $0.severity == .error }
    }

    @Test func theKeysLowerAndContradictionsAreLocatedErrors() throws {
        let far = try Fixture.loaded(Self.yaml("radius: 1.2"))
        #expect(far.labels.distance == 1.2 && far.labels.insideFraction == nil && !far.labels.drawsLeaders)
        let near = try Fixture.loaded(Self.yaml("radius: 0.8"))
        #expect(near.labels.distance == nil && near.labels.insideFraction == 0.8 && near.labels.drawsLeaders)
        #expect(try Fixture.loaded(Self.yaml("radius: 1.2, leader: line")).labels.drawsLeaders)
        #expect(try !Fixture.loaded(Self.yaml("leader: none")).labels.drawsLeaders)
        // Above 2 is out of bounds; a distance with `inside` contradicts itself (E0320).
        #expect(Self.errors(Self.yaml("radius: 2.5")).first?.message.contains("radius") == true)
        let inside = try #require(Self.errors(Self.yaml("position: inside, radius: 1.3")).first)
        #expect(inside.code.rawValue == "E0320" && inside.range?.start.line == 2, "\(inside)")
        #expect(inside.labels.first?.message == "inside asked for here")
        // Rings refuse a distance (E0318): an inner ring's label would cross the outer rings.
        let rings = "rings:\n  - {id: in, label: In, slices: [{label: A, value: 1}, {label: B, value: 2}]}\n"
            + "  - {id: out, label: Out, slices: [{label: C, value: 1}, {label: D, value: 2}]}\n"
        let ring = try #require(Self.errors(Self.yaml("radius: 1.3", slices: rings)).first)
        #expect(ring.code.rawValue == "E0318" && ring.message.contains("labels.radius"), "\(ring)")
        #expect(Self.errors(Self.yaml("leader: dotted")).first?.message.contains("leader") == true)
    }

    /// Every label is outside, centred on its slice's middle angle, its box wholly beyond the
    /// circle of `radius` × the outer radius, no two boxes within 2 px, all inside the canvas.
    @Test(arguments: [(1.05, ""), (1.2, ""), (1.6, ""), (1.2, "innerRadius: 0.5"), (1.3, "startAngle: -90, sweep: 180"),
                      (1.15, "direction: counterclockwise, startAngle: 45")])
    func labelsStandBeyondTheirCircleApartAndOnTheCanvas(radius: Double, chart: String) throws {
        let spec = try Fixture.loaded(Self.yaml("radius: \(radius), minPercent: 0", chart: chart))
        let layout = Layout.layout(spec)
        let room = try #require(layout.labelRoom)
        #expect(room.radial == radius && layout.labelPosition == .outside)
        var inputs: [OutsideLabels.Input] = []
        for (k, s) in layout.slices.enumerated() where s.labelText != nil {
            #expect(s.labelOutside, "\(s.id) is outside")
            inputs.append(.init(index: k, geometry: s.geometry, priority: s.span, text: s.labelText!))
        }
        let poses = OutsideLabels.place(inputs, room: room, outer: layout.outerRadius, sign: layout.screenSign, fontSize: layout.fontSize)
        #expect(poses.count == inputs.count, "every label placed: \(poses.count) of \(inputs.count)")
        var boxes: [SectorBox] = []
        for input in inputs {
            let p = try #require(poses[input.index])
            #expect(p.side == 0)
            let e = RadialLabels.extent(input.text, fontSize: layout.fontSize)
            let box = SectorBox(minX: p.x - e.width / 2, minY: p.y + e.top, maxX: p.x + e.width / 2, maxY: p.y + e.bottom)
            let nx = min(max(0, box.minX), box.maxX), ny = min(max(0, box.minY), box.maxY)
            #expect((nx * nx + ny * ny).squareRoot() >= radius * layout.outerRadius - 1e-6, "\(input.text) off its circle")
            // On the middle angle: the box's centre lies on the slice's middle ray.
            let mid = layout.screenSign * (input.geometry.startAngle + input.geometry.endAngle) / 2 * Double.pi / 180
            let cx = (box.minX + box.maxX) / 2, cy = (box.minY + box.maxY) / 2
            #expect(abs(cx * -cos(mid) - cy * sin(mid)) < 1e-6, "\(input.text) on its ray")
            #expect(box.minX + layout.cx >= 0 && box.maxX + layout.cx <= layout.width, "\(input.text) within the canvas width")
            #expect(box.minY + layout.cy >= 0 && box.maxY + layout.cy <= layout.height, "\(input.text) within the canvas height")
            for other in boxes { #expect(!other.overlaps(box, by: RadialLabels.gap - 1e-9), "\(input.text) overlaps") }
            boxes.append(box)
        }
    }

    /// With `chart.outline` the distance counts from the outline's outer edge (the rim without
    /// it), so the labels clear the outline at rest and at every sample of a transition.
    @Test func labelsAtADistanceClearTheOutline() throws {
        let old = try Fixture.loaded(Self.yaml("radius: 1.05", chart: "outline: {width: 10}"))
        let new = try Fixture.loaded(Self.yaml("radius: 1.02", chart: "outline: {width: 12}"))
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        let edge = try #require(layout.outline?.outerEdge)
        #expect(edge == layout.outerRadius + 12)
        let scene = Scene(layout: layout, plan: plan)
        #expect(!scene.ink.tracks.isEmpty)
        for track in scene.ink.tracks {
            let e = RadialLabels.extent(track.text, fontSize: layout.fontSize)
            for p in track.poses.compactMap({ $0 }) {
                let nx = min(max(0, p.x - e.width / 2), p.x + e.width / 2), ny = min(max(0, p.y + e.top), p.y + e.bottom)
                #expect((nx * nx + ny * ny).squareRoot() >= 1.02 * edge - 1e-6, "\(track.text) on the outline")
            }
        }
    }

    /// A label with `labels.detail` stands at a distance by its mixed-size box: the box the
    /// layout measures (`TextLines.boxHeight`) is the one placed beyond the circle.
    @Test func aDetailedLabelIsPlacedByItsMixedBox() throws {
        let spec = try Fixture.loaded(Self.yaml("radius: 1.2, content: \"{label}\", detail: {content: \"{value}\\n{percent}\", size: 1.5}"))
        let layout = Layout.layout(spec)
        let text = try #require(layout.slices[0].labelText)
        let e = RadialLabels.extent(text, fontSize: layout.fontSize)
        #expect(abs((e.bottom - e.top) - TextLines.boxHeight(text, fontSize: layout.fontSize)) < 1e-9)
        #expect(e.bottom - e.top > 3 * layout.fontSize, "three lines, two at 1.5 times the size")
    }

    /// Labels that cannot clear a larger slice's label within three pushes are left out and
    /// reported (E0604 "around the chart"), never drawn over each other.
    @Test func crowdedLabelsArePushedOutThenLeftOutWithAWarning() throws {
        let many = "slices:\n  - {label: Big, value: 80}\n" + (1...12).map { "  - {label: Small slice \($0), value: 1.6}\n" }.joined()
        let spec = try Fixture.loaded(Self.yaml("radius: 1.1, minPercent: 0", slices: many))
        let layout = Layout.layout(spec)
        let left = layout.slices.filter { $0.labelLeftOut == .noRoom }
        #expect(!left.isEmpty && left.count < 12)
        let warning = try #require(LabelWarnings.make(layout, locations: .init()).first)
        #expect(warning.code.rawValue == "E0604" && warning.message.contains("around the chart"), "\(warning)")
        #expect(warning.help?.contains("labels.radius") == true)
    }

    @Test func leaderNoneDrawsNoLeaderAndLineDrawsARadialTick() throws {
        let columns = Fixture.svg(try Fixture.loaded(Self.yaml("position: outside, leader: none")))
        #expect(!columns.contains("p-qa") && !columns.contains("p-ll") && columns.contains("<text class=\"p-lo0\""))
        #expect(columns.contains("text-anchor=\"start\"") || columns.contains("text-anchor=\"end\""))
        // Without leaders the columns stand a tick's length off the rim.
        let plain = Layout.layout(try Fixture.loaded(Self.yaml("position: outside, leader: none")))
        let lined = Layout.layout(try Fixture.loaded(Self.yaml("position: outside")))
        #expect(plain.labelRoom?.column == plain.outerRadius + OutsideLabels.tick)
        #expect(lined.labelRoom?.column == lined.outerRadius + OutsideLabels.tick + OutsideLabels.elbow)
        #expect(plain.width < lined.width)
        let far = Fixture.svg(try Fixture.loaded(Self.yaml("radius: 1.2")))
        #expect(!far.contains("p-qa") && far.contains("text-anchor=\"middle\""))
        let line = try Fixture.loaded(Self.yaml("radius: 1.2, leader: line"))
        let svg = Fixture.svg(line)
        // Opera, pushed outward past Samsung Internet, would run its leader through that text:
        // it is left out (E0604) instead (`LeaderClearance`).
        #expect(svg.occurrences(of: "<path class=\"p-qa") == 5)
        // The tick runs along the slice's middle angle from its rim to the labels' circle.
        let layout = Layout.layout(line)
        let room = try #require(layout.labelRoom)
        let s = layout.slices[0]
        let pose = try #require(OutsideLabels.place([.init(index: 0, geometry: s.geometry, priority: 1, text: s.labelText!)], room: room,
                                                    outer: layout.outerRadius, sign: 1, fontSize: layout.fontSize)[0])
        #expect(abs(pose.tick.length - (1.2 * layout.outerRadius - 1 - layout.outerRadius)) < 1e-9)
        #expect(abs(pose.tick.angle - (s.midAngle - 90)) < 1e-9 && pose.elbow.length == 0)
    }

    /// Between two distances the labels move from one to the other with the transition: the
    /// ink layer's first sample stands at the old distance, the last at the new, and frames of
    /// `piec render` between them in between.
    @Test func aChangedDistanceMovesTheLabels() throws {
        let old = try Fixture.loaded(Self.yaml("radius: 1.1"))
        let new = try Fixture.loaded(Self.yaml("radius: 1.5"))
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        #expect(plan.from.labelDistance == 1.1 && plan.to.labelDistance == 1.5 && plan.movesGeometry)
        let scene = Scene(layout: layout, plan: plan)
        let chrome = try #require(scene.ink.tracks.first { $0.text.hasPrefix("Chrome") })
        func distance(_ p: OutsideLabels.Pose?) -> Double { p.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() } ?? 0 }
        let first = distance(chrome.poses.first!), last = distance(chrome.poses.last!)
        let r = layout.outerRadius
        #expect(first > 1.1 * r && first < 1.5 * r && last > 1.5 * r, "\(first) \(last) r \(r)")
        let mid = chrome.poses[chrome.poses.count / 2].map { ($0.x * $0.x + $0.y * $0.y).squareRoot() } ?? 0
        #expect(mid > first && mid < last)
        let css = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.css")
        #expect(css.contains("text-anchor:middle"))
    }
}
