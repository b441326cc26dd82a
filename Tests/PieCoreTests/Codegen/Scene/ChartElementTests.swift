@testable import PieCore
import PieJSON
import PieSpec
import Testing

/// Every output draws every element of `ChartElements.all`: for a chart whose versions differ
/// in each element, each element's own markup is in chart.svg, its keyframes and rules in the
/// stylesheet, and its drawing of an instant in that instant's `piec render` frame, for one pie
/// and for rings (whose still plot carries it). An output that forgot the list, or a list entry
/// the fixture below lacks, fails here.
struct ChartElementTests {
    /// Both versions of a chart with every element, changing between them; `rings` draws the
    /// slices as two rings.
    static func yaml(blur: Int, dy: Int, first: Int, rings: Bool) -> String {
        let slices = rings
            ? "rings:\n  - label: In\n    slices: [{label: A, value: \(first)}, {label: B, value: 2}]\n"
                + "  - label: Out\n    slices: [{label: C, value: 1}, {label: D, value: 1}]\n"
            : "slices: [{label: A, value: \(first)}, {label: B, value: 2}]\n"
        return "piec: 1\nid: t\ntheme:\n  shadow: {blur: \(blur), offset: [0, \(dy)]}\n" + slices
    }

    @Test(arguments: [false, true]) func everyOutputDrawsEveryListedElement(rings: Bool) throws {
        let old = try Fixture.loaded(Self.yaml(blur: 4, dy: 2, first: 1, rings: rings))
        let new = try Fixture.loaded(Self.yaml(blur: 14, dy: 10, first: 3, rings: rings))
        let svg = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.svg")
        let compiled = Transition.between(old: old, new: new)
        #expect(compiled.rings.isEmpty != rings)
        let scene = BundleWriter.scenes(spec: new, layout: compiled.layout, plan: compiled.plan, rings: compiled.rings).chart
        let line = Frames.timeline(compiled)
        let mid = line.start + line.length / 2
        let frame = String(decoding: Frames.svg(chart: compiled, spec: new, at: mid), as: UTF8.self)
        #expect(!ChartElements.all.isEmpty)
        func check<E: ChartElement>(_ e: E.Type) {
            var own = ByteWriter(capacity: 256)
            e.svg(scene, into: &own)
            let markup = String(decoding: own.bytes, as: UTF8.self)
            #expect(!markup.isEmpty, "\(e) draws nothing for the fixture: give it this element")
            #expect(svg.contains(markup), "chart.svg lacks \(e)")
            let css = e.css(scene)
            #expect(!css.keyframes.isEmpty && !css.rules.isEmpty, "\(e) does not animate in the fixture")
            #expect(svg.contains(String(decoding: css.keyframes, as: UTF8.self)), "the stylesheet lacks \(e)'s keyframes")
            #expect(svg.contains(String(decoding: css.rules, as: UTF8.self)), "the stylesheet lacks \(e)'s rules")
            var drawn = ByteWriter(capacity: 256)
            e.frame(e.at(compiled.plan, t: mid), scope: rings ? nil : scene.scope, dark: false, into: &drawn)
            let now = String(decoding: drawn.bytes, as: UTF8.self)
            #expect(!now.isEmpty && frame.contains(now), "the frame lacks \(e)")
        }
        for e in ChartElements.all { check(e) }
    }
}
