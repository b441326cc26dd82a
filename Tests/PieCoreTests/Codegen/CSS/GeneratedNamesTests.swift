import Foundation
import PieCore
import Testing

/// Features add their own generated class names, keyframes and ids. Two features that pick the
/// same name make one feature's CSS move the other's elements (outside labels once shared
/// `.p-o<k>` with explode orbits, and centre text `.p-c<k>` with gap masks). These checks run
/// on every gallery spec, transition example and compile input.
struct GeneratedNamesTests {
    @Test(arguments: CompileFixtureTests.cases())
    func namesNeverCollide(_ c: CompileFixtureTests.Case) throws {
        let source = try CompileFixtureTests.read(c.spec)
        let previous = try c.previous.map { PreviousSource.spec(try CompileFixtureTests.read($0)) }
        let bundle = try #require(Compiler.compile(CompileRequest(source: source, defaultID: c.name, previous: previous)).bundle)
        for name in ["chart.svg", "index.html"] {
            let text = String(decoding: try #require(bundle.files.first { $0.name == name }).bytes, as: UTF8.self)
            #expect(Self.duplicates(Self.keyframeNames(text)).isEmpty, "\(c.name)/\(name): @keyframes defined twice: \(Self.duplicates(Self.keyframeNames(text)))")
            #expect(Self.duplicates(Self.ids(text)).isEmpty, "\(c.name)/\(name): id defined twice: \(Self.duplicates(Self.ids(text)))")
            for (cls, tags) in Self.numberedClassTags(text) where tags.count > 1 {
                Issue.record("\(c.name)/\(name): class \(cls) is on different kinds of elements: \(tags.sorted())")
            }
        }
    }

    static func keyframeNames(_ text: String) -> [String] { matches(#"@keyframes ([A-Za-z0-9_-]+)"#, in: text) }
    static func ids(_ text: String) -> [String] { matches(#" id="([^"]+)""#, in: text) }

    static func duplicates(_ names: [String]) -> [String] {
        var seen = Set<String>(), twice = Set<String>()
        for n in names where !seen.insert(n).inserted { twice.insert(n) }
        return twice.sorted()
    }

    /// Numbered generated classes (`p-x12`) and the element names that carry each.
    static func numberedClassTags(_ text: String) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        let regex = try! NSRegularExpression(pattern: #"<([a-zA-Z]+)[^>]* class="([^"]*)""#)
        for m in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let tag = String(text[Range(m.range(at: 1), in: text)!])
            for cls in text[Range(m.range(at: 2), in: text)!].split(separator: " ")
            where cls.hasPrefix("p-") && cls.last?.isNumber == true {
                result[String(cls), default: []].insert(tag)
            }
        }
        return result
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }

    /// The checks catch what they are for.
    @Test func checksFindCollisions() {
        let bad = #"<g class="p-o0"/><text class="p-o0">a</text><style>@keyframes k{}@keyframes k{}</style><mask id="m"/><mask id="m"/>"#
        #expect(Self.numberedClassTags(bad)["p-o0"] == ["g", "text"])
        #expect(Self.duplicates(Self.keyframeNames(bad)) == ["k"])
        #expect(Self.duplicates(Self.ids(bad)) == ["m"])
    }
}
