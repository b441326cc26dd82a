@testable import PieCore
import PieDiagnostics
import PieJSON
import PieSpec
import Testing

/// An empty chart (`slices: []`, a data file without rows): its layout (the track or the
/// outline, `chart.empty` where the centre text goes), the text readers get, the transitions
/// to and from it (slices leave and enter as removed and inserted ones do), its frames, and
/// what `piec diff` reports.
@Suite("Empty charts")
struct EmptyChartTests {
    static func empty(_ chart: String = "", extra: String = "") throws -> ChartSpec {
        try Fixture.loaded("piec: 1\ntitle: Incidents\nchart:\n  size: 300\n" + chart + extra + "slices: []\n")
    }

    static func full(_ chart: String = "", extra: String = "") throws -> ChartSpec {
        try Fixture.loaded("piec: 1\ntitle: Incidents\nchart:\n  size: 300\n" + chart + extra
            + "slices:\n  - {label: Network, value: 5}\n  - {label: Storage, value: 3}\n  - {label: Auth, value: 2}\n")
    }

    @Test func anEmptyChartDrawsTheNeutralTrackAndItsText() throws {
        let pie = Layout.layout(try Self.empty())
        #expect(pie.isEmpty && pie.track == EmptyState.lightTrack)
        // A pie's text sits in its middle; the default text, at most the title's size.
        let text = try #require(pie.center)
        #expect(text.text == "No data" && text.x == 0 && text.y == 0 && text.fontSize == EmptyState.maxFontSize)
        let donut = Layout.layout(try Self.empty("  innerRadius: 0.6\n  empty: Nothing open\n  center: \"{total}\"\n"))
        #expect(donut.center?.text == "Nothing open", "the empty text replaces the centre text")
        #expect(try #require(donut.center).fontSize <= EmptyState.maxFontSize)
        // No legend rows, so no legend.
        #expect(donut.legend.items.isEmpty)
        #expect(Layout.layout(try Self.empty("  empty: \"\"\n")).center == nil, "an empty text draws none")
    }

    @Test func theTrackIsChartTrackNoneUnderAnOutlineOrMixedIntoADarkBackground() throws {
        #expect(Layout.layout(try Self.empty("  track: \"#ff0000\"\n")).track == Color(r: 255, g: 0, b: 0))
        let outlined = Layout.layout(try Self.empty("  outline: {width: 3}\n"))
        #expect(outlined.track == nil && outlined.outline != nil && outlined.center?.text == "No data")
        let dark = Layout.layout(try Self.empty(extra: "theme: {background: \"#111111\"}\n"))
        let track = try #require(dark.track)
        #expect(track.luminance < 0.1, "a light grey on a dark background would glare: \(track)")
        // The dark variant darkens the light track as it darkens any light track.
        #expect(Layout.layout(try Self.empty()).dark?.track != nil)
        // A chart with slices keeps its own track rule (none unless set).
        #expect(Layout.layout(try Self.full()).track == nil)
    }

    @Test func chartSVGAndIndexHTMLSayTheChartIsEmpty() throws {
        let spec = try Self.empty("  empty: Nothing open\n")
        let bundle = Fixture.bundle(spec)
        let svg = Fixture.text(bundle, "chart.svg"), html = Fixture.text(bundle, "index.html")
        #expect(svg.contains("<path class=\"p-track\" fill=\"#e5e7eb\""))
        #expect(svg.contains(">Nothing open</text>"))
        #expect(svg.contains("<desc id=\"piec-t-desc\">Incidents: the chart is empty.</desc>"), "\(svg.prefix(600))")
        #expect(html.contains("<tr><td colspan=\"3\">Nothing open</td></tr>"))
        #expect(html.contains("First version: an empty chart."))
        #expect(!svg.contains("p-lg"), "no legend")
    }

