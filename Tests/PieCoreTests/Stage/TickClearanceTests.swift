@testable import PieCore
import PieDiagnostics
import PieJSON
import PieSpec
import Testing

/// Grid tick labels never under a label beside the pie, a leader or another tick label at any
/// instant of the motion (issue 40; `Stage.Grid.keepClear`): the label judge found the
/// corpus's gt002 (a rose whose scale doubles while its labels at a distance turn) with tick
/// labels 20 and 80 under outside labels at t = 300 and 500 ms, while at either end they gave way.
@Suite("Tick labels keep clear of the outside labels in motion")
struct TickClearanceTests {
    /// test_label_layout's corpus/gt002 (`labelcorpus.gridded_transitions`), the new version.
    static let gt002 = """
        piec: 1
        id: gt002
        title: Anteile
        chart:
          size: 480
          startAngle: -90
          rose: area
          grid:
            circles: auto
            labels: true
        labels:
          content: '{percent}'
          position: auto
          minPercent: 2
          radius: 1.1
        format:
          decimals: 2
          locale: en-US
        legend:
          position: none
        animation:
          duration: 600ms
        slices:
        - id: s0
          label: Professional services
          value: 1.84
        - id: s1
          label: Research & development
          value: 53.14
        - id: s2
          label: Customer success and support
          value: 12.29
        - id: s3
          label: Display advertising
          value: 64.13
        - id: s4
          label: Miscellaneous overhead costs
          value: 72.4
        - id: s5
          label: Continuous integration minutes
          value: 28.66
        - id: s6
          label: Infrastructure
          value: 24.93
        - id: s7
          label: Continuous integration minutes 7
          value: 50.09
        - id: s9
          label: Professional services 9
          value: 36.51
        - id: s10
          label: Search engine optimisation
          value: 3.03
        - id: s11
          label: Kubernetes operators
          value: 84.11
        - id: s12
          label: Miscellaneous overhead costs 12
          value: 43.95
        - id: s13
          label: Research & development 13
          value: 18.61
        - id: s14
          label: Miscellaneous overhead costs 14
          value: 22.31
        - id: s15
          label: Infrastructure 15
          value: 22.13

        """

    /// Its previous version.
    static let gt002Before = """
        piec: 1
        id: gt002-before
        title: Anteile
        chart:
          size: 480
          startAngle: 0
          rose: area
          grid:
            circles: auto
            labels: true
        labels:
          content: '{percent}'
          position: auto
          minPercent: 2
          radius: 1.1
        format:
          decimals: 2
          locale: en-US
        legend:
          position: none
        animation:
          enter: none
        slices:
        - id: s0
          label: Professional services
          value: 1.88
        - id: s1
          label: Research & development
          value: 29.98
        - id: s2
          label: Customer success and support
          value: 15.72
        - id: s3
          label: Display advertising
          value: 28.95
        - id: s4
          label: Miscellaneous overhead costs
          value: 30.27
        - id: s5
          label: Continuous integration minutes
          value: 11.93
        - id: s6
          label: Infrastructure
          value: 17.18
        - id: s7
          label: Continuous integration minutes 7
          value: 30.37
        - id: s8
          label: Internationalization
          value: 19.72
        - id: s9
          label: Professional services 9
          value: 16.91
        - id: s10
          label: Search engine optimisation
          value: 5.27
        - id: s11
          label: Kubernetes operators
          value: 39.04
        - id: s12
          label: Miscellaneous overhead costs 12
          value: 29.6
        - id: s13
          label: Research & development 13
          value: 12.73
        - id: s14
          label: Miscellaneous overhead costs 14
          value: 11.64
        - id: s15
          label: Infrastructure 15
          value: 16.72

        """

    static func scene() throws -> Scene {
        let compiled = Transition.between(old: try Fixture.loaded(gt002Before), new: try Fixture.loaded(gt002))
        return Scene(layout: compiled.layout, plan: compiled.plan)
    }

