import PieSpec
import Testing
@testable import PieCore

@Suite("Enter plan and CSS animation")
struct AnimationTests {
    @Test func growStartsEverySegmentAtTheSweepStartInAngularOrder() {
        var spec = Fixture.spec([1, 2, 1])
        spec.chart.startAngle = 30
        spec.chart.sort = .descending
        let layout = Layout.layout(spec)
        let plan = Planner.enter(layout, animation: spec.animation)
        #expect(plan.kind == .enterGrow)
        #expect(plan.segments.map(\.id) == ["s1", "s0", "s2"])
        #expect(plan.segments.allSatisfy { $0.from.startAngle == 30 && $0.from.endAngle == 30 && $0.kind == .enter })
        #expect(plan.segments.map(\.to.endAngle) == [210, 300, 390])
        // Boundary k at start + E * cumulative_k: at E = 0.5 the boundaries are 120, 165, 210.
        let mid = plan.segments.map { $0.from.blended(to: $0.to, at: 0.5) }
        #expect(mid.map(\.endAngle) == [120, 165, 210])
        #expect(mid.map(\.startAngle) == [30, 120, 165])
    }

    @Test func fadeKeepsGeometryAndRaisesOpacity() {
        var spec = Fixture.spec([1, 1])
        spec.animation.enter = .fade
        let plan = Planner.enter(Layout.layout(spec), animation: spec.animation)
        #expect(plan.kind == .enterFade)
        #expect(plan.segments.allSatisfy { $0.from.startAngle == $0.to.startAngle && $0.from.opacity == 0 && $0.to.opacity == 1 })
        let css = Fixture.text(Fixture.bundle(spec), "chart.css")
        #expect(css.contains("@keyframes piec-test-fade{from{opacity:0}}"))
        // CSS's own name for the default curve, and no delay of 0 (the default).
        #expect(css.contains("\n.p-plot{animation:piec-test-fade 800ms ease-in-out backwards}"))
        #expect(!Fixture.svg(spec).contains("p-mo\""))
    }

    @Test func noneHasNoAnimationAtAll() {
        var spec = Fixture.spec([1, 1])
        spec.animation.enter = .none
        let bundle = Fixture.bundle(spec)
        let svg = Fixture.text(bundle, "chart.svg")
        #expect(!svg.contains("@keyframes") && !svg.contains("animation") && !svg.contains("<g class=\"p-mo\""))
        #expect(Planner.enter(Layout.layout(spec), animation: spec.animation).segments.allSatisfy { $0.from == $0.to })
    }

    @Test func everyAnimationDeclarationIsInsideReducedMotionMedia() {
        let css = Fixture.text(Fixture.bundle(Fixture.spec([1, 2, 3])), "chart.css")
        let parts = css.split(separator: "@media (prefers-reduced-motion:no-preference){", omittingEmptySubsequences: false)
        #expect(parts.count == 2)
        #expect(!parts[0].contains("animation"))
        #expect(parts[1].contains("animation-fill-mode:backwards"))
        #expect(parts[1].hasSuffix("}\n}\n}\n"))
    }

    @Test func motionDashesRunFromZeroToTheirStackedLength() {
        let bundle = Fixture.bundle(Fixture.spec([1, 1, 1, 1]))
        let css = Fixture.text(bundle, "chart.css"), svg = Fixture.text(bundle, "chart.svg")
        // Pie: mid-radius 75, circumference 471.239. Slice 0 underlays the whole circle, the
        // others paint into the middle of their successor, the last to its own end. At rest
        // each dash starts at its slice's start (minus 90: circles start at 3 o'clock). A chart
        // without masks places its dashes by `stroke-dashoffset` on circles turned once by a
        // static `rotate` (`DashStarts`); the last slice, whose dash sweeps every angle on the
        // way in, is turned by the individual `rotate` property instead.
        for (k, (start, length)) in [(-90.0, 360.0), (0, 135), (90, 135), (180, 90)].enumerated() {
            let dash = try! #require(Self.restDash(svg, ".p-m\(k)"))
            #expect(abs(dash.start - start) < 0.01 && abs(dash.length - length) < 0.01, "p-m\(k): \(dash)")
        }
        #expect(Self.finalRule(css, ".p-m3") == "rotate:180deg" && Self.finalRule(css, ".p-m1") == "")
        // On the way in every dash grows from nothing where its circle's offset puts it.
        #expect(css.contains("@keyframes piec-test-k0{from{stroke-dasharray:0 471.239;stroke-dashoffset:var(--f)}}"))
        #expect(css.contains("@keyframes piec-test-k1{from{rotate:-90deg;stroke-dasharray:0 471.239}}"))
        #expect(css.contains("\n.p-mo{animation:piec-test-show 800ms linear backwards}"))
        #expect(css.contains("\n.p-ex{animation:piec-test-hide 800ms linear backwards}"))
    }

