import PieDiagnostics
import PieJSON
@testable import PieSpec
import Testing

/// `legend.order` and `format.percent`: lowering, the checks of a list of ids, and the
/// canonical spec (left out at their defaults, so canonical specs written before them keep
/// their bytes).
struct LegendOrderSpecTests {
    static func spec(_ order: String, slices: String = "  - {label: A, value: 1}\n  - {label: B, value: 2}\n") -> String {
        "piec: 1\nlegend:\n  order: \(order)\nslices:\n" + slices
    }

    @Test func wordsAndListsAreLowered() throws {
        #expect(try #require(load(Self.spec("value")).spec).legend.order == .value)
        #expect(try #require(load(Self.spec("reverse")).spec).legend.order == .reverse)
        #expect(try #require(load(Self.spec("[b, a]")).spec).legend.order == .ids(["b", "a"]))
        #expect(try #require(load(Self.spec("[b]")).spec).legend.order == .ids(["b"]), "a list may name a few")
    }

    @Test func aListIsWrittenBackAndRoundTrips() throws {
        let spec = try #require(load(Self.spec("[b, a]")).spec)
        let json = spec.canonicalJSON().serialized(pretty: true)
        #expect(json.contains("\"order\": [\n      \"b\",\n      \"a\"\n    ]"), "\(json)")
        let again = load(json)
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics)")
        #expect(again.spec == spec)
        var j = JSONStream(capacity: 256)
        spec.writeCanonical(into: &j)
        #expect(String(decoding: j.out.bytes, as: UTF8.self) == json)
    }

    @Test func theDefaultsStayOutOfTheCanonicalSpec() throws {
        let spec = try #require(load(Self.spec("slices")).spec)
        let json = spec.canonicalJSON().serialized(pretty: true)
        #expect(!json.contains("\"order\""))
        #expect(!json.contains("\"percent\""))
        var j = JSONStream(capacity: 256)
        spec.writeCanonical(into: &j)
        #expect(String(decoding: j.out.bytes, as: UTF8.self) == json)
        var each = spec
        each.format.percent = .each
        #expect(each.canonicalJSON().serialized(pretty: true).contains("\"percent\": \"each\""))
    }

    @Test func wrongValuesAreLocatedErrors() {
        #expect(codes(load(Self.spec("[]"))) == ["E0203"])
        #expect(codes(load(Self.spec("values"))) == ["E0206"])
        #expect(codes(load(Self.spec("[B]"))) == ["E0211"], "an id, as ids are written")
        #expect(codes(load(Self.spec("{a: 1}"))) == ["E0203"])
    }

    @Test func everyListedIDNamesASliceOnce() throws {
        let unknown = load(Self.spec("[a, x]"))
        #expect(codes(unknown) == ["E0340"])
        let d = try #require(unknown.diagnostics.first)
        #expect(d.range?.start.line == 3 && d.range?.start.column == 14)
        #expect(codes(load(Self.spec("[a, b, a]"))) == ["E0341"])
        // One error per root cause: an unknown id listed twice is reported once.
        #expect(codes(load(Self.spec("[x, a, x]"))) == ["E0340"])
    }

    @Test func otherIsNotListed() throws {
        let r = load("piec: 1\nchart: {other: {minPercent: 50}}\nlegend: {order: [other]}\nslices:\n  - {label: A, value: 1}\n  - {label: B, value: 3}\n")
        #expect(codes(r) == ["E0340"])
        #expect(r.diagnostics.first?.help?.contains("always the last") == true)
    }

    @Test func ringChartsListTheRingsSliceIDs() {
        let rings = """
            piec: 1
            legend: {order: ORDER}
            rings:
              - {id: in, label: "", slices: [{label: A, value: 1}]}
              - {id: out, label: "", slices: [{label: A, value: 1}, {label: B, value: 1}]}

            """
        #expect(codes(load(rings.replacingOccurrences(of: "ORDER", with: "[b, a]"))).isEmpty)
        let flat = load(rings.replacingOccurrences(of: "ORDER", with: "[out/b]"))
        #expect(codes(flat) == ["E0211"], "`ring/slice` is not a slice id")
        let unknown = load(rings.replacingOccurrences(of: "ORDER", with: "[c]"))
        #expect(codes(unknown) == ["E0340"])
        #expect(unknown.diagnostics.first?.notes.first?.contains("rings' slice ids") == true)
    }
}
