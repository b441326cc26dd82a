import PieSpec
import Testing
@testable import PieCore

@Suite("Layout")
struct LayoutTests {
    @Test func valuesAreNormalisedToTheSweep() {
        let layout = Layout.layout(Fixture.spec([1, 2, 1]))
        #expect(layout.slices.map(\.startAngle) == [0, 90, 270])
        #expect(layout.slices.map(\.endAngle) == [90, 270, 360])
        #expect(layout.outerRadius == 150)
        #expect((layout.cx, layout.cy) == (160, 160))
    }

    @Test func startAngleAndSweepOffsetEveryBoundary() {
        var spec = Fixture.spec([1, 1])
        spec.chart.startAngle = 30
        spec.chart.sweep = 180
        let layout = Layout.layout(spec)
        #expect(layout.slices.map(\.startAngle) == [30, 120])
        #expect(layout.slices.map(\.endAngle) == [120, 210])
    }

    @Test func zeroValueSpansNothing() {
        let layout = Layout.layout(Fixture.spec([1, 0, 1]))
        #expect(layout.slices[1].span == 0)
        #expect(!layout.slices[1].isVisible)
        #expect(layout.slices[1].labelText == nil)
        #expect(layout.slices[2].startAngle == 180)
    }

    @Test func trailingZeroAfterRoundingStillSpansNothing() {
        let layout = Layout.layout(Fixture.spec([0.1, 0.2, 0]))
        #expect(layout.slices[2].span == 0)
        #expect(layout.slices[1].endAngle == 360)
    }

    @Test func sortIsStable() {
        var spec = Fixture.spec([2, 1, 3, 1])
        spec.chart.sort = .ascending
        #expect(Layout.layout(spec).slices.map(\.id) == ["s1", "s3", "s0", "s2"])
        spec.chart.sort = .descending
        #expect(Layout.layout(spec).slices.map(\.id) == ["s2", "s0", "s1", "s3"])
        spec.chart.sort = .none
        #expect(Layout.layout(spec).slices.map(\.id) == ["s0", "s1", "s2", "s3"])
    }

    @Test func totalLeavesTheRestOfTheSweepToTheTrack() {
        var spec = Fixture.spec([62])
        spec.chart.total = 100
        spec.chart.sweep = 180
        spec.chart.startAngle = -90
        spec.chart.track = Color(r: 0xe5, g: 0xe7, b: 0xeb)
        let layout = Layout.layout(spec)
        #expect(layout.slices[0].startAngle == -90)
        #expect(abs(layout.slices[0].endAngle - 21.6) < 1e-9)
        #expect(layout.slices[0].percentText == "62.0")
        #expect(layout.track?.hex == "#e5e7eb")
        #expect(abs(layout.usedEndAngle - 21.6) < 1e-9)
    }

    @Test func innerAndPerSliceRadius() {
        var spec = Fixture.spec([1, 1])
        spec.chart.innerRadius = 0.6
        spec.slices[1].radius = 0.8
        let layout = Layout.layout(spec)
        #expect(layout.innerRadius == 90)
        #expect(layout.slices.map(\.outerRadius) == [150, 120])
        #expect(!layout.equalRadii)
    }

    @Test func explicitColourWinsOverThePalette() {
        var spec = Fixture.spec([1, 1])
        spec.slices[1].color = Color(r: 1, g: 2, b: 3)
        let layout = Layout.layout(spec)
        let palette = Palettes.assign(ids: ["s0", "s1"], palette: .named("default"))
        #expect(layout.slices[0].color == palette[0])
        #expect(layout.slices[1].color.hex == "#010203")
    }

