import PieDiagnostics
@testable import PieSpec
import Testing

@Suite("theme.palette as a scale (spec)")
struct PaletteScaleSpecTests {
    private func spec(_ palette: String, slices: String = "  - {label: A, value: 10}\n  - {label: B, value: 30}\n  - {label: C, value: 20}\n") -> SpecLoadResult {
        load("piec: 1\ntheme:\n  palette: \(palette)\nslices:\n" + slices)
    }

    @Test func aMappingIsAScaleWithItsDefaults() throws {
        let s = try #require(spec("{scale: magma}").spec)
        #expect(s.theme.palette == .scale(PaletteScale(name: "magma")))
        let full = try #require(spec("{scale: reds, by: order, domain: [0, 50], reverse: true}").spec)
        #expect(full.theme.palette == .scale(PaletteScale(name: "reds", by: .order, domain: 0...50, reverse: true)))
    }

    @Test func canonicalWritesEveryKey() throws {
        let s = try #require(spec("{scale: blues}").spec)
        let text = JSONWriterProbe.text(s.canonicalJSON())
        #expect(text.contains("\"palette\":{\"scale\":\"blues\",\"by\":\"value\",\"domain\":null,\"reverse\":false}"), "\(text)")
    }

    @Test func theEndsOfTheScaleAreItsFirstAndLastStops() {
        for (name, stops) in PaletteScale.scales {
            #expect(PaletteScale.color(name, at: 0) == stops.first!)
            #expect(PaletteScale.color(name, at: 1) == stops.last!)
            #expect(PaletteScale.color(name, at: -3) == stops.first!, "clamped below")
            #expect(PaletteScale.color(name, at: 7) == stops.last!, "clamped above")
        }
        // Halfway between viridis' first two stops (#440154, #482475; 10 gaps).
        #expect(PaletteScale.color("viridis", at: 0.05) == Color(r: 70, g: 19, b: 101))
    }

    @Test func byValueSpansTheSmallestToTheLargestUnlessADomainIsGiven() {
        let values = [10.0, 30, 20]
        let plain = PaletteScale(name: "greys").colors(values: values)
        #expect(plain == [PaletteScale.color("greys", at: 0), PaletteScale.color("greys", at: 1), PaletteScale.color("greys", at: 0.5)])
        let fixed = PaletteScale(name: "greys", domain: 0...40).colors(values: values)
        #expect(fixed == [0.25, 0.75, 0.5].map { PaletteScale.color("greys", at: $0) })
        let reversed = PaletteScale(name: "greys", reverse: true).colors(values: values)
        #expect(reversed == [1, 0, 0.5].map { PaletteScale.color("greys", at: $0) })
        // One value (or all equal): the middle of the scale.
        #expect(PaletteScale(name: "greys").colors(values: [5, 5]) == Array(repeating: PaletteScale.color("greys", at: 0.5), count: 2))
    }

    @Test func byOrderSpreadsTheSlicesEvenly() {
        let colors = PaletteScale(name: "blues", by: .order).colors(values: [3, 2, 1])
        #expect(colors == [0, 0.5, 1].map { PaletteScale.color("blues", at: $0) })
    }

    @Test func assignFollowsValuesAndIgnoresPins() {
        let palette = Palette.scale(PaletteScale(name: "plasma"))
        let colors = Palettes.assign(ids: ["a", "b"], values: [1, 2], palette: palette, pinned: ["a": Color(r: 1, g: 2, b: 3)])
        #expect(colors == [PaletteScale.color("plasma", at: 0), PaletteScale.color("plasma", at: 1)])
    }

    @Test func aDomainIsTwoValuesLowThenHigh() {
        let backwards = spec("{scale: blues, domain: [100, 0]}")
        #expect(codes(backwards) == ["E0381"])
        #expect(backwards.diagnostics.first?.help?.contains("[0, 100]") == true)
        #expect(codes(spec("{scale: blues, domain: [1, 2, 3]}")) == ["E0381"])
        #expect(codes(spec("{scale: blues, domain: 5}")) == ["E0381"])
    }

    @Test func anUnknownScaleOrMissingScaleIsAnError() {
        #expect(codes(spec("{scale: bluez}")) == ["E0206"])
        #expect(codes(spec("{by: order}")) == ["E0202"])
        #expect(codes(spec("{scale: blues, by: size}")) == ["E0206"])
    }

    @Test func aValueScaleIsRefusedOnRingsButOrderIsFine() {
        let rings = """
            rings:
              - label: First
                slices:
                  - {id: a, label: A, value: 1}
                  - {id: b, label: B, value: 2}
              - label: Second
                slices:
                  - {id: a, label: A, value: 3}
                  - {id: b, label: B, value: 1}

            """
        let byValue = load("piec: 1\ntheme:\n  palette: {scale: viridis}\n" + rings)
        #expect(codes(byValue) == ["E0382"])
        #expect(byValue.spec == nil)
        let byOrder = load("piec: 1\ntheme:\n  palette: {scale: viridis, by: order}\n" + rings)
        #expect(byOrder.diagnostics.isEmpty, "\(byOrder.diagnostics)")
    }
}
