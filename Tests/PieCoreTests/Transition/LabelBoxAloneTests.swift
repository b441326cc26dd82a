@testable import PieCore
import PieSpec
import Testing

/// `labels.box` changing alone between versions (issue 40): nothing else moves (same slices,
/// same values), yet the change is a transition: a box that comes or goes fades, a restyled
/// one blends, in chart.css and in `piec render`'s frames, and `piec diff` reports it. In the
/// dark look an outside label's text blends from or to the dark look's ink, not the light one's.
@Suite("Label boxes changing alone")
struct LabelBoxAloneTests {
    static let slices: [(String, Double)] = [("Salaries", 48), ("Rent", 22), ("Cloud", 14), ("Travel", 9), ("Hardware", 7)]

    /// The two versions, `labels` (with or without a box) as written, the slices the same.
    static func versions(_ old: String, _ new: String) throws -> (old: ChartSpec, new: ChartSpec) {
        (try OutsideLabelBoxTests.spec(old, slices: slices), try OutsideLabelBoxTests.spec(new, slices: slices))
    }

    /// The box rects of a chart.svg or frame: inside labels' (`<rect transform=`) and outside
    /// labels' (`<rect class="p-ob`).
    static func boxes(_ svg: String) -> [String] {
        LabelBoxTests.rects(svg) + svg.split(separator: "\n").map(String.init).filter { $0.hasPrefix("<rect class=\"p-ob") }
    }

    static let box = "box: {fill: \"#fef3c7\", stroke: \"#92400e\", padding: 4}"

