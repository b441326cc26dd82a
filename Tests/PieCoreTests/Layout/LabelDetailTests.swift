@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// `labels.detail`: a second label line of its own size and colour, measured line by line
/// (`TextLines`, `MixedLines`), drawn as its own `<tspan>` in chart.svg and in frames.
@Suite("Label detail")
struct LabelDetailTests {
    static func yaml(_ labels: String, slices: String = "  - {label: Alpha, value: 5, color: \"#1f77b4\"}\n  - {label: Beta, value: 3, color: \"#ff7f0e\"}\n  - {label: Gamma, value: 2, color: \"#2ca02c\"}\n") -> String {
        "piec: 1\nlabels: " + labels + "\nslices:\n" + slices
    }

    static func error(_ yaml: String) throws -> Diagnostic {
        let r = SpecLoader.load(SourceFile(path: "t.yaml", text: yaml), defaultID: "t")
        return try #require(r.diagnostics.first { $0.severity == .error }, "no error for \(yaml)")
    }

    @Test func lowersWithDefaultsAndOnlyWhenWritten() throws {
        #expect(try Fixture.loaded(Self.yaml("{content: \"{label}\"}")).labels.detail == nil)
        let d = try #require(try Fixture.loaded(Self.yaml("{content: \"{label}\", detail: {}}")).labels.detail)
        #expect(d.content.source == "{value}" && d.size == 0.85 && d.color == nil)
        let set = try #require(try Fixture.loaded(Self.yaml("{detail: {content: \"{percent}\\n{id}\", size: 0.7, color: \"#777777\"}}")).labels.detail)
        #expect(set.content.source == "{percent}\n{id}" && set.size == 0.7 && set.color == Color(r: 0x77, g: 0x77, b: 0x77))
    }

    @Test func badKeysAreLocated() throws {
        let token = try Self.error("piec: 1\nlabels:\n  detail:\n    content: \"{valeu}\"\nslices:\n  - {label: A, value: 1}\n")
        #expect(token.range?.start.line == 4 && token.message.contains("labels.detail.content") && token.message.contains("valeu"), "\(token)")
        #expect(token.help?.contains("{value}") == true)
        let size = try Self.error("piec: 1\nlabels:\n  detail: {size: 3}\nslices:\n  - {label: A, value: 1}\n")
        #expect(size.range?.start.line == 3 && size.message.contains("size"), "\(size)")
        let unknown = try Self.error("piec: 1\nlabels:\n  detail:\n    colour: red\nslices:\n  - {label: A, value: 1}\n")
        #expect(unknown.range?.start.line == 4 && unknown.message.contains("colour"), "\(unknown)")
        let control = try Self.error("piec: 1\nlabels:\n  detail: {content: \"a\\x1Eb\"}\nslices:\n  - {label: A, value: 1}\n")
        #expect(control.range?.start.line == 3 && control.code.rawValue == "E0215", "\(control)")
    }

    @Test func aBlockMeasuresEachLineAtItsOwnSize() {
        var options = LabelDetailOptions()
        options.size = 0.5
        let text = LabelDetail.compose("Wide label", detail: "1\n22", options: options, opacity: 1)
        #expect(LabelDetail.plain(text) == "Wide label\n1\n22")
        let fs = 12.0
        // Width: the widest line at its own size (the label), not the detail at 12 px.
        #expect(TextLines.width(text, fontSize: fs) == TextMetrics.width("Wide label", fontSize: 12))
        let long = LabelDetail.compose("A", detail: "much longer detail", options: options, opacity: 1)
        #expect(TextLines.width(long, fontSize: fs) == TextMetrics.width("much longer detail", fontSize: 6))
        // Height: the label's ascent, a 1.2 x 12 gap to the first detail line, 1.2 x 6 to the
        // second, and the last line's descent at 6 px.
        let h = TextLines.boxHeight(text, fontSize: fs)
        #expect(abs(h - (12 + 14.4 + 7.2 + 6 * 0.25)) < 1e-9, "\(h)")
        // Centred on the anchor: the first baseline is (ascent - descent - span) / 2 below it.
        #expect(abs(TextLines.firstLineShift(text, fontSize: fs) + 0.35 * 12 - (12 - 1.5 - 21.6) / 2) < 1e-9)
        // Lines of one size measure as they always did.
        let same = LabelDetail.compose("Ab", detail: "Cd", options: LabelDetailOptions.sized(1), opacity: 1)
        #expect(abs(TextLines.boxHeight(same, fontSize: fs) - TextLines.boxHeight("Ab\nCd", fontSize: fs)) < 1e-9)
        #expect(abs(TextLines.firstLineShift(same, fontSize: fs) - TextLines.firstLineShift("Ab\nCd", fontSize: fs)) < 1.0)
        // Truncation cuts each line at its own size and keeps the detail's style.
        let cut = TextLines.truncate(long, maxWidth: 30, fontSize: fs)
        #expect(LabelDetail.plain(cut).hasSuffix("…") && LabelDetail.marked(cut))
        #expect(TextLines.width(cut, fontSize: fs) <= 30)
        #expect(TextLines.joined(text) == "Wide label 1 22")
    }

