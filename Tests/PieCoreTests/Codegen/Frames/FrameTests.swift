import PieJSON
import PieSpec
import Testing
@testable import PieCore

/// `Frames`/`FramePose`: static SVGs of a chart at any instant (`piec render`).
@Suite struct FrameTests {
    func chart(_ spec: ChartSpec, from old: ChartSpec? = nil) -> CompiledChart { Transition.between(old: old, new: spec) }

    /// The point after a path's `M`.
    static func firstPoint(_ d: Substring) -> (x: Double, y: Double) {
        var numbers: [Double] = [], token = ""
        for c in d.dropFirst() {
            if c == "A" || c == "L" { break }
            if c == " " || (c == "-" && !token.isEmpty) {
                numbers.append(Double(token) ?? .nan)
                token = c == "-" ? "-" : ""
            } else {
                token.append(c)
            }
        }
        numbers.append(Double(token) ?? .nan)
        return (numbers[0], numbers[1])
    }

    @Test func theFinalFrameDrawsChartSVGsExactLayer() {
        var spec = Fixture.spec([42.5, 24, 12, 11.5, 7, 3])
        spec.chart.innerRadius = 0.5
        let frame = String(decoding: Frames.svg(chart: chart(spec), spec: spec, at: 10_000), as: UTF8.self)
        let bundle = Fixture.svg(spec)
        // chart.svg's rest layer (`p-ex`, strokes of the ring's middle circle): the frame's
        // wedges in the same colours, in order, each starting on the same ray.
        let rest = bundle.between("<g class=\"p-ex\" fill=\"none\" stroke-width=\"75\">\n", "</g>").restStrokes
        let wedges = frame.split(separator: "\n").filter { $0.hasPrefix("<path fill=\"#") }
        #expect(wedges.count == rest.count && rest.count == 6)
        for (wedge, stroke) in zip(wedges, rest) {
            #expect(wedge.split(separator: "\"")[1] == stroke.split(separator: "\"")[1])
            guard stroke.hasPrefix("<path") else { continue }
            let a = Self.firstPoint(wedge.split(separator: "\"")[3]), b = Self.firstPoint(Substring(stroke.pathData[0]))
            let cross = (a.x * b.y - a.y * b.x) / ((a.x * a.x + a.y * a.y) * (b.x * b.x + b.y * b.y)).squareRoot()
            #expect(abs(cross) < 2e-4 && a.x * b.x + a.y * b.y > 0)
        }
        #expect(!frame.contains("<style") && !frame.contains("animation") && !frame.contains("class=\"p-mo\""))
    }

    @Test func anInstantIsTheExactStateOfThePlan() {
        let old = Fixture.spec([50, 50]), new = Fixture.spec([25, 75])
        let compiled = chart(new, from: old)
        let line = Frames.timeline(compiled)
        #expect(line.length == 800)
        for fraction in [0.0, 0.25, 0.5, 0.75] {
            let t = line.start + line.length * fraction
            let pose = FramePose.at(compiled, t: t)
            let frozen = compiled.plan.frozen(at: t)
            // Stacked: each wedge starts where its segment starts (paint ends lie under the next one).
            let starts = pose.pies[0].wedges.map(\.geometry.startAngle)
            #expect(starts == frozen.segments.map(\.from.startAngle).filter { _ in true }, "\(fraction)")
            // Separators follow the boundaries.
            #expect(pose.pies[0].lines.map(\.angle).sorted() == frozen.segments.map(\.from.startAngle).sorted(), "\(fraction)")
        }
        // The first instant is the old chart, the end the new one.
        let first = FramePose.at(compiled, t: line.start).pies[0].wedges.map(\.geometry.startAngle)
        #expect(first == [0, 180])
        let last = FramePose.at(compiled, t: line.end).pies[0].wedges.map(\.geometry.startAngle)
        #expect(last == [0, 90])
    }

    @Test func aLeavingSliceKeepsTheLineAtItsStartUntilItCloses() {
        let old = Fixture.spec([30, 20, 25, 25])
        var new = old
        new.slices.remove(at: 1)
        let compiled = chart(new, from: old)
        let line = Frames.timeline(compiled)
        func angles(_ lines: [FramePose.Line]) -> [Double] { lines.map { ($0.angle * 1000).rounded() / 1000 }.sorted() }
        let oldLines = angles(FramePose.at(chart(old), t: 10_000).pies[0].lines)
        #expect(oldLines == [0, 108, 180, 270])
        // The first instant draws the old chart's lines, s1's start (108 degrees) included.
        #expect(angles(FramePose.at(compiled, t: line.start).pies[0].lines) == oldLines)
        // In motion, s1's start line is where the instant's s1 starts.
        let t = line.start + line.length / 2
        let frozen = compiled.plan.frozen(at: t)
        let mid = angles(FramePose.at(compiled, t: t).pies[0].lines)
        #expect(mid.contains((frozen.segments[1].from.startAngle * 1000).rounded() / 1000) && mid.count == 4)
        // At rest it is gone: the new chart's three lines.
        #expect(angles(FramePose.at(compiled, t: line.end + 1).pies[0].lines) == angles(FramePose.at(chart(new), t: 10_000).pies[0].lines))
        #expect(angles(FramePose.at(compiled, t: line.end + 1).pies[0].lines).count == 3)
        // chart.svg: the same line, hidden at rest, turned from the old boundary.
        let svg = Fixture.text(Compiler.compile(spec: new, sourceBytes: [], previous: old), "chart.svg")
        let separators = svg.between("<g class=\"p-sep\"", "</g>")
        #expect(separators.occurrences(of: "<path class=\"p-b") == 4)
        #expect(separators.occurrences(of: "visibility=\"hidden\"") == 1)
    }

