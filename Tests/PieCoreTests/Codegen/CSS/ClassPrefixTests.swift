import Foundation
import Testing
@testable import PieCore

/// `ClassPrefix`, the table of every class piec writes: complete, and no two entries that a
/// class selector could confuse.
@Suite("Class prefixes")
struct ClassPrefixTests {
    static func text(_ s: StaticString) -> String { s.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }

    /// Names used by two features on purpose, with why they cannot meet.
    static let shared: [Set<String>: String] = [
        ["hoverText", "historyStepIndex"]: "a history bundle draws no hover centre",
    ]

    @Test func noTwoFeaturesShareAClassUnlessListed() {
        let byPrefix = Dictionary(grouping: ClassPrefix.all, by: { Self.text($0.prefix) })
        for (prefix, entries) in byPrefix where entries.count > 1 {
            #expect(Self.shared[Set(entries.map(\.name))] != nil, "`\(prefix)` names \(entries.map(\.name))")
        }
        #expect(Set(ClassPrefix.all.map(\.name)).count == ClassPrefix.all.count)
    }

    /// `p-` and lowercase letters only: `.p-b3` (separator 3) is never `.p-bg`, and no
    /// index turns one name into another (`p-l` + `3` is not `p-lo3`). Class selectors match
    /// whole tokens, so these are all the ways two names could meet.
    @Test func namesAreLettersSoAnIndexNeverMakesAnotherName() {
        for entry in ClassPrefix.all {
            let name = Self.text(entry.prefix)
            #expect(name.hasPrefix("p-") && name.dropFirst(2).allSatisfy { ("a"..."z").contains($0) } && name.count > 2, "\(name)")
        }
    }

    /// PieCore's sources, relative to `Sources/PieCore`.
    static func sources() throws -> (root: URL, files: [String]) {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../Sources/PieCore").standardized
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        return (sources, files.sorted())
    }

    /// Every `p-<letters>` that PieCore's sources spell (outside comments) is in the table.
    @Test func theTableIsComplete() throws {
        let known = Set(ClassPrefix.all.map { Self.text($0.prefix) })
        let (sources, files) = try Self.sources()
        let pattern = try Regex("(?:^|[^A-Za-z0-9_])(p-[a-z]+)", as: (Substring, Substring).self)
        var unknown: Set<String> = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let code = line.components(separatedBy: "//").first ?? ""
                for match in code.matches(of: pattern) where !known.contains(String(match.output.1)) {
                    unknown.insert("\(file): \(match.output.1)")
                }
            }
        }
        #expect(unknown.isEmpty, "classes missing from ClassPrefix: \(unknown.sorted())")
    }

    /// Markup takes its classes from the table (`ByteWriter.open`, `classes`): outside
    /// ClassPrefix.swift a string literal spells a class only as a CSS selector (`.p-ink`),
    /// never `class=\"p-ink` or `" p-tt"`.
    @Test func markupSpellsNoClassInALiteral() throws {
        let (sources, files) = try Self.sources()
        let literal = try Regex(#""((?:[^"\\]|\\.)*)""#, as: (Substring, Substring).self)
        let spelled = try Regex("(?:^|[^A-Za-z0-9_.])p-[a-z]+")
        var found: [String] = []
        for file in files where !file.hasSuffix("ClassPrefix.swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard !line.drop(while: { $0 == " " }).hasPrefix("//") else { continue }
                for match in line.matches(of: literal) where match.output.1.contains(spelled) {
                    found.append("\(file):\(n + 1): \(match.output.0)")
                }
            }
        }
        #expect(found.isEmpty, "class names spelled in markup literals: \(found)")
    }
}
