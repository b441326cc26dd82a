@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// `theme.children: tint`: a sunburst's children as tints of their parent's colour, lighter in
/// their order, blending to a new tint when the hierarchy changes.
@Suite("sunburst children tints")
struct SunburstTintTests {
    typealias R = RingsTests
    typealias S = SunburstTests

    /// `base` mixed towards white by `f`, channel by channel (rounded), as a tint is written.
    static func tint(_ base: Color, _ f: Double) -> Color {
        func c(_ x: UInt8) -> UInt8 { UInt8((Double(x) + (255 - Double(x)) * f).rounded()) }
        return Color(r: c(base.r), g: c(base.g), b: c(base.b))
    }

    static func spec(_ children: [SliceSpec], tint: Bool = true) -> ChartSpec {
        var outer = RingSpec(id: "out", label: "OUT")
        outer.slices = children
        var spec = R.spec([R.ring("in", [3, 1], ids: ["p", "q"]), outer])
        if tint { spec.theme.children = .tint }
        return spec
    }

    @Test func childrenAreTintsOfTheirParentLighterInTheirOrder() {
        let l = Layout.layout(Self.spec([S.child("q1", 5, parent: "q"), S.child("p1", 1, parent: "p"), S.child("p2", 1, parent: "p"),
                                         S.child("p3", 1, parent: "p")]))
        let parents = Dictionary(uniqueKeysWithValues: l.rings[0].slices.map { ($0.id, $0.color) })
        let ring = Dictionary(uniqueKeysWithValues: l.rings[1].slices.map { ($0.id, $0.color) })
        let p = parents["p"]!, q = parents["q"]!
        #expect(ring["p1"] == Self.tint(p, 0.15))
        #expect(ring["p2"] == Self.tint(p, 0.375))
        #expect(ring["p3"] == Self.tint(p, 0.6))
        #expect(ring["q1"] == Self.tint(q, 0.3))
        // Without the option every id takes its palette colour, no tint of its parent's.
        let plain = Layout.layout(Self.spec([S.child("q1", 5, parent: "q"), S.child("p1", 1, parent: "p")], tint: false))
        #expect(plain.rings[1].slices.allSatisfy { s in s.color != Self.tint(s.id == "q1" ? q : p, s.id == "q1" ? 0.3 : 0.15) })
    }

    @Test func aChildsOwnColourWins() {
        var own = S.child("p1", 1, parent: "p")
        own.color = Color(r: 1, g: 2, b: 3)
        let l = Layout.layout(Self.spec([own, S.child("q1", 1, parent: "q")]))
        #expect(l.rings[1].slices.first { $0.id == "p1" }?.color == Color(r: 1, g: 2, b: 3))
    }

    @Test func aChildThatChangesParentBlendsToItsNewTint() {
        let before = Self.spec([S.child("a", 1, parent: "p"), S.child("b", 1, parent: "p"), S.child("c", 1, parent: "q")])
        let after = Self.spec([S.child("a", 1, parent: "p"), S.child("b", 1, parent: "q"), S.child("c", 1, parent: "q")])
        let chart = Transition.between(old: before, new: after)
        let parents = Dictionary(uniqueKeysWithValues: Layout.layout(after).rings[0].slices.map { ($0.id, $0.color) })
        let b = chart.rings[1].plan.segments.first { $0.id == "b" }!
        #expect(b.from.color == Self.tint(parents["p"]!, 0.6))
        #expect(b.to.color == Self.tint(parents["q"]!, 0.15))
        let a = chart.rings[1].plan.segments.first { $0.id == "a" }!
        #expect(a.from.color == Self.tint(parents["p"]!, 0.15) && a.to.color == Self.tint(parents["p"]!, 0.3))
    }

    @Test func aSpecThatTintsWithoutChildrenIsRefused() {
        let text = "piec: 1\ntheme: {children: tint}\nslices: [{label: A, value: 1}]\n"
        let r = SpecLoader.load(SourceFile(path: "t.yaml", text: text), defaultID: "t")
        #expect(r.diagnostics.map(\.code.rawValue) == ["E0375"])
    }
}
