import Foundation
import GoldenFiles
@testable import PieSpec
import Testing

/// README's key reference is generated from the key tables (`piec schema --markdown`,
/// `make schema`), like the JSON Schema: it must equal what the tables generate and list every
/// key of every section.
struct KeyReferenceTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md").standardized

    /// README's generated section (markers included) and the README with that section replaced
    /// by what the tables generate now; nil when README lacks the marker lines.
    static func section(of text: String) -> (committed: String, spliced: String)? {
        guard let begin = text.range(of: "\n" + KeyReference.beginMarker + "\n"),
              let end = text.range(of: "\n" + KeyReference.endMarker + "\n", range: begin.upperBound..<text.endIndex) else { return nil }
        let committed = String(text[text.index(after: begin.lowerBound)..<end.upperBound])
        return (committed, String(text[..<begin.lowerBound]) + "\n" + KeyReference.markdown() + String(text[end.upperBound...]))
    }

    @Test func readmeKeyReferenceIsNotStale() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let found = try #require(Self.section(of: text), "README.md lacks the key reference markers:\n\(KeyReference.beginMarker)\n\(KeyReference.endMarker)")
        if Golden.updating {
            try found.spliced.write(to: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        let generated = KeyReference.markdown()
        let old = found.committed.split(separator: "\n", omittingEmptySubsequences: false)
        let new = generated.split(separator: "\n", omittingEmptySubsequences: false)
        let first = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        #expect(found.committed == generated, """
            README.md's key reference is stale (run `make schema`); first difference at its line \(first + 1):
            README: \(first < old.count ? old[first] : "(end)")
            tables: \(first < new.count ? new[first] : "(end)")
            """)
    }

    /// Every table the spec language reaches has a section, and each key of it a row that says
    /// what it takes and its default (or that it is required).
    @Test func everyKeyOfEverySectionHasARowWithItsDefault() {
        let text = KeyReference.markdown()
        let sections = text.components(separatedBy: "\n### ").dropFirst()
        let titles = sections.map { String($0.prefix { $0 != "\n" }) }
        let expected = (Keys.all + [Keys.ringSlice]).map { $0.section.isEmpty ? "Top level" : "`\($0.section)`" }
        #expect(Set(titles) == Set(expected), "sections \(titles)")
        #expect(titles.count == expected.count)
        for (table, title) in KeyReference.sections() {
            let body = sections.first { $0.hasPrefix(title + "\n") } ?? ""
            let rows = body.split(separator: "\n").filter { $0.hasPrefix("| `") }
            #expect(rows.count == table.keys.count, "\(title): \(rows.count) rows for \(table.keys.count) keys")
            for key in table.keys {
                guard let row = rows.first(where: { $0.hasPrefix("| `\(key.name)` |") }) else {
                    Issue.record("\(title): no row for \(key.name)")
                    continue
                }
                let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(cells.count == 6, "\(row)")
                #expect(cells.count < 5 || cells[4] == key.doc, "\(title).\(key.name): doc")
                if key.required {
                    #expect(cells.count > 3 && cells[3] == "required")
                } else if case .string(let s)? = key.defaultValue {
                    #expect(cells.count > 3 && cells[3] == (s.isEmpty ? "`\"\"`" : "`\(s)`"), "\(title).\(key.name): \(row)")
                } else if let d = key.defaultValue {
                    #expect(cells.count > 3 && cells[3] == "`\(d.serialized())`", "\(title).\(key.name): \(row)")
                }
            }
        }
    }

    /// What a row says a key takes, for the kinds whose words carry numbers or names.
    @Test func valueDescriptionsCarryTheTablesBoundsAndNames() {
        #expect(KeyReference.describe(.number(min: 0, max: 0.95)) == "number from 0 to 0.95")
        #expect(KeyReference.describe(.number(min: 0, max: 1e15, exclusiveMin: true)) == "number above 0, at most 1,000,000,000,000,000")
        #expect(KeyReference.describe(.integer(min: 2, max: 100_000)) == "whole number from 2 to 100,000")
        #expect(KeyReference.describe(.integer(min: 1, max: 1)) == "`1`")
        #expect(KeyReference.describe(.choice(["a", "b", "c"])) == "`a`, `b` or `c`")
        #expect(KeyReference.describe(.duration(maxMilliseconds: 2_000)) == "duration (`800ms`, `0.8s`), at most 2 s")
        #expect(KeyReference.describe(.list(of: .object(Keys.slice), minItems: 1)) == "non-empty list of mappings: keys in `slices[]` below")
        #expect(KeyReference.describe(.text(maxLength: 32)) == "text, at most 32 characters")
    }
}