    @Test func coloursStayWithIdsWhenSorted() {
        var spec = Fixture.spec([1, 3, 2])
        let unsorted = Dictionary(uniqueKeysWithValues: Layout.layout(spec).slices.map { ($0.id, $0.color) })
        spec.chart.sort = .descending
        for slice in Layout.layout(spec).slices { #expect(slice.color == unsorted[slice.id]) }
    }

    @Test func labelTextContrastsWithTheSlice() {
        #expect(TextInk.on(Color(r: 0xed, g: 0xc9, b: 0x48)).hex == "#000000")
        #expect(TextInk.on(Color(r: 0x1e, g: 0x29, b: 0x3b)).hex == "#ffffff")
    }

    @Test func labelsFollowTheTemplateAndMinPercent() {
        var spec = Fixture.spec([97.5, 2.5], labels: ["Swift", "Go"])
        spec.labels.content = LabelTemplate(parts: [.token(.label), .text(": "), .token(.value), .text(" ("),
                                                    .token(.percent), .text(") "), .token(.id)], source: "")
        spec.format.prefix = "$"
        spec.format.suffix = "k"
        let layout = Layout.layout(spec)
        #expect(layout.slices[0].labelText == "Swift: $97.5k (97.5%) s0")
        #expect(layout.slices[1].labelText == nil)
        spec.labels.position = .none
        #expect(Layout.layout(spec).slices.allSatisfy { $0.labelText == nil })
    }

    @Test func legendSitsBesideThePieWithoutOverlap() {
        let spec = Fixture.spec([1, 2, 3], labels: ["Alpha", "Beta", "Gamma"])
        for position in LegendPosition.allCases {
            var s = spec
            s.legend.position = position
            let l = Layout.layout(s)
            let pie = (minX: l.cx - l.outerRadius, maxX: l.cx + l.outerRadius,
                       minY: l.cy - l.outerRadius, maxY: l.cy + l.outerRadius)
            let g = l.legend
            #expect(g.position == position)
            if position == .none { #expect(l.width == 320 && l.height == 320); continue }
            let apart = g.x >= pie.maxX || g.x + g.width <= pie.minX || g.y >= pie.maxY || g.y + g.height <= pie.minY
            #expect(apart, "legend \(position) overlaps the pie")
            #expect(g.x >= 0 && g.y >= 0 && g.x + g.width <= l.width && g.y + g.height <= l.height)
            #expect(g.items.count == 3)
        }
    }

    @Test func longLegendsAreCappedWithAMoreRow() {
        let layout = Layout.layout(Fixture.spec((0..<120).map { Double($0 + 1) }))
        #expect(layout.legend.items.count == LegendPlacer.maxItems)
        #expect(layout.legend.items.last?.label == "+ 71 more")
        #expect(layout.legend.items.last?.slice == nil)
    }
}

@Suite("startAngle is absolute")
struct AbsoluteStartAngleTests {
    /// d3, ECharts, matplotlib and Chart.js: the start angle is clockwise from 12 o'clock in
    /// both directions. A counterclockwise chart is drawn mirrored, so its chart angles are
    /// negated screen angles: the first slice starts at screen angle 90 (3 o'clock).
    @Test func counterclockwiseStartAngle90StartsAtThreeOClock() {
        var spec = Fixture.spec([1, 1, 2])
        spec.chart.direction = .counterclockwise
        spec.chart.startAngle = 90
        let layout = Layout.layout(spec)
        #expect(layout.slices[0].startAngle * layout.screenSign == 90)
        // Slices follow counterclockwise on screen: 90, then 0 (12 o'clock), then -90.
        #expect(layout.slices.map { $0.endAngle * layout.screenSign } == [0, -90, -270])
    }

    @Test func clockwiseStartAngleIsUnchanged() {
        var spec = Fixture.spec([1, 1])
        spec.chart.startAngle = 90
        let layout = Layout.layout(spec)
        #expect(layout.slices.map(\.startAngle) == [90, 270])
    }

    /// A transition whose sweep changes draws the old full pie at its first frame: the canvas
    /// is the whole circle's, not the half gauge's.
    @Test func aChangingSweepGetsTheWholeCircleCanvas() {
        let old = Fixture.spec([1, 1])
        var new = old
        new.chart.sweep = 180
        new.chart.startAngle = -90
        let alone = Layout.layout(new)
        let (_, _, layout) = Transition.between(old: old, new: new).parts
        #expect(alone.height < layout.height)
        #expect(layout.cy - layout.outerRadius >= 0 && layout.cy + layout.outerRadius <= layout.height)
    }
}
