@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// `labels.orientation: radial | tangential`: the turn of each inside label (`LabelTurn`), the
/// fit of the turned box (`LabelFit.spot`, exact), its drawing at rest, between versions and
/// in `piec render`'s frames, and E0324 where no label is inside.
@Suite("Label orientation")
struct LabelOrientationTests {
    static func yaml(_ orientation: String, position: String = "inside", inner: Double = 0.35,
                     slices: String = "  - {label: Resolve, value: 14}\n  - {label: Compile, value: 38}\n  - {label: Link, value: 9}\n  - {label: Test, value: 26}\n  - {label: Package, value: 13}\n") -> String {
        "piec: 1\nchart: {size: 320, innerRadius: \(inner)}\nlabels: {position: \(position), orientation: \(orientation), content: \"{label}\", minPercent: 0}\nslices:\n" + slices
    }

    /// Whether the four corners of `text`'s box, centred on `spot` and turned by `turn`
    /// (screen degrees) about it, grown by the padding, lie in `g`'s sector: measured
    /// independently of `SectorBox`, by each corner's radius and angle.
    static func turnedBoxInside(_ text: String, _ spot: LabelSpot, turn: Double, _ g: SegmentGeometry, fontSize: Double) -> Bool {
        let (w, h) = LabelFit.size(text, fontSize: fontSize)
        let c = Geometry.point(angle: spot.angle, radius: spot.radius)
        let t = turn * Double.pi / 180
        let hw = w / 2 + LabelFit.padding, hh = h / 2 + LabelFit.padding
        for (dx, dy) in [(-hw, -hh), (hw, -hh), (-hw, hh), (hw, hh)] {
            let x = c.x + dx * cos(t) - dy * sin(t), y = c.y + dx * sin(t) + dy * cos(t)
            let r = (x * x + y * y).squareRoot()
            var a = atan2(x, -y) * 180 / Double.pi
            while a < g.startAngle - 1e-9 { a += 360 }
            if r > g.outerRadius + 1e-9 || r < g.innerRadius - 1e-9 || a > g.endAngle + 1e-9 { return false }
        }
        return true
    }

    @Test func radialReadsOutwardsAndFlipsOnTheLeftHalf() {
        #expect(LabelTurn.angle(at: 45, .radial) == -45)
        #expect(LabelTurn.angle(at: 90, .radial) == 0)
        #expect(LabelTurn.angle(at: 135, .radial) == 45)
        #expect(LabelTurn.angle(at: 225, .radial) == -45)
        #expect(LabelTurn.angle(at: 270, .radial) == 0)
        #expect(LabelTurn.angle(at: -45, .radial) == 45)
        #expect(LabelTurn.angle(at: 30, .horizontal) == nil)
    }

    @Test func tangentialRunsAlongTheArcAndFlipsOnTheBottomHalf() {
        #expect(LabelTurn.angle(at: 0, .tangential) == 0)
        #expect(LabelTurn.angle(at: 60, .tangential) == 60)
        #expect(LabelTurn.angle(at: 135, .tangential) == -45)
        #expect(LabelTurn.angle(at: 180, .tangential) == 0)
        #expect(LabelTurn.angle(at: 300, .tangential) == -60)
        // Upright inside its group: the counter-turn; turned: the turn less the group's.
        #expect(LabelTurn.inner(spot: 135, drawn: 135, .horizontal) == -135)
        #expect(LabelTurn.inner(spot: 135, drawn: 135, .radial) == -90)
        #expect(LabelTurn.inner(spot: 225, drawn: 225, .radial) == 90)
    }

    /// Every inside label of a radial and of a tangential chart lies in its slice turned (the
    /// corners measured one by one), and is drawn with that turn.
    @Test(arguments: [LabelOrientation.radial, .tangential])
    func theTurnedBoxFitsItsSlice(_ o: LabelOrientation) throws {
        let spec = try Fixture.loaded(Self.yaml(o.rawValue))
        let layout = Layout.layout(spec)
        var inside = 0
        for s in layout.slices {
            guard let text = s.labelText, !s.labelOutside else { continue }
            let g = s.geometry
            let spot = try #require(LabelFit.spot(text, geometry: g, fontSize: layout.fontSize, sign: 1, fraction: nil, orientation: o))
            let turn = try #require(LabelTurn.angle(at: spot.angle, o))
            #expect(Self.turnedBoxInside(text, spot, turn: turn, g, fontSize: layout.fontSize), "\(text)")
            inside += 1
        }
        #expect(inside >= 3)
        let svg = Fixture.svg(spec)
        #expect(svg.contains(o == .radial ? "<text transform=\"rotate(-90)\"" : "<text transform=\"rotate(0)\""))
    }

