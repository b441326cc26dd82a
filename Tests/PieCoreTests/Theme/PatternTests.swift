import PieSpec
import Testing
@testable import PieCore

@Suite("Patterns")
struct PatternTests {
    static func patterned(_ values: [Double]) -> ChartSpec {
        var spec = Fixture.spec(values)
        spec.theme.patterns = .auto
        return spec
    }

    @Test func noPatternsByDefault() {
        let svg = Fixture.svg(Fixture.spec([1, 2, 3]))
        #expect(!svg.contains("<defs>") && !svg.contains("url(#"))
        #expect(Layout.layout(Fixture.spec([1, 2, 3])).slices.allSatisfy { $0.pattern == .none })
    }

    @Test func autoPatternFollowsTheColoursPlaceInThePalette() {
        let layout = Layout.layout(Self.patterned([1, 1, 1, 1, 1, 1, 1, 1]))
        let palette = Palettes.colors(named: "default")!
        for slice in layout.slices {
            let place = palette.firstIndex(of: slice.color)!
            #expect(slice.pattern == SlicePattern(Patterns.cycle[place % Patterns.cycle.count]))
        }
    }

    @Test func slicePatternOverridesTheTheme() {
        var spec = Fixture.spec([1, 2])
        spec.slices[1].pattern = .dots
        let layout = Layout.layout(spec)
        #expect(layout.slices.map(\.pattern) == [.none, .builtIn(.dots)])
        spec.theme.patterns = .auto
        spec.slices[0].pattern = PatternKind.none
        #expect(Layout.layout(spec).slices[0].pattern == .none)
    }

    @Test func patternsStayWithTheirSliceWhenOneIsInserted() {
        let old = Self.patterned([1, 2, 3, 4])
        var new = old
        new.slices.insert(SliceSpec(id: "new", label: "New", value: 5), at: 1)
        let before = Dictionary(uniqueKeysWithValues: Layout.layout(old).slices.map { ($0.id, $0.pattern) })
        let (_, _, after) = Transition.between(old: old, new: new).parts
        for slice in after.slices where slice.id != "new" { #expect(slice.pattern == before[slice.id]) }
    }

    @Test func everyReferencedPatternIsDefinedOnceWithAGeneratedID() {
        let svg = Fixture.svg(Self.patterned([1, 2, 3, 4, 5, 6]))
        var referenced = Set<String>()
        var rest = svg[...]
        while let r = rest.firstRange(of: "url(#") {
            rest = rest[r.upperBound...]
            let id = String(rest.prefix { $0 != ")" })
            #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } && id.hasPrefix("piec-test-"))
            referenced.insert(id)
        }
        #expect(!referenced.isEmpty)
        for id in referenced { #expect(svg.occurrences(of: "id=\"" + id + "\"") == 1, "\(id)") }
    }

    @Test func exactLayerDrawsTheOverlayOnTheSameWedge() {
        let svg = Fixture.svg(Self.patterned([1, 1, 1]))
        let exact = svg.between("<g class=\"p-ex\">\n", "</g>\n")
        let d = exact.pathData
        // Each patterned wedge is followed by its overlay with the same outline.
        let overlays = exact.occurrences(of: "fill=\"url(#piec-test-pt-")
        #expect(overlays > 0)
        #expect(d.count == 3 + overlays)
        #expect(Set(d).count == 3)
    }

    @Test func motionOverlayIsMaskedByACopyOfTheDashWithTheSameClass() {
        let svg = Fixture.svg(Self.patterned([1, 1, 1]))
        let layout = Layout.layout(Self.patterned([1, 1, 1]))
        for (k, slice) in layout.slices.enumerated() where slice.pattern != .none {
            #expect(svg.contains("<mask id=\"piec-test-mk\(k)\" class=\"p-pm\"><circle class=\"p-m\(k)\" stroke=\"#fff\""))
            #expect(svg.contains("<g mask=\"url(#piec-test-mk\(k))\"><rect transform=\"rotate(0)\""))
        }
    }

    @Test func motionOverlayTurnsBackToThePiesFrame() {
        var spec = Self.patterned([1, 1, 1])
        spec.chart.startAngle = 30
        #expect(Fixture.svg(spec).contains("><rect transform=\"rotate(-30)\""))
    }

    @Test func legendSwatchShowsThePattern() {
        var spec = Fixture.spec([1, 2])
        spec.slices[0].pattern = .stripes
        let legend = Fixture.svg(spec).between("<g class=\"p-lg p-ink\"", "</g>\n</svg>")
        #expect(legend.occurrences(of: "width=\"12\" height=\"12\" rx=\"2\" fill=\"url(#piec-test-pt-stripes-") == 1)
    }

    @Test func interactiveSliceShowsThePattern() {
        var spec = Fixture.spec([1, 2])
        spec.slices[1].pattern = .grid
        let html = Fixture.text(Fixture.bundle(spec), "index.html")
        let wedge = html.between("<g class=\"p-w p-s1\"", "</g>")
        #expect(wedge.contains("fill=\"url(#piec-test-pt-grid-"))
    }

    @Test func patternedTransitionAnimatesTheMask() {
        let old = Self.patterned([1, 2, 3])
        var new = old
        new.slices[0].value = 4
        let bundle = Compiler.compile(spec: new, sourceBytes: [], previous: old)
        let svg = Fixture.text(bundle, "chart.svg")
        #expect(svg.contains("<mask id=\"piec-test-mk"))
        #expect(svg.contains("\n.p-pm{mask-type:alpha}"))
        // The mask's circle is inside the motion layer, so `.p-mo circle` timing applies to it.
        let motion = svg.between("<g class=\"p-mo\"", "</g>\n<g class=\"p-ex\">")
        #expect(motion.contains("<mask id="))
    }
}

@Suite("Patterns of leaving slices")
struct LeavingPatternTests {
    @Test func aLeavingSliceKeepsItsAutoPatternWhileItShrinks() {
        let old = PatternTests.patterned([1, 1, 1, 1])
        var new = old
        new.slices.remove(at: 2)
        let gone = Layout.layout(old).slices[2]
        #expect(gone.pattern != .none)
        let svg = Fixture.text(Compiler.compile(spec: new, sourceBytes: [], previous: old), "chart.svg")
        let id = Patterns.id("piec-test", gone.pattern, ink: Patterns.ink(on: gone.color))
        #expect(svg.contains("<pattern id=\"" + id + "\""))
        #expect(svg.contains("<g mask=\"url(#piec-test-mk2)\"><rect transform=\"rotate(0)\" x=\"-"))
        #expect(svg.contains("fill=\"url(#" + id + ")\"/></g>"))
    }
}