    /// Variants a chart may empty or fill in: every one compiles, its frames draw, and no
    /// number in any output is NaN or infinite.
    static let variants: [String] = [
        "",
        "  innerRadius: 0.5\n  center: \"{total}\"\n",
        "  sweep: 180\n  startAngle: -90\n  innerRadius: 0.6\n",
        "  total: 20\n  track: \"#e5e7eb\"\n  innerRadius: 0.6\n",
        "  rose: area\n",
        "  outline: {width: 4}\n",
        "  padAngle: 2\n  cornerRadius: 4\n  innerRadius: 0.5\n",
        "  other: {maxSlices: 2}\n",
        "  direction: counterclockwise\n  sort: descending\n",
    ]
    static let extras: [String] = [
        "", "labels: {position: outside}\n", "animation: {stages: staged}\n", "animation: {stagger: 100ms}\n",
        "theme: {patterns: auto}\n", "legend: {position: bottom}\n",
    ]

    /// Whether `bytes` spell `nan` or `inf` as a word of their own (any case): how a NaN or
    /// an infinity would print; `minAngle` and `info` do not count.
    static func hasNonFinite(_ bytes: [UInt8]) -> Bool {
        let text = Array(String(decoding: bytes, as: UTF8.self).lowercased().utf8)
        func letter(_ i: Int) -> Bool { i >= 0 && i < text.count && (97...122).contains(text[i]) }
        for word in [Array("nan".utf8), Array("inf".utf8)] where text.count >= word.count {
            for i in 0...(text.count - word.count) where Array(text[i..<(i + word.count)]) == word {
                if !letter(i - 1) && !letter(i + word.count) { return true }
            }
        }
        return false
    }

    @Test(arguments: variants)
    func aChartEmptiesAndFillsInEveryVariant(_ chart: String) throws {
        for extra in Self.extras {
            let empty = try Self.empty(chart, extra: extra), full = try Self.full(chart, extra: extra)
            for (old, new) in [(full, empty), (empty, full), (empty, empty), (nil, empty)] as [(ChartSpec?, ChartSpec)] {
                let compiled = Transition.between(old: old, new: new)
                let bundle = Compiler.compile(spec: new, sourceBytes: [], previous: old)
                for file in bundle.files {
                    #expect(!Self.hasNonFinite(file.bytes), "\(chart) \(extra) \(file.name)")
                }
                let line = Frames.timeline(compiled)
                for f in [0.0, 0.3, 0.7, 1.0] {
                    #expect(!Self.hasNonFinite(Frames.svg(chart: compiled, spec: new, at: line.start + line.length * f)), "\(chart) \(extra) at \(f)")
                }
            }
        }
    }

    @Test func slicesLeaveAsRemovedOnesDoAndTheEmptyTextFadesIn() throws {
        let donut = "  innerRadius: 0.5\n  center: \"{total}\"\n"
        let compiled = Transition.between(old: try Self.full(donut), new: try Self.empty(donut))
        #expect(compiled.plan.kind == .update)
        #expect(compiled.plan.segments.map(\.kind) == [.exit, .exit, .exit])
        // Each shrinks to no width: the last frame shows only the track.
        #expect(compiled.plan.segments.allSatisfy { $0.to.endAngle == $0.to.startAngle })
        #expect(compiled.plan.segments.allSatisfy { $0.exitLabel != nil }, "their labels fade out as they shrink")
        let ink = Stage.centerItems(layout: compiled.layout, plan: compiled.plan)
        #expect(ink.map(\.text.text) == ["10", "No data"])
        #expect(ink.map(\.fromOpacity) == [1, 0] && ink.map(\.toOpacity) == [0, 1])
        // At rest, nothing of the slices is left: the final frame is the empty chart's.
        // (The text is the second centre element of the transition, the first of the rest.)
        let end = String(decoding: Frames.svg(chart: compiled, spec: try Self.empty(donut), at: 100_000), as: UTF8.self)
        let rest = String(decoding: Frames.svg(chart: Transition.between(old: nil, new: try Self.empty(donut)), spec: try Self.empty(donut), at: 100_000),
                          as: UTF8.self)
        #expect(end.replacing("p-cx1", with: "p-cx0") == rest)
    }

