@testable import PieCore
import PieSpec
import Testing

/// `labels.box` added or removed between versions (issue 40): the boxes fade in or out,
/// growing from or shrinking onto their texts' edges, instead of popping; beside the chart the
/// columns are solved at every sample with that sample's (blended) box.
@Suite("Label boxes coming and going")
struct LabelBoxFadeTests {
    static let box = "box: {fill: \"#fef3c7\", stroke: \"#92400e\", padding: 4}"

    /// The pose of a box that one end lacks: the other end's, with no padding, border or opacity.
    @Test func aMissingEndIsTheOtherEndAbsent() throws {
        var options = LabelBoxOptions()
        options.stroke = Color(r: 0, g: 0, b: 0)
        options.padding = 6
        let b = LabelBoxPose(options)
        let ends = try #require(LabelBoxPose.ends(nil, b))
        #expect(ends.to == b && ends.from.opacity == 0 && ends.from.padding == 0 && ends.from.strokeWidth == 0 && ends.from.reach == 0)
        #expect(ends.from.fill == b.fill && ends.from.stroke == b.stroke && ends.from.radius == b.radius)
        let half = try #require(LabelBoxPose.blend(nil, b, at: 0.5))
        #expect(half.opacity == 0.5 && half.padding == 3 && half.strokeWidth == 0.5)
        #expect(LabelBoxPose.blend(b, nil, at: 0.25)?.opacity == 0.75 && LabelBoxPose.blend(b, nil, at: 1) == nil)
        #expect(LabelBoxPose.blend(nil, b, at: 1) == b && LabelBoxPose.ends(nil, nil) == nil)
    }

    /// Inside labels: chart.css starts each rect at opacity 0 with no padding when the box
    /// appears; a box that goes is drawn at rest with opacity 0 and fades from 1; a frame of
    /// `piec render` half-way draws it half faded.
    @Test(arguments: [true, false])
    func insideBoxesFade(_ appears: Bool) throws {
        // The slices change too (the labels move while their boxes fade).
        let moved = LabelBoxTests.slices.replacingOccurrences(of: "value: 60", with: "value: 45")
        let boxed = try Fixture.loaded(LabelBoxTests.yaml("position: inside, \(Self.box)", slices: appears ? LabelBoxTests.slices : moved))
        let plain = try Fixture.loaded(LabelBoxTests.yaml("position: inside", slices: appears ? moved : LabelBoxTests.slices))
        let (old, new) = appears ? (plain, boxed) : (boxed, plain)
        let bundle = Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old)
        let css = Fixture.text(bundle, "chart.css"), svg = Fixture.text(bundle, "chart.svg")
        let rects = LabelBoxTests.rects(svg)
        #expect(rects.count == 2, "\(svg)")
        #expect(rects.allSatisfy { $0.contains("opacity=\"0\"") != appears }, "\(rects)")
        #expect(css.contains(appears ? "opacity:0" : "opacity:1"), "\(css)")
        // Every label's rect is animated.
        #expect(css.contains(".p-l0>rect") && css.contains(".p-l1>rect"), "\(css)")
        let compiled = Transition.between(old: old, new: new)
        let line = Frames.timeline(compiled)
        func frameRects(_ t: Double) -> [String] {
            LabelBoxTests.rects(String(decoding: Frames.svg(chart: compiled, spec: new, at: t), as: UTF8.self))
        }
        let start = frameRects(line.start), mid = frameRects(line.start + line.length / 2), end = frameRects(line.end + 1)
        // The start: the old version's look (no box, or the whole box).
        #expect(start.allSatisfy { $0.contains("opacity=\"0\"") == appears }, "\(start)")
        // Half-way: part faded.
        #expect(mid.count == 2 && mid.allSatisfy { $0.contains("opacity=\"0.") }, "\(mid)")
        #expect(end.allSatisfy { $0.contains("opacity=\"0\"") != appears }, "\(end)")
    }

    /// Beside the chart: at every sample the boxes drawn (opacity above 0) never overlap, lie
    /// on the canvas, and each leader ends at its box's edge; the box's opacity runs from 0 to 1
    /// (or back) and its reach from nothing, so the first sample is solved as without boxes.
    @Test(arguments: [true, false])
    func outsideBoxesFadeAndAreSolvedAtEverySample(_ appears: Bool) throws {
        let slices: [(String, Double)] = (0..<10).map { ("Label \($0)", Double(14 - $0)) }
        let boxed = try OutsideLabelBoxTests.spec("position: outside, \(Self.box)", slices: slices)
        let plain = try OutsideLabelBoxTests.spec("position: outside", slices: slices.enumerated().map { ($0.element.0, Double(3 + $0.offset)) })
        let (old, new) = appears ? (plain, boxed) : (boxed, plain)
        let (plan, _, layout) = Transition.between(old: old, new: new).parts
        let scene = Scene(layout: layout, plan: plan)
        let canvas = SectorBox(minX: -layout.cx, minY: -layout.cy, maxX: layout.width - layout.cx, maxY: layout.height - layout.cy)
        let tracks = scene.ink.tracks
        let boxes = try #require(tracks.first?.boxes)
        #expect(boxes.count > 2)
        let first = try #require(boxes.first), last = try #require(boxes.last)
        #expect((first.opacity, last.opacity) == (appears ? (0, 1) : (1, 0)))
        #expect((appears ? first : last).reach == 0)
        #expect(zip(boxes, boxes.dropFirst()).allSatisfy { appears ? $0.opacity <= $1.opacity : $0.opacity >= $1.opacity })
        for k in boxes.indices {
            var drawn: [Int: SectorBox] = [:]
            for t in tracks {
                guard let pose = t.poses[k], pose.opacity > 0, let r = t.box(k, at: pose, fontSize: layout.fontSize) else { continue }
                guard r.opacity > 0 else { continue }
                let half = r.strokeWidth / 2
                let a = SectorBox(minX: r.x - half, minY: r.y - half, maxX: r.x + r.width + half, maxY: r.y + r.height + half)
                drawn[t.index] = a
                #expect(a.minX >= canvas.minX - 1e-6 && a.maxX <= canvas.maxX + 1e-6 && a.minY >= canvas.minY - 1e-6
                        && a.maxY <= canvas.maxY + 1e-6, "sample \(k): box \(t.index) on the canvas")
                let end = try #require(LeaderClearance.pieces(pose).last).end
                #expect(abs(end.x - a.minX) < 1e-6 || abs(end.x - a.maxX) < 1e-6, "sample \(k): leader \(t.index) ends at x \(end.x), box \(a)")
            }
            for (i, a) in drawn {
                for (j, b) in drawn where j > i { #expect(!OutsideLabelBoxTests.overlap(a, b), "sample \(k): boxes \(i) and \(j) overlap") }
            }
        }
        // chart.css fades each box (`.p-ob<k>` keyframes carry its opacity) and chart.svg draws
        // a box that goes with opacity 0 at rest.
        let bundle = Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old)
        let css = Fixture.text(bundle, "chart.css"), svg = Fixture.text(bundle, "chart.svg")
        #expect(css.contains("-ob0{"), "\(css)")
        let frames = css.between("-ob0{", "}}")
        #expect(frames.contains(appears ? "opacity:0}" : "opacity:1}") || frames.contains(appears ? "opacity:0;" : "opacity:1;"), "\(frames)")
        let rect = svg.between("<rect class=\"p-ob0\"", "/>")
        #expect(!rect.isEmpty && rect.contains("opacity=\"0\"") != appears, "\(rect)")
    }
}
