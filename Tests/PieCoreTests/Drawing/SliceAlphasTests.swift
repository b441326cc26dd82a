import PieDiagnostics
import PieSpec
import Testing
@testable import PieCore

/// Slices of their own alphas: drawn apart, each once in its own colour (with an opacity
/// attribute static renderers read), entering, and between versions, a reorder included (a
/// moved slice's old place closes as its new one opens, no mover), Other taking or giving back
/// members included; a version of rings enters instead, with the warning E0617.
struct SliceAlphasTests {
    static let own = """
        piec: 1
        id: own
        slices:
          - {label: A, value: 3, color: "#ff0000"}
          - {label: B, value: 2, color: "rgba(0, 0, 255, 0.4)"}
          - {label: C, value: 1, color: "#00800080"}

        """

    static func load(_ text: String) -> ChartSpec? {
        SpecLoader.load(SourceFile(path: "s.yaml", text: text), defaultID: "s").spec
    }

    @Test func slicesOfTheirOwnAlphasAreDrawnApartWithOpacityAttributes() throws {
        let spec = try #require(Self.load(Self.own))
        let bundle = Compiler.compile(spec: spec, sourceBytes: Array(Self.own.utf8))
        let svg = String(decoding: try #require(bundle.files.first { $0.name == "chart.svg" }).bytes, as: UTF8.self)
        // The rest layer: each wedge its rgb and the alpha as an attribute (not #rrggbbaa).
        #expect(svg.contains("stroke=\"#0000ff\" stroke-opacity=\"0.4\""))
        #expect(svg.contains("stroke=\"#008000\" stroke-opacity=\"0.502\""))
        #expect(!svg.contains("p-op"), "no one translucent group")
    }

    /// `text` compiled from its previous version `before`.
    static func compile(_ text: String, from before: String) -> CompileResult {
        Compiler.compile(CompileRequest(source: SourceFile(path: "own.yaml", text: text), defaultID: "own",
                                        previous: .spec(SourceFile(path: "old.yaml", text: before))))
    }

    @Test func resizingSlicesAnimateApartWithTheirColoursBlending() throws {
        let result = Self.compile(Self.own, from: Self.own.replacingFirstValue())
        #expect(result.bundle != nil)
        #expect(!result.diagnostics.contains { $0.code == SliceAlphas.transition }, "exact: no warning")
        let chart = try #require(result.chart)
        #expect(chart.simplified == nil)
        #expect(chart.plan.kind == .update, "animates from the previous version, not entering")
        #expect(chart.plan.movers.isEmpty)
        let stage = Stage(layout: chart.layout, plan: chart.plan)
        #expect(DrawingPlan.choose(stage, .bundle).joins == .apart)
    }

    @Test func aColourThatTurnsTranslucentBlendsItsAlphaAndIsDrawnApart() throws {
        // The previous version opaque (stacked at rest), the new one of its own alphas.
        let opaque = Self.own.replacingOccurrences(of: "rgba(0, 0, 255, 0.4)", with: "#0000ff").replacingOccurrences(of: "#00800080", with: "#008000")
        let chart = try #require(Self.compile(Self.own, from: opaque).chart)
        #expect(chart.simplified == nil)
        let b = try #require(chart.plan.segments.first { $0.id == "b" })
        #expect(b.from.color.a == 255 && b.to.color.a == 102)
        let mid = chart.plan.frozen(at: chart.plan.delay + chart.plan.duration / 2).segments.first { $0.id == "b" }
        #expect(mid.map { $0.from.color.a > 102 && $0.from.color.a < 255 } == true, "the alpha blends")
        // Back to opaque: the old translucent colours still keep the wedges apart.
        let back = try #require(Self.compile(opaque, from: Self.own).chart)
        #expect(DrawingPlan.choose(Stage(layout: back.layout, plan: back.plan), .bundle).joins == .apart)
        let same = try #require(Self.compile(opaque, from: opaque).chart)
        #expect(DrawingPlan.choose(Stage(layout: same.layout, plan: same.plan), .bundle).joins == .stacked)
    }

    /// The spec with C moved before A.
    static let reordered: String = {
        let c = "  - {label: C, value: 1, color: \"#00800080\"}\n"
        return SliceAlphasTests.own.replacingOccurrences(of: c, with: "").replacingOccurrences(of: "slices:\n", with: "slices:\n" + c)
    }()

    @Test func aReorderAnimatesWithEachSliceOverItsOwnAnglesOnly() throws {
        // C moves before A: no mover turns over A and B (both alphas would add up); C's old
        // place closes while its new place opens, and every instant tiles the sweep once.
        #expect(Self.reordered.components(separatedBy: "label: C").count == 2)
        let result = Self.compile(Self.reordered, from: Self.own)
        #expect(result.bundle != nil)
        #expect(!result.diagnostics.contains { $0.code == SliceAlphas.transition }, "exact: no warning")
        let chart = try #require(result.chart)
        #expect(chart.simplified == nil)
        #expect(chart.plan.kind == .update, "animates from the previous version, not entering")
        #expect(chart.plan.movers.isEmpty, "no mover painted over the others")
        #expect(chart.changes?.slices.contains { $0.moved } == true, "the report still says C moved")
        let places = chart.plan.segments.filter { $0.id == "c" }
        #expect(places.map(\.kind) == [.enter, .exit], "C opens at the start and closes at the end: \(places.map(\.kind))")
        #expect(places.allSatisfy { $0.from.color == $0.to.color && $0.to.color.a == 128 }, "each place in C's own colour")
        #expect(places.first?.slice != nil, "the opening place carries C's label")
        #expect(places.last?.exitLabel != nil, "the closing place's label leaves with it")
        let plan = chart.plan
        for k in 0...20 {
            let t = plan.delay + plan.duration * Double(k) / 20
            let wedges = plan.frozen(at: t).segments.map(\.from).filter { $0.span > 1e-9 }.sorted { $0.startAngle < $1.startAngle }
            for (a, b) in zip(wedges, wedges.dropFirst()) {
                #expect(abs(a.endAngle - b.startAngle) < 1e-6, "at \(t) ms the wedges abut, never overlap: \(a.endAngle) vs \(b.startAngle)")
            }
            let total = wedges.reduce(0) { $0 + $1.span }
            #expect(abs(total - 360) < 1e-6, "at \(t) ms the wedges tile the sweep once: \(total)")
        }
        #expect(DrawingPlan.choose(Stage(layout: chart.layout, plan: plan), .bundle).joins == .apart)
        // Back to opaque colours in another order: the old alphas keep the reorder apart too.
        let opaque = "piec: 1\nid: own\nslices:\n  - {label: C, value: 1}\n  - {label: A, value: 3}\n"
        let back = try #require(Self.compile(opaque, from: Self.own).chart)
        #expect(back.simplified == nil && back.plan.kind == .update && back.plan.movers.isEmpty)
    }

    @Test func withoutMovesTakesAMovedSliceApartAndLeavesOtherDiffsAlone() {
        let diff = SliceDiff.compute(oldIDs: ["a", "b", "c"], newIDs: ["c", "a", "b"])
        #expect(diff.matches.filter(\.moved).map(\.oldIndex) == [2])
        let apart = diff.withoutMoves
        #expect(apart.entries.map(\.role) == [.inserted, .stable, .stable, .removed])
        #expect(apart.entries.first?.oldIndex == nil && apart.entries.last?.newIndex == nil)
        #expect(apart.matches.count == 2 && !apart.matches.contains { $0.moved })
        #expect(apart.removed == [2] && apart.inserted == [0])
        let kept = SliceDiff.compute(oldIDs: ["a", "b"], newIDs: ["a", "b", "c"])
        #expect(kept.withoutMoves == kept)
    }

    /// An opaque version of rings after the pie of its own alphas.
    static let rings = "piec: 1\nid: own\nrings:\n  - id: in\n    label: In\n    slices:\n      - {label: A, value: 3}\n      - {label: B, value: 2}\n"

    @Test func anOpaqueVersionOfRingsAfterOneOfOwnAlphasWarnsAtTheID() throws {
        let back = Self.compile(Self.rings, from: Self.own)
        #expect(back.bundle != nil, "never refused")
        let d = try #require(back.diagnostics.first { $0.code == SliceAlphas.transition })
        #expect(d.severity == .warning)
        #expect(d.range?.start.line == 2, "at `id`: the new version has no colour of its own alpha")
        #expect(d.message.contains("one version has rings"))
        let chart = try #require(back.chart)
        let new = try #require(Self.load(Self.rings))
        #expect(chart.plan == Transition.between(old: nil, new: new).plan, "the new version enters")
        #expect(chart.changes != nil, "the changes from the previous version are kept")
    }

    @Test func aHistoryStepNamesItsVersion() throws {
        let old = try #require(Self.load(Self.own)), new = try #require(Self.load(Self.rings))
        let chart = Transition.between(old: old, new: new)
        let d = try #require(SliceAlphas.historyWarning(chart, new: new, version: "commit 0123456789ab (\"rings\")"))
        #expect(d.severity == .warning && d.range == nil)
        #expect(d.message.hasPrefix("commit 0123456789ab (\"rings\"): the version before keeps slices of their own alphas and one version has rings"), "\(d.message)")
        let reordered = try #require(Self.load(Self.reordered))
        let moved = SliceAlphas.historyWarning(Transition.between(old: old, new: reordered), new: reordered, version: "x")
        #expect(moved == nil, "a reorder animates: no warning")
    }

    /// Every instant of `plan` tiles the sweep once, its wedges only abutting.
    static func expectTiles(_ plan: TransitionPlan) {
        for k in 0...20 {
            let t = plan.delay + plan.duration * Double(k) / 20
            let wedges = plan.frozen(at: t).segments.map(\.from).filter { $0.span > 1e-9 }.sorted { $0.startAngle < $1.startAngle }
            for (a, b) in zip(wedges, wedges.dropFirst()) {
                #expect(abs(a.endAngle - b.startAngle) < 1e-6, "at \(t) ms the wedges abut, never overlap: \(a.endAngle) vs \(b.startAngle)")
            }
            #expect(abs(wedges.reduce(0) { $0 + $1.span } - 360) < 1e-6, "at \(t) ms the wedges tile the sweep once")
        }
    }

    @Test func otherTakingMembersAnimatesEachPartOverItsOwnAngles() throws {
        // B and C join Other (maxSlices 2): B's part blends to Other's colour where it stands.
        let grouped = Self.own.replacingOccurrences(of: "id: own\n", with: "id: own\nchart: {other: {maxSlices: 2}}\n")
        let result = Self.compile(grouped, from: Self.own)
        #expect(result.bundle != nil)
        #expect(!result.diagnostics.contains { $0.code == SliceAlphas.transition }, "exact: no warning")
        let chart = try #require(result.chart)
        #expect(chart.simplified == nil && chart.plan.kind == .update && chart.plan.movers.isEmpty)
        let b = try #require(chart.plan.segments.first { $0.id == "b" })
        #expect(!b.fromExtras.inOther && b.toExtras.inOther && b.from.color.a == 102 && b.to.color == OtherOptions.defaultColor)
        Self.expectTiles(chart.plan)
        #expect(DrawingPlan.choose(Stage(layout: chart.layout, plan: chart.plan), .bundle).joins == .apart)
        // And back: Other gives its members back.
        let back = try #require(Self.compile(Self.own, from: grouped).chart)
        #expect(back.simplified == nil && back.plan.kind == .update && back.plan.movers.isEmpty)
        Self.expectTiles(back.plan)
    }

    @Test func aMemberJoiningOtherFromElsewhereClosesItsPlaceAsItsPartOpens() throws {
        // A (the largest) falls to the smallest and joins Other at the end: no mover turns over
        // B and C; A's place closes in its colour while its part of Other opens in Other's.
        let before = "piec: 1\nid: own\nchart: {sort: descending, other: {maxSlices: 3, color: \"#64646480\"}}\nslices:\n"
            + "  - {label: A, value: 5, color: \"#ff0000\"}\n  - {label: B, value: 4, color: \"#0000ff66\"}\n"
            + "  - {label: C, value: 3, color: \"#00800080\"}\n  - {label: D, value: 1}\n"
        let after = before.replacingOccurrences(of: "value: 5", with: "value: 0.5")
        let result = Self.compile(after, from: before)
        #expect(!result.diagnostics.contains { $0.code == SliceAlphas.transition }, "exact: no warning")
        let chart = try #require(result.chart)
        #expect(chart.simplified == nil && chart.plan.kind == .update)
        #expect(chart.plan.movers.isEmpty, "no mover painted over the others")
        let places = chart.plan.segments.filter { $0.id == "a" }
        #expect(places.map(\.kind) == [.exit, .enter], "\(places.map(\.kind))")
        #expect(places.first.map { $0.from.color == $0.to.color && !$0.toExtras.inOther } == true, "the old place closes in A's colour")
        #expect(places.last.map { $0.toExtras.inOther && $0.to.color.a == 128 } == true, "its part of Other opens in Other's colour")
        Self.expectTiles(chart.plan)
    }

    /// Other of a translucent colour: C falls into it (its part opens beside X's in Other's
    /// colour), E comes out of it, X stays. The parts of Other, C's opening one and X's, are
    /// one wedge in motion (`Stage.runEnds`, `DrawingPlan.joinsRuns`): one dash from C's start
    /// to X's end, X's element empty, and `piec render`'s frames draw the same one wedge, so
    /// no two wedges of Other's colour abut (each anti-aliased edge let 14 to 19 levels of the
    /// background through, `Tests/browser/test_translucent.py`).
    @Test func partsOfOtherAreOneDashAndOneFrameWedge() throws {
        func spec(_ c: Int, _ e: Int) -> String {
            "piec: 1\nid: own\nchart: {innerRadius: 0.3, other: {minPercent: 5, color: \"#6464c899\"}}\nslices:\n"
                + "  - {id: a, label: A, value: 40, color: \"#e6c800\"}\n  - {id: b, label: B, value: 30, color: \"#00c85ab3\"}\n"
                + "  - {id: c, label: C, value: \(c), color: \"#00c8dc66\"}\n  - {id: d, label: D, value: 8, color: \"#78c82880\"}\n"
                + "  - {id: e, label: E, value: \(e), color: \"#fac8a0\"}\n  - {id: x, label: X, value: 3, color: \"#8cc8ff\"}\n"
        }
        let chart = try #require(Self.compile(spec(3, 16), from: spec(15, 4)).chart)
        #expect(chart.simplified == nil && chart.plan.movers.isEmpty)
        let scene = Scene(layout: chart.layout, plan: chart.plan)
        let stage = scene.stage
        #expect(scene.drawing.joins == .apart && scene.drawing.joinsRuns)
        let runs = stage.runEnds.enumerated().compactMap { i, last in last.flatMap { $0 > i ? (i, $0) : nil } }
        #expect(runs.count == 1, "\(stage.runEnds)")
        let (first, last) = try #require(runs.first)
        let ids = stage.wedges[first...last].map { stage.plan.segments[$0.index].id }
        #expect(ids == ["c", "x"], "C's opening part of Other and X's")
        // The run's dash spans it at both ends; its later part draws nothing.
        let g0 = stage.wedges[first], g1 = stage.wedges[last], m = scene.motion, r = m[first].radius
        #expect(abs(m[first].from.length - Geometry.arcLength(degrees: g1.from.endAngle - g0.from.startAngle, radius: r)) < 1e-9)
        #expect(abs(m[first].to.length - Geometry.arcLength(degrees: g1.to.endAngle - g0.to.startAngle, radius: r)) < 1e-9)
        #expect(m[first + 1 ... last].allSatisfy { $0.from.length == 0 && $0.to.length == 0 })
        for f in [0.2, 0.4, 0.5, 0.6, 0.8] {
            let t = chart.plan.delay + chart.plan.duration * f
            let now = stage.at(t), wedges = FramePose.motionWedges(scene, now)
            let g = now.wedges.map(\.geometry)
            // The frames draw the run as one wedge, where its dash is at the instant.
            #expect(wedges.contains { abs($0.geometry.startAngle - g[first].startAngle) < 1e-9 && abs($0.geometry.endAngle - g[last].endAngle) < 1e-9 })
            #expect(wedges.count == g.filter { $0.span > 1e-12 }.count - (last - first))
            // No two wedges of one colour abut.
            for (a, b) in zip(wedges, wedges.dropFirst()) where abs(a.geometry.endAngle - b.geometry.startAngle) < 1e-9 {
                #expect(a.geometry.color != b.geometry.color, "at \(t) ms two wedges of \(a.geometry.color) abut")
            }
        }
    }
}

private extension String {
    /// The same spec with slice A's value 3 made 1.
    func replacingFirstValue() -> String {
        var lines = split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let i = lines.firstIndex(where: { $0.contains("value: 3") }) { lines[i] = "  - {label: A, value: 1, color: \"#ff0000\"}" }
        return lines.joined(separator: "\n")
    }
}
