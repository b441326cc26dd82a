@testable import PieCore
import PieDiagnostics
import PieSpec
import Testing

/// `labels.box`: the key and its refusal (E0352), the box as part of the fit, its `<rect>`
/// behind the text (turned with a turned label), the label colour on its fill, and its motion
/// with the label between versions (chart.css and `piec render`'s frames).
@Suite("Label boxes")
struct LabelBoxTests {
    static let slices = """
        slices:
          - {id: a, label: Alpha, value: 60, color: "#1f77b4"}
          - {id: b, label: Beta, value: 37, color: "#ff7f0e"}
          - {id: c, label: Gamma, value: 3, color: "#2ca02c"}

        """

    static func yaml(_ labels: String, slices: String = slices, chart: String = "chart: {size: 320}\n") -> String {
        "piec: 1\n" + chart + "labels: {content: \"{label}\", minPercent: 0, \(labels)}\n" + slices
    }

    static func errors(_ text: String) -> [Diagnostic] {
        SpecLoader.load(SourceFile(path: "t.yaml", text: text), defaultID: "t").diagnostics.filter { $0.severity == .error }
    }

    /// The `<rect>`s of chart.svg's inside labels, in order.
    static func rects(_ svg: String) -> [String] {
        svg.components(separatedBy: "<rect transform=").dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    @Test func theKeyLowersWithDefaultsAndWritesBack() throws {
        let spec = try Fixture.loaded(Self.yaml("position: inside, box: {}"))
        #expect(spec.labels.box == LabelBoxOptions())
        #expect(spec.labels.box?.fill == Color(r: 255, g: 255, b: 255) && spec.labels.box?.stroke == nil)
        #expect(spec.labels.box?.radius == 3 && spec.labels.box?.padding == 3 && spec.labels.box?.reach == 3)
        let written = try Fixture.loaded(Self.yaml("position: inside, box: {fill: navy, stroke: \"#ff0000\", radius: 0, padding: 5}"))
        #expect(written.labels.box?.fill == Color(r: 0, g: 0, b: 0x80) && written.labels.box?.stroke == Color(r: 255, g: 0, b: 0))
        #expect(written.labels.box?.reach == 5.5, "half the 1 px border counts")
        let canonical = String(decoding: written.canonicalMemberText(), as: UTF8.self)
        #expect(canonical.contains("\"box\"") && canonical.contains("\"fill\": \"#000080\""), "\(canonical)")
        let reread = SpecLoader.loadEmbedded(SourceFile(path: "m.json", text: "{\"spec\":" + canonical + "}"), defaultID: "t")
        #expect(reread.spec == written)
        #expect(Self.errors(Self.yaml("position: inside, box: {fill: \"#ffffff80\"}")).map(\.code.rawValue) == ["E0306"])
        #expect(Self.errors(Self.yaml("position: inside, box: {padding: 21}")).count == 1)
    }

    /// A box where labels stand at a distance, or where none is drawn, is refused at the key;
    /// labels beside the chart in columns (`outside`, `auto`, a kept label) have their boxes.
    @Test func aBoxWhereALabelStandsAtADistanceIsRefused() throws {
        #expect(Self.errors(Self.yaml("box: {}")).isEmpty)
        #expect(Self.errors(Self.yaml("position: outside, box: {}")).isEmpty)
        let none = Self.errors(Self.yaml("position: none, box: {}"))
        #expect(none.map(\.code.rawValue) == ["E0352"] && none[0].range?.start.line == 3, "\(none)")
        // Labels at a distance stand in their boxes (`LabelBoxDistanceTests`).
        #expect(Self.errors(Self.yaml("position: auto, radius: 1.3, box: {}")).isEmpty)
        let kept = Self.slices.replacingOccurrences(of: "value: 3,", with: "value: 3, keepLabel: true,")
        #expect(Self.errors(Self.yaml("position: inside, box: {}", slices: kept)).isEmpty)
        #expect(Self.errors(Self.yaml("position: inside, box: {}")).isEmpty)
        let rings = "piec: 1\nlabels: {box: {}}\nrings:\n  - {label: In, slices: [{label: A, value: 1}]}\n  - {label: Out, slices: [{label: B, value: 1}]}\n"
        #expect(Self.errors(rings).isEmpty, "a ring's labels are inside")
    }

    /// The box is the label for the fit: a text that fits its slice alone does not with a
    /// padding that takes the box past the slice's edges.
    @Test func theBoxIsWhatMustFit() {
        let g = SegmentGeometry(startAngle: 0, endAngle: 90, outerRadius: 100, innerRadius: 60, color: Color(r: 0, g: 0, b: 0))
        let text = "Alpha"
        #expect(LabelFit.fitsInside(text, geometry: g, fontSize: 12, sign: 1))
        // The ring is 40 px wide: a line box of about 14 px fits with 2 px to spare; grown by
        // 14 px on each side it cannot.
        #expect(!LabelFit.fitsInside(text, geometry: g, fontSize: 12, sign: 1, box: 14))
        let spot = LabelFit.spot(text, geometry: g, fontSize: 12, sign: 1, fraction: nil, box: 8)
        if let spot {
            let p = Geometry.point(angle: spot.angle, radius: spot.radius), size = LabelFit.size(text, fontSize: 12)
            #expect(SectorBox(centerX: p.x, y: p.y, width: size.width + 16, height: size.height + 16, pad: LabelFit.padding)
                .isInside(start: 0, end: 90, inner: 60, outer: 100, sign: 1))
        }
    }

