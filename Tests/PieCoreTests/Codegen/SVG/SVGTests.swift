import PieSpec
import Testing
@testable import PieCore

@Suite("chart.svg")
struct SVGTests {
    @Test func zeroValueEmitsNoPathSeparatorOrLabel() {
        let svg = Fixture.svg(Fixture.spec([1, 0, 1], labels: ["One", "Zero", "Two"]))
        #expect(svg.between("<g class=\"p-ex\"", "</g>").restStrokes.count == 2)
        #expect(svg.between("<g class=\"p-mo\"", "</g>").occurrences(of: "<circle") == 2)
        // Lines at 0 and 180 only, plus the moving end of the growing circle (hidden at rest).
        let separators = svg.between("<g class=\"p-sep\"", "</g>")
        #expect(separators.occurrences(of: "<path") == 3)
        #expect(separators.contains("transform=\"rotate(0)\" d=") && separators.contains("transform=\"rotate(180)\" d="))
        #expect(separators.contains("transform=\"rotate(360)\" visibility=\"hidden\" opacity=\"0\" d="))
        #expect(svg.occurrences(of: "\"><text transform=\"rotate(") == 2)
        #expect(!svg.between("<g class=\"p-lb\"", "</g>").contains("Zero"))
    }

    @Test func singleFullSliceIsADiscWithNoRadialLine() {
        let svg = Fixture.svg(Fixture.spec([5]))
        // The disc is the stroke of its middle circle, as wide as the radius.
        #expect(svg.between("<g class=\"p-ex\"", "</g>").restStrokes == ["<circle stroke=\"#9c755f\" r=\"75\"/>"])
        #expect(svg.contains("<g class=\"p-ex\" fill=\"none\" stroke-width=\"150\">"))
        #expect(!svg.contains("<g class=\"p-sep\""))
    }

    @Test func donutRingAndMotionStroke() {
        var spec = Fixture.spec([1, 1])
        spec.chart.innerRadius = 0.6
        let svg = Fixture.svg(spec)
        #expect(svg.contains("<g class=\"p-mo\" visibility=\"hidden\" opacity=\"0\" fill=\"none\" transform=\"rotate(0)\" stroke-width=\"60\">"))
        let motion = svg.between("<g class=\"p-mo\"", "</g>")
        #expect(motion.occurrences(of: "<circle") == 2 && motion.occurrences(of: " r=\"120\"/>") == 2)
        // The ring's wedges are strokes of its middle circle (r 120), as wide as the ring (60).
        #expect(svg.contains("<g class=\"p-ex\" fill=\"none\" stroke-width=\"60\">"))
        let exact = svg.between("<g class=\"p-ex\"", "</g>").pathData
        #expect(exact == ["M0 120A120 120 0 0 1-120 0A120 120 0 0 1 0-120"])
        #expect(svg.contains("<path class=\"p-b0\" transform=\"rotate(0)\" d=\"M0-90V-150\"/>"))
    }

    @Test func halfCircleGaugeWithTotalAndTrack() {
        var spec = Fixture.spec([62])
        spec.chart.total = 100
        spec.chart.sweep = 180
        spec.chart.startAngle = -90
        spec.chart.innerRadius = 0.7
        spec.chart.track = Color(r: 0xe5, g: 0xe7, b: 0xeb)
        spec.legend.position = .none
        let svg = Fixture.svg(spec)
        #expect(svg.contains("width=\"320\" height=\"170\" viewBox=\"0 0 320 170\""))
        #expect(svg.contains("<path class=\"p-track\" fill=\"#e5e7eb\" d=\"M-150 0A150 150 0 0 1 150 0L105 0A105 105 0 0 0-105 0Z\"/>"))
        // Track below the slices, slices below the separators.
        let track = svg.firstRange(of: "<path class=\"p-track\"")!.lowerBound
        let exact = svg.firstRange(of: "<g class=\"p-ex\"")!.lowerBound
        #expect(track < exact)
        #expect(svg.contains("transform=\"rotate(-90)\" d=\"M0-105V-150\""))
        #expect(svg.contains("transform=\"rotate(21.6)\" d=\"M0-105V-150\""))
        // Motion: mid-radius 127.5, 111.6 degrees long from the sweep start: 12 o'clock in the
        // motion layer, which is turned by the start angle.
        #expect(svg.contains("<g class=\"p-mo\" visibility=\"hidden\" opacity=\"0\" fill=\"none\" transform=\"rotate(-90)\""))
        let dash = try! #require(AnimationTests.restDash(svg, ".p-m0"))
        #expect(svg.contains(" r=\"127.5\"/>") && abs(dash.start + 90) < 0.01 && abs(dash.length - 111.6) < 0.01, "\(dash)")
        #expect(!svg.contains("visibility=\"hidden\" opacity=\"0\" d=\"M0"))
    }

