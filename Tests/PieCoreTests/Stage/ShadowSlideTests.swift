import PieSpec
import Testing
@testable import PieCore

/// `theme.shadow` under exploded slices between versions (`Stage.Shadow.slides`): when only the
/// explode moves, each slice's sector of the shadow slides with the slice, so at every instant
/// the shadow is the slices' own sectors at that instant (each moved by its explode at that
/// instant along its middle), which tile the circle: nothing is shaded twice. A shadow that
/// changes otherwise still cross-fades.
@Suite struct ShadowSlideTests {
    static func spec(_ values: [Int], exploded k: Int, shadow: String = "{blur: 10, offset: [0, 8]}",
                     direction: String = "clockwise") throws -> ChartSpec {
        let slices = values.enumerated().map { i, v in "{id: s\(i), label: S\(i), value: \(v)\(i == k ? ", explode: 14" : "")}" }
        return try Fixture.loaded("piec: 1\nid: t\nchart: {size: 320, innerRadius: 0.4, direction: \(direction)}\n"
            + "theme: {shadow: \(shadow)}\nanimation: {duration: 1000ms, easing: ease-in-out}\n"
            + "slices: [" + slices.joined(separator: ", ") + "]\n")
    }

    /// The sector each drawn segment casts at `t`, from the plan's exact state there.
    static func expected(_ plan: TransitionPlan, sign: Double, at t: Double) -> [ShadowWedge] {
        let now = plan.frozen(at: t)
        return plan.segments.indices.filter { Stage.draws(plan.segments[$0]) }.map { k in
            let g = now.segments[k].from
            return ShadowWedge.slice(start: g.startAngle, end: g.endAngle, explode: g.explode, sign: sign)
        }
    }

    func checkSlides(_ old: ChartSpec, _ new: ChartSpec, sign: Double) throws {
        let plan = Transition.between(old: old, new: new).plan
        let track = Stage.Shadow(plan)
        #expect(track.slide, "the shadow under a moved explode slides")
        for f in [0.1, 0.3, 0.5, 0.7, 0.9] {
            let t = track.window.start + track.window.length * f
            let drawn = track.at(t)
            // One shadow, fully drawn: no cross-fade of two.
            #expect(drawn.count == 1 && drawn.first?.opacity == 1, "at \(f): \(drawn.map(\.opacity))")
            let got = try #require(drawn.first).shadow.wedges, want = Self.expected(plan, sign: sign, at: t)
            #expect(got.count == want.count)
            for (a, b) in zip(got, want) {
                #expect(abs(a.start - b.start) < 1e-9 && abs(a.end - b.end) < 1e-9, "angles at \(f): \(a) vs \(b)")
                #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9, "moved at \(f): \(a) vs \(b)")
            }
            // Mid-motion, both slices are exploded part of the way: two sectors move.
            if f == 0.5 { #expect(got.filter { $0.x != 0 || $0.y != 0 }.count == 2) }
            // The sectors tile the circle: contiguous, 360 degrees in all, none overlapping.
            #expect(abs(got.reduce(0) { $0 + $1.end - $1.start } - 360) < 1e-9)
            for (a, b) in zip(got, got.dropFirst()) { #expect(abs(a.end - b.start) < 1e-9 || abs(a.start - b.end) < 1e-9) }
        }
        // At rest, the last end's sectors (runs joined again).
        #expect(track.at(track.window.end + 1).first?.shadow == plan.to.shadow)
    }

    @Test func theSectorsSlideWithTheirSlices() throws {
        try checkSlides(try Self.spec([55, 25, 12, 8], exploded: 1), try Self.spec([45, 30, 17, 8], exploded: 2), sign: 1)
    }

    @Test func aCounterclockwiseChartsSectorsSlideMirrored() throws {
        try checkSlides(try Self.spec([55, 25, 12, 8], exploded: 1, direction: "counterclockwise"),
                        try Self.spec([45, 30, 17, 8], exploded: 2, direction: "counterclockwise"), sign: -1)
    }

    @Test func aShadowThatChangesToo() throws {
        // Blur and explode change: the shadow itself changes, so its two ends cross-fade.
        let plan = Transition.between(old: try Self.spec([55, 25, 12, 8], exploded: 1),
                                      new: try Self.spec([45, 30, 17, 8], exploded: 2, shadow: "{blur: 4}")).plan
        let track = Stage.Shadow(plan)
        #expect(!track.slide)
        #expect(track.at(track.window.start + track.window.length / 2).map(\.opacity).count == 2)
    }

    @Test func theBundleSlidesEachSectorAsTheSliceMoves() throws {
        let bundle = Compiler.compile(spec: try Self.spec([45, 30, 17, 8], exploded: 2),
                                      sourceBytes: Array("piec: 1\n".utf8), previous: try Self.spec([55, 25, 12, 8], exploded: 1))
        let svg = Fixture.text(bundle, "chart.svg")
        #expect(svg.contains("<g class=\"p-shm\" visibility=\"hidden\""))
        #expect(svg.contains("<g class=\"p-shs3\"><g><circle r=\""))
        #expect(!svg.contains("p-sho"), "no cross-fade")
        // The exploded-at-the-end slice (s2): turns to its middle, moves out 14 px from 0.
        #expect(svg.contains(";translate:0 -14px;--r:"))
        #expect(svg.contains("@keyframes piec-t-shd{from{rotate:var(--r);stroke-dasharray:var(--d)}}"))
        #expect(svg.contains(".p-shm circle{animation:piec-t-shd 1000ms ease-in-out backwards}"))
        let manifest = Fixture.text(bundle, "manifest.json")
        #expect(manifest.contains("\"motion\": \"slide\"") || manifest.contains("\"motion\":\"slide\""))
    }
}