    /// Where the dash of the motion circle `selector` starts at rest and how long it is, in
    /// degrees, the start from 3 o'clock in the motion layer's frame. Reads either placement:
    /// a static `transform="rotate(a)"` with `stroke-dashoffset`, or the final `rotate` rule.
    static func restDash(_ svg: String, _ selector: String) -> (start: Double, length: Double)? {
        guard let tag = svg.firstRange(of: "<circle class=\"\(selector.dropFirst())\"") else { return nil }
        let circle = String(svg[tag.lowerBound...].prefix { $0 != ">" })
        func attribute(_ name: String) -> String? {
            guard let r = circle.firstRange(of: " \(name)=\"") else { return nil }
            return String(circle[r.upperBound...].prefix { $0 != "\"" })
        }
        guard let radius = attribute("r").flatMap(Double.init),
              let length = attribute("stroke-dasharray")?.split(separator: " ").first.flatMap({ Double($0) }) else { return nil }
        let degrees = 180 / (Double.pi * radius)
        var start = 0.0
        if let turn = attribute("transform"), turn.hasPrefix("rotate("), let angle = Double(turn.dropFirst(7).dropLast()) {
            start = angle - (attribute("stroke-dashoffset").flatMap(Double.init) ?? 0) * degrees
        } else if let rule = finalRule(svg, selector), rule.hasPrefix("rotate:"), let angle = Double(rule.dropFirst(7).dropLast(3)) {
            start = angle
        }
        return (start, length * degrees)
    }

