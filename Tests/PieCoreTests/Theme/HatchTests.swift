import PieSpec
import Testing
@testable import PieCore

@Suite("User hatch patterns (theme.patterns as a list or by id)")
struct HatchTests {
    static let diagonal = Hatch(lines: 45)
    static let crossed = Hatch(lines: 45, crosses: true, density: 2)
    static let dotted = Hatch(dots: true, circles: true)

    @Test func aListGivesPatternsToSliceIdsInSpecOrderNotDisplayOrder() {
        var spec = Fixture.spec([1, 3, 2])
        spec.chart.sort = .descending
        spec.theme.patterns = .list([Self.diagonal, nil, Self.dotted])
        let byID = Dictionary(uniqueKeysWithValues: Layout.layout(spec).slices.map { ($0.id, $0.pattern) })
        #expect(byID == ["s0": .hatch(Self.diagonal), "s1": SlicePattern.none, "s2": .hatch(Self.dotted)])
    }

    @Test func aSlicesOwnPatternWinsOverTheList() {
        var spec = Fixture.spec([1, 2])
        spec.theme.patterns = .list([Self.diagonal, Self.diagonal])
        spec.slices[1].pattern = .grid
        #expect(Layout.layout(spec).slices.map(\.pattern) == [.hatch(Self.diagonal), .builtIn(.grid)])
    }

    @Test func byIDAPatternStaysWithItsSliceWhenSlicesAreInsertedAndReordered() {
        var old = Fixture.spec([1, 2, 3])
        old.theme.patterns = .ids([IDHatch(id: "s2", hatch: Self.crossed), IDHatch(id: "s0", hatch: Self.diagonal)])
        var new = old
        new.slices.insert(SliceSpec(id: "new", label: "New", value: 5), at: 0)
        new.slices.swapAt(1, 3)
        let (_, _, after) = Transition.between(old: old, new: new).parts
        let byID = Dictionary(uniqueKeysWithValues: after.slices.map { ($0.id, $0.pattern) })
        #expect(byID == ["new": SlicePattern.none, "s0": .hatch(Self.diagonal), "s1": SlicePattern.none, "s2": .hatch(Self.crossed)])
    }

    @Test func aPatternDefinitionIsFixedBytes() {
        var spec = Fixture.spec([1, 1])
        spec.slices[0].color = Color(r: 0xff, g: 0xee, b: 0xcc)   // black text, but white marks would not show: black ones
        spec.slices[1].color = Color(r: 0x10, g: 0x20, b: 0x30)   // white text: the ink `Patterns.ink` gives
        spec.theme.patterns = .list([Self.crossed, Hatch(lines: 0, dots: true, circles: true, density: 3)])
        let svg = Fixture.svg(spec)
        #expect(svg.contains(##"<pattern id="piec-test-pt-hl45xn2-b" patternUnits="userSpaceOnUse" width="12" height="12" patternTransform="rotate(-45)"><g fill="#000000" fill-opacity="0.4"><rect width="12" height="1.5"/><rect y="1.5" width="1.5" height="10.5"/></g></pattern>"##))
        let ink = Patterns.ink(on: spec.slices[1].color!)
        let suffix = ink.r == 0 ? "b" : "w"
        #expect(svg.contains(##"<pattern id="piec-test-pt-hl0don3-\##(suffix)" patternUnits="userSpaceOnUse" width="8" height="8"><g fill="\##(ink.hex)" fill-opacity="0.4"><rect width="8" height="1.5"/><circle cx="4.75" cy="4.75" r="2.5" fill="none" stroke="\##(ink.hex)" stroke-opacity="0.4" stroke-width="1"/><circle cx="4.75" cy="4.75" r="1.5"/></g></pattern>"##))
        #expect(svg.occurrences(of: "fill=\"url(#piec-test-pt-h") >= 2)
    }

    @Test func equalHatchesShareOneDefinition() {
        var spec = Fixture.spec([1, 1, 1])
        for k in spec.slices.indices { spec.slices[k].color = Color(r: 0xee, g: 0xee, b: 0xee) }
        spec.theme.patterns = .list([Self.diagonal, Self.diagonal, Self.diagonal])
        #expect(Fixture.svg(spec).occurrences(of: "<pattern id=") == 1)
    }

    @Test func inAChartOfRingsAnIdKeepsItsPatternInEveryRing() {
        var spec = ChartSpec(id: "rings")
        let a = SliceSpec(id: "a", label: "A", value: 1), b = SliceSpec(id: "b", label: "B", value: 2)
        var inner = RingSpec(id: "in", label: "In"), outer = RingSpec(id: "out", label: "Out")
        inner.slices = [a, b]
        outer.slices = [b, a]
        spec.rings = [inner, outer]
        spec.chart.innerRadius = 0.3
        spec.theme.patterns = .list([Self.dotted])
        let l = Layout.layout(spec)
        for ring in l.rings.indices {
            let slices = RingLayout.ringChart(l, ring).slices
            for s in slices { #expect(s.pattern == (s.id.hasSuffix("a") ? .hatch(Self.dotted) : SlicePattern.none), "\(s.id)") }
        }
    }

    @Test func theDarkLookKeepsTheMarksInkOfTheSliceColour() {
        // Slice colours are data and stay in the dark variant, so do their marks: no dark rule
        // names a pattern, exactly as for the built-in patterns.
        var spec = Fixture.spec([1, 2])
        spec.theme.patterns = .list([Self.diagonal, Self.dotted])
        let svg = Fixture.svg(spec)
        let dark = svg.between("prefers-color-scheme:dark)", "</style>")
        #expect(!dark.isEmpty && !dark.contains("-pt-"))
    }
}