    /// On a chart: Gamma's label fits its slice without a box and is left out with one (E0603).
    @Test func aLabelWhoseBoxDoesNotFitIsLeftOut() throws {
        let thin = Self.slices.replacingOccurrences(of: "value: 3,", with: "value: 9,")
        let plain = Compiler.compile(CompileRequest(source: SourceFile(path: "t.yaml", text: Self.yaml("position: inside", slices: thin)), defaultID: "t"))
        #expect(!plain.diagnostics.contains { $0.code.rawValue == "E0603" }, "\(plain.diagnostics)")
        let boxed = Compiler.compile(CompileRequest(source: SourceFile(path: "t.yaml", text: Self.yaml("position: inside, box: {padding: 20}", slices: thin)), defaultID: "t"))
        #expect(boxed.diagnostics.contains { $0.code.rawValue == "E0603" && $0.message.contains("Gamma") }, "\(boxed.diagnostics)")
    }

    /// Each label's box is a `<rect>` in its group before its text: the text's box grown by the
    /// padding, centred on the anchor, turned as the text is, in the box's colours; the text is
    /// black or white on the fill.
    @Test func eachBoxIsARectBehindItsText() throws {
        let spec = try Fixture.loaded(Self.yaml("position: inside, box: {fill: \"#ffffff\", stroke: \"#333333\", radius: 20, padding: 4}"))
        let svg = Fixture.svg(spec)
        let rects = Self.rects(svg)
        // Gamma's slice (3 %) holds no box: its label is left out (E0603); every other label has one.
        #expect(rects.count == 2 && svg.components(separatedBy: "<text transform=\"rotate(").count - 1 == 2, "\(svg)")
        let size = LabelFit.size("Alpha", fontSize: 12)
        let w = size.width + 8, h = size.height + 8
        let first = try #require(rects.first)
        #expect(first.contains("x=\"\(formatNumber(-w / 2))\"") && first.contains("width=\"\(formatNumber(w))\""), "\(first)")
        #expect(first.contains("height=\"\(formatNumber(h))\"") && first.contains("rx=\"\(formatNumber(h / 2))\""), "radius clamped: \(first)")
        #expect(first.contains("fill=\"#ffffff\" stroke=\"#333333\""), "\(first)")
        // The rect precedes its text inside the label's group; Alpha's text (on a dark blue
        // slice: white without a box) is black on the white box.
        #expect(svg.contains("<g class=\"p-l0\""))
        let group = try #require(svg.components(separatedBy: "<g class=\"p-l0\"").dropFirst().first)
        #expect(group.range(of: "<rect")!.lowerBound < group.range(of: "<text")!.lowerBound)
        #expect(group.prefix { $0 != "\n" }.contains("fill=\"#000000\">Alpha"), "\(group.prefix(400))")
        // Without a box: no rect, Alpha's text white.
        let plain = Fixture.svg(try Fixture.loaded(Self.yaml("position: inside")))
        #expect(Self.rects(plain).isEmpty && plain.contains("fill=\"#ffffff\">Alpha"))
        // A turned label's box turns with it: the same rotate() as its text.
        let turned = Fixture.svg(try Fixture.loaded(Self.yaml("position: inside, orientation: tangential, box: {}")))
        let turnedGroup = try #require(turned.components(separatedBy: "<g class=\"p-l0\"").dropFirst().first?.prefix { $0 != "\n" })
        let turns = turnedGroup.components(separatedBy: "transform=\"rotate(").dropFirst().map { $0.prefix { $0 != ")" } }
        // The group's own turn first, then the rect's and the text's.
        #expect(turns.count == 3 && turns[1] == turns[2] && turns[1] != "0", "\(turnedGroup)")
    }

