import PieDiagnostics
@testable import PieSpec
import Testing

/// Colours as people write them (CSS colour functions, translucent colours with a help that
/// gives the opaque equivalent, palette lists in order), the title, subtitle, legend and label
/// keys, and help lines that never send a key where it means something else.
struct ColourSyntaxAndKeyHelpTests {
    /// `theme.opacity` as a lifted alpha stores it: six decimals, as the canonical spec writes it.
    static func sixDecimals(_ x: Double) -> Double { (x * 1e6).rounded() / 1e6 }
    @Test(arguments: [
        ("rgb(240, 81, 56)", Color(r: 240, g: 81, b: 56)),
        ("RGB(240,81,56)", Color(r: 240, g: 81, b: 56)),
        ("rgb(240 81 56)", Color(r: 240, g: 81, b: 56)),
        ("rgb(100%, 0%, 50%)", Color(r: 255, g: 0, b: 128)),
        ("rgba(0, 0, 255, 0.5)", Color(r: 0, g: 0, b: 255, a: 128)),
        ("rgb(0 0 255 / 25%)", Color(r: 0, g: 0, b: 255, a: 64)),
        ("rgba(1, 2, 3, 1)", Color(r: 1, g: 2, b: 3)),
        ("hsl(0, 100%, 50%)", Color(r: 255, g: 0, b: 0)),
        ("hsl(120deg 100% 25%)", Color(r: 0, g: 128, b: 0)),
        ("hsl(0.5turn, 100%, 50%)", Color(r: 0, g: 255, b: 255)),
        ("hsl(-120, 100%, 50%)", Color(r: 0, g: 0, b: 255)),
        ("hsla(240, 100%, 50%, 0)", Color(r: 0, g: 0, b: 255, a: 0)),
        ("hsl(28 89 56)", Color.parse("hsl(28, 89%, 56%)")!),
        ("SteelBlue", Color(r: 0x46, g: 0x82, b: 0xb4)),
    ])
    func colourFunctionsParse(_ text: String, _ expected: Color) {
        #expect(Color.parse(text) == expected, "\(text)")
    }

    @Test(arguments: ["rgb(256, 0, 0)", "rgb(0, 0)", "rgb(0, 0, 0, 0, 0)", "rgb(0 0, 0)", "rgba(0, 0, 0, 1.5)",
                      "hsl(0, 120%, 50%)", "hsl(red, 50%, 50%)", "rgb(1e2, 0, 0)", "rgb(-1, 0, 0)", "cmyk(0, 0, 0, 0)",
                      "rgb(0 0 0 / 50% / 1)", "rgb()", "rgb(0, 0, 0"])
    func malformedFunctionsAreRejected(_ text: String) {
        #expect(Color.parse(text) == nil, "\(text)")
    }

    @Test func everyColourFieldTakesTheFunctionsAndWritesHex() throws {
        let r = load("""
            piec: 1
            chart: {track: "rgba(0, 0, 0, 0.1)", other: {color: "hsl(0 0% 60%)"}}
            theme: {palette: ["rgb(1, 2, 3)"], background: "hsl(0, 0%, 100%)", stroke: {color: "rgb(0 0 0 / 50%)"}}
            slices:
              - {label: A, value: 1, color: "rgb(10%, 20%, 30%)"}

            """)
        let spec = try #require(r.spec, "\(r.diagnostics)")
        let json = spec.canonicalJSON().serialized(pretty: false)
        for hex in ["#0000001a", "#999999", "#010203", "#ffffff", "#00000080", "#1a334d"] {
            #expect(json.contains("\"\(hex)\""), "\(hex) in \(json)")
        }
        #expect(!json.contains("rgb") && !json.contains("hsl"))
    }

    @Test func aMalformedFunctionSaysWhatIsWrong() {
        let r = load("piec: 1\nslices:\n  - {label: A, value: 1, color: \"rgb(300, 0, 0)\"}\n")
        #expect(codes(r) == ["E0207"])
        #expect(r.diagnostics.first?.help?.contains("from 0 to 255") == true, "\(r.diagnostics)")
    }