    @Test func slicesEnterAsInsertedOnesDoAndTheEmptyTextFadesOut() throws {
        let compiled = Transition.between(old: try Self.empty(), new: try Self.full())
        #expect(compiled.plan.segments.map(\.kind) == [.enter, .enter, .enter])
        #expect(compiled.plan.segments.allSatisfy { $0.from.endAngle == $0.from.startAngle })
        #expect(compiled.layout.track == nil)
        let ink = Stage.centerItems(layout: compiled.layout, plan: compiled.plan)
        #expect(ink.map(\.text.text) == ["No data"] && ink[0].fromOpacity == 1 && ink[0].toOpacity == 0)
        // Midway the slices are part grown: they tile less than the sweep, none is wider than its end.
        let mid = compiled.plan.frozen(at: Frames.timeline(compiled).start + 400)
        let widths = mid.segments.map { $0.from.endAngle - $0.from.startAngle }
        #expect(widths.allSatisfy { $0 > 0 } && widths.reduce(0, +) < 360 - 1)
    }

    @Test func theChangeReportSaysTheChartBecameEmptyOrIsNoLongerEmpty() throws {
        let emptied = try #require(Transition.between(old: try Self.full(), new: try Self.empty()).changes)
        #expect(emptied.emptiness == .emptied)
        #expect(emptied.text().hasSuffix("chart is now empty\n"))
        #expect(emptied.json()["empty"] == .string("became-empty"))
        #expect(emptied.sentence().hasPrefix("The chart is now empty; Network was removed"))
        #expect(emptied.sentence(limit: 2) == "The chart is now empty: 3 slices were removed.")
        let filled = try #require(Transition.between(old: try Self.empty(), new: try Self.full()).changes)
        #expect(filled.emptiness == .filled && filled.text().hasSuffix("chart is no longer empty\n"))
        #expect(filled.json()["empty"] == .string("no-longer-empty"))
        #expect(filled.sentence(limit: 2) == "The chart is no longer empty: 3 slices were added.")
        // Neither or both empty: nothing said, and no `empty` member.
        let same = try #require(Transition.between(old: try Self.empty(), new: try Self.empty()).changes)
        #expect(same.isEmpty && same.text() == "no changes\n" && same.json()["empty"] == nil)
        let text = try #require(Transition.between(old: try Self.empty(), new: try Self.empty("  empty: Later\n")).changes)
        #expect(text.text() == "chart empty No data -> Later\n")
        #expect(try #require(Transition.between(old: try Self.full(), new: try Self.full()).changes).json()["empty"] == nil)
    }

    @Test func aChartOfRingsEmptiesByEntering() throws {
        let rings = try Fixture.loaded("piec: 1\nchart: {innerRadius: 0.3}\nrings:\n"
            + "  - {id: a, label: A, slices: [{label: X, value: 1}, {label: Y, value: 2}]}\n"
            + "  - {id: b, label: B, slices: [{label: X, value: 3}]}\n")
        let empty = try Self.empty("  innerRadius: 0.3\n")
        let down = Transition.between(old: rings, new: empty)
        // Nothing to match between rings and slices: the empty chart enters (its text fades
        // in), and the change is still reported slice by slice.
        #expect(down.plan.segments.isEmpty && down.layout.isEmpty)
        let report = try #require(down.changes)
        #expect(report.emptiness == .emptied && report.slices.map(\.kind) == [.remove, .remove, .remove])
        #expect(report.slices.map(\.id) == ["a/x", "a/y", "b/x"])
        let up = try #require(Transition.between(old: empty, new: rings).changes)
        #expect(up.emptiness == .filled && up.slices.count == 3)
    }
}
