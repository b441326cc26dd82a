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
}
