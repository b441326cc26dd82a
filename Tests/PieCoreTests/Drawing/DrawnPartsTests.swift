import PieJSON
import PieSpec
import Testing
@testable import PieCore

/// What the plan carries besides its decisions (`DrawingPlan.colourCircles`,
/// `separatorBands`, `boxes`): built by the strategies in Drawing, written by Codegen as they
/// are. And the strategies' refusals that no gallery chart reaches.
@Suite("Drawing plan's drawn parts")
struct DrawnPartsTests {
    /// The 30-slice change of repeating colours: colour circles and separator bands.
    static func coloured() throws -> Scene {
        let old = (0..<30).map { 5 + $0 % 7 }, new = (0..<30).map { 5 + ($0 * 3) % 11 }
        return try BoxLayerTests.scene(BoxLayerTests.yaml(new), from: BoxLayerTests.yaml(old))
    }

    /// A scene's tracks with its stage changed (`edit`), everything else as the scene encodes it.
    struct EditedTracks: DrawnTracks {
        var scene: Scene
        var stage: Stage
        init(_ scene: Scene, _ edit: (inout Stage) -> Void) {
            self.scene = scene
            stage = scene.stage
            edit(&stage)
        }
        var motionCount: Int { scene.motionCount }
        var extensionCount: Int { scene.extensionCount }
        var stacked: Bool { scene.stacked }
        var masked: Bool { scene.masked }
        var hasOrbits: Bool { scene.hasOrbits }
        var sampled: Bool { scene.sampled }
        var keepsRing: Bool { scene.keepsRing }
        var motionRing: (inner: Double, outer: Double)? { scene.motionRing }
        func colour(ofMotion k: Int) -> Color? { scene.colour(ofMotion: k) }
        func segment(ofMotion k: Int) -> Int { scene.segment(ofMotion: k) }
        func circumference(ofMotion k: Int) -> Double { scene.circumference(ofMotion: k) }
        var inkMoves: Bool { scene.inkMoves }
    }

    /// The plan `scene` chose before its strategies, chosen again from `tracks`.
    static func chosen(_ scene: Scene, _ tracks: some DrawnTracks) -> DrawingPlan {
        var plan = DrawingPlan.choose(scene.stage, scene.drawing.output)
        plan.choose(tracks)
        return plan
    }

    @Test func thePlanCarriesTheColourCirclesAndBandsTheSceneDraws() throws {
        let scene = try Self.coloured()
        let plan = scene.drawing
        #expect(plan.wedges == .colourCircles && plan.separators == .bands)
        // Fewer circles than the elements they replace, numbered in paint order, each of a
        // colour the slices have; the scene draws the plan's.
        #expect(!plan.colourCircles.isEmpty && plan.colourCircles.count + 1 < scene.motion.count)
        #expect(plan.colourCircles.map(\.index) == Array(plan.colourCircles.indices))
        let colours = Set(scene.layout.slices.map(\.color))
        #expect(plan.colourCircles.allSatisfy { colours.contains($0.color) && $0.band == nil && $0.from.count == $0.to.count })
        #expect(scene.colourCircles == plan.colourCircles && scene.separatorBands == plan.separatorBands)
        // The bands follow the circles, in the separators' colour, fewer than the lines, each
        // at most `Budgets.bandRatio` times as far out as in.
        #expect(!plan.separatorBands.isEmpty && plan.separatorBands.count < scene.separators.count)
        #expect(plan.separatorBands.map(\.index) == Array(plan.colourCircles.count..<(plan.colourCircles.count + plan.separatorBands.count)))
        for band in plan.separatorBands {
            let b = try #require(band.band)
            #expect(band.color == scene.layout.stroke.color)
            #expect((b.radius + b.width / 2) / (b.radius - b.width / 2) <= Budgets.bandRatio + 1e-9)
        }
        // The SVG writes them as they are: one `.p-n<k>` circle each.
        let chart = Transition.between(old: try Fixture.loaded(BoxLayerTests.yaml((0..<30).map { 5 + $0 % 7 })),
                                       new: try Fixture.loaded(BoxLayerTests.yaml((0..<30).map { 5 + ($0 * 3) % 11 })))
        let svg = Fixture.text(BundleWriter.write(spec: try Fixture.loaded(BoxLayerTests.yaml((0..<30).map { 5 + ($0 * 3) % 11 })),
                                                  sourceBytes: [], chart: chart), "chart.svg")
        #expect(svg.occurrences(of: "<circle class=\"p-n") == plan.colourCircles.count + plan.separatorBands.count)
        // A chart of offset dashes carries none.
        let plain = try BoxLayerTests.scene(BoxLayerTests.update.new, from: BoxLayerTests.update.old).drawing
        #expect(plain.colourCircles.isEmpty && plain.separatorBands.isEmpty)
    }