    @Test func counterclockwiseMirrorsSlicesButNotText() {
        var spec = Fixture.spec([1, 3], labels: ["Small", "Big"])
        spec.chart.direction = .counterclockwise
        let svg = Fixture.svg(spec)
        #expect(svg.contains("<g class=\"p-pie\" transform=\"scale(-1 1)\">"))
        let mirrored = svg.between("<g class=\"p-pie\" transform=\"scale(-1 1)\">", "<g class=\"p-lb\"")
        #expect(!mirrored.contains("<text"))
        #expect(mirrored.occurrences(of: "<g") == mirrored.occurrences(of: "</g>") - 1)
        // The first quarter's label sits at screen angle -45 (upper left), entering from 0.
        #expect(svg.contains("transform=\"rotate(-45) translate(0 -93)\"><text transform=\"rotate(45)\""))
        #expect(AnimationTests.fromState(svg, ".p-l0", layer: ".p-lb>*") == "rotate:45deg;opacity:0"
            && AnimationTests.fromState(svg, ".p-l0>text", layer: ".p-lb text") == "rotate:-45deg")
    }

    @Test func labelsAreInALayerAboveAllSlices() {
        let svg = Fixture.svg(Fixture.spec([1, 1, 1]))
        let labels = svg.firstRange(of: "<g class=\"p-lb\"")!.lowerBound
        for layer in ["<g class=\"p-mo\"", "<g class=\"p-ex\"", "<g class=\"p-sep\""] {
            #expect(svg.firstRange(of: layer)!.lowerBound < labels)
        }
    }

    @Test func variableRadiusUsesPerSliceDashesAndWedges() {
        var spec = Fixture.spec([1, 1])
        spec.slices[1].radius = 0.5
        let svg = Fixture.svg(spec)
        #expect(svg.contains("<circle class=\"p-m1\" stroke=\"") && svg.contains(" stroke-width=\"75\" stroke-dasharray=\"117.81 ") && svg.contains(" r=\"37.5\"/>"))
        // Under the seams, at the smaller radius (75): the closing boundary (12 o'clock) at the
        // bottom, from the last slice's middle (270) to the first's (90), in the first's
        // colour; then slice 0, its extension from its middle to slice 1's (90 -> 270), slice 1.
        // Strokes of each wedge's middle arc: 150 wide (the group's) or 75 (their own).
        #expect(svg.between("<g class=\"p-ex\"", "</g>").restStrokes.map { $0.split(separator: "\"").dropFirst(2).joined(separator: "\"") } == [
            " stroke-width=\"75\" d=\"M-37.5 0A37.5 37.5 0 0 1 0-37.5A37.5 37.5 0 0 1 37.5 0\"/>", " d=\"M0-75A75 75 0 0 1 75 0A75 75 0 0 1 0 75\"/>",
            " stroke-width=\"75\" d=\"M37.5 0A37.5 37.5 0 0 1 0 37.5A37.5 37.5 0 0 1-37.5 0\"/>",
            " stroke-width=\"75\" d=\"M0 37.5A37.5 37.5 0 0 1-37.5 0A37.5 37.5 0 0 1 0-37.5\"/>",
        ])
        #expect(svg.contains(" stroke-width=\"150\" stroke-dasharray=\"235.619 "))
        // Slice 0 at 12 o'clock (-90 from 3 o'clock), slice 1 at 6 o'clock, each half a turn.
        for (k, start) in [-90.0, 90].enumerated() {
            let dash = try! #require(AnimationTests.restDash(svg, ".p-m\(k)"))
            #expect(abs(dash.start - start) < 0.01 && abs(dash.length - 180) < 0.01, "p-m\(k): \(dash)")
        }
    }

    @Test func xmlEscapingOfUserText() {
        var spec = Fixture.spec([1, 1], labels: ["<script>alert(\"x\")</script>", "a&b 'q'\u{0}\u{FFFE}\u{1}"])
        spec.title = "<b>T</b>"
        let bundle = Fixture.bundle(spec)
        for name in ["chart.svg", "index.html"] {
            let text = Fixture.text(bundle, name)
            #expect(!text.contains("<script"), "\(name) has a raw <script")
            #expect(text.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
            #expect(text.contains("a&amp;b &#39;q&#39;"))
            #expect(!text.contains("<b>"))
            #expect(!text.unicodeScalars.contains { $0.value == 0 || $0.value == 1 || $0.value == 0xFFFE })
        }
        #expect(XMLEscape.escape("x\ty\nz") == "x&#9;y&#10;z")
    }

    @Test func noActiveContentAnywhere() {
        var spec = Fixture.spec([3, 2, 1], labels: ["Swift", "Go", "Rust"])
        spec.description = "Languages"
        let bundle = Fixture.bundle(spec)
        for file in bundle.files where file.name != "manifest.json" {
            let text = String(decoding: file.bytes, as: UTF8.self)
            for banned in ["<script", "href", "url(", "foreignObject", "<iframe", "<object", "<embed"] {
                #expect(!text.contains(banned), "\(file.name) contains \(banned)")
            }
            #expect(!hasEventAttribute(text), "\(file.name) has an event attribute")
        }
    }

    /// ` on<letters>=` inside a tag.
    private func hasEventAttribute(_ text: String) -> Bool {
        var inTag = false
        let scalars = Array(text.unicodeScalars)
        for i in scalars.indices {
            let c = scalars[i]
            if c == "<" { inTag = true } else if c == ">" { inTag = false }
            guard inTag, c == " ", i + 3 < scalars.count, scalars[i + 1] == "o", scalars[i + 2] == "n" else { continue }
            var j = i + 3
            while j < scalars.count, ("a"..."z").contains(scalars[j]) { j += 1 }
            if j > i + 3, j < scalars.count, scalars[j] == "=" { return true }
        }
        return false
    }

    @Test func titleDescriptionAndRoles() {
        var spec = Fixture.spec([42.5, 57.5], id: "languages", labels: ["Swift", "Go"])
        spec.title = "Languages"
        let svg = Fixture.svg(spec)
        #expect(svg.contains("role=\"img\" aria-labelledby=\"piec-languages-title\""))
        #expect(svg.contains("<title id=\"piec-languages-title\">Languages</title>"))
        #expect(svg.contains("<desc id=\"piec-languages-desc\">Languages: Swift 42.5%, Go 57.5%.</desc>"))
        spec.title = nil
        spec.description = "Share of lines"
        let plain = Fixture.svg(spec)
        #expect(plain.contains("<title id=\"piec-languages-title\">languages</title>"))
        #expect(plain.contains(">Share of lines</desc>"))
    }

    @Test func backgroundRectOnlyWhenSet() {
        var spec = Fixture.spec([1])
        spec.legend.position = .none
        #expect(!Fixture.svg(spec).contains("p-bg"))
        spec.theme.background = Color(r: 0x11, g: 0x22, b: 0x33)
        #expect(Fixture.svg(spec).contains("<rect class=\"p-bg\" width=\"320\" height=\"320\" fill=\"#112233\"/>"))
    }

    @Test func compilingTwiceGivesTheSameBytes() {
        var spec = Fixture.spec([3, 1, 4, 1, 5, 9, 2, 6], labels: ["a", "b", "c", "d", "e", "f", "g", "h"])
        spec.chart.innerRadius = 0.5
        spec.slices[3].radius = 0.7
        let a = Fixture.bundle(spec), b = Fixture.bundle(spec)
        #expect(a == b)
        #expect(a.files.map(\.name) == ["chart.svg", "chart.css", "index.html", "manifest.json"])
    }

    @Test func svgOnlyEmitsJustTheSVG() {
        let bundle = Compiler.compile(spec: Fixture.spec([1, 2]), sourceBytes: [], svgOnly: true)
        #expect(bundle.files.map(\.name) == ["chart.svg"])
        #expect(bundle.files[0].bytes == Fixture.bundle(Fixture.spec([1, 2])).files[0].bytes)
    }
}