    @Test func aDetailThatMakesTheLabelTooBigSendsItOutside() throws {
        let slices = "  - {label: Big, value: 80}\n  - {label: Small, value: 12}\n  - {label: Tiny, value: 8}\n"
        let plain = Layout.layout(try Fixture.loaded(Self.yaml("{content: \"{label}\"}", slices: slices)))
        #expect(plain.slices.filter(\.labelOutside).isEmpty)
        let tall = Layout.layout(try Fixture.loaded(Self.yaml("{content: \"{label}\", detail: {content: \"{value} units\\n{percent}\\nof all\", size: 1.3}}", slices: slices)))
        let outside = tall.slices.filter(\.labelOutside).map(\.label)
        #expect(outside.contains("Tiny") && !outside.contains("Big"), "\(outside)")
        // The outside stack spaces labels by their whole blocks.
        let text = try #require(tall.slices.first { $0.label == "Tiny" }?.labelText)
        #expect(OutsideLabels.height(text, fontSize: tall.fontSize) > OutsideLabels.height("Tiny\nx\ny\nz", fontSize: tall.fontSize))
    }

    @Test func theDetailIsATspanOfItsOwnSizeAndColour() throws {
        let svg = Fixture.svg(try Fixture.loaded(Self.yaml("{content: \"{label}\", position: inside, detail: {size: 0.75}}")))
        // Black on the orange: 0.75; white on the blue reaches only 4.9:1, so its detail
        // stays at 0.95 to keep 4.5:1.
        #expect(svg.contains("<tspan x=\"0\">Beta</tspan><tspan x=\"0\" dy=\"14.4\" font-size=\"9\" fill-opacity=\"0.75\">3</tspan>"), "\(svg)")
        #expect(svg.contains("<tspan x=\"0\">Alpha</tspan><tspan x=\"0\" dy=\"14.4\" font-size=\"9\" fill-opacity=\"0.95\">5</tspan>"), "\(svg)")
        let coloured = Fixture.svg(try Fixture.loaded(Self.yaml("{content: \"{label}\", detail: {color: \"#123456\"}}")))
        #expect(coloured.contains("font-size=\"10.2\" fill=\"#123456\">5</tspan>"), "\(coloured)")
        // Without labels.detail nothing changes: no font-size on any tspan.
        let none = Fixture.svg(try Fixture.loaded(Self.yaml("{content: \"{label}\\n{value}\"}")))
        #expect(!none.contains("<tspan x=\"0\" dy=\"14.4\" font-size"))
        #expect(!svg.contains("\u{1E}") && !svg.contains("\u{1F}"))
        // An empty detail would draw nothing: it is refused (E0322), like an empty `content`.
        let empty = SpecLoader.load(SourceFile(path: "t.yaml", text: Self.yaml("{content: \"{label}\", detail: {content: \"\"}}")), defaultID: "t")
        #expect(empty.spec == nil && empty.diagnostics.map(\.code.rawValue) == ["E0322"], "\(empty.diagnostics)")
    }

