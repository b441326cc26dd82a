import PieDiagnostics
import Testing
@testable import PieYAML

@Suite("diagnostic catalog")
struct CatalogTests {
    @Test func everyCodeIsInTheYAMLRangeAndUnique() {
        let codes = YAMLDiagnostics.catalog.map(\.code.rawValue)
        #expect(codes == (101...116).map { "E0\($0)" })
    }

    @Test func everyEntryHasATitleAndAnExplanationWithAnExample() {
        for info in YAMLDiagnostics.catalog {
            #expect(!info.title.isEmpty)
            #expect(info.title == info.title.lowercased() || info.title.contains("utf-8"))
            #expect(info.explanation.count > 150, "\(info.code)")
            #expect(info.explanation.contains("\n    "), "\(info.code) has no indented example")
        }
    }

    @Test func emittedCodesAreCatalogued() {
        let inputs = ["a: &x 1", "a: !!str 1", "<<: 1", "[a]: 1", "a: 1\na: 2", "a: 1\n---\nb: 2", "",
                      "a: \"x", "a:\n\tb: 1", "a: b: c"]
        let catalogued = Set(YAMLDiagnostics.catalog.map(\.code))
        for input in inputs {
            for d in parse(input).diagnostics {
                #expect(catalogued.contains(d.code), "\(d.code) from \(input)")
                #expect(d.message == d.message.lowercased() || d.message.contains("`"), "\(d.message)")
                #expect(!d.message.hasSuffix("."))
            }
        }
    }
}
