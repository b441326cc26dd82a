@testable import PieCore
import PieJSON
import PieSpec
import Testing

/// Every output draws every element of `ChartElements.all` at each of its placements: for
/// charts whose versions differ in each element (the shadow, the outline, the grid), each
/// element's own markup at each placement is in chart.svg, its keyframes and rules in the
/// stylesheet, and its drawing of an instant at each placement in that instant's `piec render`
/// frame, for one pie and for rings (whose still plot carries it). An output that forgot a
/// placement, or a list entry the fixtures below lack, fails here.
struct ChartElementTests {
    /// The fixtures: a pie, a rose (the grid needs one) and a chart of two rings.
    enum Kind: CaseIterable { case pie, rose, rings }

    /// Both versions of a chart of `kind` with every element it can have, changing between
    /// them: the outline and the shadow, or on a rose the outline and the grid.
    static func yaml(_ kind: Kind, old: Bool, opacity: Bool = false) -> String {
        let first = old ? 1 : 3
        let slices = kind == .rings
            ? "rings:\n  - label: In\n    slices: [{label: A, value: \(first)}, {label: B, value: 2}]\n"
                + "  - label: Out\n    slices: [{label: C, value: 1}, {label: D, value: 1}]\n"
            : "slices: [{label: A, value: \(first)}, {label: B, value: 2}]\n"
        var theme = opacity ? "  opacity: 0.8\n" : ""
        var chart = "  outline: {width: \(old ? 2 : 8)}\n"
        if kind == .rose {
            chart += "  rose: area\n  grid: {circles: [1, 2]}\n"
        } else {
            theme += old ? "  shadow: {blur: 4, offset: [0, 2]}\n" : "  shadow: {blur: 14, offset: [0, 10]}\n"
        }
        return "piec: 1\nid: t\nchart:\n" + chart + (theme.isEmpty ? "" : "theme:\n" + theme) + slices
    }

    /// Whether a chart of `kind` can have `e`: a rose refuses a shadow, and only a rose has a
    /// grid (rings refuse a rose). A new element is expected on every kind.
    static func draws<E: ChartElement>(_ e: E.Type, on kind: Kind) -> Bool {
        if e == GridWriter.self { return kind == .rose }
        if e == ShadowWriter.self { return kind != .rose }
        return true
    }

    @Test(arguments: Kind.allCases) func everyOutputDrawsEveryListedElement(kind: Kind) throws {
        let old = try Fixture.loaded(Self.yaml(kind, old: true))
        let new = try Fixture.loaded(Self.yaml(kind, old: false))
        let svg = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.svg")
        let compiled = Transition.between(old: old, new: new)
        let rings = kind == .rings
        #expect(compiled.rings.isEmpty != rings)
        let scene = BundleWriter.scenes(spec: new, layout: compiled.layout, plan: compiled.plan, rings: compiled.rings).chart
        let line = Frames.timeline(compiled)
        let mid = line.start + line.length / 2
        let frame = String(decoding: Frames.svg(chart: compiled, spec: new, at: mid), as: UTF8.self)
        func check<E: ChartElement>(_ e: E.Type) {
            #expect(!e.placements.isEmpty, "\(e) is drawn nowhere")
            let drawn = Self.draws(e, on: kind)
            for placement in e.placements {
                var own = ByteWriter(capacity: 256)
                e.svg(scene, at: placement, into: &own)
                let markup = String(decoding: own.bytes, as: UTF8.self)
                guard drawn else {
                    #expect(markup.isEmpty, "\(e) drawn on a \(kind) at \(placement)")
                    continue
                }
                #expect(!markup.isEmpty, "\(e) draws nothing at \(placement) on a \(kind): give the fixture this element")
                #expect(svg.contains(markup), "chart.svg of a \(kind) lacks \(e) at \(placement)")
                var now = ByteWriter(capacity: 256)
                // A chart of rings draws its elements from its still plan (`BundleWriter.ringsWhole`).
                e.frame(e.at(scene.plan, t: mid), at: placement, scope: rings ? nil : scene.scope, dark: false, into: &now)
                let instant = String(decoding: now.bytes, as: UTF8.self)
                #expect(!instant.isEmpty && frame.contains(instant), "the frame of a \(kind) lacks \(e) at \(placement)")
            }
            guard drawn else { return }
            let css = e.css(scene)
            #expect(!css.keyframes.isEmpty && !css.rules.isEmpty, "\(e) does not animate on a \(kind)")
            #expect(svg.contains(String(decoding: css.keyframes, as: UTF8.self)), "the stylesheet lacks \(e)'s keyframes")
            #expect(svg.contains(String(decoding: css.rules, as: UTF8.self)), "the stylesheet lacks \(e)'s rules")
        }
        for e in ChartElements.all { check(e) }
    }

