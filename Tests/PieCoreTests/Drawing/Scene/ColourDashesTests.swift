@testable import PieCore
import PieSpec
import Testing

/// The motion layer drawn by colour (`ColourDashes.swift`): painted in document order, the
/// colour circles show every slice in its colour at both ends of the transition.
@Suite struct ColourDashesTests {
    static let colours = [Color(r: 0x4e, g: 0x79, b: 0xa7), Color(r: 0xf2, g: 0x8e, b: 0x2b), Color(r: 0xe1, g: 0x57, b: 0x59)]

    /// `count` slices in three colours (by id, so a slice keeps its colour between versions).
    static func spec(_ values: [Double], ids: [Int]) -> ChartSpec {
        var spec = Fixture.spec(values)
        for k in spec.slices.indices {
            spec.slices[k].id = "s" + String(ids[k])
            spec.slices[k].color = colours[ids[k] % 3]
        }
        return spec
    }

    /// 30 slices whose values all change, s10 removed and s99 inserted before s21.
    static func change() -> (old: ChartSpec, new: ChartSpec) {
        let old = spec((0..<30).map { 2 + Double($0 * 7 % 5) }, ids: Array(0..<30))
        var ids = Array(0..<30)
        ids.remove(at: 10)
        ids.insert(99, at: 20)
        return (old, spec(ids.map { 6 - Double($0 * 3 % 4) }, ids: ids))
    }

    /// The stroke and `stroke-dasharray` entries of each motion circle in document order, its
    /// final pattern from the attribute and its first from its own keyframes.
    static func circles(_ svg: String) -> [(stroke: String, start: Double, from: [Double], to: [Double])] {
        svg.components(separatedBy: "<circle class=\"p-").dropFirst().compactMap { tail -> (String, Double, [Double], [Double])? in
            let tag = String(tail.prefix { $0 != ">" })
            // Colour circles and the base; not the separator bands (their own stroke widths).
            guard tag.hasPrefix("n") || tag.hasPrefix("m"), !tag.contains(" stroke-width=") else { return nil }
            let name = String(tag.prefix { $0 != "\"" })
            func attribute(_ key: String) -> String { tag.between(" \(key)=\"", "\"") }
            var to = attribute("stroke-dasharray").split(separator: " ").compactMap { Double($0) }
            var from = Self.fromPattern(svg, of: "p-" + name)
            if name.hasPrefix("m") {
                // The base: a whole turn at both ends.
                to = [to.reduce(0, +), 0]
                from = to
            }
            // Its static start, degrees from the sweep start (circles start at 3 o'clock).
            let start = (Double(attribute("transform").dropFirst(7).dropLast()) ?? 0) + 90
            return (attribute("stroke"), start, from, to)
        }
    }

    /// The first `stroke-dasharray` of the circle of class `name`: written into keyframes of
    /// its own (`SharedKeyframes.Group.literal`), named in the circle's rule.
    static func fromPattern(_ svg: String, of name: String) -> [Double] {
        let keyframes = svg.between(".\(name){animation-name:", "}")
        guard !keyframes.isEmpty else { return [] }
        return svg.between("@keyframes \(keyframes){from{stroke-dasharray:", "}").split(separator: " ").compactMap { Double($0) }
    }

    /// The stroke painted last at `angle` (degrees from the sweep start).
    static func painted(_ circles: [(stroke: String, start: Double, pattern: [Double])], at angle: Double, circumference: Double) -> String? {
        var top: String?
        for c in circles {
            var along = angle - c.start
            while along < 0 { along += 360 }
            let position = along / 360 * circumference
            var at = 0.0
            for (k, e) in c.pattern.enumerated() {
                if k % 2 == 0, position > at, position < at + e { top = c.stroke }
                at += e
            }
        }
        return top
    }