    /// Every meeting of a shown tick label with a shown outside label's text or leader, a shown
    /// inside label's box (`Stage.Grid.box(of:)`), or with another shown tick label, at `steps` instants over the motion, as a frame draws
    /// them (the stage's instant and the grid's element on the scene's stage).
    static func meetings(_ scene: Scene, steps: Int = 240) -> [String] {
        let layout = scene.layout, line = scene.plan.timeline
        var found: [String] = []
        for s in 0...steps {
            let t = line.start + line.length * Double(s) / Double(steps)
            let outside = scene.stage.at(t).outside.filter { $0.pose.opacity > 0 }
            let ticks = (GridWriter.at(scene.stage, t: t)?.circles ?? []).compactMap { c -> (String, SectorBox)? in
                guard c.textOpacity > 0, let box = GridLayout.tickBox(GridLayout.Circle(value: c.value, radius: c.radius, text: c.text)) else { return nil }
                return (c.text ?? "", box)
            }
            let inside = scene.stage.at(t).labels.filter { $0.opacity > 0 }
            for (i, (text, box)) in ticks.enumerated() {
                for label in inside where Stage.Grid.box(of: label, fontSize: layout.fontSize).overlaps(box, by: 0) {
                    found.append("t=\(t): tick \(text) under inside label \(label.text)")
                }
                for label in outside {
                    if LeaderClearance.box(label.text, label.pose, width: .infinity, fontSize: layout.fontSize).overlaps(box, by: 0) {
                        found.append("t=\(t): tick \(text) under \(label.text)")
                    }
                    if layout.drawsLeaders, LeaderClearance.pieces(label.pose).contains(where: { LeaderClearance.crosses($0, box) }) {
                        found.append("t=\(t): leader of \(label.text) through tick \(text)")
                    }
                }
                for (other, b) in ticks[(i + 1)...] where b.overlaps(box, by: 0) {
                    found.append("t=\(t): tick \(text) under tick \(other)")
                }
            }
        }
        return found
    }

    /// Without the clearance the stage's own model has tick labels under outside labels in
    /// motion (so the test below could fail); with it, none at any of 241 instants.
    @Test func noTickLabelIsUnderAnOutsideLabelAtAnyInstant() throws {
        var scene = try Self.scene()
        #expect(scene.stage.grid?.clearance != nil)
        #expect(Self.meetings(scene) == [])
        scene.stage.grid?.clearance = nil
        #expect(!Self.meetings(scene).isEmpty)
    }

    /// At either end the tick labels show as at rest (`GridLayout.giveWay` decides there):
    /// the clearance hides a tick label only in the motion, and the frame at rest and
    /// chart.svg's final state agree.
    @Test func theEndsAreTheRestStates() throws {
        let scene = try Self.scene()
        let grid = try #require(scene.stage.grid)
        let clearance = try #require(grid.clearance)
        let end = grid.at(scene.plan.timeline.end)
        #expect(end.map(\.textOpacity) == grid.circles.map(\.to.textOpacity))
        #expect(clearance.factors.contains { $0.contains(0) })
        #expect(clearance.factors.allSatisfy { $0.last == 1 })
    }

    /// chart.css runs each hiding tick label's group (`p-gk<k>`) through its factors, linear over
    /// the samples; chart.svg wraps exactly those tick labels.
    @Test func chartCSSAndSVGWrapTheTickLabelsThatHide() throws {
        let scene = try Self.scene()
        let clearance = try #require(scene.stage.grid?.clearance)
        let css = String(decoding: StyleWriter.css(scene), as: UTF8.self)
        let hiding = clearance.factors.indices.filter { clearance.hides($0) }
        #expect(!hiding.isEmpty)
        for k in clearance.factors.indices {
            #expect(css.contains("-gk\(k){from{opacity:") == hiding.contains(k))
            #expect(css.contains(".p-gk\(k){animation:") == hiding.contains(k))
        }
        #expect(css.contains("linear"))
    }

    /// test_label_layout's corpus/gi005 (`labelcorpus.gridded_inside_transitions`): every label
    /// inside, the chart turned by 135 degrees while its scale more than doubles, so the
    /// largest slice's two-line label passes over the tick labels 50, 100 and 150 (Chromium
    /// measured them overlapping at 92-369 ms before inside labels were kept clear).
    static let gi005 = """
        piec: 1
        id: gi005
        title: Anteile
        chart: {size: 320, startAngle: -135, rose: area, grid: {circles: auto, labels: true}}
        labels: {content: "{percent}\\n{label}", position: inside, minPercent: 2}
        format: {decimals: 0, locale: en-US}
        legend: {position: top}
        animation: {duration: 600ms}
        slices:
        - {id: s0, label: Release engineering, value: 421.08}
        - {id: s1, label: Internationalization, value: 8.37}
        - {id: new, label: Miscellaneous overhead costs, value: 18.415976105258206}

        """