    /// A chart-level element of this test only, drawn nowhere, with a manifest member.
    enum Marker: ChartElement {
        static let placements: [ChartPlacement] = []
        static func at(_ plan: TransitionPlan, t: Double) -> Double { t }
        static func svg(_ scene: Scene, at placement: ChartPlacement, into out: inout ByteWriter) {}
        static func css(_ scene: Scene) -> (keyframes: [UInt8], rules: [UInt8]) { ([], []) }
        static func frame(_ now: Double, at placement: ChartPlacement, scope: String?, dark: Bool, into out: inout ByteWriter) {}
        static func carry(_ plan: TransitionPlan, into still: inout TransitionPlan) {}
        static let manifestMember = "marker"
        static func manifest(_ plan: TransitionPlan) -> JSONValue? { .number(plan.duration, decimals: 0) }
    }

    /// manifest.json records the elements of `ChartElements.all` and names none: each element
    /// the chart has writes its member (`ChartElement.manifest`), in the list's order, between
    /// the movers and the changes; an element added to the list (`Marker`) gets its member
    /// after them with no change to `Manifest` (`ChartElements.manifest` is what it writes).
    @Test(arguments: [Kind.pie, .rose]) func theManifestRecordsEveryListedElement(kind: Kind) throws {
        let old = try Fixture.loaded(Self.yaml(kind, old: true))
        let new = try Fixture.loaded(Self.yaml(kind, old: false))
        let manifest = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "manifest.json")
        let plan = Transition.between(old: old, new: new).plan
        let names = ChartElements.manifest(plan).map(\.0)
        func expected<E: ChartElement>(_ e: E.Type) -> [String] { Self.draws(e, on: kind) ? [e.manifestMember] : [] }
        #expect(names == ChartElements.all.flatMap { expected($0) })
        let movers = try #require(manifest.range(of: "\"movers\":")).upperBound
        let changes = try #require(manifest.range(of: "\"changes\":", range: movers..<manifest.endIndex)).lowerBound
        let section = manifest[movers..<changes]
        let found = names.map { section.range(of: "\"\($0)\":")?.lowerBound }
        #expect(found.allSatisfy { $0 != nil }, "\(names) not all in \(section)")
        let places = found.compactMap { $0 }
        #expect(places == places.sorted())
        let more = ChartElements.manifest(plan, of: ChartElements.all + [Marker.self]).map(\.0)
        #expect(more == names + ["marker"])
    }

    /// chart.svg draws the placements bottom to top: the grid's circles under the pie, the
    /// shadow first in the pie's translucent group, then over the slices the outline and the
    /// grid's tick labels.
    @Test(arguments: [Kind.pie, .rose]) func placementsAreDrawnInOrder(kind: Kind) throws {
        let old = try Fixture.loaded(Self.yaml(kind, old: true))
        let new = try Fixture.loaded(Self.yaml(kind, old: false, opacity: true))
        let svg = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.svg")
        let body = try #require(svg.range(of: "</style>")).upperBound
        let classes = kind == .rose ? ["p-grid", "p-op", "p-pie", "p-outline", "p-gl"] : ["p-op", "p-sh", "p-pie", "p-outline"]
        let found = classes.map { svg[body...].range(of: "class=\"\($0)\"")?.lowerBound }
        #expect(found.allSatisfy { $0 != nil }, "\(zip(classes, found).filter { $0.1 == nil }.map(\.0)) missing")
        let places = found.compactMap { $0 }
        #expect(places == places.sorted())
    }
}
