@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// `labels.leaderColor: slice`: each outside label's leader line in its slice's colour, in
/// chart.svg and in `piec render`'s frames, outside the ink group (dark mode leaves it alone).
@Suite("Leader colour")
struct LeaderColorTests {
    static func yaml(leader: String?, slices: String = "  - {label: Alpha, value: 5, color: \"#1f77b4\"}\n  - {label: Beta, value: 3, color: \"#ff7f0e\"}\n  - {label: Gamma, value: 2, color: \"#2ca02c\"}\n") -> String {
        "piec: 1\nlabels: {position: outside, content: \"{label}\"" + (leader.map { ", leaderColor: \($0)" } ?? "") + "}\n"
            + "theme: {dark: auto}\nslices:\n" + slices
    }

    /// {label text's first two letters (a text may be cut with an ellipsis): stroke of its tick
    /// and elbow} from an SVG's outside labels and leaders (one stroke for a leader that keeps
    /// its place: one path).
    static func strokes(_ svg: String) -> [String: [String]] {
        var texts: [String: String] = [:], strokes: [String: [String]] = [:]
        for part in svg.components(separatedBy: "<text class=\"p-lo").dropFirst() {
            let index = String(part.prefix { $0 != "\"" })
            texts[index] = String(part.split(separator: ">", maxSplits: 1)[1].prefix(2))
        }
        for cls in ["p-qa", "p-qb"] {
            for part in svg.components(separatedBy: "<path class=\"\(cls)").dropFirst() {
                let index = String(part.prefix { $0 != "\"" })
                let tag = part.prefix { $0 != ">" }
                let stroke = tag.components(separatedBy: "stroke=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) } ?? "none"
                strokes[texts[index] ?? "?", default: []].append(stroke)
            }
        }
        return strokes
    }

    @Test func theKeyIsInkOrSlice() throws {
        #expect(try Fixture.loaded(Self.yaml(leader: nil)).labels.leaderColor == .ink)
        #expect(try Fixture.loaded(Self.yaml(leader: "slice")).labels.leaderColor == .slice)
        let bad = SpecLoader.load(SourceFile(path: "t.yaml", text: Self.yaml(leader: "red")), defaultID: "t")
        let error = try #require(bad.diagnostics.first { $0.severity == .error })
        #expect(error.range?.start.line == 2 && error.message.contains("leaderColor"), "\(error)")
    }

    @Test func sliceDrawsEachLeaderInItsSlicesColourOutsideTheInkGroup() throws {
        let svg = Fixture.svg(try Fixture.loaded(Self.yaml(leader: "slice")))
        #expect(Self.strokes(svg) == ["Al": ["#1f77b4"], "Be": ["#ff7f0e"], "Ga": ["#2ca02c"]])
        #expect(svg.contains("<g class=\"p-ll\" fill=\"none\" stroke-width=\"1\">"))
        #expect(svg.contains("<g class=\"p-ink p-ol\""), "the texts stay ink")
        // Ink (the default): one stroke on the ink group, none on the lines.
        let ink = Fixture.svg(try Fixture.loaded(Self.yaml(leader: nil)))
        #expect(Self.strokes(ink) == ["Al": ["none"], "Be": ["none"], "Ga": ["none"]])
        #expect(ink.contains("<g class=\"p-ink p-ll\" fill=\"none\" stroke=\"#"))
    }

    /// Through a transition: a slice whose colour changes has its leader's colour change with
    /// it (the old colour at the start, between the two halfway, the new at the end, in the
    /// keyframes too), a leaving slice's leader keeps its own; `piec render`'s frames agree.
    @Test func aTransitionKeepsEachLeadersColourAndFramesAgree() throws {
        let old = try Fixture.loaded(Self.yaml(leader: "slice", slices: "  - {id: a, label: Alpha, value: 5, color: \"#1f77b4\"}\n  - {id: b, label: Beta, value: 3, color: \"#ff7f0e\"}\n  - {id: c, label: Gamma, value: 2, color: \"#2ca02c\"}\n"))
        let new = try Fixture.loaded(Self.yaml(leader: "slice", slices: "  - {id: a, label: Alpha, value: 4, color: \"#d62728\"}\n  - {id: b, label: Beta, value: 3, color: \"#ff7f0e\"}\n"))
        let compiled = Transition.between(old: old, new: new)
        let line = Frames.timeline(compiled)
        let start = String(decoding: Frames.svg(chart: compiled, spec: new, at: line.start), as: UTF8.self)
        #expect(Self.strokes(start) == ["Al": ["#1f77b4"], "Be": ["#ff7f0e"], "Ga": ["#2ca02c"]])
        let middle = String(decoding: Frames.svg(chart: compiled, spec: new, at: (line.start + line.end) / 2), as: UTF8.self)
        let halfway = try #require(Self.strokes(middle)["Al"]?.first)
        #expect(halfway != "#1f77b4" && halfway != "#d62728", "\(halfway)")
        let end = String(decoding: Frames.svg(chart: compiled, spec: new, at: line.end + 1), as: UTF8.self)
        #expect(Self.strokes(end) == ["Al": ["#d62728"], "Be": ["#ff7f0e"]])
        let svg = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.svg")
        // At rest the leaving slice's label and leader are there, at opacity 0.
        #expect(Self.strokes(svg) == ["Al": ["#d62728", "#d62728"], "Be": ["#ff7f0e", "#ff7f0e"], "Ga": ["#2ca02c", "#2ca02c"]])
        // The keyframes turn Alpha's leader from the old colour to the new; the others keep theirs.
        let css = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.css")
        let alpha = try #require(css.components(separatedBy: "@keyframes").first { $0.contains("-qa") && $0.contains("stroke:#1f77b4") })
        #expect(alpha.contains("stroke:#d62728") && !css.contains("stroke:#ff7f0e"))
    }
}
