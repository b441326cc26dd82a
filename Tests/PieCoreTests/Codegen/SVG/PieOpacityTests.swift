@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// `theme.opacity` (and slice colours of one alpha, lifted into it): the pie, or every ring and
/// the edges between rings, in one group `.p-op` at the final opacity; a change fades in the
/// chart's window; frames draw the blend; inside labels take the ink of the colour as it shows;
/// legend swatches follow; no compositor boxes.
@Suite("Pie opacity")
struct PieOpacityTests {
    static func yaml(_ theme: String, slices: String = "  - {label: Alpha, value: 5}\n  - {label: Beta, value: 3}\n  - {label: Gamma, value: 2}\n") -> String {
        "piec: 1\nchart:\n  size: 300\ntheme: \(theme)\nslices:\n" + slices
    }

    /// The text between `<g class="p-op"` and the first `<g class="p-pie">` inside it.
    @Test func thePieIsOneTranslucentGroupAndLabelsStayOutside() throws {
        let svg = Fixture.svg(try Fixture.loaded(Self.yaml("{opacity: 0.6}")))
        let open = try #require(svg.firstRange(of: "<g class=\"p-op\" opacity=\"0.6\">\n<g class=\"p-pie\">"))
        let close = try #require(svg[open.upperBound...].firstRange(of: "</g>\n</g>\n"))
        // Every slice layer is inside; the inside labels are after the group.
        let inside = svg[open.upperBound..<close.upperBound]
        #expect(inside.contains("p-ex") && inside.contains("p-sep"))
        #expect(!inside.contains("<text"))
        #expect(svg.occurrences(of: "p-op") == 1)
        // The legend's swatches at the same opacity.
        #expect(svg.contains("<g opacity=\"0.6\"><rect"))
        // Opaque: no group.
        #expect(!Fixture.svg(try Fixture.loaded(Self.yaml("{opacity: 1}"))).contains("p-op"))
    }

    @Test func aChangeFadesFromTheFirstVersionAndFramesDrawTheBlend() throws {
        let old = try Fixture.loaded(Self.yaml("{opacity: 1}"))
        let new = try Fixture.loaded(Self.yaml("{opacity: 0.5}"))
        let svg = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.svg")
        #expect(svg.contains("<g class=\"p-op\" opacity=\"0.5\">"))
        #expect(svg.contains("@keyframes piec-t-op{from{opacity:1}}"), "\(svg)")
        #expect(svg.contains("@media (prefers-reduced-motion:no-preference){\n.p-op{animation:piec-t-op 800ms"))
        // Unchanged: drawn, not animated.
        let same = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: new), "chart.svg")
        #expect(same.contains("class=\"p-op\"") && !same.contains("piec-t-op"))
        // `piec render`: the eased blend at each instant (ease-in-out is 0.5 half-way).
        let compiled = Transition.between(old: old, new: new)
        let line = Frames.timeline(compiled)
        func frame(_ t: Double) -> String { String(decoding: Frames.svg(chart: compiled, spec: new, at: t, options: FrameOptions()), as: UTF8.self) }
        #expect(!frame(line.start).contains("<g opacity=\"1\""))
        #expect(frame(line.start + line.length / 2).contains("<g opacity=\"0.75\">\n<g>"))
        #expect(frame(line.end + 1).contains("<g opacity=\"0.5\">\n<g>"))
    }

    @Test func ringsAndTheirEdgesShareOneGroup() throws {
        let text = "piec: 1\ntheme: {opacity: 0.5}\nrings:\n  - label: In\n    slices: [{label: A, value: 1}, {label: B, value: 2}]\n  - label: Out\n    slices: [{label: C, value: 1}, {label: D, value: 1}]\n"
        let svg = Fixture.svg(try Fixture.loaded(text))
        #expect(svg.occurrences(of: "class=\"p-op\"") == 1)
        let open = try #require(svg.firstRange(of: "<g class=\"p-op\" opacity=\"0.5\">"))
        // Both rings' pies are inside the one group, their labels after it.
        let rest = String(svg[open.upperBound...])
        #expect(rest.occurrences(of: "class=\"p-pie\"") == 2)
    }

    @Test func insideLabelsTakeTheInkOfTheColourAsItShows() throws {
        // #1f77b4 takes white ink when opaque; at 0.3 over white it shows light, so black.
        let slices = "  - {label: Alpha, value: 5, color: \"#1f77b4\"}\n  - {label: Beta, value: 3, color: \"#1f77b4\"}\n"
        let opaque = Layout.layout(try Fixture.loaded(Self.yaml("{dark: none}", slices: slices)))
        #expect(opaque.slices[0].textColor == Color(r: 255, g: 255, b: 255))
        let faint = Layout.layout(try Fixture.loaded(Self.yaml("{dark: none, opacity: 0.3}", slices: slices)))
        #expect(faint.slices[0].textColor == Color(r: 0, g: 0, b: 0))
        #expect(faint.opacity == 0.3 && faint.slices[0].color == Color(r: 0x1f, g: 0x77, b: 0xb4))
    }

    @Test func noCompositorBoxesForATranslucentPie() throws {
        func scene(_ opacity: String) throws -> Scene {
            let text = "piec: 1\nlabels: {position: none}\ntheme: {opacity: \(opacity)}\nslices:\n"
            let old = try Fixture.loaded(text + "  - {label: Alpha, value: 3}\n  - {label: Beta, value: 3}\n")
            let new = try Fixture.loaded(text + "  - {label: Alpha, value: 5}\n  - {label: Beta, value: 3}\n")
            let compiled = Transition.between(old: old, new: new)
            return Scene(layout: compiled.layout, plan: compiled.plan)
        }
        #expect(BoxLayerTests.layer(try scene("1")) != nil)
        #expect(BoxLayerTests.layer(try scene("0.5")) == nil)
    }
}