    /// The turn decides the fit: in a thin ring a long name lies along the arc but not across
    /// it, and in a narrow slice of a pie it lies along the radius but not across the slice.
    @Test func theTurnDecidesWhatFits() throws {
        let thin = "  - {label: Compilation, value: 50}\n  - {label: B, value: 50}\n"
        let ring = Layout.layout(try Fixture.loaded(Self.yaml("tangential", position: "auto", inner: 0.8, slices: thin)))
        #expect(!ring.slices[0].labelOutside)
        let across = Layout.layout(try Fixture.loaded(Self.yaml("radial", position: "auto", inner: 0.8, slices: thin)))
        #expect(across.slices[0].labelOutside)
        let narrow = "  - {label: Compilation, value: 8}\n  - {label: B, value: 92}\n"
        let upright = Layout.layout(try Fixture.loaded(Self.yaml("horizontal", position: "auto", inner: 0, slices: narrow)))
        let radial = Layout.layout(try Fixture.loaded(Self.yaml("radial", position: "auto", inner: 0, slices: narrow)))
        #expect(upright.slices[0].labelOutside)
        #expect(!radial.slices[0].labelOutside)
    }

    /// The turn written on the text of the label that reads `name` in `svg`.
    static func turn(of name: String, in svg: String) -> Double? {
        guard let end = svg.range(of: ">" + name + "<") ?? svg.range(of: ">" + name) else { return nil }
        let before = svg[..<end.lowerBound]
        guard let t = before.range(of: "<text transform=\"rotate(", options: .backwards) else { return nil }
        return Double(before[t.upperBound...].prefix { $0 != ")" })
    }

