import Foundation
import PieJSON
import PieSpec
import Testing
@testable import PieCore

/// Beyond `Budgets.rotatedDashes` motion elements each circle starts, once and for all, where
/// its dash never is (`DashStarts.swift`), so no dash crosses its circle's start point.
@Suite("Static circle starts of many motion dashes")
struct DashStartsTests {
    /// A dash of `degrees` at `angle` on a circle of circumference 360.
    static func dash(_ angle: Double, _ degrees: Double) -> Scene.Dash {
        Scene.Dash(angle: angle, length: degrees)
    }

    @Test func theCircleStartsJustBeforeTheLowestPlaceOfItsDash() {
        // 10..30 moving to 40..60: the dash sweeps 10..60. Engines place a dash along the
        // circle with an error that grows with its distance from the start: the start is
        // `startLead` before the dash's lowest place.
        #expect(Scene.staticStart([Self.dash(10, 20), Self.dash(40, 20)], circumference: 360, ease: 0...1) == 9)
    }

    @Test func aNarrowFreeArcTakesTheStartInItsMiddle() {
        // 0..20 moving to 338.5..358.5: the free arc is 358.5..360, narrower than two leads.
        let start = Scene.staticStart([Self.dash(0, 20), Self.dash(338.5, 20)], circumference: 360, ease: 0...1)
        #expect(start.map { abs($0 - -0.75) < 1e-9 } == true)
    }

    @Test func anOvershootingEasingWidensTheSweptArc() {
        let ease = DashReach.range(of: Easing(css: "x", x1: 0.3, y1: -0.5, x2: 0.7, y2: 1.5))
        #expect(ease.lowerBound < -0.05 && ease.upperBound > 1.05)
        let start = Scene.staticStart([Self.dash(10, 20), Self.dash(40, 20)], circumference: 360, ease: ease)!
        // The start stays outside everything the dash covers, overshoot included.
        for e in [ease.lowerBound, 0, 0.5, 1, ease.upperBound] {
            let a = 10 + 30 * e
            #expect(a - start > 0 && a + 20 - start < 360)
        }
        #expect(DashReach.range(of: Easing.named[0].1) == 0...1)
    }

    @Test func aWholeCircleThatNeverMovesStartsAtItsStart() {
        // The first slice of a stacked full circle: from 0, painted to the end of the circle.
        #expect(Scene.staticStart([Self.dash(0, 200), Self.dash(0, 360)], circumference: 360, ease: 0...1) == 0)
    }

    @Test func aDashThatCoversEveryAngleAndMovesHasNoStaticStart() {
        // Grows from the sweep start to the end of the circle (the last slice of an enter).
        #expect(Scene.staticStart([Self.dash(0, 0), Self.dash(350, 10)], circumference: 360, ease: 0...1) == nil)
        // Sampled: each pair of samples sweeps its own arc; together they cover the circle.
        let samples = [Self.dash(0, 90), Self.dash(120, 90), Self.dash(240, 90), Self.dash(300, 90)]
        #expect(Scene.staticStart(samples, circumference: 360, ease: 0...1) == nil)
    }

    /// Values changing for all of `count` slices, one inserted and one removed.
    static func change(_ count: Int, staged: Bool = false) -> (old: ChartSpec, new: ChartSpec) {
        // Colours of their own: slices sharing a colour would share a circle (`ColourDashes`).
        let old = Fixture.ownColours(Fixture.spec((0..<count).map { 2 + Double($0 * 7 % 5) }))
        var new = Fixture.spec((0..<count).map { 6 - Double($0 * 3 % 4) })
        new.slices.remove(at: count / 2)
        new.slices.insert(SliceSpec(id: "n", label: "N", value: 3), at: count / 4)
        if staged { new.animation.stages = .staged }
        return (old, Fixture.ownColours(new))
    }

    /// Every number of `text` after `key` up to `end`, e.g. the values of `stroke-dashoffset="`.
    static func values(_ text: String, after key: String, until end: Character) -> [Double] {
        text.components(separatedBy: key).dropFirst().compactMap { Double($0.prefix { $0 != end }) }
    }

    @Test func aChangeOfManySlicesMovesEveryDashByItsOffsetAndNoneWraps() {
        let (old, new) = Self.change(100)
        let bundle = Compiler.compile(spec: new, sourceBytes: [], previous: old)
        let svg = Fixture.text(bundle, "chart.svg")
        let circles = svg.components(separatedBy: "<circle class=\"p-m").dropFirst().map { $0.prefix { $0 != ">" } }
        #expect(circles.count == 101)
        // Every circle is turned statically; its final dash lies within one turn from there.
        for c in circles {
            let array = Self.values(String(c), after: "stroke-dasharray=\"", until: " ")
            let gap = Self.values(String(c), after: "stroke-dasharray=\"\(formatNumber(array.first ?? 0)) ", until: "\"")
            let offset = Self.values(String(c), after: "stroke-dashoffset=\"", until: "\"")
            #expect(c.contains("transform=\"rotate(") && offset.count == 1 && gap.count == 1, "\(c)")
            if let o = offset.first, let g = gap.first { #expect(-o >= 0 && -o <= g + 1e-3, "\(c)") }
        }
        // No dash animates a transform: rotations belong to separators only.
        #expect(!svg.contains(".p-m1{rotate") && !svg.split(separator: "\n").contains { $0.hasPrefix(".p-m") && $0.contains("rotate") })
    }

    @Test func aStagedChangeOfManySlicesKeepsEverySampleWithinOneTurn() {
        let (old, new) = Self.change(80, staged: true)
        let css = Fixture.text(Compiler.compile(spec: new, sourceBytes: [], previous: old), "chart.css")
        // Sampled keyframes: `N%{stroke-dasharray:L G;stroke-dashoffset:O}`, each sample a dash
        // that starts at or after its circle's start and ends before it comes round again.
        let samples = css.components(separatedBy: "stroke-dasharray:").dropFirst().map { $0.prefix { $0 != "}" } }
        let placed = samples.filter { $0.contains("stroke-dashoffset:") }
        #expect(placed.count > 80 * 10)
        for s in placed {
            let parts = s.split(separator: ";")
            let gap = Double(parts[0].split(separator: " ")[1])!
            let offset = Double(parts[1].dropFirst("stroke-dashoffset:".count))!
            #expect(-offset >= 0 && -offset <= gap + 1e-3, "\(s)")
        }
        #expect(!css.contains("rotate") || !css.split(separator: "\n").contains { $0.contains("stroke-dash") && $0.contains("rotate") })
    }
}
