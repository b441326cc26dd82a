import PieCore
import PieJSON
import PieSpec
import Testing

/// manifest.json records `theme.shadow` as it records the outline and the grid: the shadow at
/// both ends of the transition (null where there is none) and the window of its fade; a chart
/// without a shadow has no `shadow` member.
struct ShadowManifestTests {
    static func yaml(_ shadow: String?) -> String {
        "piec: 1\nid: t\n" + (shadow.map { "theme: {shadow: \($0)}\n" } ?? "") + "slices: [{label: A, value: 1}, {label: B, value: 2}]\n"
    }

    static func manifest(_ spec: ChartSpec, previous: ChartSpec? = nil) throws -> JSONValue {
        let bytes = Array(Fixture.text(Compiler.compile(spec: spec, sourceBytes: Array("piec: 1\n".utf8), previous: previous), "manifest.json").utf8)
        return try JSONParser.parse(bytes).get()
    }

    @Test func theShadowAtRestIsRecordedWithItsColours() throws {
        let m = try Self.manifest(try Fixture.loaded(Self.yaml("{blur: 6, offset: [2, 5], color: \"#0f172a99\"}")))
        let shadow = try #require(m["shadow"])
        #expect(shadow["from"]?.serialized() == "null")
        let to = try #require(shadow["to"])
        #expect(to["blur"]?.serialized() == "6")
        #expect(to["offset"]?.serialized() == "[2,5]")
        #expect(to["color"]?.serialized() == "\"#0f172a99\"")
        #expect(to["darkColor"]?.serialized() == "\"#0f172a99\"")
        #expect((to["outerRadius"].flatMap { Double($0.serialized()) } ?? 0) > 0)
    }

    @Test func aChartWithoutAShadowHasNoMember() throws {
        #expect(try Self.manifest(try Fixture.loaded(Self.yaml(nil)))["shadow"] == nil)
    }

    @Test func aShadowThatChangesRecordsBothEndsAndItsFade() throws {
        let old = try Fixture.loaded(Self.yaml("{blur: 4}")), new = try Fixture.loaded(Self.yaml("{blur: 12}"))
        let shadow = try #require(try Self.manifest(new, previous: old)["shadow"])
        #expect(shadow["from"]?["blur"]?.serialized() == "4")
        #expect(shadow["to"]?["blur"]?.serialized() == "12")
        #expect((shadow["length"].flatMap { Double($0.serialized()) } ?? 0) > 0)
        let still = try #require(try Self.manifest(new, previous: new)["shadow"])
        #expect(still["length"]?.serialized() == "0")
    }

    /// Under exploded slices the shadow is sectors that tile the circle: each exploded slice's
    /// moved by its explode along its middle angle, the runs of the others unmoved (the last
    /// run joined to the first across 12 o'clock).
    @Test func explodedSlicesCastTheirOwnSectors() throws {
        let yaml = "piec: 1\nid: t\ntheme: {shadow: {}}\nslices: [{label: A, value: 1}, {label: B, value: 1, explode: 10}, "
            + "{label: C, value: 1}, {label: D, value: 1}]\n"
        let to = try #require(try Self.manifest(try Fixture.loaded(yaml))["shadow"]?["to"])
        #expect(to["wedges"]?.serialized() == "[[90,180,7.071,7.071],[180,450,0,0]]")
        let plain = try #require(try Self.manifest(try Fixture.loaded(Self.yaml("{}")))["shadow"]?["to"])
        #expect(plain["wedges"] == nil)
    }

    @Test func aCounterclockwiseChartsSectorsAreMirrored() throws {
        let yaml = "piec: 1\nid: t\nchart: {direction: counterclockwise}\ntheme: {shadow: {}}\n"
            + "slices: [{label: A, value: 1, explode: 10}, {label: B, value: 3}]\n"
        let to = try #require(try Self.manifest(try Fixture.loaded(yaml))["shadow"]?["to"])
        #expect(to["wedges"]?.serialized() == "[[-90,0,-7.071,-7.071],[-360,-90,0,0]]")
    }

    @Test func aChangedExplodeCrossFadesTheSectors() throws {
        func yaml(_ k: Int) -> String {
            "piec: 1\nid: t\ntheme: {shadow: {}}\nslices: [" + (0..<3).map { "{id: s\($0), label: S, value: 1\($0 == k ? ", explode: 9" : "")}" }
                .joined(separator: ", ") + "]\n"
        }
        let shadow = try #require(try Self.manifest(try Fixture.loaded(yaml(2)), previous: try Fixture.loaded(yaml(0)))["shadow"])
        #expect(shadow["from"]?["wedges"]?.serialized() != shadow["to"]?["wedges"]?.serialized())
        #expect((shadow["length"].flatMap { Double($0.serialized()) } ?? 0) > 0)
    }
}
