@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// `labels.color: auto | slice | COLOR` and a slice's `labelColor`: the text colours at rest
/// (inside on the slice, outside beside the pie, dark mode), the blend through a transition in
/// chart.css and in `piec render`'s frames, the contrast warning E0610, and the checks that
/// refuse what would be accepted and ignored (E0321, E0322, E0323).
@Suite("Label colour")
struct LabelColorTests {
    static let slices = """
        slices:
          - {id: a, label: Alpha, value: 60, color: "#1f77b4"}
          - {id: b, label: Beta, value: 37, color: "#ff7f0e"}
          - {id: c, label: Gamma, value: 3, color: "#2ca02c"}

        """

    static func yaml(_ labels: String, slices: String = slices, extra: String = "") -> String {
        "piec: 1\nlabels: {content: \"{label}\", minPercent: 0, \(labels)}\n" + extra + slices
    }

    /// An easing that overshoots (a cubic-bezier with y above 1) blends label colours past
    /// their ends: each channel is clamped (the fuzz pair of seed 35 trapped converting a
    /// negative channel to UInt8 in the sampled keyframes).
    @Test func aBlendPastItsEndsIsClampedPerChannel() {
        let a = Color(r: 10, g: 200, b: 128), b = Color(r: 250, g: 20, b: 128)
        #expect(DarkTheme.mix(a, b, 1.5) == Color(r: 255, g: 0, b: 128))
        #expect(DarkTheme.mix(a, b, -0.5) == Color(r: 0, g: 255, b: 128))
        #expect(DarkTheme.mix(a, b, 0.5) == Color(r: 130, g: 110, b: 128))
    }

    static func diagnostics(_ text: String) -> [Diagnostic] {
        let r = Compiler.compile(CompileRequest(source: SourceFile(path: "t.yaml", text: text), defaultID: "t"))
        return r.diagnostics
    }

