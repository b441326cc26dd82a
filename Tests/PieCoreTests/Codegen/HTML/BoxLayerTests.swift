import PieSpec
import Testing
@testable import PieCore

/// index.html's compositor layer (`BoxLayer`): which charts get it and what it writes.
@Suite("Compositor boxes in index.html")
struct BoxLayerTests {
    static func yaml(_ values: [Int], extra: String = "", ids: [String]? = nil) -> String {
        var lines = ["piec: 1", "id: bx", "chart:", "  size: 400", "  innerRadius: 0.5", "labels:", "  position: none",
                     "legend:", "  position: none", "animation:", "  duration: 1000ms", "  easing: ease-in-out"]
        if !extra.isEmpty { lines.append(extra) }
        lines.append("slices:")
        for (k, v) in values.enumerated() { lines.append("  - { id: \(ids?[k] ?? "s\(k)"), label: L\(k), value: \(v) }") }
        return lines.joined(separator: "\n") + "\n"
    }

    static func scene(_ new: String, from old: String?) throws -> Scene {
        let chart = Transition.between(old: try old.map(Fixture.loaded), new: try Fixture.loaded(new))
        return Scene(layout: chart.layout, plan: chart.plan)
    }

    /// index.html's layer of `scene`, nil where its plan moves index.html by the SVG's own
    /// motion (`DrawingPlan.page`).
    static func layer(_ scene: Scene) -> BoxLayer? {
        scene.drawing.page == .boxes ? BoxLayer(scene) : nil
    }

    static func index(_ new: String, from old: String?) throws -> String {
        let chart = Transition.between(old: try old.map(Fixture.loaded), new: try Fixture.loaded(new))
        let bundle = BundleWriter.write(spec: try Fixture.loaded(new), sourceBytes: [], chart: chart)
        return Fixture.text(bundle, "index.html")
    }

    static let update = (old: yaml([30, 20, 10, 25, 15]), new: yaml([10, 20, 35, 25, 10]))

    @Test func aPlainUpdateGetsTheLayerAndChartSVGDoesNot() throws {
        let html = try Self.index(Self.update.new, from: Self.update.old)
        #expect(html.occurrences(of: "<div class=\"p-fx\">") == 1)
        #expect(html.contains("<div class=\"p-bx\" aria-hidden=\"true\"><i class=\"p-k0\"><i><i><i></i></i></i>"))
        // The SVG's motion is off and its pie hidden for the motion by one group animation.
        #expect(html.contains(".piec-bx .p-mo{display:none}\n.piec-bx .p-pie :is(.p-mo,.p-sep) *{animation:none}\n"))
        #expect(html.contains(".piec-bx .p-pie{animation:piec-bx-hide 1000ms linear backwards}\n"))
        // Boxes run for the motion and the hold, eased per keyframe interval; the motion ends at 1000/1200.
        #expect(html.contains(".p-bx{animation:piec-bx-bon 1200ms linear backwards}\n"))
        #expect(html.contains("83.333%{rotate:"))
        let chart = Transition.between(old: try Fixture.loaded(Self.update.old), new: try Fixture.loaded(Self.update.new))
        let svg = Fixture.text(BundleWriter.write(spec: try Fixture.loaded(Self.update.new), sourceBytes: [], chart: chart), "chart.svg")
        #expect(!svg.contains("p-bx") && !svg.contains("cqw"))
    }

    @Test func everyAnimationIsInsideTheReducedMotionQueryAndTheLayerIsHiddenOutsideIt() throws {
        let html = try Self.index(Self.update.new, from: Self.update.old)
        let css = html.between("<style>\n", "</style>")
        let boxes = String(css[css.firstRange(of: ".piec-bx .p-mo{display:none}")!.lowerBound...])
        let media = boxes.between("@media (prefers-reduced-motion:no-preference){\n", "@keyframes")
        #expect(media.contains("animation-name:piec-bx-bk"))
        let outside = boxes.between("", "@media")
        #expect(!outside.contains("animation-name") && outside.contains("pointer-events:none;scale:0}"))
    }

