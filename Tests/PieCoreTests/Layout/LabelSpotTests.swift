@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// An inside label that does not fit at its default spot slides along its slice (other
/// angles, nearest to the middle first, and other radii) before it is left out (`LabelFit.spot`).
@Suite("Label spot")
struct LabelSpotTests {
    /// The donut of the regression: at its middle angle (about 3 o'clock) the width of
    /// "Swift 44.5%" runs across the thin ring, nearer 12 o'clock it lies along it.
    static func donut(_ swift: Double = 44.5, direction: String = "clockwise") -> String {
        """
        piec: 1
        chart: {innerRadius: 0.6, direction: \(direction)}
        labels: {position: inside, content: "{label} {percent}"}
        slices:
          - {label: Swift, value: \(swift)}
          - {label: Rust, value: 20}
          - {label: Go, value: 15}
          - {label: Python, value: 12}
          - {label: Kotlin, value: 8.5}

        """
    }

    static func fits(_ text: String, _ s: LabelSpot, _ g: SegmentGeometry, fontSize: Double, sign: Double = 1) -> Bool {
        let (w, h) = LabelFit.size(text, fontSize: fontSize)
        let p = Geometry.point(angle: sign * s.angle, radius: s.radius)
        return SectorBox(centerX: p.x, y: p.y, width: w, height: h, pad: LabelFit.padding)
            .isInside(start: g.startAngle, end: g.endAngle, inner: g.innerRadius, outer: g.outerRadius, sign: sign)
    }

