import Testing
@testable import PieDriver

@Suite struct BundleIDTests {
    @Test(arguments: [
        ("specs/languages.yaml", "languages"),
        ("specs/Languages in 2026.yaml", "languages-in-2026"),
        ("my.chart.yml", "my-chart"),
        ("__Über_Blick!!.yaml", "ber-blick"),
        ("a--b__c.yaml", "a-b-c"),
        (".hidden.yaml", "hidden"),
        ("noext", "noext"),
        ("---.yaml", ""),
        ("日本.yaml", ""),
    ])
    func slugOfFileStem(path: String, expected: String) {
        #expect(BundleID.slug(fromPath: path) == expected)
    }

    @Test func slugIsCutTo64WithoutTrailingDash() {
        let long = String(repeating: "a", count: 63) + " b" + String(repeating: "c", count: 50)
        let slug = BundleID.slug(long)
        #expect(slug == String(repeating: "a", count: 63))
        #expect(BundleID.slug(String(repeating: "x", count: 100)).count == 64)
        #expect(BundleID.isValid(BundleID.slug(long)))
    }

    @Test func validity() {
        #expect(BundleID.isValid("a-1"))
        #expect(!BundleID.isValid(""))
        #expect(!BundleID.isValid("-a"))
        #expect(!BundleID.isValid("a-"))
        #expect(!BundleID.isValid("A"))
        #expect(!BundleID.isValid("../x"))
        #expect(!BundleID.isValid(String(repeating: "a", count: 65)))
        #expect(BundleID.isValidFileName("chart.svg"))
        #expect(!BundleID.isValidFileName("../chart.svg"))
        #expect(!BundleID.isValidFileName(".piec-tmp"))
        #expect(!BundleID.isValidFileName(""))
    }
}