    static func check(_ svg: String, _ layout: ChartLayout, end: KeyPath<(stroke: String, start: Double, from: [Double], to: [Double]), [Double]>) {
        let circles = Self.circles(svg)
        // The base, and a circle per colour and half turn its slices start in.
        #expect(circles.count >= 4 && circles.count <= 7 && svg.contains("<circle class=\"p-n2\""))
        let drawn = circles.map { ($0.stroke, $0.start, $0[keyPath: end]) }
        let circumference = drawn[0].2.reduce(0, +)
        var checked = 0
        for s in layout.slices where s.isVisible && s.span > 0.2 {
            for f in stride(from: 0.05, through: 0.95, by: 0.15) {
                let angle = s.startAngle + (s.endAngle - s.startAngle) * f - layout.startAngle
                #expect(painted(drawn, at: angle, circumference: circumference) == s.color.hex, "\(s.id) at \(angle)")
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    @Test func colourCirclesPaintEverySliceAtBothEnds() {
        let (old, new) = Self.change()
        let svg = Fixture.text(Compiler.compile(spec: new, sourceBytes: [], previous: old), "chart.svg")
        Self.check(svg, Layout.layout(old), end: \.from)
        Self.check(svg, Layout.layout(new), end: \.to)
        // Every circle's pattern has the same entries at both ends, an even number of them,
        // never negative, and at least a whole turn long.
        for c in Self.circles(svg) {
            #expect(c.from.count == c.to.count && c.to.count % 2 == 0 && (c.from + c.to).allSatisfy { $0 >= 0 })
            #expect(c.to.reduce(0, +) >= 2 * Double.pi * 75 - 0.01)
        }
    }

    @Test func separatorBandsDrawEveryLineWhereItStartsAndEnds() throws {
        // No slice enters or leaves: the lines beside one are hidden while it is under three
        // line widths (issue 39), which bands cannot draw.
        var (old, _) = Self.change()
        var new = Self.spec((0..<30).map { 6 - Double($0 * 3 % 4) }, ids: Array(0..<30))
        new.chart.innerRadius = 0.5
        new.chart.startAngle = 20
        (old.chart.innerRadius, old.chart.startAngle) = (0.5, 20)
        let svg = Fixture.text(Compiler.compile(spec: new, sourceBytes: [], previous: old), "chart.svg")
        // The lines stand hidden while the chart moves; the bands draw them.
        #expect(svg.contains(".p-ex,.p-sep{animation:") && !svg.contains(".p-b1{"))
        let lines = svg.components(separatedBy: "<path class=\"p-b").dropFirst().map {
            Double($0.between("transform=\"rotate(", ")")) ?? .nan
        }
        #expect(lines.count > 20)
        // Where the lines start: the old chart's boundaries; where they end: the new chart's.
        func boundaries(_ spec: ChartSpec) -> [Double] { Layout.layout(spec).slices.map(\.startAngle) }
        for line in lines {
            #expect(boundaries(new).contains { abs(($0 - line).truncatingRemainder(dividingBy: 360)) < 0.01 })
        }
        let group = svg.between("<g class=\"p-sl\" stroke=\"#ffffff\">\n", "</g>")
        var centres: [Double: (from: [Double], to: [Double])] = [:], circles: [Double: Int] = [:]
        for tag in group.components(separatedBy: "<circle ").dropFirst() {
            let r = try #require(Double(tag.between(" r=\"", "\"")))
            let start = try #require(Double(tag.between("transform=\"rotate(", ")"))) + 90 + 20
            let to = tag.between("stroke-dasharray=\"", "\"").split(separator: " ").compactMap { Double($0) }
            let from = Self.fromPattern(svg, of: tag.between("class=\"", "\""))
            #expect(from.count == to.count && to.count % 2 == 0 && (from + to).allSatisfy { $0 >= 0 })
            circles[r, default: 0] += 1
            let circumference = 2 * Double.pi * r
            for (end, pattern) in [(\(from: [Double], to: [Double]).from, from), (\.to, to)] {
                var at = 0.0
                for (k, e) in pattern.enumerated() {
                    if k % 2 == 0, e > 0 {
                        // Every line is the separator's width (1) across the middle of its band.
                        #expect(abs(e - 1) < 0.002)
                        centres[r, default: ([], [])][keyPath: end].append(start + (at + e / 2) / circumference * 360)
                    }
                    at += e
                }
            }
        }
        func near(_ x: Double, _ y: Double) -> Bool {
            let d = abs((x - y).truncatingRemainder(dividingBy: 360))
            return min(d, 360 - d) < 0.01
        }
        // Three bands from half the radius out, each with every line once at each end, at
        // the old chart's boundaries and at the new one's.
        #expect(centres.count == 3)
        for (r, found) in centres {
            #expect(found.from.count == lines.count && found.to.count == lines.count)
            for line in lines { #expect(found.to.contains { near($0, line) }, "line at \(line), band \(r)") }
            for x in found.from { #expect(boundaries(old).contains { near($0, x) }, "line from \(x), band \(r)") }
            // Every old boundary but the removed slice's start (s10's: the lines are the new
            // chart's, each moving from where its slice starts).
            for b in boundaries(old).enumerated().filter({ $0.offset != 10 }).map(\.element) {
                #expect(found.from.contains { near($0, b) }, "line from \(b), band \(r)")
            }
            // Two circles for the lines, which keep apart, a half turn each (a slice that
            // entered or left put its second line on a third: no such chart draws bands now).
            #expect(circles[r] == 2)
        }
    }

    @Test func bandLinesShareACircleWhileTheyKeepApart() {
        let ease = DashReach.range(of: .easeInOut)
        // A value change: every line stays clear of the one before.
        let moving = Strategies.SeparatorBands.bandGroups([((0, 1), (5, 6)), ((10, 11), (12, 13)), ((20, 21), (30, 31))], ease: ease)
        #expect(moving.map(\.group) == [0, 0, 0])
        // A slice that enters between the first two lines: its lines start at one place.
        let entering = Strategies.SeparatorBands.bandGroups([((0, 1), (0, 1)), ((10, 11), (10, 11)), ((10, 11), (20, 21)), ((30, 31), (30, 31))], ease: ease)
        #expect(entering.map(\.group) == [0, 0, 1, 0])
        // Apart at both ends but not past them: an overshooting easing takes the gap below
        // zero (from 4 to 0.5, eased past 1), so the lines need separate circles.
        let back = Easing(css: "cubic-bezier(0.3,0,0.5,1.6)", x1: 0.3, y1: 0, x2: 0.5, y2: 1.6)
        #expect(DashReach.range(of: back).upperBound > 1.1)
        let close = [((0.0, 1.0), (0.0, 1.0)), ((5.0, 6.0), (1.5, 2.5))]
        #expect(Strategies.SeparatorBands.bandGroups(close, ease: ease).map(\.group) == [0, 0])
        #expect(Strategies.SeparatorBands.bandGroups(close, ease: DashReach.range(of: back)).map(\.group) == [0, 1])
    }

    @Test func aGroupsDashesWithinAHalfTurnShareOneCircle() throws {
        func circles(_ lows: [Double]) throws -> [(group: Int, sector: Int, start: Double, from: [Double], to: [Double])] {
            try #require(Strategies.ColourCircles.gather(lows.map { (0, ($0, $0 + 2), ($0, $0 + 2)) }, circumference: 360, easing: .easeInOut))
        }
        #expect(try circles([100, 170, 270]).count == 1)
        let two = try circles([10, 100, 189, 195, 300])
        #expect(two.map(\.sector) == [0, 1])
        // The second opens at the first dash more than a half turn past the first circle's.
        #expect(abs(two[1].start - (195 - DashReach.startLead)) < 1e-9 && two[0].from.count == 2 + 2 * 3)
    }

    @Test func enteringChartsKeepAnElementPerSlice() {
        // Every slice grows from the sweep start: the dashes of the last ones would reach
        // round past the start of any circle that starts behind them all.
        let svg = Fixture.svg(Self.spec((0..<12).map { 1 + Double($0 % 4) }, ids: Array(0..<12)))
        #expect(!svg.contains("p-n") && svg.contains("<circle class=\"p-m11\""))
    }

    @Test func aSmallChangeOfTwoTurnsUsesACirclePerColourAndHalfTurn() {
        var old = Self.spec((0..<24).map { 1 + Double($0 % 4) }, ids: Array(0..<24))
        old.chart.startAngle = 30
        var new = Self.spec((0..<24).map { 1 + Double(($0 + 1) % 4) }, ids: Array(0..<24))
        new.chart.startAngle = 30
        let svg = Fixture.text(Compiler.compile(spec: new, sourceBytes: [], previous: old), "chart.svg")
        #expect(Self.circles(svg).count == 7)
        Self.check(svg, Layout.layout(old), end: \.from)
        Self.check(svg, Layout.layout(new), end: \.to)
    }

    @Test func slicesOfTheirOwnColourKeepTheirOwnElements() {
        let svg = Fixture.svg(Fixture.spec((0..<9).map { Double($0 + 1) }))
        #expect(!svg.contains("p-n") && svg.contains("<circle class=\"p-m8\""))
    }
}
