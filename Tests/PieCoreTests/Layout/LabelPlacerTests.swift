import PieSpec
import Testing
@testable import PieCore

@Suite("Outside labels")
struct LabelPlacerTests {
    /// Candidates on one side crowded at natural heights spread over `[0, spread)`.
    static func crowd(_ n: Int, side: Double = 1, spread: Double = 10) -> [LabelPlacer.Candidate] {
        (0..<n).map { LabelPlacer.Candidate(index: $0, side: side, naturalY: Double($0 % 7) * spread / 7 - 5, priority: Double(n - $0)) }
    }

    static func assertSeparated(_ placed: [LabelPlacer.Placed], top: Double, bottom: Double, line: Double) {
        for side in [-1.0, 1.0] {
            let ys = placed.filter { $0.side == side }.map(\.y).sorted()
            for (a, b) in zip(ys, ys.dropFirst()) { #expect(b - a >= line - 1e-9) }
            for y in ys { #expect(y - line / 2 >= top - 1e-9 && y + line / 2 <= bottom + 1e-9) }
        }
    }

    @Test func crowdedLabelsArePushedApartByOneLineAndStayInTheRoom() {
        let placed = LabelPlacer.solve(Self.crowd(12), top: -100, bottom: 100, lineHeight: 16)
        #expect(placed.count == 12)
        Self.assertSeparated(placed, top: -100, bottom: 100, line: 16)
    }

    @Test func labelsThatDoNotFitDropTheLowestPriorityFirst() {
        // 200 px hold 12 lines of 16 px: of 30 labels the 12 of highest priority stay.
        let placed = LabelPlacer.solve(Self.crowd(30), top: -100, bottom: 100, lineHeight: 16)
        #expect(placed.count == LabelPlacer.capacity(top: -100, bottom: 100, lineHeight: 16))
        #expect(placed.count == 12)
        #expect(Set(placed.map(\.index)) == Set(0..<12))
        Self.assertSeparated(placed, top: -100, bottom: 100, line: 16)
    }

    @Test func manySmallSlicesOnBothSidesAreSolvedPerSide() {
        let left = Self.crowd(20, side: -1).map { c in var c = c; c.index += 100; return c }
        let placed = LabelPlacer.solve(Self.crowd(20) + left, top: -160, bottom: 160, lineHeight: 16)
        #expect(placed.filter { $0.side > 0 }.count == 20)
        #expect(placed.filter { $0.side < 0 }.count == 20)
        Self.assertSeparated(placed, top: -160, bottom: 160, line: 16)
    }

    @Test func labelsNearTheBottomArePulledBackUp() {
        let cs = (0..<5).map { LabelPlacer.Candidate(index: $0, side: 1, naturalY: 95, priority: 1) }
        let placed = LabelPlacer.solve(cs, top: -100, bottom: 100, lineHeight: 16)
        #expect(placed.map(\.y).max()! == 92)
        Self.assertSeparated(placed, top: -100, bottom: 100, line: 16)
    }

    @Test func uncrowdedLabelsKeepTheirNaturalHeight() {
        let cs = [LabelPlacer.Candidate(index: 0, side: 1, naturalY: -50, priority: 1),
                  LabelPlacer.Candidate(index: 1, side: 1, naturalY: 40, priority: 1)]
        #expect(LabelPlacer.solve(cs, top: -100, bottom: 100, lineHeight: 16).map(\.y) == [-50, 40])
    }

    @Test func theSolverIsDeterministicAndIndependentOfInputOrder() {
        let cs = Self.crowd(25)
        let a = LabelPlacer.solve(cs, top: -150, bottom: 150, lineHeight: 16)
        let b = LabelPlacer.solve(cs.reversed(), top: -150, bottom: 150, lineHeight: 16)
        #expect(a == LabelPlacer.solve(cs, top: -150, bottom: 150, lineHeight: 16))
        #expect(Set(a.map { "\($0.index):\($0.y)" }) == Set(b.map { "\($0.index):\($0.y)" }))
    }

    @Test func allLabelsOnOneSideOfAPieStayInsideTheCanvas() {
        // One big slice and 20 slivers near 12 o'clock: every sliver's label sits on the right.
        var spec = Fixture.spec([90] + Array(repeating: 0.5, count: 20))
        spec.labels.position = .outside
        spec.labels.minPercent = 0
        spec.legend.position = .none
        let layout = Layout.layout(spec)
        let scene = Scene(layout: layout, plan: Planner.enter(layout, animation: spec.animation))
        let rest = scene.ink.tracks.compactMap(\.rest)
        #expect(rest.count == 21)
        #expect(rest.filter { $0.side < 0 }.count >= 20)
        let h = OutsideLabels.lineHeight(layout.fontSize)
        for p in rest {
            #expect(layout.cy + p.y - h / 2 >= -1e-9 && layout.cy + p.y + h / 2 <= layout.height + 1e-9)
        }
        let ys = rest.filter { $0.side < 0 }.map(\.y).sorted()
        for (a, b) in zip(ys, ys.dropFirst()) { #expect(b - a >= h - 1e-9) }
    }

    /// Entering, outside labels wait hidden at their final place: their leaders and texts share
    /// one opacity-only animation (no transform keyframes; the attributes are the place).
    @Test func enteringOutsideLabelsShareOneFadeAndMoveNothing() {
        var spec = Fixture.spec([50, 30, 10, 6, 4], labels: ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"])
        spec.labels.position = .outside
        let css = Fixture.text(Fixture.bundle(spec), "chart.css")
        #expect(!css.contains("-qa0{") && !css.contains("-lo0{") && !css.contains("transform:translate("))
        #expect(css.occurrences(of: "@keyframes piec-test-lf") == 1)
        #expect(css.contains("@keyframes piec-test-lf0{0%{opacity:0}50%{opacity:0}100%{opacity:1}}"))
        // Their leaders keep their place: one path each, no `.p-qb`.
        #expect(css.contains(".p-qa0,.p-lo0,.p-qa1,.p-lo1,") && !css.contains("p-qb"))
        let svg = Fixture.text(Fixture.bundle(spec), "chart.svg")
        #expect(!svg.contains("p-qb") && svg.occurrences(of: "<path class=\"p-qa") == svg.occurrences(of: "<text class=\"p-lo"))
    }

    @Test func outsideLabelsWidenTheCanvasAndLeadersStartAtTheSliceEdge() {
        var spec = Fixture.spec([50, 30, 20], labels: ["A long label", "B", "C"])
        spec.legend.position = .none
        let plain = Layout.layout(spec)
        spec.labels.position = .outside
        let layout = Layout.layout(spec)
        #expect(layout.width > plain.width)
        let room = layout.labelRoom!
        #expect(layout.cx + room.minX >= 0 && layout.cx + room.maxX <= layout.width)
        let scene = Scene(layout: layout, plan: Planner.enter(layout, animation: spec.animation))
        for (track, slice) in zip(scene.ink.tracks, layout.slices) {
            let p = track.rest!
            #expect(abs((p.tick.x * p.tick.x + p.tick.y * p.tick.y).squareRoot() - slice.outerRadius) < 1e-9)
            let right = layout.cx + p.x + OutsideLabels.reservedWidth(track.text, fontSize: layout.fontSize)
            let left = layout.cx + p.x - OutsideLabels.reservedWidth(track.text, fontSize: layout.fontSize)
            #expect(p.side > 0 ? right <= layout.width + 1e-9 : left >= -1e-9)
        }
    }

    @Test func autoPutsALabelInsideOnlyWhenItsBoxFitsTheSlice() {
        let wide = SegmentGeometry(startAngle: 0, endAngle: 180, outerRadius: 150, innerRadius: 0, color: Color(r: 0, g: 0, b: 0))
        var thin = wide
        thin.endAngle = 3
        #expect(LabelFit.fitsInside("Python 40%", geometry: wide, fontSize: 12, sign: 1))
        #expect(!LabelFit.fitsInside("Python 40%", geometry: thin, fontSize: 12, sign: 1))
        var ring = wide
        ring.innerRadius = 140      // a 10 px ring is lower than the text
        #expect(!LabelFit.fitsInside("Py", geometry: ring, fontSize: 12, sign: 1))
        var spec = Fixture.spec([60, 38, 1.2, 0.8])
        spec.labels.position = .auto
        spec.labels.minPercent = 0
        #expect(Layout.layout(spec).slices.map(\.labelOutside) == [false, false, true, true])
    }

    @Test func insideAndNonePositionsNeverReserveRoom() {
        var spec = Fixture.spec([50, 50])
        spec.labels.position = .inside
        #expect(Layout.layout(spec).labelRoom == nil)
        spec.labels.position = .none
        #expect(Layout.layout(spec).labelRoom == nil)
    }

    @Test func anAutoLabelThatMovesOutsideCrossFadesBetweenTheLayers() {
        var old = Fixture.spec([50, 30, 20])
        old.labels.position = .auto
        old.labels.minPercent = 0
        var new = old
        new.slices[2].value = 0.5            // too thin for its label now: it goes outside
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        #expect(layout.slices[2].labelOutside)
        let scene = Scene(layout: layout, plan: plan)
        let inside = scene.labels.first { $0.text == layout.slices[2].labelText }
        #expect(inside?.fromOpacity == 1 && inside?.toOpacity == 0)
        let track = scene.ink.tracks.first { $0.text == layout.slices[2].labelText }!
        #expect(track.poses.first! == nil)      // inside in the old chart: not in the ink layer at 0 %
        #expect(track.rest?.opacity == 1)
    }

    @Test func outsideLabelsOfLeavingAndEnteringSlicesFadeAtTheirEnds() {
        var old = Fixture.spec([50, 30, 20])
        old.labels.position = .outside
        var new = old
        new.slices.remove(at: 1)
        new.slices.append(SliceSpec(id: "n", label: "New", value: 10))
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        let ink = Scene(layout: layout, plan: plan).ink
        let leaving = ink.tracks.first { $0.text.hasPrefix("S1") }!
        let entering = ink.tracks.first { $0.text.hasPrefix("New") }!
        #expect(leaving.poses.first!!.opacity == 1 && leaving.rest == nil)
        #expect(entering.poses.first! == nil && entering.rest?.opacity == 1)
        #expect(ink.times.first == plan.timeline.start && ink.times.last == plan.timeline.end)
    }

    @Test func noOutsideLabelsWhenAnAutoChartHasNoRoomBesideThePie() {
        // The new version fits every label inside (no room reserved); the old one had an
        // outside label. It is not drawn past the viewBox: the ink layer stays empty.
        var old = Fixture.spec([50, 49, 1])
        old.labels.position = .auto
        old.labels.minPercent = 0
        var new = old
        new.slices[1].value = 30
        new.slices[2].value = 20
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        #expect(layout.slices.allSatisfy { !$0.labelOutside })
        #expect(OutsideLabels.textWidth(room: layout.labelRoom!, outer: layout.outerRadius) == 0)
        #expect(Scene(layout: layout, plan: plan).ink.tracks.isEmpty)
    }
}