    /// `Strategies.SeparatorBands` draws only lines across the motion ring (`DrawnTracks.motionRing`):
    /// one line short of it keeps every separator a turning line, and the plan says so.
    @Test func bandsAreRefusedWhereALineIsNotAcrossTheMotionRing() throws {
        let scene = try Self.coloured()
        let ring = try #require(scene.motionRing)
        // The scene's own tracks, chosen again: the same plan, bands and all.
        #expect(Self.chosen(scene, EditedTracks(scene) { _ in }) == scene.drawing)
        #expect(Strategies.SeparatorBands.draws(scene))
        for edit: (inout Stage.Separator) -> Void in [{ $0.inner = ring.inner + 1 }, { $0.outer = ring.outer - 1 }] {
            let short = EditedTracks(scene) { edit(&$0.separators[3]) }
            #expect(!Strategies.SeparatorBands.draws(short))
            let plan = Self.chosen(scene, short)
            #expect(plan.wedges == .colourCircles, "the circles do not depend on the lines")
            #expect(plan.separators == .lines && plan.separatorBands.isEmpty)
            let decision = try #require(plan.decisions.first { $0.name == "separators" })
            #expect(decision.value == "lines" && decision.reason == DrawingPlan.Separators.lines.reason)
        }
    }

    @Test func thePlanCarriesTheBoxesAndTheirHold() throws {
        let scene = try BoxLayerTests.scene(BoxLayerTests.update.new, from: BoxLayerTests.update.old)
        let boxes = try #require(scene.drawing.boxes)
        #expect(scene.drawing.page == .boxes && boxes.hold == Budgets.boxHold)
        // Two boxes per piece and one per line no piece carries, within the budget.
        #expect(!boxes.pieces.isEmpty && boxes.carries.count == boxes.pieces.count)
        #expect(boxes.count == 2 * boxes.pieces.count + boxes.separators.count && boxes.count <= Budgets.turningBoxes)
        // index.html writes the plan's boxes and hold: told otherwise, it writes that.
        var told = scene
        told.drawing.boxes?.hold = 500
        var out = ByteWriter()
        try #require(BoxLayer(told)).css(into: &out)
        let css = String(decoding: out.bytes, as: UTF8.self)
        #expect(css.contains(".p-bx{animation:piec-bx-bon 1500ms linear backwards}"))
        #expect(css.contains("66.667%{rotate:"))
        // Where index.html keeps the SVG's motion the plan carries no boxes.
        for output in DrawingPlan.Output.allCases where output != .bundle {
            let chart = Transition.between(old: try Fixture.loaded(BoxLayerTests.update.old), new: try Fixture.loaded(BoxLayerTests.update.new))
            #expect(Scene(layout: chart.layout, plan: chart.plan, output: output).drawing.boxes == nil, "\(output)")
        }
        let many = Array(repeating: 1, count: 32), changed = (0..<32).map { $0 % 2 + 1 }
        let over = try DrawingPlanTests.plan(changed, from: many)
        #expect(over.pageReason == .budget && over.boxes == nil)
    }
}