    /// A written label colour is checked against the box's fill, not the slice (E0610).
    @Test func aWrittenColourIsCheckedAgainstTheBox() {
        let diagnostics = { (labels: String) in
            Compiler.compile(CompileRequest(source: SourceFile(path: "t.yaml", text: Self.yaml(labels)), defaultID: "t")).diagnostics
                .filter { $0.code.rawValue == "E0610" }
        }
        // White text is fine on the dark blue slice, not on a white box.
        let onBox = diagnostics("position: inside, color: \"#ffffff\", box: {fill: \"#ffffff\"}")
        #expect(onBox.count == 1 && onBox[0].notes.first?.contains("on #ffffff") == true, "\(onBox)")
        #expect(diagnostics("position: inside, color: \"#ffffff\", box: {fill: \"#111111\"}").isEmpty)
    }

    static let moved = slices.replacingOccurrences(of: "value: 60", with: "value: 40")

    /// Between versions the box moves and turns with its label: chart.css animates each
    /// `.p-l<k>>rect` as its text (without the text's colour), and `piec render`'s frames draw
    /// the rect in the label's group at every instant.
    @Test func theBoxMovesWithItsLabel() throws {
        let labels = "position: inside, orientation: tangential, box: {fill: \"#fef3c7\"}"
        let old = try Fixture.loaded(Self.yaml(labels, slices: Self.moved))
        let new = try Fixture.loaded(Self.yaml(labels))
        let css = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.css")
        #expect(css.contains(".p-l0>rect"), "\(css)")
        let compiled = Transition.between(old: old, new: new)
        let line = Frames.timeline(compiled)
        for t in [line.start, (line.start + line.end) / 2, line.end + 1] {
            let frame = String(decoding: Frames.svg(chart: compiled, spec: new, at: t), as: UTF8.self)
            let groups = frame.components(separatedBy: "<text transform=\"rotate(").count - 1
            #expect(groups > 0 && Self.rects(frame).count == groups && frame.contains("fill=\"#fef3c7\""), "\(t): \(frame)")
        }
        // Turned: at the start and the end the rect's turn is its text's.
        for t in [line.start, line.end + 1] {
            let frame = String(decoding: Frames.svg(chart: compiled, spec: new, at: t), as: UTF8.self)
            let group = try #require(frame.components(separatedBy: "<rect").dropFirst().first)
            let turns = group.components(separatedBy: "rotate(").dropFirst().prefix(2).map { $0.prefix { $0 != ")" } }
            #expect(turns.count == 2 && turns[0] == turns[1], "\(group.prefix(300))")
        }
    }

    /// A restyled box blends: chart.css's keyframe starts the rect at the old fill, padding,
    /// rounding and no border (one that appears grows from width 0 in its own colour), and
    /// `piec render`'s frames draw the same numbers mixed at the labels' eased progress.
    @Test func aRestyledBoxBlendsInKeyframesAndFrames() throws {
        let old = try Fixture.loaded(Self.yaml("position: inside, box: {fill: \"#ffffff\", radius: 0, padding: 2}", slices: Self.moved))
        let new = try Fixture.loaded(Self.yaml("position: inside, box: {fill: \"#000080\", stroke: \"#ff0000\", radius: 6, padding: 4}"))
        let css = Fixture.text(Compiler.compile(spec: new, sourceBytes: Array("piec: 1\n".utf8), previous: old), "chart.css")
        #expect(css.contains("stroke-width:0;fill:#ffffff;") && css.contains("rx:0px"), "\(css)")
        let compiled = Transition.between(old: old, new: new)
        let line = Frames.timeline(compiled)
        func rect(_ t: Double) throws -> (fill: String, width: Double, rx: Double, stroke: Double) {
            let frame = String(decoding: Frames.svg(chart: compiled, spec: new, at: t), as: UTF8.self)
            let r = try #require(Self.rects(frame).first)
            func attr(_ name: String) -> String? {
                r.components(separatedBy: " \(name)=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) }
            }
            return (attr("fill") ?? "", Double(attr("width") ?? "") ?? -1, Double(attr("rx") ?? "0") ?? -1,
                    Double(attr("stroke-width") ?? "1") ?? -1)
        }
        let (start, end) = (try rect(line.start), try rect(line.end + 1))
        #expect(start.fill == "#ffffff" && start.rx == 0 && start.stroke == 0, "\(start)")
        #expect(end.fill == "#000080" && end.rx == 6 && end.stroke == 1 && abs(end.width - start.width - 4) < 1e-9, "\(start) \(end)")
        // Halfway in time is halfway in ease-in-out: every number is its ends' mean.
        let middle = try rect((line.start + line.end) / 2)
        #expect(middle.fill == "#8080c0" && middle.rx == 3 && middle.stroke == 0.5 && abs(middle.width - start.width - 2) < 1e-9,
                "\(middle)")
    }
}