    @Test func piecesTileTheCircleStackedWithEachReachingUnderTheNext() throws {
        let s = try Self.scene(Self.update.new, from: Self.update.old)
        let pieces = try #require(Self.layer(s)).pieces
        // Closed at both ends: painting starts at the first slice, reaching back under the last.
        let segments = s.plan.segments
        #expect(abs(pieces[0].to.start - (BoxPieces.mid(segments[4].to) - 360)) < 1e-9)
        for p in pieces { #expect(p.from.span <= 180 + 1e-9 && p.to.span <= 180 + 1e-9) }
        // Each later slice starts exactly at its own start, over the one before.
        #expect(pieces.contains { abs($0.to.start - segments[1].to.startAngle) < 1e-9 })
        // The last slice ends at its own end (the first one's start + 360).
        let last = pieces.last!
        #expect(abs(last.to.start + last.to.span - 360) < 1e-9)
    }

    @Test func aSliceWiderThan180IsCutIntoOverlappingPieces() {
        let wide = [Segment(id: "a", kind: .update, slice: 0, from: Self.wedge(0, 300), to: Self.wedge(0, 200)),
                    Segment(id: "b", kind: .update, slice: 1, from: Self.wedge(300, 360), to: Self.wedge(200, 360))]
        let pieces = BoxPieces(wide).pieces
        // a: [mid(b) - 360, mid(b)] at the start = 360 degrees: three pieces of 1.5/3 of it.
        #expect(pieces.count == 4)
        #expect(pieces[0].from.start == -30 && pieces[0].from.span == 180 && pieces[1].from.start == 90)
        #expect(pieces[2].from.start + pieces[2].from.span == 330 && pieces[3].from.start == 300)
        for p in pieces { #expect(p.from.span <= 180 && p.to.span <= 180) }
    }

    static func wedge(_ a: Double, _ b: Double) -> SegmentGeometry {
        SegmentGeometry(startAngle: a, endAngle: b, outerRadius: 100, innerRadius: 50, color: Color(r: 1, g: 2, b: 3))
    }

    @Test(arguments: [
        ("a counterclockwise chart", "  direction: counterclockwise"),
        ("rounded corners", "  cornerRadius: 4"),
        ("a gap between slices", "  padAngle: 2"),
        ("a track", "  sweep: 180\n  track: \"#cccccc\""),
    ])
    func chartsItCannotDrawExactlyKeepTheirSVGMotion(_ what: String, _ chartKeys: String) throws {
        let old = Self.yaml([30, 20, 10]).replacingOccurrences(of: "  innerRadius: 0.5", with: "  innerRadius: 0.5\n" + chartKeys)
        let new = Self.yaml([10, 20, 30]).replacingOccurrences(of: "  innerRadius: 0.5", with: "  innerRadius: 0.5\n" + chartKeys)
        #expect(Self.layer(try Self.scene(new, from: old)) == nil, "\(what)")
        #expect(!(try Self.index(new, from: old)).contains("p-bx"), "\(what)")
    }

    @Test func insideLabelsAStaggerAndAnEnterWithoutSeparatorsKeepTheSVGMotion() throws {
        let labelled = Self.yaml([30, 20, 10]).replacingOccurrences(of: "  position: none\nlegend", with: "  position: inside\nlegend")
        #expect(Self.layer(try Self.scene(labelled.replacingOccurrences(of: "[30", with: "[10"), from: labelled)) == nil)
        let staggered = Self.yaml([10, 20, 30], extra: "  stagger: 100ms").replacingOccurrences(of: "  easing: ease-in-out\n  stagger", with: "  easing: ease-in-out\n  stagger")
        // A stagger is sampled: `DrawingPlan.choose` never asks the boxes.
        #expect(try Self.scene(staggered, from: Self.yaml([30, 20, 10], extra: "  stagger: 100ms")).drawing.page == .svg)
        // An enter grows from one point: the circle closes at its end only, so without a
        // separator over the closing line the seam would show.
        let bare = Self.yaml([30, 20, 10], extra: "theme:\n  stroke:\n    width: 0")
        #expect(Self.layer(try Self.scene(bare, from: nil)) == nil)
        #expect(Self.layer(try Self.scene(Self.yaml([30, 20, 10]), from: nil)) != nil)
    }

    @Test func theBoxCountIsLimited() throws {
        let many = Array(repeating: 1, count: 32), changed = (0..<32).map { $0 % 2 + 1 }
        #expect(Self.layer(try Self.scene(Self.yaml(changed), from: Self.yaml(many))) == nil)
        let some = Array(repeating: 1, count: 16), other = (0..<16).map { $0 % 2 + 1 }
        let layer = try #require(Self.layer(try Self.scene(Self.yaml(other), from: Self.yaml(some))))
        #expect(2 * layer.pieces.count + layer.separators.count <= Budgets.turningBoxes)
    }

    @Test func separatorsRideInThePieceThatStartsAtThemWhereNothingLaterCoversThem() throws {
        let s = try Self.scene(Self.update.new, from: Self.update.old)
        let layer = try #require(Self.layer(s))
        // Five boundaries: the first slice starts under the last one (its piece starts at the
        // middle of the last), so its line is a box of its own; the other four ride.
        #expect(s.separators.count == 5 && layer.carries.filter { $0 }.count == 4 && layer.separators.count == 1)
        #expect(layer.separators[0].to == s.plan.segments[0].to.startAngle)
        let html = try Self.index(Self.update.new, from: Self.update.old)
        #expect(html.occurrences(of: "<i></i></i></i><b></b></i>") == 4 && html.occurrences(of: "<b class=\"p-j") == 1)
        // A later piece that starts before a line's piece would cover it: the line stays a box.
        let a = BoxPieces.Piece(color: Color(r: 1, g: 1, b: 1), from: (10, 20), to: (10, 20))
        let b = BoxPieces.Piece(color: Color(r: 1, g: 1, b: 1), from: (5, 20), to: (12, 20))
        let line = BoxLayer.Separator(index: 0, from: 10, to: 10, fromOpacity: 1, toOpacity: 1)
        #expect(Strategies.CompositorBoxes.riders([line], on: [a, b]) == [nil, nil])
        #expect(Strategies.CompositorBoxes.riders([line], on: [b, a]) == [nil, 0])
        var fading = line
        fading.toOpacity = 0
        #expect(Strategies.CompositorBoxes.riders([fading], on: [b, a]) == [nil, nil])
    }

    @Test func theLayerIsDeterministic() throws {
        #expect(try Self.index(Self.update.new, from: Self.update.old) == (try Self.index(Self.update.new, from: Self.update.old)))
    }
}