    /// Inside and beside the chart, a box that appears and one that goes: the plan moves, the
    /// timeline has a length, chart.css fades the boxes, chart.svg draws a box that goes at
    /// opacity 0, and a frame of `piec render` half-way draws them part faded.
    @Test(arguments: ["inside", "outside"], [true, false])
    func aBoxThatComesOrGoesAloneFades(_ position: String, _ appears: Bool) throws {
        let boxed = "position: \(position), \(Self.box)", plain = "position: \(position)"
        let (old, new) = try Self.versions(appears ? plain : boxed, appears ? boxed : plain)
        let compiled = Transition.between(old: old, new: new)
        #expect(compiled.plan.movesGeometry, "a box alone moves")
        let line = Frames.timeline(compiled)
        #expect(line.length > 0)
        // `piec diff` reports it as a change of the chart, no slice's.
        #expect(compiled.changes?.slices.isEmpty == true)
        #expect(compiled.changes?.chart.map(\.field) == ["labels.box"], "\(String(describing: compiled.changes))")

        let bundle = Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old)
        let css = Fixture.text(bundle, "chart.css"), svg = Fixture.text(bundle, "chart.svg")
        let rest = Self.boxes(svg)
        #expect(rest.count >= 3, "\(svg)")
        #expect(rest.allSatisfy { $0.contains("opacity=\"0\"") != appears }, "\(rest)")
        if position == "inside" {
            #expect(css.contains(".p-l0>rect") && css.contains(appears ? "opacity:0" : "opacity:1"), "\(css)")
        } else {
            let frames = css.between("-ob0{", "}}")
            #expect(frames.contains(appears ? "opacity:0}" : "opacity:1}") || frames.contains(appears ? "opacity:0;" : "opacity:1;"),
                    "\(css)")
        }
        func frame(_ t: Double) -> [String] { Self.boxes(String(decoding: Frames.svg(chart: compiled, spec: new, at: t), as: UTF8.self)) }
        let mid = frame(line.start + line.length / 2)
        #expect(mid.count == rest.count && mid.allSatisfy { $0.contains("opacity=\"0.") }, "\(mid)")
        #expect(frame(line.start).allSatisfy { $0.contains("opacity=\"0\"") == appears })
    }

    /// A box restyled alone (padding, fill, border, rounding): it blends, in chart.css
    /// (the rect's width and fill keyframes) and in a frame half-way (a width between the ends').
    @Test(arguments: ["inside", "outside"])
    func aBoxRestyledAloneBlends(_ position: String) throws {
        let (old, new) = try Self.versions("position: \(position), box: {fill: \"#fef3c7\", padding: 2, radius: 0}",
                                           "position: \(position), box: {fill: \"#1e3a8a\", stroke: \"#fde68a\", padding: 5, radius: 6}")
        let compiled = Transition.between(old: old, new: new)
        #expect(compiled.plan.movesGeometry)
        let line = Frames.timeline(compiled)
        #expect(line.length > 0)
        #expect(compiled.changes?.chart.contains { $0.field.hasPrefix("labels.box") } == true)
        let css = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.css")
        #expect(css.contains("fill:#fef3c7") && css.contains("width:"), "\(css)")
        func widths(_ t: Double) -> [Double] {
            Self.boxes(String(decoding: Frames.svg(chart: compiled, spec: new, at: t), as: UTF8.self)).compactMap {
                Double($0.between("width=\"", "\""))
            }
        }
        let start = widths(line.start), mid = widths(line.start + line.length / 2), end = widths(line.end + 1)
        #expect(start.count >= 3 && mid.count == start.count && end.count == start.count, "\(start) \(mid) \(end)")
        for k in start.indices {
            #expect(start[k] < mid[k] && mid[k] < end[k], "box \(k): \(start[k]) \(mid[k]) \(end[k])")
        }
    }

    /// The fill of outside label `k`'s text in a frame or chart.svg.
    static func textFill(_ svg: String, _ k: Int) -> String? {
        let line = svg.split(separator: "\n").first { $0.hasPrefix("<text class=\"p-lo\(k)\"") }
        return line.map { String($0).between("fill=\"", "\"") }
    }

    /// Beside the chart, a box that appears or goes (alone, and while the slices move): the
    /// text's colour runs between the ink and black or white on the box; in the dark look the
    /// ink end is the dark look's ink, in `piec render --theme dark` frames and in chart.css
    /// (the dark rules name a copy of the text's keyframes with the dark ink).
    @Test(arguments: [true, false], [true, false])
    func outsideTextsBlendFromTheInkOfTheirLook(_ appears: Bool, _ alone: Bool) throws {
        let boxed = "position: outside, box: {fill: \"#1f2937\", padding: 4}", plain = "position: outside"
        let moved = Self.slices.enumerated().map { ($0.element.0, Double(5 + $0.offset * 3)) }
        let a = try OutsideLabelBoxTests.spec(appears ? plain : boxed, slices: Self.slices)
        let b = try OutsideLabelBoxTests.spec(appears ? boxed : plain, slices: alone ? Self.slices : moved)
        let compiled = Transition.between(old: a, new: b)
        let layout = compiled.layout
        let dark = try #require(layout.dark).ink, light = layout.ink, onBox = TextInk.on(Color(r: 0x1f, g: 0x29, b: 0x37))
        #expect(dark != light && onBox != light)
        let line = Frames.timeline(compiled)
        func fill(_ t: Double, _ theme: FrameTheme) -> String? {
            Self.textFill(String(decoding: Frames.svg(chart: compiled, spec: b, at: t, options: FrameOptions(theme: theme)), as: UTF8.self), 0)
        }
        let inkEnd = appears ? line.start : line.end - 1e-6
        #expect(fill(inkEnd, .light).map { near($0, light) } == true, "\(String(describing: fill(inkEnd, .light)))")
        #expect(fill(inkEnd, .dark).map { near($0, dark) } == true, "dark: \(String(describing: fill(inkEnd, .dark)))")
        let mid = line.start + line.length / 2
        #expect(fill(mid, .dark) != fill(mid, .light), "half-way the looks differ")
        #expect(fill(appears ? line.end + 1 : line.start, .dark) == onBox.hex, "the box's end is the same in both looks")

        // chart.css: the text's keyframes and their dark copy, named in the dark rules.
        let css = Fixture.text(Compiler.compile(spec: b, sourceBytes: Array("piec: 1\n".utf8), previous: a), "chart.css")
        let frames = css.between("-lo0{", "}}"), darkFrames = css.between("-ld0{", "}}")
        #expect(frames.contains("fill:" + light.hex) && !frames.contains("fill:" + dark.hex), "\(frames)")
        #expect(darkFrames.contains("fill:" + dark.hex) && !darkFrames.contains("fill:" + light.hex), "\(css)")
        let darkRule = css.between("@media (prefers-color-scheme:dark){\n.p-lo0{animation-name:", "}")
        #expect(darkRule.hasSuffix("-ld0"), "\(css)")
    }

    /// Within one unit per channel of `color` (a frame's text is a mix of two samples).
    func near(_ hex: String, _ color: Color) -> Bool {
        let v = Array(hex.utf8.dropFirst()).map { Int(String(UnicodeScalar($0)), radix: 16)! }
        guard v.count == 6 else { return false }
        let c = [v[0] * 16 + v[1], v[2] * 16 + v[3], v[4] * 16 + v[5]]
        return abs(c[0] - Int(color.r)) <= 1 && abs(c[1] - Int(color.g)) <= 1 && abs(c[2] - Int(color.b)) <= 1
    }

    /// An inside label's automatic colour changes with a box that comes (white on a dark
    /// slice, black on the box's light fill): it blends with the box's fade, so the first
    /// frame is the old version's white text and the last the new one's black, never black
    /// text on the dark slice with the box still faded out.
    @Test func theAutomaticTextColourBlendsWithABoxThatComes() throws {
        let dark = "  - {id: a, label: Alpha, value: 60, color: \"#111111\"}\n  - {id: b, label: Beta, value: 40, color: \"#222266\"}\n"
        let head = "piec: 1\nchart: {size: 300}\nlegend: {position: none}\n"
        let old = try Fixture.loaded(head + "labels: {position: inside, content: \"{label}\", minPercent: 0}\nslices:\n" + dark)
        let new = try Fixture.loaded(head + "labels: {position: inside, content: \"{label}\", minPercent: 0, box: {fill: \"#ffffff\", padding: 3}}\nslices:\n" + dark)
        let compiled = Transition.between(old: old, new: new)
        let line = Frames.timeline(compiled)
        func fill(_ t: Double) -> String {
            let svg = String(decoding: Frames.svg(chart: compiled, spec: new, at: t), as: UTF8.self)
            let text = svg.components(separatedBy: "<text").first { $0.contains(">Alpha<") } ?? ""
            return text.between("fill=\"", "\"")
        }
        #expect(fill(line.start) == "#ffffff")
        #expect(fill(line.start + line.length) == "#000000")
        let mid = fill(line.start + line.length / 2)
        #expect(mid != "#ffffff" && mid != "#000000" && mid.hasPrefix("#"), "\(mid)")
    }
}