    @Test func inAStagedChangeEveryLineStandsOnABoundaryOfTheInstant() {
        // Removals first (perl and ruby close in the first third), then the rest: a sampled
        // plan, whose keyframes come from the scenes of instants.
        let old = Fixture.spec([40, 30, 8, 7, 15])
        var new = Fixture.spec([35.5, 36, 12, 16.5])
        new.slices = [old.slices[0], old.slices[1], SliceSpec(id: "go", label: "Go", value: 12), old.slices[4]]
        (new.slices[0].value, new.slices[1].value, new.slices[3].value) = (35.5, 36, 16.5)
        new.animation.stages = .staged
        let compiled = chart(new, from: old)
        let line = Frames.timeline(compiled)
        func near(_ a: Double, _ b: Double) -> Bool {
            let d = abs((a - b).truncatingRemainder(dividingBy: 360))
            return min(d, 360 - d) < 1e-3
        }
        for fraction in stride(from: 0.0, through: 0.95, by: 0.05) {
            let t = line.start + line.length * fraction
            let boundaries = compiled.plan.frozen(at: t).segments.map(\.from.startAngle)
            let lines = FramePose.at(compiled, t: t).pies[0].lines
            // Five lines of the old chart, then s2's and s3's (closed, where they closed).
            #expect(lines.count == 6, "\(fraction)")
            for l in lines { #expect(boundaries.contains { near($0, l.angle) }, "line at \(l.angle), \(fraction): \(boundaries)") }
        }
    }

    @Test func enterGrowStartsEmptyAndFadesFadeTheWholePlot() {
        var grow = Fixture.spec([1, 2, 3])
        grow.animation.enter = .grow
        #expect(FramePose.at(chart(grow), t: 0).pies[0].wedges.isEmpty)
        var fade = Fixture.spec([1, 2, 3])
        fade.animation.enter = .fade
        let compiled = chart(fade)
        let half = FramePose.at(compiled, t: 400).pies[0]
        #expect(half.opacity > 0.3 && half.opacity < 0.7)
        #expect(FramePose.at(compiled, t: 800).pies[0].opacity == 1)
        let svg = String(decoding: Frames.svg(chart: compiled, spec: fade, at: 400), as: UTF8.self)
        #expect(svg.occurrences(of: "<g opacity=\"") == 1)
    }

    @Test func darkFramesUseTheDarkVariantsColours() {
        var spec = Fixture.spec([1, 2])
        spec.theme.background = Color(r: 255, g: 255, b: 255)
        spec.title = "T"
        let compiled = chart(spec)
        let light = String(decoding: Frames.svg(chart: compiled, spec: spec, at: 10_000), as: UTF8.self)
        let dark = String(decoding: Frames.svg(chart: compiled, spec: spec, at: 10_000, options: FrameOptions(theme: .dark)), as: UTF8.self)
        #expect(light.contains("fill=\"#ffffff\"/>") && !light.contains("#18181b"))
        #expect(dark.contains("<rect width=") && dark.contains("fill=\"#18181b\"/>"))
        #expect(dark.contains("fill=\"#e4e4e7\""))
        #expect(Frames.pageColor(compiled, theme: .dark) == Color(r: 0x18, g: 0x18, b: 0x1b))
        var none = spec
        none.theme.dark = .none
        let one = chart(none)
        #expect(Frames.svg(chart: one, spec: none, at: 10_000, options: FrameOptions(theme: .dark))
            == Frames.svg(chart: one, spec: none, at: 10_000))
    }

    @Test func forcedThemesDropOrUnwrapTheDarkRules() {
        let spec = Fixture.spec([1, 2])
        let compiled = chart(spec)
        func svg(_ c: CompiledChart) -> String {
            String(decoding: BundleWriter.write(spec: spec, sourceBytes: [], chart: c, svgOnly: true).files[0].bytes, as: UTF8.self)
        }
        #expect(svg(compiled).contains("@media (prefers-color-scheme:dark){"))
        #expect(!svg(compiled.forcing(.light)).contains(".p-ink,.p-ink text{fill:"))
        let dark = svg(compiled.forcing(.dark))
        #expect(!dark.contains("prefers-color-scheme") && dark.contains(".p-ink,.p-ink text{fill:#e4e4e7}"))
    }

    @Test func framesAreDeterministicAndScaleByWidth() {
        let spec = Fixture.spec([3, 1, 4, 1, 5])
        let compiled = chart(spec)
        let a = Frames.svg(chart: compiled, spec: spec, at: 333, options: FrameOptions(width: 100))
        #expect(a == Frames.svg(chart: compiled, spec: spec, at: 333, options: FrameOptions(width: 100)))
        let text = String(decoding: a, as: UTF8.self)
        let size = Frames.size(compiled)
        #expect(text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"" + formatNumber(size.height * 100 / size.width)))
    }
}