    static let gi005Before = """
        piec: 1
        id: gi005-before
        title: Anteile
        chart: {size: 320, startAngle: 0, rose: area, grid: {circles: auto, labels: true}}
        labels: {content: "{percent}\\n{label}", position: inside, minPercent: 2}
        format: {decimals: 0, locale: en-US}
        legend: {position: top}
        animation: {enter: none}
        slices:
        - {id: s0, label: Release engineering, value: 185.2}
        - {id: s1, label: Internationalization, value: 3.94}
        - {id: s2, label: Professional services, value: 2.15}

        """

    /// Inside labels (issue 40): with no label beside the pie the clearance runs at the sampled
    /// keyframes' instants, and a tick label hides where an inside label passes over it or
    /// where it would meet another tick label; without the clearance the stage's model has
    /// tick labels under the inside label and under each other.
    @Test func noTickLabelIsUnderAnInsideLabelAtAnyInstant() throws {
        let compiled = Transition.between(old: try Fixture.loaded(Self.gi005Before), new: try Fixture.loaded(Self.gi005))
        var scene = Scene(layout: compiled.layout, plan: compiled.plan)
        #expect(scene.stage.outside.labels.isEmpty)
        #expect(scene.stage.grid?.clearance != nil)
        #expect(Self.meetings(scene) == [])
        scene.stage.grid?.clearance = nil
        let without = Self.meetings(scene)
        #expect(without.contains { $0.contains("under inside label") })
        #expect(without.contains { $0.contains("under tick") })
    }

    /// The stretches of time (ms, from the sample where it is back at 0 to the next one where it
    /// leaves 0) over which circle `k`'s tick label shows between two stretches where it hides.
    static func gaps(_ c: Stage.Grid.Clearance, _ k: Int) -> [Double] {
        let zeros = c.factors[k].indices.filter { c.factors[k][$0] == 0 }
        return zip(zeros, zeros.dropFirst()).filter { $1 > $0 + 1 }.map { c.times[$1] - c.times[$0] }
    }

    /// gt002's tick label 80 hid over four separate stretches (shown three times between them,
    /// each for a few tens of ms: it flickered). With the hysteresis (`Budgets.tickMinShown`) no
    /// tick label shows for less than that between two stretches where it hides; with none
    /// (`minShown` 0) label 80 does.
    @Test func aTickLabelStaysHiddenOverShortGaps() throws {
        let scene = try Self.scene()
        let clearance = try #require(scene.stage.grid?.clearance)
        for k in clearance.factors.indices {
            #expect(Self.gaps(clearance, k).allSatisfy { $0 >= Budgets.tickMinShown }, "tick \(k): \(Self.gaps(clearance, k))")
        }
        var stage = scene.stage
        stage.keepTicksClear(samples: Strategies.SampledKeyframes.sampleTimes(scene.plan), minShown: 0, sweep: Strategies.SampledKeyframes.tickSweep)
        let flicker = try #require(stage.grid?.clearance)
        let eighty = try #require(stage.grid?.circles.firstIndex { $0.to.text == "80" })
        let short = Self.gaps(flicker, eighty).filter { $0 < Budgets.tickMinShown }
        print("gt002 tick 80 shown between hides without the hysteresis, ms: \(Self.gaps(flicker, eighty)); sample times \(flicker.times.count)")
        #expect(short.count >= 2, "\(Self.gaps(flicker, eighty))")
        // Still clear of every label with the gaps bridged.
        #expect(Self.meetings(scene) == [])
    }

