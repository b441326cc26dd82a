import PieDiagnostics
import PieSpec
import Testing
@testable import PieCore

/// Slices of their own alphas: drawn apart, each once in its own colour (with an opacity
/// attribute static renderers read), entering, and between versions while every slice keeps its
/// place; a reorder or Other's members enter instead, with the warning E0617 at the colour.
struct SliceAlphasTests {
    static let own = """
        piec: 1
        id: own
        slices:
          - {label: A, value: 3, color: "#ff0000"}
          - {label: B, value: 2, color: "rgba(0, 0, 255, 0.4)"}
          - {label: C, value: 1, color: "#00800080"}

        """

    static func load(_ text: String) -> ChartSpec? {
        SpecLoader.load(SourceFile(path: "s.yaml", text: text), defaultID: "s").spec
    }

    @Test func slicesOfTheirOwnAlphasAreDrawnApartWithOpacityAttributes() throws {
        let spec = try #require(Self.load(Self.own))
        let bundle = Compiler.compile(spec: spec, sourceBytes: Array(Self.own.utf8))
        let svg = String(decoding: try #require(bundle.files.first { $0.name == "chart.svg" }).bytes, as: UTF8.self)
        // The rest layer: each wedge its rgb and the alpha as an attribute (not #rrggbbaa).
        #expect(svg.contains("stroke=\"#0000ff\" stroke-opacity=\"0.4\""))
        #expect(svg.contains("stroke=\"#008000\" stroke-opacity=\"0.502\""))
        #expect(!svg.contains("p-op"), "no one translucent group")
    }

    /// `text` compiled from its previous version `before`.
    static func compile(_ text: String, from before: String) -> CompileResult {
        Compiler.compile(CompileRequest(source: SourceFile(path: "own.yaml", text: text), defaultID: "own",
                                        previous: .spec(SourceFile(path: "old.yaml", text: before))))
    }

    @Test func resizingSlicesAnimateApartWithTheirColoursBlending() throws {
        let result = Self.compile(Self.own, from: Self.own.replacingFirstValue())
        #expect(result.bundle != nil)
        #expect(!result.diagnostics.contains { $0.code == SliceAlphas.transition }, "exact: no warning")
        let chart = try #require(result.chart)
        #expect(chart.simplified == nil)
        #expect(chart.plan.kind == .update, "animates from the previous version, not entering")
        #expect(chart.plan.movers.isEmpty)
        let stage = Stage(layout: chart.layout, plan: chart.plan)
        #expect(DrawingPlan.choose(stage, .bundle).joins == .apart)
    }

    @Test func aColourThatTurnsTranslucentBlendsItsAlphaAndIsDrawnApart() throws {
        // The previous version opaque (stacked at rest), the new one of its own alphas.
        let opaque = Self.own.replacingOccurrences(of: "rgba(0, 0, 255, 0.4)", with: "#0000ff").replacingOccurrences(of: "#00800080", with: "#008000")
        let chart = try #require(Self.compile(Self.own, from: opaque).chart)
        #expect(chart.simplified == nil)
        let b = try #require(chart.plan.segments.first { $0.id == "b" })
        #expect(b.from.color.a == 255 && b.to.color.a == 102)
        let mid = chart.plan.frozen(at: chart.plan.delay + chart.plan.duration / 2).segments.first { $0.id == "b" }
        #expect(mid.map { $0.from.color.a > 102 && $0.from.color.a < 255 } == true, "the alpha blends")
        // Back to opaque: the old translucent colours still keep the wedges apart.
        let back = try #require(Self.compile(opaque, from: Self.own).chart)
        #expect(DrawingPlan.choose(Stage(layout: back.layout, plan: back.plan), .bundle).joins == .apart)
        let same = try #require(Self.compile(opaque, from: opaque).chart)
        #expect(DrawingPlan.choose(Stage(layout: same.layout, plan: same.plan), .bundle).joins == .stacked)
    }

    @Test func aReorderEntersWithAWarningAtTheColour() throws {
        // C moves before A: a mover would turn over A and B with both alphas.
        let c = "  - {label: C, value: 1, color: \"#00800080\"}\n"
        let reordered = Self.own.replacingOccurrences(of: c, with: "").replacingOccurrences(of: "slices:\n", with: "slices:\n" + c)
        #expect(reordered.components(separatedBy: "label: C").count == 2)
        let result = Self.compile(reordered, from: Self.own)
        #expect(result.bundle != nil, "never refused")
        let d = try #require(result.diagnostics.first { $0.code == SliceAlphas.transition })
        #expect(d.severity == .warning)
        #expect(d.range?.start.line == 4, "at C's colour, now first")
        #expect(d.message.contains("changes place"))
        let chart = try #require(result.chart)
        let new = try #require(Self.load(reordered))
        #expect(chart.plan == Transition.between(old: nil, new: new).plan, "the new version enters")
        #expect(chart.changes != nil, "the changes from the previous version are kept")
        // An opaque version after one of own alphas warns at `id` when it cannot animate.
        let opaque = "piec: 1\nid: own\nslices:\n  - {label: C, value: 1}\n  - {label: A, value: 3}\n"
        let back = Self.compile(opaque, from: Self.own)
        #expect(back.bundle != nil)
        #expect(back.diagnostics.first { $0.code == SliceAlphas.transition }?.range?.start.line == 2)
    }

    @Test func otherTakingMembersEnters() throws {
        let grouped = Self.own.replacingOccurrences(of: "id: own\n", with: "id: own\nchart: {other: {maxSlices: 2}}\n")
        let result = Self.compile(grouped, from: Self.own)
        #expect(result.bundle != nil)
        #expect(result.chart?.simplified?.contains("chart.other") == true)
    }
}

private extension String {
    /// The same spec with slice A's value 3 made 1.
    func replacingFirstValue() -> String {
        var lines = split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let i = lines.firstIndex(where: { $0.contains("value: 3") }) { lines[i] = "  - {label: A, value: 1, color: \"#ff0000\"}" }
        return lines.joined(separator: "\n")
    }
}
