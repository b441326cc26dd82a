import PieDiagnostics
import PieSpec
import Testing
@testable import PieCore

/// Slices of their own alphas: drawn apart, each once in its own colour (with an opacity
/// attribute static renderers read), entering; a previous version is refused (E0617) at the
/// colour, and drawn entering by the callers that never see the refusal.
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

    @Test func aPreviousVersionIsRefusedAtTheColour() {
        let before = Self.own.replacingFirstValue()
        let request = CompileRequest(source: SourceFile(path: "own.yaml", text: Self.own), defaultID: "own",
                                     previous: .spec(SourceFile(path: "old.yaml", text: before)))
        let result = Compiler.compile(request)
        #expect(result.bundle == nil)
        let d = result.diagnostics.first { $0.code == SliceAlphas.transition }
        #expect(d?.range?.start.line == 5)
        #expect(d?.message.hasPrefix("`slices[1].color` keeps its own alpha") == true)
        // An opaque version after one of own alphas is refused too (at `id`).
        let opaque = "piec: 1\nid: own\nslices:\n  - {label: A, value: 1}\n"
        let back = Compiler.compile(CompileRequest(source: SourceFile(path: "own.yaml", text: opaque), defaultID: "own",
                                                   previous: .spec(SourceFile(path: "old.yaml", text: Self.own))))
        #expect(back.diagnostics.first { $0.code == SliceAlphas.transition }?.range?.start.line == 2)
    }

    @Test func callersThatDrawVersionsDirectlyGetTheEnter() throws {
        let new = try #require(Self.load(Self.own)), old = try #require(Self.load(Self.own.replacingFirstValue()))
        let chart = Transition.between(old: old, new: new)
        #expect(chart.plan == Transition.between(old: nil, new: new).plan)
        #expect(chart.changes != nil, "the changes from the previous version are kept")
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
