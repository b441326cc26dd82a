@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// `chart.outline`: lowering and its errors, the layout (the pie shrinks inside the outline,
/// nothing else moves), chart.svg at rest and in motion, the pose blend and `piec render`.
@Suite("Chart outline")
struct OutlineTests {
    static func yaml(_ outline: String?, chart: String = "", extra: String = "") -> String {
        "piec: 1\nchart:\n  size: 300\n" + chart + (outline.map { "  outline: \($0)\n" } ?? "") + extra
            + "slices:\n  - {label: Alpha, value: 5}\n  - {label: Beta, value: 3}\n  - {label: Gamma, value: 2}\n"
    }

    static func errors(_ text: String) -> [Diagnostic] {
        SpecLoader.load(SourceFile(path: "t.yaml", text: text), defaultID: "t").diagnostics.filter { $0.severity == .error }
    }

    /// The `p-outline` circle's attributes, in order (nil when there is none).
    static func circle(_ svg: String) -> String? {
        svg.firstRange(of: "<circle class=\"p-outline\"").map { String(svg[$0.upperBound...].prefix { $0 != ">" }) }
    }

    @Test func lowersWithDefaultsAndWrittenValues() throws {
        #expect(try Fixture.loaded(Self.yaml(nil)).chart.outline == nil)
        #expect(try Fixture.loaded(Self.yaml("{}")).chart.outline == OutlineOptions(width: 2, color: nil))
        let written = try Fixture.loaded(Self.yaml("{width: 4.5, color: \"#ff0000\"}")).chart.outline
        #expect(written == OutlineOptions(width: 4.5, color: Color(r: 255, g: 0, b: 0)))
        // The canonical spec keeps it (so `piec diff` and a recorded previous version see it).
        let canonical = try Fixture.loaded(Self.yaml("{width: 4.5}")).canonicalJSON()
        guard case .number(let width, _)? = canonical["chart"]?["outline"]?["width"] else {
            Issue.record("no chart.outline.width in \(canonical)")
            return
        }
        #expect(width == 4.5)
        #expect(try Fixture.loaded(Self.yaml(nil)).canonicalJSON()["chart"]?["outline"] == nil)
    }

    @Test func badValuesAreLocatedErrors() throws {
        let zero = try #require(Self.errors(Self.yaml("{width: 0}")).first)
        #expect(zero.code == SpecDiagnostics.outOfRange && zero.range?.start.line == 4, "\(zero)")
        let wide = try #require(Self.errors(Self.yaml("{width: 41}")).first)
        #expect(wide.code == SpecDiagnostics.outOfRange && wide.range?.start.line == 4)
        let unknown = try #require(Self.errors(Self.yaml("{widht: 3}")).first)
        #expect(unknown.code == SpecDiagnostics.unknownKey && unknown.help?.contains("width") == true, "\(unknown)")
        let colour = try #require(Self.errors(Self.yaml("{color: nope}")).first)
        #expect(colour.code == SpecDiagnostics.badColor)
        // A partial sweep has no whole circle to go around: E0330 at the key, the sweep labelled.
        let gauge = try #require(Self.errors(Self.yaml("{width: 3}", chart: "  sweep: 180\n")).first)
        #expect(gauge.code == OutlineDiagnostics.needsCircle && gauge.range?.start.line == 5, "\(gauge)")
        #expect(gauge.labels.first?.range.start.line == 4 && gauge.help?.contains("sweep: 360") == true)
    }

