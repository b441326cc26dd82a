import PieJSON
import PieSpec
import Testing
@testable import PieCore

/// The labels beside the pie as stage tracks (`Stage.outside`), read at an instant by
/// `Stage.at(_:)`: at every sample instant, the labels solved together on the plan's exact
/// state (`TransitionPlan.frozen(at:)`), which the ink layer's keyframes hold and `piec
/// render`'s frames draw; between samples, linear in time as the browser interpolates them.
@Suite struct StageOutsideLabelsTests {
    /// Outside labels with leaders: slice 1 leaves, "New" comes, the others move beside the pie.
    func transition(distance: Bool = false) -> (Scene, TransitionPlan, ChartLayout) {
        var old = Fixture.spec([50, 30, 20])
        old.labels.position = .outside
        if distance { old.labels.radius = 1.3 }
        var new = old
        new.slices.remove(at: 1)
        new.slices[0].value = 20
        new.slices.append(SliceSpec(id: "n", label: "New", value: 10))
        if distance { new.labels.radius = 1.6 }
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        return (Scene(layout: layout, plan: plan), plan, layout)
    }

    /// Poses equal, angles up to whole turns (the tracks unwrap leader angles between samples).
    func same(_ a: OutsideLabels.Pose, _ b: OutsideLabels.Pose) -> Bool {
        func turn(_ x: Double, _ y: Double) -> Bool { abs(Stage.unwrap(x, near: y) - y) < 1e-9 }
        func seg(_ s: OutsideLabels.Segment, _ u: OutsideLabels.Segment) -> Bool {
            abs(s.x - u.x) < 1e-9 && abs(s.y - u.y) < 1e-9 && abs(s.length - u.length) < 1e-9 && turn(s.angle, u.angle)
        }
        return abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 && a.side == b.side && abs(a.opacity - b.opacity) < 1e-9
            && seg(a.tick, b.tick) && seg(a.elbow, b.elbow)
    }

    /// Checks every label of `stage.at(t)` at inner sample instants against the exact solve
    /// there; returns how many labels a naive mix of the track's two ends misplaces.
    func checkExact(_ scene: Scene, _ plan: TransitionPlan, _ layout: ChartLayout) -> Int {
        let stage = scene.stage, line = plan.timeline, outside = stage.outside
        let entries = Stage.Outside.entries(layout: layout, plan: plan, animated: true)
        #expect(outside.labels.count == entries.count && outside.times.count > 4)
        var mixedWrong = 0
        let inner = Array(outside.times.dropFirst().dropLast())
        let picks = stride(from: 0, to: inner.count, by: max(1, inner.count / 6)).map { inner[$0] }
        #expect(picks.count >= 4)
        for t in picks {
            let now = stage.at(t)
            #expect(now.moving)
            let exact = Stage.Outside.solve(entries, state: plan.frozen(at: t), plan: plan, at: t, layout: layout, room: layout.labelRoom!)
            let drawn = outside.labels.filter { $0.filled != nil }
            #expect(now.outside.count == drawn.count)
            for (track, label) in zip(drawn, now.outside) {
                #expect(label.text == track.text)
                guard let x = exact[track.index] else {
                    #expect(label.pose.opacity == 0, "a label hidden at \(t) is drawn transparent")
                    continue
                }
                #expect(same(label.pose, x), "\(track.text) at \(t)")
                // The track's two ends mixed at the plan's eased progress.
                let ends = track.filled!, e = plan.easing.value(at: line.progress(at: t))
                let (a, b) = (ends[0], ends[ends.count - 1])
                if abs(Stage.mix(a.x, b.x, e) - x.x) > 1e-6 || abs(Stage.mix(a.y, b.y, e) - x.y) > 1e-6
                    || abs(Stage.mix(a.opacity, b.opacity, e) - x.opacity) > 1e-6 { mixedWrong += 1 }
            }
            // `piec render`'s frames draw the stage's instant.
            #expect(FramePose.pie(scene, now, t: t).outside.map(\.pose) == now.outside.map(\.pose))
        }
        return mixedWrong
    }

    @Test func anInstantsOutsideLabelsAreTheExactStatesSolve() {
        let (scene, plan, layout) = transition()
        let texts = scene.stage.outside.labels.map(\.text)
        #expect(texts.contains { $0.hasPrefix("S1") } && texts.contains { $0.hasPrefix("New") } && texts.contains { $0.hasPrefix("S0") })
        #expect(checkExact(scene, plan, layout) > 0, "the exact solve is not the eased mix of a label's two ends")
    }

    @Test func labelsAtADistanceStandAtTheInstantsDistance() {
        let (scene, plan, layout) = transition(distance: true)
        #expect(plan.from.labelDistance != plan.to.labelDistance)
        #expect(checkExact(scene, plan, layout) > 0)
    }

