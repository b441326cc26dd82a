@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// Slices that cross `chart.other`'s threshold between versions animate into Other or out of
/// it: checked on the plan at t = 0 and t = 1, on the labels, separators and change sentence.
@Suite("Other transitions")
struct OtherTransitionTests {
    /// a 40, b 30, c 15 -> 3 (joins Other), d 8, e 4 -> 16 (leaves Other), x 3 (stays in Other).
    static func pair() -> (ChartSpec, ChartSpec) {
        func spec(_ values: [Double]) -> ChartSpec {
            var s = ChartSpec(id: "t")
            s.slices = zip(["a", "b", "c", "d", "e", "x"], values).map { SliceSpec(id: $0, label: $0.uppercased(), value: $1) }
            var o = OtherOptions()
            o.minPercent = 5
            s.chart.other = o
            s.labels.minPercent = 0
            // Short labels, so that each fits inside its slice (Other's 7 % included).
            s.labels.content = try! LabelTemplate.parse("{label}").get()
            return s
        }
        return (spec([40, 30, 15, 8, 4, 3]), spec([40, 30, 3, 8, 16, 3]))
    }

    @Test func atBothEndsThePlanTilesTheExpandedLayouts() {
        let (old, new) = Self.pair()
        let (plan, _, newLayout) = Transition.between(old: old, new: new).parts
        let oldX = OtherGrouping.expanded(Layout.layout(old)), newX = OtherGrouping.expanded(newLayout)
        PlanInvariants.tiles(plan.segments.map(\.from), start: 0, name: "t=0")
        PlanInvariants.tiles(plan.segments.map(\.to), start: 0, name: "t=1")
        // t = 0: the old chart's parts, Other's in Other's colour; t = 1: the new chart's.
        let before = plan.segments.filter { $0.kind != .enter }
        #expect(before.map(\.id) == oldX.slices.map(\.id))
        for (s, o) in zip(before, oldX.slices) {
            #expect(abs(s.from.startAngle - o.startAngle) < 1e-9 && abs(s.from.endAngle - o.endAngle) < 1e-9, "\(s.id) at t=0")
        }
        let after = plan.segments.filter { $0.kind != .exit }
        #expect(after.map(\.id) == newX.slices.map(\.id))
        for (s, n) in zip(after, newX.slices) {
            #expect(abs(s.to.startAngle - n.startAngle) < 1e-9 && abs(s.to.endAngle - n.endAngle) < 1e-9, "\(s.id) at t=1")
            #expect(s.to.color == n.color, "\(s.id) ends in its final colour")
        }
        let frozen = plan.frozen(at: plan.timeline.end)
        for (i, s) in plan.segments.enumerated() { #expect(abs(frozen.segments[i].from.endAngle - s.to.endAngle) < 1e-6) }
    }

    @Test func aJoiningSliceMovesIntoOthersRangeAndTakesItsColour() {
        let (old, new) = Self.pair()
        let (plan, _, newLayout) = Transition.between(old: old, new: new).parts
        let other = newLayout.slices.last!
        #expect(newLayout.slices.map(\.id) == ["a", "b", "d", "e", "other"])
        // c must pass d and e: it rides on top as a mover, from its own colour to Other's.
        let mover = try! #require(plan.movers.first { $0.id == "c" })
        #expect(mover.from.color != other.color && mover.to.color == other.color)
        #expect(mover.to.startAngle >= other.startAngle - 1e-9 && mover.to.endAngle <= other.endAngle + 1e-9)
        #expect(mover.slice == nil, "no final label for a member")
        #expect(mover.exitLabel?.text == "C", "its old label fades out on the way")
    }

    @Test func aLeavingSliceComesOutOfOtherAndItsLabelFadesIn() {
        let (old, new) = Self.pair()
        let (plan, _, newLayout) = Transition.between(old: old, new: new).parts
        let e = try! #require(plan.segments.first { $0.id == "e" && $0.kind == .update })
        #expect(e.from.color == OtherOptions.defaultColor && e.to.color != OtherOptions.defaultColor)
        #expect(e.fromExtras.inOther && !e.toExtras.inOther)
        #expect(e.fromExtras.labelOpacity == 0)
        #expect(e.slice.map { newLayout.slices[$0].id } == "e")
    }

    @Test func othersLabelTravelsFromTheOldMiddleToTheNewOne() {
        let (old, new) = Self.pair()
        let (plan, _, newLayout) = Transition.between(old: old, new: new).parts
        let oldOther = Layout.layout(old).slices.last!, newOther = newLayout.slices.last!
        let label = try! #require(plan.floatingLabels.first)
        #expect(label.slice == newLayout.slices.count - 1)
        // It carries Other's whole wedge at each end (its fit is tested against it), so its
        // middle, where the label sits, goes from the old Other's to the new one's.
        #expect(label.from.startAngle == oldOther.startAngle && label.from.endAngle == oldOther.endAngle)
        #expect(label.to.startAngle == newOther.startAngle && label.to.endAngle == newOther.endAngle)
        #expect(label.fromExtras.labelOpacity == 1)
        let scene = Scene(layout: newLayout, plan: plan)
        #expect(scene.labels.contains { $0.text == newLayout.slices.last!.labelText && $0.toOpacity == 1 })
        #expect(scene.labels.filter { $0.toOpacity == 1 }.count == newLayout.slices.filter { $0.labelText != nil }.count,
                "at rest one label per grouped slice")
    }