    @Test func aBigSlicesLabelSlidesAlongItsArcInsteadOfBeingLeftOut() throws {
        let layout = Layout.layout(try Fixture.loaded(Self.donut()))
        let swift = layout.slices[0], g = swift.geometry, text = "Swift 44.5%"
        #expect(swift.labelText == text && swift.labelLeftOut == nil)
        let size = layout.fontSize
        // Nowhere on the middle angle: not at the default radius, nor at any other.
        let across = stride(from: g.innerRadius, through: g.outerRadius, by: 0.5)
        #expect(!across.contains { Self.fits(text, LabelSpot(angle: swift.midAngle, radius: $0), g, fontSize: size) })
        let spot = try #require(LabelFit.spot(text, geometry: g, fontSize: size, sign: 1, fraction: nil))
        #expect(Self.fits(text, spot, g, fontSize: size))
        // The nearest angle that fits (steps of 2 px of the outer arc, radii 2 px apart from the
        // default): one step nearer the middle, on either side, no radius does.
        let step = 2 / g.outerRadius * 180 / Double.pi
        let k = (abs(spot.angle - swift.midAngle) / step).rounded()
        #expect(k > 1 && abs(abs(spot.angle - swift.midAngle) - k * step) < 1e-9)
        let r0 = g.labelRadius, grid = stride(from: -30.0, through: 30, by: 1).map { r0 + 2 * $0 }
        #expect(grid.contains(spot.radius))
        for angle in [swift.midAngle - (k - 1) * step, swift.midAngle + (k - 1) * step] {
            #expect(!grid.contains { Self.fits(text, LabelSpot(angle: angle, radius: $0), g, fontSize: size) })
        }
        // Built: drawn at that spot, and no warning names it.
        let result = Compiler.compile(CompileRequest(source: SourceFile(path: "t.yaml", text: Self.donut()), defaultID: "t"))
        #expect(!result.diagnostics.contains { d in d.message.contains("Swift") || d.notes.contains { $0.contains("`Swift`") } })
        let svg = Fixture.text(try #require(result.bundle), "chart.svg")
        #expect(svg.contains("rotate(\(formatNumber(spot.angle))) translate(0 -\(formatNumber(spot.radius)))\"><text transform=\"rotate(-\(formatNumber(spot.angle)))\""))
        #expect(svg.contains(">\(text)</text>"))
    }

    @Test func aCounterclockwiseChartFindsTheMirroredSpot() throws {
        let cw = Layout.layout(try Fixture.loaded(Self.donut())), ccw = Layout.layout(try Fixture.loaded(Self.donut(direction: "counterclockwise")))
        let g = cw.slices[0].geometry
        #expect(g == ccw.slices[0].geometry)
        let right = LabelFit.spot("Swift 44.5%", geometry: g, fontSize: cw.fontSize, sign: 1, fraction: nil)
        let left = LabelFit.spot("Swift 44.5%", geometry: g, fontSize: cw.fontSize, sign: -1, fraction: nil)
        #expect(right != nil && right == left)
        #expect(Self.fits("Swift 44.5%", try #require(left), g, fontSize: cw.fontSize, sign: -1))
    }

    @Test func anExplodedSlicesSpotMovesWithItsSlice() {
        var g = SegmentGeometry(startAngle: 0, endAngle: 160, outerRadius: 150, innerRadius: 90, color: LabelFitTests.black)
        g.explode = 12
        let spot = LabelSpot(angle: 35, radius: 118)
        for sign in [1.0, -1.0] {
            let drawn = spot.drawn(on: g, sign: sign)
            let p = Geometry.point(angle: drawn.angle, radius: drawn.radius)
            let a = Geometry.point(angle: sign * 35, radius: 118), e = Geometry.point(angle: sign * 80, radius: 12)
            #expect(abs(p.x - (a.x + e.x)) < 1e-9 && abs(p.y - (a.y + e.y)) < 1e-9)
            #expect(abs(drawn.angle - sign * 35) < 10)
        }
        // On the middle angle the explode only adds to the radius.
        let middle = LabelSpot.middle(of: g, fraction: nil).drawn(on: g, sign: -1)
        #expect(middle.angle == -80 && middle.radius == 120 + 12)
    }

    /// In a transition the label turns and moves from the old chart's spot to the new one's:
    /// the first frame is the old chart at rest, the last the new one.
    @Test func aTransitionMovesTheLabelFromSpotToSpot() throws {
        let old = try Fixture.loaded(Self.donut()), new = try Fixture.loaded(Self.donut(52))
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        let before = Layout.layout(old)
        let label = try #require(Scene(layout: layout, plan: plan).labels.first { $0.text.hasPrefix("Swift") })
        let from = try #require(LabelFit.spot("Swift 44.5%", geometry: before.slices[0].geometry, fontSize: before.fontSize, sign: 1, fraction: nil))
        let to = try #require(LabelFit.spot(label.text, geometry: layout.slices[0].geometry, fontSize: layout.fontSize, sign: 1, fraction: nil))
        #expect(label.text != "Swift 44.5%")
        #expect(from.angle != before.slices[0].midAngle && to.angle != layout.slices[0].midAngle)
        #expect(label.from == from.angle && label.fromRadius == from.radius)
        #expect(label.to == to.angle && label.radius == to.radius)
    }

    /// The search's shortcut never skips a spot that fits: below `nearest` no box fits, in
    /// sectors of 30 to 180 degrees, pies and donuts, both directions.
    @Test func theSkippedRadiiNeverFit() {
        var fitted = 0
        for (start, end, inner) in [(0.0, 160.0, 90.0), (-15, 15, 0), (200, 380, 40), (95, 125, 60)] {
            let g = SegmentGeometry(startAngle: start, endAngle: end, outerRadius: 150, innerRadius: inner, color: LabelFitTests.black)
            for sign in [1.0, -1.0] {
                for text in ["Swift 44.5%", "Go", "Line one\nline two"] {
                    let (w, h) = LabelFit.size(text, fontSize: 12)
                    for angle in stride(from: start + 0.5, to: end, by: 3) {
                        let least = LabelFit.nearest(angle, g, width: w + 2 * LabelFit.padding, height: h + 2 * LabelFit.padding)
                        for r in stride(from: 1.0, through: 150, by: 2) {
                            let fits = Self.fits(text, LabelSpot(angle: angle, radius: r), g, fontSize: 12, sign: sign)
                            #expect(!fits || r >= least, "\(text) at \(angle), \(r) in \(start)...\(end): fits below \(least)")
                            if fits { fitted += 1 }
                        }
                    }
                }
            }
        }
        #expect(fitted > 300)
    }
}