    /// The from-state of `selector`'s keyframes, its own custom properties substituted
    /// (`rotate:var(--r)` with the element's `--r:45deg` reads `rotate:45deg`). The keyframes
    /// are the ones a rule naming `selector` gives, else `layer`'s (a layer named once).
    static func fromState(_ css: String, _ selector: String, layer: String? = nil) -> String? {
        var own: [String: String] = [:], names: [String: String] = [:], frames: [String: String] = [:]
        for line in css.split(separator: "\n") {
            guard let open = line.firstIndex(of: "{") else { continue }
            if line.hasPrefix("@keyframes "), let from = line.range(of: "{from{") {
                frames[String(line[line.index(line.startIndex, offsetBy: 11)..<open])] = String(line[from.upperBound...].dropLast(2))
                continue
            }
            let selectors = line[..<open].split(separator: ",").map(String.init)
            for declaration in line[line.index(after: open)...].dropLast().split(separator: ";") {
                let pair = declaration.split(separator: ":", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { continue }
                for s in selectors where s == selector || s == layer {
                    if pair[0] == "animation-name" { names[s] = pair[1] } else if s == selector, pair[0].hasPrefix("--") { own[pair[0]] = pair[1] }
                }
            }
        }
        guard let name = names[selector] ?? layer.flatMap({ names[$0] }), var state = frames[name] else { return nil }
        for (property, value) in own { state = state.replacingOccurrences(of: "var(\(property))", with: value) }
        return state
    }

    static func finalRule(_ css: String, _ selector: String) -> String? {
        for line in css.split(separator: "\n") {
            guard let open = line.firstIndex(of: "{"), !line.hasPrefix("@") else { continue }
            if line[..<open].split(separator: ",").contains(Substring(selector)) {
                // The final state only: an element's own values of shared keyframes are not.
                return line[line.index(after: open)...].dropLast().split(separator: ";").filter { !$0.hasPrefix("--") }.joined(separator: ";")
            }
        }
        return nil
    }

    @Test func manyMotionPathsNeverAnimateTransform() {
        // A transform animation makes Chromium composite each path; hundreds of them exhaust
        // tile memory. Above `Budgets.rotatedDashes` elements, dashes move by dashoffset
        // along circles turned once and for all (`DashStarts`).
        // Colours of their own: slices sharing a colour would share a circle (`ColourDashes`).
        var spec = Fixture.ownColours(Fixture.spec(Array(repeating: 1, count: Budgets.rotatedDashes + 1)))
        spec.chart.startAngle = -90
        let svg = Fixture.svg(spec)
        #expect(svg.contains("<g class=\"p-mo\" visibility=\"hidden\" opacity=\"0\" fill=\"none\" transform=\"rotate(-90)\""))
        // Only the last slice rotates: it grows from the sweep start to the end of the circle,
        // so it covers every angle at some instant and has no static start.
        let dashFrames = svg.split(separator: "\n").filter { $0.hasPrefix("@keyframes") && $0.contains("stroke-dash") }
        // A plan this large has literal keyframes (`Budgets.sharedKeyframeParts`), shared by
        // equal from-states only.
        #expect(dashFrames.filter { $0.contains("rotate") } == ["@keyframes piec-test-k2{from{rotate:-90deg;stroke-dasharray:0 471.239}}"])
        #expect(dashFrames.contains("@keyframes piec-test-k1{from{stroke-dasharray:0 471.239;stroke-dashoffset:-1.309}}"))
        #expect(!svg.contains("var(--"))
        #expect(Self.finalRule(svg, ".p-m64") == "rotate:264.462deg" && !svg.contains(".p-m0{rotate"))
        #expect(svg.contains("<circle class=\"p-m64\" stroke=\"#404080\" stroke-dasharray=\"7.25 471.239\" r=\"75\"/>"))
        // The first slice, stacked under the others to the end of the circle, covers every
        // angle at the end but always starts at the sweep start: its circle starts there.
        #expect(svg.contains("stroke-dasharray=\"471.239 0\" stroke-dashoffset=\"0\" transform=\"rotate(-90)\" r=\"75\""))
        // The one before the last grows from the sweep start to 63/65 of the circle and is
        // painted to the middle of the last (348.92 to 357.23 degrees): its circle starts
        // `startLead` (1 degree) before the lowest place of its dash, the sweep start, so its
        // dash starts 1 degree (1.309 of 471.239) along it, and ends 349.92 along it.
        #expect(svg.contains(":where(.p-mo circle){animation-name:piec-test-k1}") && !svg.contains(".p-m63{animation-name"))
        #expect(svg.contains("<circle class=\"p-m63\" stroke=\"#3f4080\" stroke-dasharray=\"10.875 460.364\" stroke-dashoffset=\"-458.048\" transform=\"rotate(-91)\" r=\"75\"/>"))
    }

    @Test func fewMotionPathsWithoutMasksMoveByOffset() {
        // Firefox re-dashes a circle turned by an animated `rotate` on every frame (34 ms a
        // frame at 8 slices, 150 at 32): without masks, dashes move by `stroke-dashoffset`
        // along circles turned once, 1 degree behind the furthest-back point the dash reaches,
        // so no dash meets the start of the contour (where Skia draws a wide stroke's end wrong).
        let bundle = Compiler.compile(spec: Fixture.spec([1, 2, 3]), sourceBytes: Array("piec: 1\n".utf8), previous: Fixture.spec([3, 2, 1]))
        let svg = Fixture.text(bundle, "chart.svg")
        #expect(svg.contains("stroke-dashoffset:") && !svg.split(separator: "\n").contains { $0.hasPrefix("@keyframes") && $0.contains("rotate") && $0.contains("stroke-dash") })
        for k in 0..<3 {
            let circle = svg.between("<circle class=\"p-m\(k)\"", "/>")
            #expect(circle.contains(" stroke-dashoffset=\"") && circle.contains(" transform=\"rotate("), "p-m\(k): \(circle)")
        }
        let dash = try! #require(Self.restDash(svg, ".p-m2"))
        #expect(abs(dash.start - 90) < 0.01 && abs(dash.length - 180) < 0.01, "\(dash)")
    }

    @Test func fewMaskedMotionPathsRotateFromTheCircleStart() {
        // Gap masks turn with their dash, so a chart with them keeps dashes that start at the
        // circle's start point and are rotated into place.
        var spec = Fixture.spec([1, 2, 3])
        spec.chart.padAngle = 2
        let svg = Fixture.svg(spec)
        #expect(Self.finalRule(svg, ".p-m2") == "rotate:90deg" && svg.contains(" stroke-dasharray=\"235.619 471.239\" r=\"75\"/>"))
        #expect(!svg.contains("stroke-dashoffset"))
    }

    @Test func labelsTravelAlongTheArcAndFadeIn() {
        var spec = Fixture.spec([1, 1])
        spec.chart.startAngle = 10
        let bundle = Fixture.bundle(spec)
        // A group turned to the label's angle and moved out to its radius, the text turned back
        // upright: the final transform is the attributes (static renderers, reduced motion).
        #expect(Fixture.text(bundle, "chart.svg").contains("<g class=\"p-l1\" transform=\"rotate(280) translate(0 -93)\"><text transform=\"rotate(-280)\""))
        // Entering from the start angle (10): the group turns by 10 - 280 on top of its
        // attribute and fades in, the text turns back by as much; both to `none`.
        let css = Fixture.text(bundle, "chart.css")
        #expect(Self.fromState(css, ".p-l1", layer: ".p-lb>*") == "rotate:-270deg;opacity:0"
            && Self.fromState(css, ".p-l1>text", layer: ".p-lb text") == "rotate:270deg")
        #expect(!css.contains("transform:"))
    }

