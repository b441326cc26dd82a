@testable import PieCore
import PieSpec
import Testing

/// `labels.box` under the dark look (issue 40): a box's colours are not theme-derived (the
/// default fill is white, the border none), so they are drawn as written in both looks, and
/// the automatic text colour is chosen against the fill, not the background: chart.css's
/// `prefers-color-scheme: dark` rules reach neither the boxes nor their texts, and
/// `piec render --theme dark` draws them as the light frames do while the rest of the ink
/// turns light.
@Suite("Label boxes in the dark look")
struct LabelBoxDarkTests {
    static let cases: [String] = [
        // Inside, the default white box on dark slices (white text without a box).
        "position: inside, box: {}",
        // Beside the chart, a dark written fill (white text) and the default white one.
        "position: outside, box: {fill: \"#1f2937\", stroke: \"#fde68a\"}",
        "position: outside, box: {padding: 5}",
    ]

    static func yaml(_ labels: String) -> String {
        "piec: 1\ntitle: Boxes\nchart: {size: 300}\nlabels: {content: \"{label}\", minPercent: 0, \(labels)}\n"
            + "legend: {position: none}\nslices:\n  - {id: a, label: Alpha, value: 60, color: \"#1f3b73\"}\n"
            + "  - {id: b, label: Beta, value: 30, color: \"#0b5d1e\"}\n  - {id: c, label: Gamma, value: 10, color: \"#5b1a72\"}\n"
    }

    /// The lines of a chart.svg or frame that draw the label boxes and the labels' texts
    /// (inside: the label groups `p-l<k>`, their rect and text on one line; beside the chart:
    /// `p-ob<k>` rects and `p-lo<k>` texts).
    static func boxed(_ svg: String) -> [String] {
        svg.split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("<rect class=\"p-ob") || $0.hasPrefix("<text class=\"p-lo")
                || ($0.hasPrefix("<g class=\"p-l") && $0.contains("<rect"))
        }
    }

    @Test(arguments: cases)
    func boxesAndTheirTextsAreTheSameInBothLooks(_ labels: String) throws {
        let spec = try Fixture.loaded(Self.yaml(labels))
        let compiled = Transition.between(old: nil, new: spec)
        let end = Frames.timeline(compiled).end + 1
        func frame(_ theme: FrameTheme) -> String {
            String(decoding: Frames.svg(chart: compiled, spec: spec, at: end, options: FrameOptions(theme: theme)), as: UTF8.self)
        }
        let light = frame(.light), dark = frame(.dark)
        let boxes = Self.boxed(light)
        #expect(boxes.count >= 3, "\(light)")
        #expect(Self.boxed(dark) == boxes, "dark frame:\n\(Self.boxed(dark).joined(separator: "\n"))")
        // The dark look did apply: the title's ink is light.
        #expect(dark.contains("fill=\"#e4e4e7\"") && !light.contains("fill=\"#e4e4e7\""))
        // Every box and every boxed text carries its own fill, so no inherited ink reaches it.
        #expect(boxes.allSatisfy { $0.contains("fill=\"#") })
        // The automatic colour is chosen on the box's fill in both looks.
        let box = try #require(spec.labels.box)
        let ink = "fill=\"\(TextInk.on(box.fill).hex)\""
        #expect(boxes.filter { $0.contains("<text") }.allSatisfy { $0.contains(ink) }, "\(boxes)")

        // chart.css: the dark rules name only the ink groups, the background, the separators
        // and the track, and no boxed label stands in an ink group there.
        let bundle = Fixture.bundle(spec)
        let css = Fixture.text(bundle, "chart.css"), svg = Fixture.text(bundle, "chart.svg")
        let block = css.between("@media (prefers-color-scheme:dark){\n", "}\n}\n")
        #expect(!block.isEmpty, "\(css)")
        let selectors = block.split(separator: "\n").map { String($0.prefix { $0 != "{" }) }
        let allowed: Set = [".p-bg", ".p-ink,.p-ink text", ".p-ink path,.p-ink line,.p-ink polyline", ".p-sep", ".p-track"]
        #expect(Set(selectors).isSubset(of: allowed), "\(selectors)")
        #expect(Self.boxed(svg).allSatisfy { $0.contains("fill=\"#") })
        for group in ["<g class=\"p-ol\"", "<g class=\"p-lb\""] where svg.contains(group + " ") || svg.contains(group + ">") {
            #expect(!svg.contains(group.dropLast() + " p-ink"), "\(group) is not ink")
        }
        // The boxes' own group is ink only for its (unused) inherited fill: each rect writes
        // its fill, and the dark stroke rule selects paths, lines and polylines, not rects.
        #expect(!svg.contains("<rect class=\"p-ob") || svg.contains("<g class=\"p-ink p-obx\">"))
    }
}