    /// The hysteresis alone: hidden intervals (true) whose gap lasts less than `minShown` ms
    /// (from the end of one hidden stretch to the start of the next) are joined; a longer gap,
    /// and the shown stretches before the first and after the last hidden one, are kept.
    @Test func theHysteresisJoinsOnlyShortGaps() {
        let times = [0.0, 50, 100, 150, 200, 250, 300, 350, 400, 450, 500]
        var dirty = [true, false, false, true, false, false, false, false, false, true]
        Stage.Grid.bridge(&dirty, times: times, minShown: 120)
        // 50 to 150 (100 ms) joined; 200 to 450 (250 ms) kept.
        #expect(dirty == [true, true, true, true, false, false, false, false, false, true])
        var none = [false, true, false, false]
        Stage.Grid.bridge(&none, times: [0, 100, 200, 300, 400], minShown: 1000)
        #expect(none == [false, true, false, false])
    }

    /// chart.css moves each tick label by the `translate` property from its start, composed with
    /// its final `transform` attribute (WebKit maps no `transform` attribute to the property,
    /// so a `transform` keyframe ran towards none there: every tick label slid to the centre).
    @Test func tickLabelsMoveByTranslateFromTheirFinalPlace() throws {
        let scene = try Self.scene()
        let grid = try #require(scene.stage.grid)
        let css = String(decoding: StyleWriter.css(scene), as: UTF8.self)
        #expect(!css.contains("transform:translate(0px,"))
        for (k, c) in grid.circles.enumerated() where c.to.text != nil && c.from.radius != c.to.radius {
            #expect(css.contains("-gt\(k){from{translate:0 \(formatNumber(c.to.radius - c.from.radius, decimals: 3))px;"), "tick \(k)")
        }
    }

    /// specs/polar-grid.yaml (the gallery's rose with its grid), which enters: its slices grow
    /// from 12 o'clock, so their inside labels sweep past the tick labels there while the labels
    /// beside the pie wait, hidden, for the second half (`Stage.Outside.enterTracks`: three samples).
    static let polarGrid = """
        piec: 1
        id: polar-grid
        title: Support tickets by channel
        chart: {size: 320, rose: area, grid: {circles: auto, labels: true}}
        labels: {content: "{label}", position: auto}
        theme: {palette: tol-muted}
        slices:
          - {label: Email, value: 420}
          - {label: Chat, value: 310}
          - {label: Phone, value: 160}
          - {label: Forum, value: 90}
          - {label: Social, value: 40}

        """

    /// An enter is sampled as an update is (`Stage.keepTicksClear`): the sampled keyframes'
    /// instants and the end, with the outside labels' three read between, each interval swept
    /// as finely (`tickSweep`), so no tick label is under an inside label, an outside label or
    /// another tick label at any of 241 instants. Kept clear at the outside labels' three
    /// samples alone (as before), a tick label is still under an inside label in motion.
    @Test func anEnterIsKeptClearAsAnUpdateIs() throws {
        let spec = try Fixture.loaded(Self.polarGrid)
        let compiled = Transition.between(old: nil, new: spec)
        #expect(compiled.plan.kind == .enterGrow)
        var scene = Scene(layout: compiled.layout, plan: compiled.plan)
        #expect(scene.stage.outside.times.count == 3 && !scene.stage.outside.labels.isEmpty)
        let clearance = try #require(scene.stage.grid?.clearance)
        let samples = Strategies.SampledKeyframes.sampleTimes(compiled.plan)
        #expect(Set(clearance.times) == Set(samples + [compiled.plan.timeline.end] + scene.stage.outside.times))
        #expect(clearance.times.count > 3)
        #expect(Self.meetings(scene) == [])
        #expect(clearance.factors.allSatisfy { $0.last == 1 }, "the end is the rest state")
        // The three samples alone.
        let stage = scene.stage, fontSize = compiled.layout.fontSize
        scene.stage.grid?.keepClear(of: stage.outside, at: stage.outside.times,
                                    inside: { t in stage.insideLabels(at: t).map { (Stage.Grid.box(of: $0, fontSize: fontSize), $0.opacity > 0) } },
                                    leaders: compiled.layout.drawsLeaders, fontSize: fontSize, minShown: Budgets.tickMinShown,
                                    sweep: Strategies.SampledKeyframes.tickSweep)
        let coarse = Self.meetings(scene)
        print("polar-grid enter, kept clear at three samples: \(coarse.count) meetings, e.g. \(coarse.prefix(3))")
        #expect(!coarse.isEmpty)
    }

}
