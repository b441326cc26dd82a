import Foundation
import PieDiagnostics
@testable import PieSpec
import Testing

/// Text length is a documented, enforced limit: every key that holds text, in every section,
/// takes its table's `maxLength` characters and refuses one more with E0214 at the value.
struct TextLimitTests {
    /// A spec with `KEY: VALUE` written at the place of each section's keys (`@` marks it).
    static let places: [String: String] = [
        "": "piec: 1\n@\nchart: {innerRadius: 0.5}\nslices:\n  - {label: A, value: 1}\n",
        "chart": "piec: 1\nchart:\n  innerRadius: 0.5\n  @\nslices:\n  - {label: A, value: 1}\n",
        "chart.other": "piec: 1\nchart:\n  other:\n    @\nslices:\n  - {label: A, value: 1}\n",
        "labels": "piec: 1\nlabels:\n  @\nslices:\n  - {label: A, value: 1}\n",
        "labels.detail": "piec: 1\nlabels:\n  detail:\n    @\nslices:\n  - {label: A, value: 1}\n",
        "format": "piec: 1\nformat:\n  @\nslices:\n  - {label: A, value: 1}\n",
        "legend": "piec: 1\nlegend:\n  @\nslices:\n  - {label: A, value: 1}\n",
        "slices[]": "piec: 1\nslices:\n  - value: 1\n    id: a\n    label: A\n    @\n",
        "rings[]": "piec: 1\nrings:\n  - id: r\n    label: R\n    slices:\n      - {label: A, value: 1}\n    @\n",
        "rings[].slices[]": "piec: 1\nrings:\n  - label: R\n    slices:\n      - value: 1\n        id: a\n        label: A\n        @\n",
        "data": "piec: 1\ndata:\n  file: a.csv\n  @\n",
        "charts[]": "piec: 1\ncharts:\n  - id: a\n    slices:\n      - {label: A, value: 1}\n    @\n  - id: b\n    slices:\n      - {label: B, value: 1}\n",
        "data.bin": "piec: 1\ndata:\n  file: a.csv\n  bin:\n    step: 1\n    @\n",
    ]

    /// Every key whose value is text, with its limit, in every section the language reaches.
    static func textKeys() -> [(section: String, key: String, limit: Int)] {
        KeyReference.sections().flatMap { table, _ in
            table.keys.compactMap { key -> (String, String, Int)? in
                switch key.kind {
                case .text(let limit): (table.section, key.name, limit)
                case .template: (table.section, key.name, Keys.maxTemplate)
                default: nil
                }
            }
        }
    }

    @Test func everyTextKeyIsPlaced() {
        let keys = Self.textKeys()
        #expect(keys.count >= 20, "\(keys.map(\.key))")
        for k in keys { #expect(Self.places[k.section] != nil, "no place for \(k.section).\(k.key)") }
    }

    @Test func everyTextKeyTakesItsLimitAndRefusesOneCharacterMore() {
        for k in Self.textKeys() {
            guard let place = Self.places[k.section] else { continue }
            // Two-byte characters: the limit counts characters, not bytes.
            let line = place.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("@") }! + 1
            for (length, refused) in [(k.limit, false), (k.limit + 1, true)] {
                let text = place.replacingOccurrences(of: "@", with: "\(k.key): \(String(repeating: "é", count: length))")
                // A key written twice (the section's own `label: A`) would be E0110: drop it.
                let spec = Self.dropRepeated(k.key, text)
                let found = load(spec).diagnostics.filter { $0.code.rawValue == "E0214" }
                if refused {
                    #expect(found.count == 1, "\(k.section).\(k.key) of \(length) characters: \(found.map(\.message))")
                    #expect(found.first?.range?.start.line == line - (spec == text ? 0 : 1), "\(k.section).\(k.key): \(found.map(\.message))")
                    #expect(found.first?.message.hasSuffix("is \(length) characters long; the limit is \(k.limit)") == true)
                } else {
                    #expect(found.isEmpty, "\(k.section).\(k.key) of \(length) characters: \(found.map(\.message))")
                }
            }
        }
    }

    /// A data file's cells have the limits of the slice keys they fill.
    @Test func dataFileLabelsHaveTheSliceLabelLimit() {
        let spec = SourceFile(path: "s.yaml", text: "piec: 1\ndata:\n  file: d.csv\n")
        for (length, refused) in [(Keys.maxText, false), (Keys.maxText + 1, true)] {
            let csv = SourceFile(path: "d.csv", text: "label,value\n\(String(repeating: "x", count: length)),1\n")
            let r = SpecLoader.load(spec, defaultID: "s", inputs: SpecInputs(data: .file(csv)))
            let found = r.related.flatMap(\.diagnostics).filter { $0.code.rawValue == "E0214" }
            #expect(found.count == (refused ? 1 : 0), "\(length): \(r.related.flatMap(\.diagnostics).map(\.message))")
            #expect(refused == (r.spec == nil))
        }
    }

    /// `text` without the line of the section's own `key: ...` that the test writes again.
    static func dropRepeated(_ key: String, _ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let own = lines.firstIndex(where: { $0.trimmingPrefix(while: { $0 == " " }).hasPrefix("\(key): ") && !$0.contains("é") }) else { return text }
        return lines.enumerated().filter { $0.offset != own }.map(\.element).joined(separator: "\n")
    }
}