    @Test func betweenSamplesLabelsAreLinearInTime() throws {
        let (scene, plan, _) = transition()
        let stage = scene.stage, times = stage.outside.times
        let (a, b) = (times[2], times[3]), t = a + (b - a) / 4
        let now = stage.at(t), before = stage.at(a), after = stage.at(b)
        for ((x, p), q) in zip(zip(now.outside, before.outside), after.outside) {
            #expect(abs(x.pose.x - Stage.mix(p.pose.x, q.pose.x, 0.25)) < 1e-9 && abs(x.pose.y - Stage.mix(p.pose.y, q.pose.y, 0.25)) < 1e-9)
            #expect(x.pose.side == p.pose.side, "the anchor flips half-way")
        }
        // At the end and after: the rest poses, not moving.
        let rest = stage.at(plan.timeline.end)
        #expect(!rest.moving && rest.outside.map(\.pose) == stage.outside.labels.compactMap { $0.filled?.last })
    }
    /// The ink layer's keyframes are `Stage.at(_:)`'s labels at their instants: for every
    /// keyframe a label's text, leaders and box get (`InkScene.animated`: the kept samples), the
    /// stage's instant at that time has the same label (pose, colours, box), and the text's
    /// keyframe written from that instant (`lo<index>`: its place, anchor and leader colour) is
    /// in the CSS. With slice-coloured leaders whose slice changes colour, so the leaders'
    /// keyframes recolour too.
    @Test(arguments: [false, true]) func theInkKeyframesAreTheStagesInstants(recolour: Bool) throws {
        var old = Fixture.spec([50, 30, 20])
        old.labels.position = .outside
        if recolour { old.labels.leaderColor = .slice }
        var new = old
        new.slices.remove(at: 1)
        new.slices[0].value = 20
        if recolour { new.slices[0].color = Color(r: 0x20, g: 0x80, b: 0x40) }
        new.slices.append(SliceSpec(id: "n", label: "New", value: 10))
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        let scene = Scene(layout: layout, plan: plan), stage = scene.stage
        let css = String(decoding: InkStyle.css(scene).keyframes, as: UTF8.self)
        var checked = 0, recoloured = 0
        for track in scene.ink.tracks {
            guard let (samples, times) = InkScene.animated(track, in: scene) else { continue }
            for (k, (sample, t)) in zip(samples, times).enumerated() {
                let now = try #require(stage.at(t).outside.first { $0.index == track.index }, "\(track.text) at \(t)")
                #expect(now.index == sample.index && now.pose == sample.pose && now.box == sample.box, "\(track.text) at \(t)")
                // After the timeline the stage reads the rest colours; before, the sample's.
                if k < samples.count - 1 { #expect(now.leader == sample.leader && now.color == sample.color) }
                var frame = "translate(\(formatNumber(now.pose.x, decimals: 2))px,\(formatNumber(now.pose.y, decimals: 2))px)"
                    + ";text-anchor:" + InkWriter.anchor(now.pose.side)
                #expect(css.contains(frame), "\(track.text)'s keyframe at \(t): \(frame)")
                if let leaders = track.leaders, k < samples.count - 1, let leader = now.leader {
                    let fades = samples.contains { $0.pose.opacity != 1 } ? ";opacity:" + formatNumber(now.pose.opacity, decimals: 3) : ""
                    frame = "scale(\(formatNumber(now.pose.tick.length, decimals: 2)),1)" + fades + ";stroke:" + ByteWriter.hexString(leader)
                    #expect(css.contains(frame), "\(track.text)'s leader at \(t): \(frame)")
                    if leader != leaders[0] { recoloured += 1 }
                }
                checked += 1
            }
        }
        #expect(checked > 6)
        #expect(recolour == (recoloured > 0))
    }

    /// A leaving label wider than every label of the new version fades out with the text the
    /// old version drew (the new columns make room for it), not cut to the new columns' width.
    @Test func aLeavingLabelKeepsTheOldVersionsText() throws {
        var old = Fixture.spec([45, 30, 5, 20], labels: ["Web", "API", "Ops", "Mobile phones"])
        old.labels.position = .outside
        var new = old
        new.slices.remove(at: 3)
        new.slices.append(SliceSpec(id: "d", label: "Data", value: 20))
        // What the old version draws beside the pie at rest.
        let before = Scene(layout: Layout.layout(old), plan: Planner.enter(Layout.layout(old), animation: old.animation))
        let oldTexts = before.stage.at(before.stage.plan.timeline.end).outside.map(\.text)
        let mobile = try #require(oldTexts.first { $0.hasPrefix("Mobile phones") }, "\(oldTexts)")
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        let stage = Scene(layout: layout, plan: plan).stage
        let leaving = try #require(stage.at(plan.timeline.start).outside.first { $0.text.hasPrefix("Mo") })
        #expect(leaving.text == mobile, "cut to \(leaving.text)")
        #expect(leaving.pose.opacity == 1)
        // It stands inside the canvas: the new columns hold it.
        let room = try #require(layout.labelRoom)
        #expect(OutsideLabels.textWidth(room: room, outer: layout.outerRadius) >= TextLines.width(mobile, fontSize: layout.fontSize))
        // Without the leaving label the new version's columns are narrower.
        #expect(Layout.layout(new).width < layout.width)
    }
}