    /// Between versions a turned label turns with its slice: Alpha's middle moves from 90 to
    /// 36 degrees, along the arc on the top half at both ends (no turn inside its group, which
    /// turns); Beta's from 270 to 216, across 9 o'clock into the bottom half, where it turns
    /// half a turn more: its text turns from 360 to 180 inside its group, in chart.css and in
    /// the frames of `piec render` at every instant.
    @Test func aTurnedLabelTurnsWithItsSliceBetweenVersions() throws {
        let old = try Fixture.loaded(Self.yaml("tangential", slices: "  - {id: a, label: Alpha, value: 50}\n  - {id: b, label: Beta, value: 50}\n"))
        let new = try Fixture.loaded(Self.yaml("tangential", slices: "  - {id: a, label: Alpha, value: 20}\n  - {id: b, label: Beta, value: 80}\n"))
        let bundle = Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old)
        let svg = Fixture.text(bundle, "chart.svg")
        #expect(Self.turn(of: "Alpha", in: svg) == 0)
        #expect(Self.turn(of: "Beta", in: svg) == 180)
        #expect(Fixture.text(bundle, "chart.css").contains("--r:180deg") || Fixture.text(bundle, "chart.css").contains("rotate:180deg"))
        let chart = Transition.between(old: old, new: new)
        let source = FrameSource.chart(chart, spec: new)
        let w = source.timeline
        let first = String(decoding: source.svg(at: w.start), as: UTF8.self)
        let mid = String(decoding: source.svg(at: w.start + w.length / 2), as: UTF8.self)
        let last = String(decoding: source.svg(at: w.start + w.length), as: UTF8.self)
        #expect(Self.turn(of: "Beta", in: first) == 360)
        let between = try #require(Self.turn(of: "Beta", in: mid))
        #expect(between > 180 && between < 360)
        #expect(Self.turn(of: "Beta", in: last) == 180)
        #expect(Self.turn(of: "Alpha", in: mid) == 0)
    }

    @Test func noLabelInsideRefusesATurn() {
        for (labels, code) in [("position: outside, orientation: radial", "E0324"), ("radius: 1.3, orientation: tangential", "E0324"),
                               ("position: none, orientation: radial", "E0324")] {
            let r = Compiler.compile(CompileRequest(source: SourceFile(path: "t.yaml", text: "piec: 1\nlabels: {\(labels)}\nslices:\n  - {label: A, value: 1}\n"), defaultID: "t"))
            #expect(r.diagnostics.map(\.code.rawValue).contains(code), "\(labels)")
        }
        let ok = Compiler.compile(CompileRequest(source: SourceFile(path: "t.yaml", text: "piec: 1\nlabels: {position: auto, orientation: radial}\nslices:\n  - {label: A, value: 1}\n"), defaultID: "t"))
        #expect(ok.diagnostics.isEmpty)
    }

    /// Sampled keyframes (a staggered plan) read each text's turn afresh at every sample:
    /// Beta moves from 54 to 162 degrees while its label turns from upright to radial, and the
    /// reading of its counter-turn wraps on the way. Its text's turn on the canvas (its group's
    /// delta plus its text's, from chart.css) changes by at most half a turn from each sample
    /// to the next and to the rest state: no whole turn in one step (it spun 360 degrees).
    @Test func sampledKeyframesTurnTheShortWayAtEverySample() throws {
        let slices = { (v: [Int]) in zip(["a", "b", "c", "d"], zip(["Alpha", "Beta", "Gamma", "Delta"], v)).map {
            "  - {id: \($0.0), label: \($0.1.0), value: \($0.1.1)}\n" }.joined() }
        let old = try Fixture.loaded(Self.yaml("horizontal", slices: slices([10, 10, 10, 70])))
        let new = try Fixture.loaded(Self.yaml("radial", slices: slices([70, 10, 10, 10])).replacingOccurrences(
            of: "slices:", with: "animation: {stagger: 200ms}\nslices:"))
        let css = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.css")
        var checked = 0
        for k in 0..<4 {
            guard let inner = Self.sampledTurns(of: ".p-l\(k)>text", in: css) else { continue }
            let outer = Self.sampledTurns(of: ".p-l\(k)", in: css) ?? inner.map { _ in 0 }
            let totals = zip(outer, inner).map { $0 + $1 } + [0]
            let step = zip(totals, totals.dropFirst()).map { abs($1 - $0) }.max() ?? 0
            #expect(step <= 180, "label \(k): \(totals)")
            checked += 1
        }
        #expect(checked == 4)
    }

    /// Winding adds whole turns only, keeps the last step exact and takes the short way.
    @Test func windingAddsWholeTurnsOnly() {
        let turns = [-170.0, 175, -175, 170, 0]
        let wound = LabelTurn.wound(turns: turns, carriers: [0, 0, 0, 0, 0], rest: 0)
        #expect(wound == [190, 175, 185, 170, 0])
        for (a, b) in zip(turns, wound) { #expect(((b - a) / 360).rounded() * 360 == b - a) }
        #expect(LabelTurn.wound(turns: [10, -10], carriers: [340, -340], rest: 0) == [-350, 350])
    }

    /// The `rotate` values (deg) of the sampled keyframes `selector`'s rule names, in order (0
    /// where a keyframe has none); nil when it has no animation of its own.
    static func sampledTurns(of selector: String, in css: String) -> [Double]? {
        guard let rule = css.range(of: "\n" + selector + "{animation-name:") else { return nil }
        let name = String(css[rule.upperBound...].prefix { $0 != "}" })
        guard let block = css.range(of: "@keyframes " + name + "{") else { return nil }
        var values: [Double] = []
        var rest = css[block.upperBound...]
        while let open = rest.firstIndex(of: "{"), rest[..<open].firstIndex(of: "}") == nil {
            let close = rest[open...].firstIndex(of: "}")!
            let frame = rest[open..<close]
            if let r = frame.range(of: "rotate:") {
                values.append(Double(frame[r.upperBound...].prefix { $0 != "d" }) ?? .nan)
            } else {
                values.append(0)
            }
            rest = rest[rest.index(after: close)...]
        }
        return values
    }
}