    @Test func timingComesFromTheSpec() {
        var spec = Fixture.spec([1, 1])
        spec.animation.duration = 1200
        spec.animation.delay = 150
        spec.animation.easing = Easing(css: "x", x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
        let css = Fixture.text(Fixture.bundle(spec), "chart.css")
        #expect(css.contains("animation-duration:1200ms;animation-timing-function:ease;animation-delay:150ms"))
        spec.animation.easing = Easing(css: "x", x1: 0.2, y1: 0, x2: 0, y2: 1)
        #expect(Fixture.text(Fixture.bundle(spec), "chart.css").contains("animation-timing-function:cubic-bezier(0.2,0,0,1);"))
        #expect(css.contains("piec-test-show 1200ms linear 150ms backwards"))
    }

    @Test func separatorsMoveWithTheirBoundaries() {
        let bundle = Fixture.bundle(Fixture.spec([1, 3]))
        let css = Fixture.text(bundle, "chart.css"), svg = Fixture.text(bundle, "chart.svg")
        #expect(svg.contains("<path class=\"p-b1\" transform=\"rotate(90)\""))
        // The moving end of the closing circle is hidden at rest by visibility and opacity
        // (Inkscape ignores visibility); inside the style block its opacity is given back.
        #expect(svg.contains("<path class=\"p-b2\" transform=\"rotate(360)\" visibility=\"hidden\" opacity=\"0\""))
        #expect(css.contains("\n.p-b2{opacity:1}\n") && css.contains("\n.p-mo{opacity:1}\n"))
        // Deltas from the attribute: from 0 to 90 and from 0 to 360.
        #expect(Self.fromState(css, ".p-b1") == "rotate:-90deg")
        #expect(Self.fromState(css, ".p-b2") == "rotate:-360deg;visibility:visible")
    }

    @Test func styleInTheSVGIsTheStylesheet() {
        let bundle = Fixture.bundle(Fixture.spec([2, 1]))
        let css = Fixture.text(bundle, "chart.css")
        #expect(Fixture.text(bundle, "chart.svg").contains("<style>\n" + css + "</style>"))
        // Keyframes at the top level, then one block scoped to the chart with every rule in it.
        let scope = css.range(of: "\n.piec-test{\n")!
        #expect(css[..<scope.lowerBound].split(separator: "\n").allSatisfy { $0.hasPrefix("@keyframes piec-test-") })
        #expect(css.hasSuffix("}\n}\n") && css.occurrences(of: ".piec-test") == 1)
    }
}

@Suite("Plans from elsewhere")
struct ExternalPlanTests {
    @Test func anExitSegmentShrinksInTheMotionLayerAndLeavesNoRestShape() {
        // A plan as a later diff would make: "b" exits (shrinks to zero at 90 deg).
        var spec = Fixture.spec([1, 3])
        spec.slices[1].id = "c"
        let layout = Layout.layout(spec)
        var plan = Planner.enter(layout, animation: spec.animation)
        let color = Color(r: 1, g: 2, b: 3)
        let exit = Segment(id: "b", kind: .exit, slice: nil,
                           from: SegmentGeometry(startAngle: 90, endAngle: 180, outerRadius: 150, innerRadius: 0, color: color),
                           to: SegmentGeometry(startAngle: 90, endAngle: 90, outerRadius: 150, innerRadius: 0, color: color))
        plan.segments.insert(exit, at: 1)
        let bundle = BundleWriter.write(spec: spec, sourceBytes: [], layout: layout, plan: plan, changes: nil)
        let svg = Fixture.text(bundle, "chart.svg")
        #expect(svg.occurrences(of: "<circle class=\"p-m") == 3)
        #expect(svg.contains("stroke=\"#010203\""))
        #expect(svg.between("<g class=\"p-ex\"", "</g>").restStrokes.count == 2)
        #expect(Fixture.text(bundle, "manifest.json").contains("\"kind\": \"exit\""))
    }
}

@Suite("direction changes")
struct DirectionChangeTests {
    /// A change of direction between versions still animates: the new chart's slices move
    /// (from the old chart mirrored into the new direction) rather than jumping.
    @Test func aChangeOfDirectionAnimates() {
        var old = Fixture.spec([1, 2, 3])
        old.chart.startAngle = 90
        var new = old
        new.chart.direction = .counterclockwise
        new.slices[0].value = 2
        let bundle = Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old)
        let css = Fixture.text(bundle, "chart.css")
        #expect(css.contains("@keyframes piec-test-k") && css.contains(".p-mo{animation:"))
        #expect(Fixture.text(bundle, "chart.svg").contains("<g class=\"p-pie\" transform=\"scale(-1 1)\">"))
    }
}