    @Test func translucentLabelColourHelpGivesTheColourThatLooksTheSame() {
        // Over a white page: 50 % blue is #8080ff (not the #0000ff the old help gave).
        let white = load("piec: 1\nslices:\n  - {label: A, value: 1, labelColor: \"rgba(0, 0, 255, 0.5)\"}\n")
        #expect(codes(white) == ["E0306"])
        #expect(white.diagnostics.first?.help == "use `#7f7fff`, which looks the same over a white page (`theme.background` is transparent)")
        let dark = load("piec: 1\ntheme: {background: \"#000000\"}\nslices:\n  - {label: A, value: 1, labelColor: \"#ff000080\"}\n")
        #expect(dark.diagnostics.first?.help == "use `#800000`, which looks the same over the background `#000000`")
    }

    @Test func slicesOfOneAlphaAreOneTranslucentPie() {
        // Every colour a slice can take has alpha 128: opaque colours, the alpha in theme.opacity.
        let one = load("piec: 1\nslices:\n  - {label: A, value: 1, color: \"rgba(0, 0, 255, 0.5)\"}\n  - {label: B, value: 1, color: \"#ff000080\"}\n")
        #expect(codes(one) == [])
        #expect(one.spec?.slices.map { $0.color?.hex } == ["#0000ff", "#ff0000"])
        #expect(one.spec?.theme.opacity == Self.sixDecimals(128.0 / 255))
        let palette = load("piec: 1\ntheme: {opacity: 0.5, palette: [\"#ff000080\", \"hsl(120 100% 50% / 0.5)\"]}\nslices:\n  - {label: A, value: 1}\n")
        #expect(codes(palette) == [])
        #expect(palette.spec?.theme.opacity == Self.sixDecimals(0.5 * 128 / 255))
        if case .list(let colors)? = palette.spec?.theme.palette { #expect(colors.allSatisfy { $0.isOpaque }) } else { Issue.record("no palette") }
        // 0.7 is 179, b2 is 178: one fraction rounded two ways, one alpha (the first's).
        let rounded = load("piec: 1\nslices:\n  - {label: A, value: 1, color: \"rgba(0, 0, 255, 0.7)\"}\n  - {label: B, value: 1, color: \"#ff0000b2\"}\n")
        #expect(codes(rounded) == [])
        #expect(rounded.spec?.theme.opacity == Self.sixDecimals(179.0 / 255))
    }

    @Test func translucentSliceColoursOfDifferentAlphasAreKeptPerSlice() {
        // Two alphas; a translucent colour beside the default palette; Other's opaque grey:
        // each slice keeps its own colour, alpha included, and the pie stays opaque.
        let two = load("piec: 1\nslices:\n  - {label: A, value: 1, color: \"#ff000080\"}\n  - {label: B, value: 1, color: \"#00ff0040\"}\n")
        #expect(codes(two) == [])
        #expect(two.spec?.slices.map { $0.color?.a } == [128, 64])
        #expect(two.spec?.theme.opacity == 1)
        #expect(two.spec?.sliceAlphaPath == "slices[0].color")
        #expect(codes(load("piec: 1\nslices:\n  - {label: A, value: 1, color: \"#ff000080\"}\n  - {label: B, value: 1}\n")) == [])
        let other = load("piec: 1\nchart: {other: {color: \"hsla(0, 0%, 50%, 0.5)\"}}\nslices:\n  - {label: A, value: 1}\n")
        #expect(codes(other) == [])
        #expect(other.spec?.sliceAlphaPath == "chart.other.color")
        // One alpha is still lifted: nothing keeps its own.
        #expect(load("piec: 1\nslices:\n  - {label: A, value: 1, color: \"#ff000080\"}\n").spec?.sliceAlphaPath == nil)
    }

    @Test func translucentSliceColoursOfDifferentAlphasAreRefusedBesideWhatLiesUnderOrOver() {
        let slices = "slices:\n  - {label: A, value: 1, color: \"#ff000080\"}\n  - {label: B, value: 1, color: \"#00ff0040\"}\n"
        for (key, text) in [("chart.track", "chart: {track: \"#eeeeee\"}\n"), ("chart.total", "chart: {total: 4}\n"),
                            ("theme.patterns", "theme: {patterns: auto}\n"), ("theme.shadow", "theme: {shadow: {}}\n"),
                            ("slices[0].pattern", "")] {
            let body = key != "slices[0].pattern" ? slices
                : "slices:\n  - {label: A, value: 1, pattern: dots, color: \"#ff000080\"}\n  - {label: B, value: 1, color: \"#00ff0040\"}\n"
            let r = load("piec: 1\n" + text + body)
            #expect(codes(r) == ["E0371"], "\(key)")
            #expect(r.diagnostics.first?.message.contains("`\(key)` is set") == true, "\(key): \(r.diagnostics)")
        }
        #expect(codes(load("piec: 1\nchart: {other: {maxSlices: 2}}\ntheme: {shadow: {}}\nslices:\n  - {label: A, value: 1, color: \"#ff000080\"}\n")) == ["E0371"])
        // Under 0.1 opacity, all told.
        #expect(codes(load("piec: 1\ntheme: {opacity: 0.2}\nslices:\n  - {label: A, value: 1, color: \"#ff000040\"}\n")) == ["E0372"])
        // Where translucency is fine (a track over the background), it stays.
        #expect(codes(load("piec: 1\nchart: {total: 2, track: \"#00000020\"}\nslices:\n  - {label: A, value: 1}\n")) == [])
    }

    /// A facet of `charts:` keeps its colours as written and lifts its one alpha when drawn
    /// (`ChartSpec.liftingOneAlpha`); a spec of one chart is lifted when lowered. Both ask
    /// `Lowering.sliceAlpha`, so the same slices give the same pie in either.
    @Test(arguments: [
        "  - {label: A, value: 1, color: \"#ff000080\"}\n  - {label: B, value: 1, color: \"#00ff0081\"}\n",
        "  - {label: A, value: 1, color: \"#ff000080\"}\n  - {label: B, value: 1, color: \"#00ff0040\"}\n",
        "  - {label: A, value: 1, color: \"#ff000080\"}\n  - {label: B, value: 1}\n",
        "  - {label: A, value: 1, color: \"#ff0000\"}\n",
        "  - {label: A, value: 1, color: \"#ff000066\"}\n",
    ])
    func aFacetLiftsItsOneAlphaAsLoweringDoes(slices: String) throws {
        let one = load("piec: 1\ntheme: {opacity: 0.5}\nslices:\n" + slices)
        #expect(codes(one) == [])
        let facets = load("piec: 1\ntheme: {opacity: 0.5}\ncharts:\n  - id: f\n    slices:\n" + slices.replacingOccurrences(of: "  - ", with: "      - "))
        #expect(codes(facets) == [])
        let lowered = try #require(one.spec), facet = try #require(facets.spec).facet(0)
        #expect(facet.theme.opacity == lowered.theme.opacity)
        #expect(facet.slices.map(\.color) == lowered.slices.map(\.color))
    }

    @Test func sliceAlphaDecidesFromTheAlphasInOrder() throws {
        // As written, before lowering lifts its alpha.
        var spec = try #require(load("piec: 1\nslices:\n  - {label: A, value: 1, color: \"#ff000080\"}\n").spec)
        spec.theme.opacity = 1
        spec.slices[0].color = Color(r: 255, g: 0, b: 0, a: 128)
        #expect(Lowering.sliceAlpha([], in: spec) == .opaque)
        #expect(Lowering.sliceAlpha([128, 129, 127], in: spec) == .one(128))
        #expect(Lowering.sliceAlpha([128, 64, 128], in: spec) == .eachOwn(odd: 1, opaque: nil))
        #expect(Lowering.sliceAlpha([20], in: spec) == .tooFaint(Double(20) / 255))
        var palette = spec
        palette.slices[0].color = nil
        let opaque = try #require(Lowering.opaquePaint(palette))
        #expect(opaque.hasPrefix("the palette"))
        #expect(Lowering.sliceAlpha([128], in: palette) == .eachOwn(odd: nil, opaque: opaque))
    }

    @Test func opaqueFieldsDoNotOfferAlphaForms() {
        let r = load("piec: 1\nslices:\n  - {label: A, value: 1, color: \"#12\"}\n")
        let help = r.diagnostics.first?.help ?? ""
        #expect(!help.contains("#rrggbbaa") && !help.contains("rgba"), "\(help)")
    }

    @Test func paletteListIsUsedInOrderOnAFirstBuild() {
        let list = (0..<5).map { Color(r: UInt8($0), g: 0, b: 0) }
        let ids = ["zeta", "alpha", "mid", "b", "q", "r", "s"]
        let colours = Palettes.assign(ids: ids, palette: .list(list))
        #expect(colours == [list[0], list[1], list[2], list[3], list[4], list[0], list[1]])
    }

    @Test func paletteListKeepsPinnedColoursAndGivesNewSlicesTheFreeOnes() {
        let list = (0..<4).map { Color(r: 0, g: UInt8($0), b: 0) }
        // `new` is inserted first; the others keep their colours from the previous version.
        let colours = Palettes.assign(ids: ["new", "a", "b"], palette: .list(list), pinned: ["a": list[0], "b": list[1]])
        #expect(colours == [list[2], list[0], list[1]])
    }

    @Test func subtitleShowTitleLabelsRadiusAndLegendKeysLowerAndRoundTrip() throws {
        let text = """
            piec: 1
            title: T
            subtitle: "Sub\\ntwo"
            chart: {showTitle: false}
            labels: {radius: 0.25}
            legend: {title: Legend, values: both}
            slices:
              - {label: A, value: 1}

            """
        let spec = try #require(load(text).spec)
        #expect(spec.subtitle == "Sub\ntwo")
        #expect(spec.chart.showTitle == false)
        #expect(spec.labels.radius == 0.25)
        #expect(spec.legend.title == "Legend" && spec.legend.values == .both)
        let again = try #require(load(spec.canonicalJSON().serialized(pretty: true)).spec)
        #expect(again == spec)
        // Defaults stay out of the canonical spec (older manifests stay byte-identical).
        let plain = try #require(load("piec: 1\nslices:\n  - {label: A, value: 1}\n").spec)
        let json = plain.canonicalJSON().serialized(pretty: false)
        for key in ["subtitle", "showTitle", "radius", "values"] { #expect(!json.contains(key), "\(key)") }
    }

    @Test(arguments: ["yes", "True", "1", "\"true\"", "on"])
    func showTitleTakesTrueOrFalseOnly(_ literal: String) {
        let r = load("piec: 1\nchart: {showTitle: \(literal)}\nslices:\n  - {label: A, value: 1}\n")
        #expect(codes(r) == ["E0206"], "\(literal)")
    }

    @Test func legendTitleAndLabelsRadiusAreAccepted() {
        #expect(codes(load("piec: 1\nlegend: {title: Pets}\nlabels: {radius: 0.5}\nslices:\n  - {label: A, value: 1}\n")) == [])
    }

    @Test func aKeyMisplacedAtTheTopLevelStillBelongsInItsSection() {
        let r = load("piec: 1\nsweep: 180\nslices:\n  - {label: A, value: 1}\n")
        #expect(r.diagnostics.first?.help == "`sweep` belongs in `chart`")
    }

    /// A key that exists elsewhere with another meaning is explained, never sent there.
    @Test(arguments: [
        ("legend", "size", ["`chart.size`: side of the square holding the pie, in px"]),
        ("chart", "title", ["`title`: title of the chart", "`legend.title`: a heading above the legend's rows"]),
        ("chart", "radius", ["`labels.radius`: where inside labels sit across the ring", "`slices[].radius`: outer radius"]),
        ("legend", "color", ["`labels.color`", "`chart.other.color`", "`theme.stroke.color`", "`slices[].color`"]),
    ])
    func helpNamesEveryHomeWithItsMeaning(_ section: String, _ key: String, _ expected: [String]) {
        let r = load("piec: 1\n\(section): {\(key): 1}\nslices:\n  - {label: A, value: 1}\n")
        let help = r.diagnostics.first { $0.code.rawValue == "E0201" }?.help ?? ""
        #expect(!help.contains("belongs"), "\(help)")
        #expect(help.hasPrefix("`\(key)` is not a key of `\(section)`"), "\(help)")
        for part in expected { #expect(help.contains(part), "\(part) in \(help)") }
    }

    /// No suggestion anywhere sends a key of one table to a table where the name means
    /// something else: "belongs in" is only said from the top level, to a single home.
    @Test func noBelongsInHelpOutsideTheTopLevel() {
        for table in Keys.all where !table.section.isEmpty {
            for other in Keys.all where other.section != table.section {
                for name in other.names where table.key(name) == nil {
                    let help = Lowering.elsewhere(name, notIn: table) ?? ""
                    #expect(!help.contains("belongs"), "\(table.section).\(name): \(help)")
                }
            }
        }
    }
}