    /// {first two letters of a label: its fill}, inside (`<text ... fill=`) and outside (`p-lo`).
    static func fills(_ svg: String) -> [String: String] {
        var result: [String: String] = [:]
        for part in svg.components(separatedBy: "<text ").dropFirst() {
            let tag = part.prefix { $0 != ">" }
            guard tag.contains("transform") else { continue }
            let name = String(part.split(separator: ">", maxSplits: 1)[1].prefix(2))
            let fill = tag.components(separatedBy: "fill=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) } ?? "ink"
            result[name] = fill
        }
        return result
    }

    @Test func theKeysLowerAndWriteBack() throws {
        #expect(try Fixture.loaded(Self.yaml("")).labels.color == .auto)
        #expect(try Fixture.loaded(Self.yaml("color: slice")).labels.color == .slice)
        let written = try Fixture.loaded(Self.yaml("color: navy", slices: "slices:\n  - {label: A, value: 1, labelColor: \"#abcdef\"}\n"))
        #expect(written.labels.color == .color(Color(r: 0, g: 0, b: 0x80)) && written.slices[0].labelColor == Color(r: 0xab, g: 0xcd, b: 0xef))
        let canonical = String(decoding: written.canonicalMemberText(), as: UTF8.self)
        #expect(canonical.contains("\"color\": \"#000080\"") && canonical.contains("\"labelColor\": \"#abcdef\""), "\(canonical)")
        let reread = SpecLoader.loadEmbedded(SourceFile(path: "m.json", text: "{\"spec\":" + canonical + "}"), defaultID: "t")
        #expect(reread.spec == written)
    }

    @Test func insideLabelsTakeTheWrittenColourOutsideOnesTheSlicesOrTheWrittenOne() throws {
        // auto: black or white on the slice; the outside label in the ink group.
        let auto = Self.fills(Fixture.svg(try Fixture.loaded(Self.yaml("position: auto"))))
        #expect(auto["Al"] == "#ffffff" && auto["Ga"] == "ink", "\(auto)")
        // slice: the outside label in its slice's colour, inside ones keep the contrast colour.
        let slice = Fixture.svg(try Fixture.loaded(Self.yaml("position: auto, color: slice")))
        #expect(Self.fills(slice) == ["Al": "#ffffff", "Be": "#000000", "Ga": "#2ca02c"], "\(Self.fills(slice))")
        #expect(slice.contains("<g class=\"p-ol\">") && !slice.contains("<g class=\"p-ink p-ol\""), "own-coloured texts leave the ink group")
        // A written colour everywhere; a slice's labelColor overrides it.
        let own = Self.slices.replacingOccurrences(of: "color: \"#ff7f0e\"}", with: "color: \"#ff7f0e\", labelColor: \"#222222\"}")
        let written = Self.fills(Fixture.svg(try Fixture.loaded(Self.yaml("position: auto, color: \"#f8f8f8\"", slices: own, extra: "theme: {background: \"#333333\", dark: none}\n"))))
        #expect(written == ["Al": "#f8f8f8", "Be": "#222222", "Ga": "#f8f8f8"], "\(written)")
    }

    @Test func aWrittenColourUnder3To1IsAWarningAtIt() throws {
        // #777777 on white (4.5:1) but on the dark theme's #18181b 3.9:1: no warning.
        #expect(Self.diagnostics(Self.yaml("position: outside, color: \"#777777\"")).isEmpty)
        // #555555: 2.3:1 on the dark background, located at labels.color, naming the slices.
        let text = Self.yaml("position: outside, color: \"#555555\"")
        let dark = Self.diagnostics(text)
        #expect(dark.count == 1 && dark[0].code.rawValue == "E0610" && dark[0].severity == .warning, "\(dark)")
        let line = text.split(separator: "\n")[1], column = line.distance(from: line.startIndex, to: line.range(of: "\"#555555\"")!.lowerBound) + 1
        #expect(dark[0].range?.start.line == 2 && dark[0].range?.start.column == column, "\(String(describing: dark[0].range))")
        #expect(dark.first?.notes.first?.contains("`Alpha` (2.3:1 on #18181b)") == true, "\(dark)")
        // Without a dark variant the same colour passes.
        #expect(Self.diagnostics(Self.yaml("position: outside, color: \"#555555\"", extra: "theme: {dark: none}\n")).isEmpty)
        // Inside: against the slice; a slice's own labelColor is located at it.
        let own = Self.slices.replacingOccurrences(of: "color: \"#ff7f0e\"}", with: "color: \"#ff7f0e\", labelColor: \"#ffa500\"}")
        let inside = Self.diagnostics(Self.yaml("position: inside", slices: own)).filter { $0.code.rawValue != "E0603" }
        #expect(inside.map(\.code.rawValue) == ["E0610"] && inside[0].range?.start.line == 5, "\(inside)")
        #expect(inside[0].message == "the label colour of `Beta` contrasts 1.2:1 with its slice", "\(inside[0].message)")
    }

    /// `labels.color: slice`: an outside label in a pale slice's colour is a warning (E0612)
    /// at `labels.color`, naming the slice; a dark slice passes on white but fails on the dark
    /// background; inside labels (automatic colour) and slices with a `labelColor` never fail.
    @Test func aSliceColourUnder3To1BesideTheChartIsAWarningAtLabelsColor() throws {
        let ok = Self.slices.replacingOccurrences(of: "#ff7f0e", with: "#d62728")
        let pale = ok.replacingOccurrences(of: "color: \"#2ca02c\"", with: "color: \"#ffff66\"")
        let text = Self.yaml("position: outside, color: slice", slices: pale, extra: "theme: {dark: none}\n")
        let found = Self.diagnostics(text)
        #expect(found.map(\.code.rawValue) == ["E0612"] && found[0].severity == .warning, "\(found)")
        let line = text.split(separator: "\n")[1], column = line.distance(from: line.startIndex, to: line.range(of: "slice}")!.lowerBound) + 1
        #expect(found[0].range?.start.line == 2 && found[0].range?.start.column == column, "\(String(describing: found[0].range))")
        #expect(found[0].message == "`labels.color: slice` draws the label of `Gamma` 1:1 against a white page", "\(found[0].message)")
        #expect(found[0].notes.first?.contains("`Gamma` (#ffff66, 1:1 on #ffffff)") == true, "\(found[0].notes)")
        #expect(found[0].help?.contains("labelColor") == true)
        // Its own labelColor overrides the slice's colour: no warning.
        let own = pale.replacingOccurrences(of: "color: \"#ffff66\"}", with: "color: \"#ffff66\", labelColor: \"#333333\"}")
        #expect(Self.diagnostics(Self.yaml("position: outside, color: slice", slices: own, extra: "theme: {dark: none}\n")).isEmpty)
        // A dark slice colour: fine on white, too faint on the dark theme's background.
        let navy = ok.replacingOccurrences(of: "color: \"#2ca02c\"", with: "color: \"#000080\"")
        #expect(Self.diagnostics(Self.yaml("position: outside, color: slice", slices: navy, extra: "theme: {dark: none}\n")).isEmpty)
        let dark = Self.diagnostics(Self.yaml("position: outside, color: slice", slices: navy))
        #expect(dark.map(\.code.rawValue) == ["E0612"] && dark[0].message.contains("the dark theme's background"), "\(dark)")
        // Under `auto` the pale slice's label is beside the chart but in the ink: no warning.
        #expect(Self.diagnostics(Self.yaml("position: outside", slices: pale, extra: "theme: {dark: none}\n")).isEmpty)
    }

    static let moved = slices.replacingOccurrences(of: "value: 60", with: "value: 50")

    /// Alpha's label from one written colour to another, inside: the old colour at the start,
    /// a blend halfway, the new one at the end, in `piec render`'s frames and in chart.css.
    @Test func aChangedColourBlendsInFramesAndKeyframes() throws {
        let old = try Fixture.loaded(Self.yaml("position: inside, color: \"#000000\"", slices: Self.moved))
        let new = try Fixture.loaded(Self.yaml("position: inside, color: \"#ffffff\""))
        let compiled = Transition.between(old: old, new: new)
        let line = Frames.timeline(compiled)
        func at(_ t: Double) -> String? { Self.fills(String(decoding: Frames.svg(chart: compiled, spec: new, at: t), as: UTF8.self))["Al"] }
        #expect(at(line.start) == "#000000")
        #expect(at((line.start + line.end) / 2) == "#808080")
        #expect(at(line.end + 1) == "#ffffff")
        let css = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.css")
        #expect(css.components(separatedBy: "@keyframes").dropFirst().contains { $0.prefix { $0 != "\n" }.contains("fill:#000000") },
                "the from-state of the label texts declares the old colour")
        // auto at both ends: no colour animates (today's rule, unchanged).
        let plain = Fixture.text(Compiler.compile(spec: try Fixture.loaded(Self.yaml("position: inside")), sourceBytes: Array("piec: 1\n".utf8),
                                                  previous: try Fixture.loaded(Self.yaml("position: inside", slices: Self.moved))), "chart.css")
        #expect(!plain.components(separatedBy: "@keyframes").dropFirst().contains { $0.prefix { $0 != "\n" }.contains("fill:") })
    }

