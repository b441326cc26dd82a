import Foundation
import GoldenFiles
import PieSpec
import Testing
@testable import PieCore

/// `DrawingPlan.choose`: which strategy each kind of chart gets, and docs/dev/motion.md's
/// generated table of strategies and gates.
@Suite("Drawing plan")
struct DrawingPlanTests {
    /// `extra`: animation keys; `chartKeys`: keys of `chart`.
    static func plan(_ new: [Int], from old: [Int]?, extra: String = "", chartKeys: String = "") throws -> DrawingPlan {
        func yaml(_ values: [Int]) -> String {
            BoxLayerTests.yaml(values, extra: extra).replacingOccurrences(of: "  innerRadius: 0.5", with: "  innerRadius: 0.5" + chartKeys)
        }
        return try BoxLayerTests.scene(yaml(new), from: old.map(yaml)).drawing
    }

    @Test func aPlainUpdateOfFewSlicesIsSharedKeyframesOfOffsetDashesAndBoxes() throws {
        var p = try Self.plan([10, 20, 35, 25, 10], from: [30, 20, 10, 25, 15])
        // The decisions; the boxes the plan carries are pinned in `DrawnPartsTests`.
        #expect(p.boxes != nil)
        p.boxes = nil
        #expect(p == DrawingPlan(joins: .stacked, pageReason: .boxes, wedges: .offsetDashes, separators: .lines, keyframes: .shared,
                                 rest: .strokes, page: .boxes))
    }

    @Test func manySlicesOfRepeatingColoursAreColourCirclesAndBandsWithLiteralKeyframes() throws {
        let old = (0..<30).map { 5 + $0 % 7 }, new = (0..<30).map { 5 + ($0 * 3) % 11 }
        let p = try Self.plan(new, from: old)
        #expect(p.wedges == .colourCircles && p.separators == .bands)
        #expect(p.keyframes == .literal, "over Budgets.sharedKeyframeParts parts")
        #expect(p.page == .svg, "more than Budgets.turningBoxes boxes")
    }

    @Test func maskedChartsRotateTheirDashes() throws {
        let p = try Self.plan([10, 20, 35], from: [30, 20, 10], chartKeys: "\n  padAngle: 2")
        #expect(p.wedges == .rotatedDashes && p.rest == .filled && p.separators == .none)
    }

    /// Whether exploded wedges ride orbits is the plan's (`DrawingPlan.Orbits`), asked of the
    /// stage: any slice exploded at either end of a motion; the scene draws the stage's orbit
    /// tracks only where the plan says so.
    @Test func anExplodeAtEitherEndOfAMotionRidesOrbits() throws {
        func yaml(_ values: [Int], exploded k: Int?) -> String {
            let plain = BoxLayerTests.yaml(values)
            guard let k else { return plain }
            return plain.replacingOccurrences(of: "label: L\(k), value: \(values[k]) }", with: "label: L\(k), value: \(values[k]), explode: 9 }")
        }
        for (old, new) in [(yaml([10, 20, 35], exploded: 1), yaml([30, 20, 10], exploded: nil)),
                           (yaml([10, 20, 35], exploded: nil), yaml([30, 20, 10], exploded: 2))] {
            let scene = try BoxLayerTests.scene(new, from: old)
            #expect(scene.drawing.orbits == .groups && scene.drawing.joins == .apart && scene.drawing.page == .svg)
            #expect(scene.orbits.count == scene.motion.count && scene.orbits == scene.stage.orbits)
        }
        let plain = try BoxLayerTests.scene(yaml([30, 20, 10], exploded: nil), from: yaml([10, 20, 35], exploded: nil))
        #expect(plain.drawing.orbits == .none && plain.orbits.isEmpty)
        // Nothing moves: the explode is the rest layer's, no orbit.
        let still = try BoxLayerTests.scene(yaml([10, 20, 35], exploded: 1), from: yaml([10, 20, 35], exploded: 1))
        #expect(still.drawing.orbits == .none && still.orbits.isEmpty && !still.stage.orbits.isEmpty)
    }

    @Test func staggerIsSampledAndStagesAligned() throws {
        #expect(try Self.plan([10, 20, 35], from: [30, 20, 10], extra: "  stagger: 100ms").keyframes == .sampled)
        #expect(try Self.plan([10, 20, 35], from: [30, 20, 10], extra: "  stages: staged").keyframes == .aligned)
    }

    @Test func aWedgeUnderTheStrokedMinimumKeepsFilledRest() throws {
        // 1 of 401: 0.9 degree, under Budgets.minStrokedWedge.
        #expect(try Self.plan([400, 1], from: nil).rest == .filled)
        #expect(try Self.plan([40, 10], from: nil).rest == .strokes)
    }

    @Test func anInstantTakesTheWholeTransitionsPlan() throws {
        let whole = try BoxLayerTests.scene(BoxLayerTests.yaml([10, 20, 35], extra: "  stagger: 100ms"),
                                            from: BoxLayerTests.yaml([30, 20, 10], extra: "  stagger: 100ms"))
        #expect(Scene(instant: whole.plan.frozen(at: 300), of: whole).drawing == whole.drawing)
    }

    @Test func theExplanationIsWhatTheBundleDraws() throws {
        let (new, old) = (BoxLayerTests.update.new, BoxLayerTests.update.old)
        let spec = try Fixture.loaded(new)
        let chart = Transition.between(old: try Fixture.loaded(old), new: spec)
        let parts = DrawingExplanation.of(chart, spec: spec, svgOnly: false)
        #expect(parts.map(\.part) == ["chart"])
        #expect(parts[0].decisions.map { $0.name + " " + $0.value } == [
            "output bundle", "joins stacked", "masks none", "orbits none", "opacity opaque", "wedges offsetDashes", "separators lines",
            "keyframes shared", "rest strokes", "page boxes", "pageReason boxes",
        ])
        #expect(try BoxLayerTests.index(new, from: old).contains("p-bx"))
        // Without index.html nothing moves by boxes, and the plan says why.
        let svgOnly = DrawingExplanation.of(chart, spec: spec, svgOnly: true)[0].decisions
        #expect(svgOnly.map { $0.name + " " + $0.value }.filter { $0.hasPrefix("output") || $0.hasPrefix("page") }
                == ["output svg", "page svg", "pageReason output"])
    }

    @Test func everyDecisionIsExplainedInItsFixedOrderWithAReasonForEachValue() throws {
        #expect(DrawingPlan.unchosen.decisions.map(\.name) == DrawingPlan.decisionNames)
        #expect(DrawingPlan.strategyDecisions.allSatisfy(DrawingPlan.decisionNames.contains))
        // Every value of every decision has a reason of its own (no empty, no shared text).
        for name in DrawingPlan.decisionNames {
            let values = DrawingPlan.values(of: name)
            #expect(values.count >= 2, "\(name)")
            var plan = DrawingPlan.unchosen
            var reasons: Set<String> = []
            for value in values {
                switch name {
                case "output": plan.output = try #require(.init(rawValue: value))
                case "joins": plan.joins = try #require(.init(rawValue: value))
                case "masks": plan.masks = try #require(.init(rawValue: value))
                case "orbits": plan.orbits = try #require(.init(rawValue: value))
                case "opacity": plan.opacity = try #require(.init(rawValue: value))
                case "wedges": plan.wedges = try #require(.init(rawValue: value))
                case "separators": plan.separators = try #require(.init(rawValue: value))
                case "keyframes": plan.keyframes = try #require(.init(rawValue: value))
                case "rest": plan.rest = try #require(.init(rawValue: value))
                case "page": plan.page = try #require(.init(rawValue: value))
                default: plan.pageReason = try #require(.init(rawValue: value))
                }
                let d = try #require(plan.decisions.first { $0.name == name })
                #expect(d.value == value && !d.reason.isEmpty && !d.reason.hasSuffix("."), "\(name) \(value)")
                reasons.insert(d.reason)
            }
            #expect(reasons.count == values.count, "\(name): one reason per value")
        }
        // Gates are named with their value from `Budgets`, never restated by hand.
        var plan = DrawingPlan.unchosen
        plan.masks = .cutouts
        #expect(plan.decisions[2].reason.contains("rotatedDashes (\(Budgets.rotatedDashes))"))
    }

    /// `theme.opacity` below 1 at either end is asked once, by the plan (`DrawingPlan.Opacity`):
    /// the pie's `.p-op` group and index.html's boxes both read it.
    @Test func thePlanDecidesWhetherThePieIsTranslucent() throws {
        func theme(_ opacity: String) -> String { "theme: {opacity: \(opacity)}" }
        let opaque = try Self.plan([10, 20, 35], from: [30, 20, 10])
        #expect(opaque.opacity == .opaque && opaque.page == .boxes)
        let faint = try Self.plan([10, 20, 35], from: [30, 20, 10], extra: theme("0.5"))
        #expect(faint.opacity == .translucent && faint.page == .svg && faint.pageReason == .opacity)
        #expect(try Self.plan([10, 20, 35], from: nil, extra: theme("0.5")).opacity == .translucent, "an enter")
        #expect(try Self.plan([10, 20, 35], from: [10, 20, 35], extra: theme("0.99")).opacity == .translucent, "still")
        // Translucent at one end only: the group holds the change.
        func yaml(_ values: [Int], _ opacity: String) -> String { BoxLayerTests.yaml(values, extra: theme(opacity)) }
        let fading = try BoxLayerTests.scene(yaml([10, 20, 35], "1"), from: yaml([30, 20, 10], "0.5"))
        #expect(fading.drawing.opacity == .translucent && fading.drawing.pageReason == .opacity)
        let clearing = try BoxLayerTests.scene(yaml([10, 20, 35], "0.5"), from: yaml([30, 20, 10], "1"))
        #expect(clearing.drawing.opacity == .translucent)
        // The writer reads the plan, not the opacities: a plan that says opaque writes no group.
        func body(_ scene: Scene) -> String {
            var writer = SVGWriter(scene: scene, title: "", description: "", format: FormatOptions(), withInline: false)
            writer.writeBody()
            return String(decoding: writer.svg.bytes, as: UTF8.self)
        }
        var told = fading
        #expect(body(told).contains("<g class=\"p-op\" opacity=\"1\">"))
        told.drawing.opacity = .opaque
        #expect(!body(told).contains("p-op"))
    }

    @Test func theStageDecidesHowWedgesMeetAndWhetherTheyAreMasked() throws {
        let plain = try Self.plan([10, 20, 35], from: [30, 20, 10])
        #expect(plain.joins == .stacked && plain.masks == .none)
        let rose = try Self.plan([10, 20, 35], from: [30, 20, 10], chartKeys: "\n  rose: area")
        #expect(rose.joins == .bridged, "a rose's wedges are extended under the next")
        let padded = try Self.plan([10, 20, 35], from: [30, 20, 10], chartKeys: "\n  padAngle: 2")
        #expect(padded.joins == .apart && padded.masks == .cutouts)
        // Over Budgets.rotatedDashes motion elements the masks go: square dashes while moving.
        let many = (0..<(Budgets.rotatedDashes + 1)).map { 1 + $0 % 3 }
        let square = try Self.plan(many, from: many.reversed(), chartKeys: "\n  padAngle: 1")
        #expect(square.masks == .square && square.joins == .apart)
    }

    @Test func theOutputDecidesWhetherIndexHTMLMayUseBoxes() throws {
        let (new, old) = (BoxLayerTests.update.new, BoxLayerTests.update.old)
        let chart = Transition.between(old: try Fixture.loaded(old), new: try Fixture.loaded(new))
        for output in DrawingPlan.Output.allCases {
            let p = Scene(layout: chart.layout, plan: chart.plan, output: output).drawing
            #expect(p.output == output)
            #expect(p.page == (output == .bundle ? .boxes : .svg), "\(output)")
            #expect(p.pageReason == (output == .bundle ? .boxes : .output), "\(output)")
            // Everything else is the same plan.
            #expect(p.wedges == .offsetDashes && p.keyframes == .shared && p.joins == .stacked, "\(output)")
        }
    }

    @Test func thePlanSaysWhyIndexHTMLKeepsTheSVGMotion() throws {
        func reason(_ new: [Int], from old: [Int]?, extra: String = "", chartKeys: String = "") throws -> DrawingPlan.PageReason {
            try Self.plan(new, from: old, extra: extra, chartKeys: chartKeys).pageReason
        }
        #expect(try reason([10, 20, 35], from: [30, 20, 10]) == .boxes)
        #expect(try reason([10, 20, 35], from: [10, 20, 35]) == .still)
        #expect(try reason([10, 20, 35], from: [30, 20, 10], extra: "  stagger: 100ms") == .sampled)
        #expect(try reason([10, 20, 35], from: [30, 20, 10], chartKeys: "\n  direction: counterclockwise") == .shape)
        #expect(try reason([10, 20, 35], from: [30, 20, 10], chartKeys: "\n  outline: {width: 3}") == .boxes)
        // 32 changing slices take more than Budgets.turningBoxes boxes.
        let many = Array(repeating: 1, count: 32), changed = (0..<32).map { $0 % 2 + 1 }
        #expect(try reason(changed, from: many) == .budget)
        #expect(try reason(Array(repeating: 1, count: Budgets.turningBoxes + 1), from: many) == .budget)
        // An outline that recolours moves (one that appears shrinks the pie: its wedges change
        // radius first): the boxes would draw the wedges under a still SVG outline.
        func outlined(_ values: [Int], _ color: String) -> String {
            BoxLayerTests.yaml(values).replacingOccurrences(of: "  innerRadius: 0.5",
                                                            with: "  innerRadius: 0.5\n  outline: {width: 3, color: \"\(color)\"}")
        }
        let outlined = try BoxLayerTests.scene(outlined([10, 20, 35], "#ff0000"), from: outlined([30, 20, 10], "#0000ff"))
        #expect(outlined.drawing.pageReason == .outline && outlined.stage.outlineMoves)
        let titled = try BoxLayerTests.scene(BoxLayerTests.yaml([10, 20, 35]).replacingOccurrences(of: "id: bx", with: "id: bx\ntitle: New"),
                                             from: BoxLayerTests.yaml([30, 20, 10]).replacingOccurrences(of: "id: bx", with: "id: bx\ntitle: Old"))
        #expect(titled.drawing.pageReason == .ink, "title lines cross-fade")
    }

    /// docs/dev/motion.md's generated section equals `StrategiesPage.markdown`
    /// (`PIEC_UPDATE_FIXTURES=1 swift test --filter DrawingPlanTests` rewrites it).
    @Test func motionPageIsNotStale() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../docs/dev/motion.md").standardized
        let page = try String(contentsOf: url, encoding: .utf8)
        let open = "<!-- strategies: generated by DrawingPlanTests -->\n", close = "<!-- /strategies -->"
        let start = try #require(page.range(of: open)), end = try #require(page.range(of: close))
        let current = String(page[start.upperBound..<end.lowerBound])
        if Golden.updating, current != StrategiesPage.markdown {
            try (String(page[..<start.upperBound]) + StrategiesPage.markdown + String(page[end.lowerBound...])).write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == StrategiesPage.markdown, "docs/dev/motion.md is stale: PIEC_UPDATE_FIXTURES=1 swift test --filter DrawingPlanTests")
    }
}