    @Test func thePieShrinksInsideTheOutlineAndNothingElseMoves() throws {
        for extra in ["", "labels: {position: outside}\n", "legend: {position: bottom}\n"] {
            let plain = Layout.layout(try Fixture.loaded(Self.yaml(nil, extra: extra)))
            let lined = Layout.layout(try Fixture.loaded(Self.yaml("{width: 6}", extra: extra)))
            let o = try #require(lined.outline)
            #expect(o.outerEdge == plain.outerRadius && o.width == 6 && o.radius == plain.outerRadius - 3)
            #expect(lined.outerRadius == plain.outerRadius - 6)
            #expect(lined.width == plain.width && lined.height == plain.height && lined.cx == plain.cx && lined.cy == plain.cy)
            #expect(lined.labelRoom == plain.labelRoom && lined.legend == plain.legend)
        }
        // A donut's hole keeps its fraction of the (smaller) pie; rings fill the smaller disc.
        let donut = Layout.layout(try Fixture.loaded(Self.yaml("{width: 10}", chart: "  innerRadius: 0.5\n")))
        #expect(donut.innerRadius == donut.outerRadius / 2)
        // Exploded slices: the outline goes around the unexploded pie.
        let exploded = Layout.layout(try Fixture.loaded(Self.yaml("{width: 4}").replacingOccurrences(of: "value: 5}", with: "value: 5, explode: 10}")))
        #expect(exploded.outline?.outerEdge == exploded.outerRadius + 4)
        // A tiny chart keeps a pie: the outline takes at most half the rim.
        let tiny = Layout.layout(try Fixture.loaded(Self.yaml("{width: 40}").replacingOccurrences(of: "size: 300", with: "size: 40")))
        #expect(tiny.outline?.width == tiny.outerRadius)
    }

    @Test func chartSvgDrawsTheFinalCircleAndTheDarkInk() throws {
        let svg = Fixture.svg(try Fixture.loaded(Self.yaml("{width: 6}")))
        let layout = Layout.layout(try Fixture.loaded(Self.yaml("{width: 6}")))
        #expect(Self.circle(svg) == " fill=\"none\" r=\"\(formatNumber(layout.outerRadius + 3, decimals: 3))\" stroke=\"#333333\" stroke-width=\"6\"/", "\(Self.circle(svg) ?? "none")")
        // Above the slices, below the labels; the dark look takes the dark ink.
        #expect(svg.firstRange(of: "p-sep")!.lowerBound < svg.firstRange(of: "<circle class=\"p-outline\"")!.lowerBound)
        #expect(svg.contains("@media (prefers-color-scheme:dark){\n.p-outline{stroke:#e4e4e7}\n}"))
        // A written colour is the same in both looks: no dark rule.
        let red = Fixture.svg(try Fixture.loaded(Self.yaml("{color: \"#cc0000\"}")))
        #expect(Self.circle(red)?.contains("stroke=\"#cc0000\"") == true && !red.contains(".p-outline{stroke:"))
        #expect(!Fixture.svg(try Fixture.loaded(Self.yaml(nil))).contains("outline"))
    }