@Suite("Separators")
struct SeparatorTests {
    @Test func noLinesAroundSlicesNarrowerThanThreeLineWidths() {
        // At R = 150 with 1 px lines: 1/1000 is a 0.94 px arc, 4/1000 is 3.8 px.
        let svg = Fixture.svg(Fixture.spec([1, 4, 995]))
        let separators = svg.between("<g class=\"p-sep\"", "</g>")
        // Only the boundaries between the 4 and the 995 slices: at 1.8 deg and at 0/360.
        #expect(separators.occurrences(of: "<path") == 1)
        #expect(separators.contains("transform=\"rotate(1.8)\""))
    }

    @Test func thousandsOfSliversDrawNoSeparators() {
        let svg = Fixture.svg(Fixture.spec([Double](repeating: 1, count: 3000)))
        #expect(!svg.contains("<g class=\"p-sep\""))
    }

    @Test func strokeWidthAndColourComeFromTheTheme() {
        var spec = Fixture.spec([1, 1])
        spec.theme.stroke.width = 2.5
        spec.theme.stroke.color = Color(r: 0, g: 0, b: 0)
        #expect(Fixture.svg(spec).contains("<g class=\"p-sep\" fill=\"none\" stroke=\"#000000\" stroke-width=\"2.5\">"))
        spec.theme.stroke.width = 0
        #expect(!Fixture.svg(spec).contains("<g class=\"p-sep\""))
    }
}