    /// An outside label from the ink to its slice's colour: keyframes carry `fill`, frames blend.
    @Test func anOutsideLabelBlendsFromTheInkToItsSlicesColour() throws {
        let old = try Fixture.loaded(Self.yaml("position: outside", slices: Self.moved))
        let new = try Fixture.loaded(Self.yaml("position: outside, color: slice"))
        let compiled = Transition.between(old: old, new: new)
        let line = Frames.timeline(compiled)
        func at(_ t: Double) -> String? { Self.fills(String(decoding: Frames.svg(chart: compiled, spec: new, at: t), as: UTF8.self))["Al"] }
        #expect(at(line.start) == "#333333")
        let middle = try #require(at((line.start + line.end) / 2))
        #expect(middle != "#333333" && middle != "#1f77b4", "\(middle)")
        #expect(at(line.end + 1) == "#1f77b4")
        let css = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.css")
        #expect(css.contains(";fill:#333333") && css.contains(";fill:#1f77b4"), "\(css)")
    }

    /// Keys that would be accepted and ignored are refused; a canonical spec never holds them.
    @Test func refusalsAndTheCanonicalSpec() throws {
        func codes(_ text: String) -> [String] {
            SpecLoader.load(SourceFile(path: "t.yaml", text: text), defaultID: "t").diagnostics.filter { $0.severity == .error }.map(\.code.rawValue)
        }
        #expect(codes(Self.yaml("position: inside, leader: line")) == ["E0321"])
        #expect(codes(Self.yaml("position: inside, leaderColor: ink")) == ["E0321"])
        #expect(codes(Self.yaml("position: inside, color: slice")) == ["E0323"])
        #expect(codes("piec: 1\nlabels: {content: \"\"}\n" + Self.slices) == ["E0322"])
        #expect(codes("piec: 1\nlabels: {content: \" {label}\"}\n" + Self.slices) == [])
        // Inside (and rings) the canonical spec leaves leaderColor out, and reads back.
        let inside = try Fixture.loaded(Self.yaml("position: inside"))
        let text = String(decoding: inside.canonicalMemberText(), as: UTF8.self)
        #expect(!text.contains("leaderColor"))
        #expect(SpecLoader.load(SourceFile(path: "c.yaml", text: text), defaultID: "t").spec == inside)
        let rings = try Fixture.loaded("piec: 1\nrings:\n  - {label: In, slices: [{label: A, value: 1}]}\n  - {label: Out, slices: [{label: B, value: 1}]}\n")
        #expect(!String(decoding: rings.canonicalMemberText(), as: UTF8.self).contains("leaderColor"))
        #expect(String(decoding: try Fixture.loaded(Self.yaml("")).canonicalMemberText(), as: UTF8.self).contains("\"leaderColor\": \"ink\""))
        // A manifest of an earlier piec recorded leaderColor for inside labels: still readable.
        let recorded = text.replacingOccurrences(of: "\"position\": \"inside\"", with: "\"position\": \"inside\", \"leaderColor\": \"ink\"")
        #expect(recorded != text)
        #expect(SpecLoader.loadEmbedded(SourceFile(path: "m.json", text: "{\"spec\":" + recorded + "}"), defaultID: "t").spec != nil)
    }
}