    @Test func aTransitionAnimatesRadiusWidthAndColourFromTheFirstVersion() throws {
        let old = try Fixture.loaded(Self.yaml("{width: 2}"))
        let new = try Fixture.loaded(Self.yaml("{width: 8, color: \"#1d4ed8\"}"))
        let svg = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.svg")
        let rim = Layout.layout(new).outline!.outerEdge
        // Final state in the attributes; the keyframes hold the first version's values.
        #expect(Self.circle(svg)?.contains("r=\"\(formatNumber(rim - 4, decimals: 3))\" stroke=\"#1d4ed8\" stroke-width=\"8\"") == true)
        #expect(svg.contains("@keyframes piec-t-outline{from{stroke-width:2;stroke:var(--c);r:\(formatNumber(rim - 1, decimals: 3))px}}"), "\(svg)")
        #expect(svg.contains(".p-outline{--c:#333333}") && svg.contains(".p-outline{--c:#e4e4e7}"))
        #expect(svg.contains("@media (prefers-reduced-motion:no-preference){\n.p-outline{animation:piec-t-outline 800ms"))
        // Appearing: grows from no width at the rim; vanishing: thins to no width (drawn at 0).
        let appears = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: try Fixture.loaded(Self.yaml(nil))), "chart.svg")
        #expect(appears.contains("{from{stroke-width:0;r:\(formatNumber(rim, decimals: 3))px}}"), "\(appears)")
        let vanishes = Fixture.text(Compiler.compile(spec: try Fixture.loaded(Self.yaml(nil)), sourceBytes: Array("piec: 1\n".utf8), previous: new), "chart.svg")
        #expect(Self.circle(vanishes)?.contains("stroke-width=\"0\"") == true && vanishes.contains("{from{stroke-width:8;r:\(formatNumber(rim - 4, decimals: 3))px}}"))
        // Unchanged: drawn, not animated.
        let same = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: new), "chart.svg")
        #expect(Self.circle(same) != nil && !same.contains("@keyframes piec-t-outline"))
    }

    @Test func thePoseBlendsLinearlyAndMissingEndsHaveNoWidth() {
        let a = OutlinePose(outerEdge: 100, width: 2, color: Color(r: 0, g: 0, b: 0), darkColor: Color(r: 200, g: 200, b: 200))
        let b = OutlinePose(outerEdge: 120, width: 10, color: Color(r: 200, g: 100, b: 0), darkColor: Color(r: 200, g: 100, b: 0))
        let half = ChartPose(startAngle: 0, outline: a).blended(to: ChartPose(startAngle: 0, outline: b), at: 0.5).outline
        #expect(half == OutlinePose(outerEdge: 110, width: 6, color: Color(r: 100, g: 50, b: 0), darkColor: Color(r: 200, g: 150, b: 100)))
        #expect(half?.radius == 107)
        #expect(OutlinePose.blend(nil, b, at: 0.25)?.width == 2.5 && OutlinePose.blend(nil, b, at: 0.25)?.outerEdge == 120)
        #expect(OutlinePose.blend(a, nil, at: 0.5)?.width == 1 && OutlinePose.blend(a, nil, at: 1) == nil)
        #expect(OutlinePose.blend(nil, nil, at: 0.5) == nil && OutlinePose.blend(a, b, at: 0) == a && OutlinePose.blend(a, b, at: 1) == b)
    }

    /// `piec render` draws the blended outline at every instant, in each look.
    @Test func framesDrawTheOutlineOfEachInstant() throws {
        let old = try Fixture.loaded(Self.yaml("{width: 2}"))
        let new = try Fixture.loaded(Self.yaml("{width: 8, color: \"#1d4ed8\"}"))
        let compiled = Transition.between(old: old, new: new)
        let line = Frames.timeline(compiled)
        let rim = compiled.layout.outline!.outerEdge
        func circle(_ t: Double, _ theme: FrameTheme = .light) -> String {
            let svg = String(decoding: Frames.svg(chart: compiled, spec: new, at: t, options: FrameOptions(theme: theme)), as: UTF8.self)
            return svg.firstRange(of: "<circle fill=\"none\"").map { String(svg[$0.upperBound...].prefix { $0 != ">" }) } ?? "none"
        }
        #expect(circle(line.start) == " r=\"\(formatNumber(rim - 1, decimals: 3))\" stroke=\"#333333\" stroke-width=\"2\"/")
        #expect(circle(line.start, .dark) == " r=\"\(formatNumber(rim - 1, decimals: 3))\" stroke=\"#e4e4e7\" stroke-width=\"2\"/")
        // The chart's easing at the middle of the timeline is 0.5 (ease-in-out is symmetric).
        let mid = circle(line.start + line.length / 2)
        #expect(mid == " r=\"\(formatNumber(rim - 2.5, decimals: 3))\" stroke=\"#284186\" stroke-width=\"5\"/", "\(mid)")
        #expect(circle(line.end + 1) == " r=\"\(formatNumber(rim - 4, decimals: 3))\" stroke=\"#1d4ed8\" stroke-width=\"8\"/")
    }

    /// Rings: one outline around the outermost ring, posed by the whole chart.
    @Test func ringsHaveOneOutlineAroundTheOutermostRing() throws {
        let text = "piec: 1\nchart:\n  outline: {width: 4}\nrings:\n  - label: In\n    slices: [{label: A, value: 1}, {label: B, value: 2}]\n  - label: Out\n    slices: [{label: C, value: 1}, {label: D, value: 1}]\n"
        let spec = try Fixture.loaded(text)
        let layout = Layout.layout(spec)
        #expect(layout.rings.last?.outerRadius == layout.outerRadius && layout.outline?.outerEdge == layout.outerRadius + 4)
        let svg = Fixture.svg(spec)
        #expect(svg.occurrences(of: "class=\"p-outline\"") == 1)
        let old = try Fixture.loaded(text.replacingOccurrences(of: "width: 4", with: "width: 1"))
        let moved = Fixture.text(Compiler.compile(spec: spec, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.svg")
        #expect(moved.contains("-outline{from{stroke-width:1;r:"), "\(moved)")
    }
}