    @Test func ringsAndOtherCarryTheDetailToo() throws {
        let rings = try Fixture.loaded("piec: 1\nchart: {size: 400}\nlabels: {content: \"{label}\", detail: {content: \"{percent}\", size: 0.6}}\n"
            + "rings:\n  - label: In\n    slices:\n      - {label: A, value: 1}\n      - {label: B, value: 1}\n"
            + "  - label: Out\n    slices:\n      - {label: C, value: 1}\n      - {label: D, value: 3}\n")
        let svg = Fixture.svg(rings)
        #expect(svg.contains("<tspan x=\"0\">D</tspan><tspan x=\"0\" dy=\"14.4\" font-size=\"7.2\""), "\(svg)")
        let other = try Fixture.loaded("piec: 1\nchart: {other: {minPercent: 10, label: Rest}}\nlabels: {content: \"{label}\", detail: {}}\n"
            + "slices:\n  - {label: A, value: 90}\n  - {label: B, value: 5}\n  - {label: C, value: 5}\n")
        let grouped = try #require(Layout.layout(other).slices.last?.labelText)
        #expect(LabelDetail.plain(grouped) == "Rest\n10", "\(grouped)")
    }

    @Test func theDefaultColourKeepsTheLabelsContrast() {
        let white = Color(r: 255, g: 255, b: 255), black = Color(r: 0, g: 0, b: 0)
        #expect(LabelDetail.opacity([(ink: black, background: white)]) == 0.75)
        // A mid grey leaves black just above 4.5: no room to lighten it.
        let grey = Color(r: 0x77, g: 0x77, b: 0x77)
        #expect(Color.contrast(black, grey) >= 4.5)
        let a = LabelDetail.opacity([(ink: black, background: grey)])
        #expect(a > 0.75 && Color.contrast(DarkTheme.mix(grey, black, a), grey) >= 4.5)
        // A pair that never reached 4.5 (a written colour) does not hold the others back.
        #expect(LabelDetail.opacity([(ink: black, background: white), (ink: grey, background: white)]) == 0.75)
    }

    /// A changed detail reads like a changed label: the new text from the motion's start
    /// (the text is one string with the label's), at the label's place at every instant.
    @Test func framesDrawTheDetailAndATransitionChangesIt() throws {
        let old = try Fixture.loaded(Self.yaml("{content: \"{label}\", position: outside, detail: {content: \"{value} kg\"}}"))
        let new = try Fixture.loaded(Self.yaml("{content: \"{label}\", position: outside, detail: {content: \"{percent}\"}}"))
        let compiled = Transition.between(old: old, new: new)
        let line = Frames.timeline(compiled)
        let start = String(decoding: Frames.svg(chart: compiled, spec: new, at: line.start), as: UTF8.self)
        let end = String(decoding: Frames.svg(chart: compiled, spec: new, at: line.end + 1), as: UTF8.self)
        #expect(start.contains("<tspan x=\"0\">Alpha</tspan><tspan x=\"0\" dy=\"14.4\" font-size=\"10.2\" fill-opacity=\"0.75\">50.0%</tspan>"), "\(start)")
        #expect(end.contains("<tspan x=\"0\">Alpha</tspan><tspan x=\"0\" dy=\"14.4\" font-size=\"10.2\" fill-opacity=\"0.75\">50.0%</tspan>"), "\(end)")
        #expect(!start.contains(">5 kg<") && !end.contains(">5 kg<"))
        let oldEnd = String(decoding: Frames.svg(chart: Transition.between(old: nil, new: old), spec: old, at: 1e9), as: UTF8.self)
        #expect(oldEnd.contains("font-size=\"10.2\" fill-opacity=\"0.75\">5 kg</tspan>"), "\(oldEnd)")
        let svg = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.svg")
        #expect(svg.contains(">50.0%</tspan>"))
    }
}

extension LabelDetailOptions {
    static func sized(_ size: Double) -> LabelDetailOptions {
        var o = LabelDetailOptions()
        o.size = size
        return o
    }
}
