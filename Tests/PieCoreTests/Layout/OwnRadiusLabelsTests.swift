#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// Labels at each slice's own radius (issue 40): a rose's and a variable-radius pie's labels
/// sit in their own wedge or just beyond its rim, not at the pie's radius.
@Suite("Labels at each slice's own radius")
struct OwnRadiusLabelsTests {
    static func yaml(_ labels: String, chart: String = "rose: area", slices: String? = nil) -> String {
        "piec: 1\nchart: {size: 320, \(chart)}\nlabels: {content: \"{label}\", \(labels)}\n" + (slices ?? """
            slices:
              - {id: a, label: Parser, value: 48}
              - {id: b, label: Layout, value: 36}
              - {id: c, label: Codegen, value: 9}
              - {id: d, label: CLI, value: 30}
              - {id: e, label: Docs, value: 4}
              - {id: f, label: Render, value: 22}
              - {id: g, label: Watch, value: 6}

            """)
    }

    static func distance(_ p: (x: Double, y: Double)) -> Double { (p.x * p.x + p.y * p.y).squareRoot() }

    /// The rest poses of the ink layer's outside labels, by slice label.
    static func outside(_ spec: ChartSpec) -> [String: OutsideLabels.Pose] {
        let (plan, _, layout) = Transition.between(old: spec, new: spec).parts
        let scene = Scene(layout: layout, plan: plan)
        var poses: [String: OutsideLabels.Pose] = [:]
        for t in scene.ink.tracks { poses[t.text] = t.rest }
        return poses
    }

    @Test func outsideLabelsOfARoseStandJustBeyondTheirOwnRim() throws {
        let spec = try Fixture.loaded(Self.yaml("position: outside, minPercent: 0"))
        let layout = Layout.layout(spec)
        let room = try #require(layout.labelRoom)
        let wedges = try #require(LabelWedges(layout.slices.map(\.geometry), sign: 1))
        let inputs = OutsideLabels.inputs(layout.slices)
        let poses = OutsideLabels.place(inputs, room: room, outer: layout.outerRadius, sign: 1, fontSize: layout.fontSize, wedges: wedges)
        var own = 0
        for input in inputs {
            let s = layout.slices[input.index], pose = try #require(poses[input.index], "\(s.label) placed")
            // The leader starts on the slice's own rim.
            #expect(abs(Self.distance((pose.tick.x, pose.tick.y)) - s.outerRadius) < 1e-9, "\(s.label)")
            if abs(pose.x) < room.column {
                own += 1
                // A tick's length beyond its own rim, text an elbow and a gap further.
                #expect(abs(pose.tick.length - OutsideLabels.tick) < 1e-9, "\(s.label)")
                #expect(s.outerRadius < layout.outerRadius)
            }
        }
        // The small slices' labels (Codegen, Docs, Watch at least) stand nearer than the column.
        #expect(own >= 3, "\(own) labels at their own rim")
        // The drawn chart: the same poses in the ink layer.
        let drawn = Self.outside(spec)
        let codegen = try #require(drawn["Codegen"])
        #expect(abs(codegen.x) < room.column && abs(Self.distance((codegen.tick.x, codegen.tick.y)) - layout.slices[2].outerRadius) < 1e-9)
    }

    @Test func insideLabelsSitInTheirOwnWedgeAtTheirOwnFraction() throws {
        let layout = Layout.layout(try Fixture.loaded(Self.yaml("position: inside, radius: 0.7")))
        let sign = layout.screenSign
        for s in layout.slices where s.labelText != nil {
            let spot = LabelFit.drawnSpot(s.labelText!, geometry: s.geometry, fontSize: layout.fontSize, sign: sign, fraction: 0.7)
            #expect(abs(spot.radius - 0.7 * s.outerRadius) < 1e-9, "\(s.label)")
        }
        #expect(layout.slices.filter { $0.labelText != nil }.count >= 3)
    }

    @Test func aLabelThatWouldMeetANeighbourStandsInTheColumn() throws {
        // A thin slice between two full ones: beside its rim its text would run into a neighbour.
        let text = Self.yaml("position: outside", chart: "startAngle: 148", slices: """
            slices:
              - {id: a, label: Alpha, value: 45}
              - {id: b, label: Beta with a long name, value: 10, radius: 0.3}
              - {id: c, label: Gamma, value: 45}

            """)
        let layout = Layout.layout(try Fixture.loaded(text))
        let room = try #require(layout.labelRoom)
        let wedges = try #require(LabelWedges(layout.slices.map(\.geometry), sign: 1))
        let poses = OutsideLabels.place(OutsideLabels.inputs(layout.slices), room: room, outer: layout.outerRadius, sign: 1,
                                        fontSize: layout.fontSize, wedges: wedges)
        let beta = try #require(poses[1])
        #expect(abs(beta.x) > room.column, "beta stands in the column, \(beta.x) vs \(room.column)")
        #expect(abs(Self.distance((beta.tick.x, beta.tick.y)) - layout.slices[1].outerRadius) < 1e-9)
    }

    @Test func aPieOfOneRadiusIsUnchanged() throws {
        let layout = Layout.layout(try Fixture.loaded(Self.yaml("position: outside", chart: "innerRadius: 0")))
        #expect(LabelWedges(layout.slices.map(\.geometry), sign: 1) == nil)
    }

    /// Between a pie and a rose the outside labels move with their slices' rims: the ink
    /// layer's first sample stands at the column, the last just beyond the small slice's rim.
    @Test func aLabelMovesWithItsSlicesRadius() throws {
        let old = try Fixture.loaded(Self.yaml("position: outside", chart: "innerRadius: 0"))
        let new = try Fixture.loaded(Self.yaml("position: outside"))
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        let scene = Scene(layout: layout, plan: plan)
        let codegen = try #require(scene.ink.tracks.first { $0.text == "Codegen" })
        let first = try #require(codegen.poses.first ?? nil), last = try #require(codegen.poses.last ?? nil)
        let room = try #require(layout.labelRoom)
        #expect(abs(first.x) >= room.column && abs(last.x) < room.column, "\(first.x) -> \(last.x), column \(room.column)")
        #expect(Self.distance((last.tick.x, last.tick.y)) < Self.distance((first.tick.x, first.tick.y)))
    }
}
