import Foundation
import GoldenFiles
@testable import PieSpec
import Testing

/// docs/reference/keys.md is generated from the key tables (`piec schema --markdown`,
/// `make reference`), like the JSON Schema: it must equal what the tables generate and list
/// every key of every section.
struct KeyReferenceTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/reference/keys.md").standardized

    /// A missing page fails and prints what it would be; PIEC_UPDATE_FIXTURES=1 writes it.
    @Test func keyReferencePageIsNotStale() throws {
        try Golden.checkPage(KeyReference.markdown(), at: Self.page, fix: "make reference")
    }

    @Test func thePageIsOneDocumentWithATitle() {
        let text = KeyReference.markdown()
        #expect(text.hasPrefix("# Spec keys\n\n"))
        #expect(text.components(separatedBy: "\n# ").count == 1, "one title")
        #expect(!text.hasSuffix("\n\n"))
    }

    /// Every table the spec language reaches has a section, and each key of it a row that says
    /// what it takes and its default (or that it is required).
    @Test func everyKeyOfEverySectionHasARowWithItsDefault() {
        let text = KeyReference.markdown()
        let sections = text.components(separatedBy: "\n## ").dropFirst()
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
                let cells = Self.cells(row)
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
        #expect(KeyReference.describe(.list(of: .number(min: 0, max: 1), minItems: 2, maxItems: 2)) == "list of exactly 2 numbers from 0 to 1")
    }

    /// A Markdown table row's cells, split at the pipes that are not escaped (`\|` inside a
    /// cell is a literal pipe, as the reference writes one).
    static func cells(_ row: Substring) -> [String] {
        var cells: [String] = [], cell = "", escaped = false
        for c in row {
            if escaped {
                cell.append(c == "|" ? "|" : "\\\(c)")
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "|" {
                cells.append(cell.trimmingCharacters(in: .whitespaces))
                cell = ""
            } else {
                cell.append(c)
            }
        }
        if escaped { cell.append("\\") }
        cells.append(cell.trimmingCharacters(in: .whitespaces))
        return cells
    }
}