    @Test func noSeparatorShowsInsideOtherAtRest() {
        let (old, new) = Self.pair()
        let (plan, _, newLayout) = Transition.between(old: old, new: new).parts
        let scene = Scene(layout: newLayout, plan: plan)
        // Shown at rest: not a line shown only while moving (a leaving slice's start).
        let shown = scene.separators.filter { $0.toOpacity > 0 && !$0.motionOnly }.map(\.to)
        let edges = newLayout.slices.map(\.startAngle)
        #expect(shown.count == edges.count)
        for a in shown { #expect(edges.contains { abs($0 - a) < 1e-9 }, "separator at \(a) is on a grouped boundary") }
        #expect(!scene.separators.contains { $0.fromOpacity == 0 && $0.toOpacity == 0 }, "no line that never shows")
    }

    @Test func theSeparatorBetweenAJoiningSliceAndOtherFadesOut() {
        // c (8 -> 3 %) joins Other in place (it is already next to Other: no mover).
        var old = Fixture.spec([60, 30, 8, 2]), new = Fixture.spec([60, 35, 3, 2])
        var o = OtherOptions()
        o.minPercent = 5
        old.chart.other = o
        new.chart.other = o
        let (plan, _, newLayout) = Transition.between(old: old, new: new).parts
        #expect(plan.movers.isEmpty)
        let scene = Scene(layout: newLayout, plan: plan)
        let fading = scene.separators.filter { $0.toOpacity == 0 }
        #expect(fading.count == 1 && fading.first?.fromOpacity == 1)
        #expect(abs((fading.first?.from ?? 0) - Layout.layout(old).slices.last!.startAngle) < 1e-9, "it starts at the old c|Other edge")
        let svg = Fixture.text(BundleWriter.write(spec: new, sourceBytes: [], layout: newLayout, plan: plan, changes: nil), "chart.svg")
        #expect(svg.contains("opacity=\"0\" d=\"M"), "static renderers do not draw the fading line")
        let css = String(decoding: StyleWriter.css(scene), as: UTF8.self)
        let from = AnimationTests.fromState(css, ".p-b\(fading.first?.index ?? -1)")
        #expect(from?.split(separator: ";").contains("opacity:1") == true, "its keyframe starts visible: \(from ?? "none")")
    }

    @Test func theChangeSentenceNamesMergesAndSplits() {
        let (old, new) = Self.pair()
        let (_, report, _) = Transition.between(old: old, new: new).parts
        let sentence = report.sentence()
        #expect(sentence.contains("C moved into Other"))
        #expect(sentence.contains("E came out of Other at 16.0%"))
        #expect(report.text().contains("< c into other"))
    }

    @Test func otherAppearingFadesItsLabelInAndVanishingFadesItOut() {
        var old = Fixture.spec([50, 30, 20]), new = Fixture.spec([50, 30, 3])
        var o = OtherOptions()
        o.minPercent = 5
        old.chart.other = o
        new.chart.other = o
        new.labels.position = .auto
        new.labels.minPercent = 0
        old.labels.minPercent = 0
        let (appear, _, _) = Transition.between(old: old, new: new).parts
        #expect(appear.floatingLabels.first?.fromExtras.labelOpacity == 0)
        let (vanish, _, _) = Transition.between(old: new, new: old).parts
        #expect(vanish.floatingLabels.first?.slice == nil)
        #expect(vanish.floatingLabels.first?.exitLabel != nil)
    }
}

/// A label whose final opacity is 0 (a removed slice's, a slice joining Other) must be
/// visible when the animation starts: its from-keyframe says `opacity:1` explicitly.
@Suite("Leaving labels")
struct LeavingLabelTests {
    @Test func aRemovedSlicesLabelStartsVisible() {
        let old = Fixture.spec([50, 30, 20]), new = Fixture.spec([50, 30])
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        let scene = Scene(layout: layout, plan: plan)
        let leaving = try! #require(scene.labels.first { $0.toOpacity == 0 })
        let css = String(decoding: StyleWriter.css(scene), as: UTF8.self)
        // Its final state (opacity 0) is an attribute; the from-state says opacity 1 with the
        // turn from where it was.
        #expect(!css.contains(".p-l\(leaving.index){rotate") && !css.contains(".p-l\(leaving.index){transform"), "no final-state rule")
        #expect(css.contains("{from{rotate:\((leaving.from - leaving.to).formatted3)deg;opacity:1}}"))
    }
}

private extension Double {
    var formatted3: String { formatNumber(self) }
}
