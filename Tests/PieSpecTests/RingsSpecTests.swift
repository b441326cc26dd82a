import PieDiagnostics
import PieJSON
@testable import PieSpec
import Testing

/// `rings:` (concentric rings): lowering, the checks across fields and the canonical spec.
struct RingsSpecTests {
    static let two = """
        piec: 1
        rings:
          - id: inner
            label: Inner
            slices:
              - {label: A, value: 1}
              - {label: B, value: 3}
          - label: Outer Ring
            slices:
              - {id: a, label: A, value: 2}
              - {id: c, label: C, value: 2, renamedFrom: [b]}

        """

    @Test func ringsAreLoweredInsideOutWithSliceItemsAsInSlices() throws {
        let r = load(Self.two)
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        let spec = try #require(r.spec)
        #expect(spec.slices.isEmpty)
        #expect(spec.rings.map(\.id) == ["inner", "outer-ring"], "the id defaults to a slug of the label")
        #expect(spec.rings.map(\.label) == ["Inner", "Outer Ring"])
        #expect(spec.rings[0].slices.map(\.id) == ["a", "b"])
        #expect(spec.rings[1].slices.map(\.value) == [2, 2])
        #expect(spec.rings[1].slices[1].renamedFrom == ["b"])
    }

    @Test func flattenedNamesEachSliceByRingAndID() throws {
        let spec = try #require(load(Self.two).spec)
        let flat = spec.flattened
        #expect(flat.rings.isEmpty)
        #expect(flat.slices.map(\.id) == ["inner/a", "inner/b", "outer-ring/a", "outer-ring/c"])
        #expect(flat.slices.map(\.label) == ["Inner: A", "Inner: B", "Outer Ring: A", "Outer Ring: C"])
        #expect(flat.slices[3].renamedFrom == ["outer-ring/b"])
        #expect(spec.flattened.flattened == flat)
    }

    @Test func canonicalSpecWritesRingsNotSlicesAndRoundTrips() throws {
        let spec = try #require(load(Self.two).spec)
        let json = spec.canonicalJSON().serialized(pretty: true)
        #expect(!json.contains("\"slices\": [\n    {"), "no top-level slices")
        #expect(json.contains("\"rings\""))
        let again = load(json)
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics)")
        #expect(again.spec == spec)
        var j = JSONStream(capacity: 256)
        spec.writeCanonical(into: &j)
        #expect(String(decoding: j.out.bytes, as: UTF8.self) == spec.canonicalJSON().serialized(pretty: true))
    }

    @Test func ringsWithSlicesOrDataIsOneErrorWithAFix() {
        let r = load("piec: 1\nslices:\n  - {label: A, value: 1}\nrings:\n  - {id: x, label: X, slices: [{label: A, value: 1}]}\n")
        #expect(codes(r) == ["E0316"], "\(r.diagnostics)")
        #expect(r.diagnostics.first?.range?.start == SourceLocation(line: 2, column: 1))
        #expect(r.diagnostics.first?.labels.first?.range.start == SourceLocation(line: 4, column: 1))
        #expect(r.diagnostics.first?.help?.contains("move these slices into a ring") == true)
        let d = load("piec: 1\ndata: {file: a.csv}\nrings:\n  - {id: x, label: X, slices: [{label: A, value: 1}]}\n")
        #expect(codes(d).contains("E0316"), "\(d.diagnostics)")
        #expect(d.spec == nil)
    }

    @Test func ringIDsAreUniqueAndSliceIDsUniqueWithinARingOnly() {
        let dupRing = load("piec: 1\nrings:\n  - {id: x, label: X, slices: [{label: A, value: 1}]}\n  - {id: x, label: Y, slices: [{label: A, value: 1}]}\n")
        #expect(codes(dupRing) == ["E0317"], "\(dupRing.diagnostics)")
        #expect(dupRing.diagnostics.first?.range?.start == SourceLocation(line: 4, column: 10))
        let dupSlice = load("piec: 1\nrings:\n  - {id: x, label: X, slices: [{label: A, value: 1}]}\n  - {id: y, label: Y, slices: [{label: B, value: 1}, {label: B, value: 2}]}\n")
        #expect(codes(dupSlice) == ["E0302"], "\(dupSlice.diagnostics)")
        // Located at the second B of ring y (not at ring x's A).
        #expect(dupSlice.diagnostics.first?.range?.start == SourceLocation(line: 4, column: 62))
        #expect(dupSlice.diagnostics.first?.labels.first?.range.start == SourceLocation(line: 4, column: 40))
        let sameIDTwoRings = load("piec: 1\nrings:\n  - {id: x, label: X, slices: [{label: A, value: 1}]}\n  - {id: y, label: Y, slices: [{label: A, value: 1}]}\n")
        #expect(sameIDTwoRings.diagnostics.isEmpty)
    }

    @Test func emptyRingsAndEmptyRingAreErrors() {
        #expect(codes(load("piec: 1\nrings: []\n")) == ["E0203"])
        #expect(codes(load("piec: 1\nrings:\n  - {id: x, label: X, slices: []}\n")) == ["E0203"])
        #expect(codes(load("piec: 1\nrings:\n  - {id: x, label: X}\n")) == ["E0202"], "slices is required in a ring")
        #expect(codes(load("piec: 1\nrings:\n  - {id: x, label: X, slices: [{label: A, value: 0}]}\n")) == ["E0305"])
    }

    @Test func eachRingIsCheckedAgainstTotal() {
        let over = load("piec: 1\nchart: {total: 10}\nrings:\n  - {id: x, label: X, slices: [{label: A, value: 4}]}\n  - {id: y, label: Y, slices: [{label: A, value: 11}]}\n")
        #expect(codes(over) == ["E0304"], "\(over.diagnostics)")
        #expect(over.diagnostics.first?.message.contains("ring `y`") == true)
        let empty = load("piec: 1\nchart: {total: 10}\nrings:\n  - {id: x, label: X, slices: [{label: A, value: 0}]}\n")
        #expect(empty.diagnostics.isEmpty, "an empty ring of a gauge is drawable")
    }

    @Test func keysARingCannotHonourAreRefused() {
        let r = load("""
            piec: 1
            chart: {rose: area, center: "{total}", innerRadius: 0.5, other: {minPercent: 5}}
            labels: {position: outside}
            rings:
              - {id: x, label: X, slices: [{label: A, value: 1, radius: 0.5}, {label: B, value: 1, explode: 4}]}

            """)
        #expect(codes(r) == ["E0318", "E0318", "E0318", "E0318", "E0318", "E0318"], "\(r.diagnostics)")
        #expect(r.diagnostics.allSatisfy { $0.range != nil })
    }

    @Test func aRingsLabelsAreInsideByDefaultAndAWrittenAutoIsRefused() throws {
        // `auto` is the default for slices; rings have no outside labels.
        let plain = try #require(load(Self.two).spec)
        #expect(plain.labels.position == .inside)
        #expect(try #require(load("piec: 1\nslices: [{label: A, value: 1}]\n").spec).labels.position == .auto)
        let written = load(Self.two.replacingOccurrences(of: "piec: 1\n", with: "piec: 1\nlabels: {position: auto}\n"))
        #expect(codes(written) == ["E0318"], "\(written.diagnostics)")
    }
}
