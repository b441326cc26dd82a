import PieJSON

/// The spec key reference (docs/reference/keys.md), generated from `Keys` like the JSON Schema
/// (`SpecSchema`): every key of every section with what it takes, its default and its
/// documentation, so the reference cannot drift from what piec accepts. `piec schema
/// --markdown` prints it and `make reference` writes it; a test fails when the committed page
/// is stale.
public enum KeyReference {
    /// The comment under the title: where the page comes from.
    public static let generatedNote = "<!-- generated from the key tables by `make reference`; edit Sources/PieSpec/Keys.swift, not this page -->"

    /// The whole page, with a trailing newline.
    public static func markdown() -> String {
        let shared = SharedDefaults.sections.map { "`\($0)`" }
        var lines = ["# Spec keys", "",
                     "Every key a chart spec takes: what its value may be, its default and what it does.", "",
                     generatedNote, "",
                     "A `.piec.yaml` (shared defaults for the specs below it) takes the sections \(alternatives(shared, "and")), with the keys below.", ""]
        for (table, title) in sections() {
            lines += ["## \(title)", "", sentence(table.doc), ""]
            lines += ["| key | value | default | |", "|---|---|---|---|"]
            for key in table.keys {
                lines.append("| `\(key.name)` | \(cell(describe(key.kind))) | \(cell(defaultText(key))) | \(cell(key.doc)) |")
            }
            lines.append("")
        }
        lines.removeLast()
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every table reachable from the top level, depth first in table order, with its title;
    /// a table reached again (a chart of `charts[]` holds `slices[]` and `rings[]`) once.
    static func sections() -> [(KeyTable, String)] {
        var found: [(KeyTable, String)] = []
        func visit(_ table: KeyTable) {
            guard !found.contains(where: { $0.0.section == table.section }) else { return }
            found.append((table, table.section.isEmpty ? "Top level" : "`\(table.section)`"))
            for key in table.keys {
                if let inner = nested(key.kind) { visit(inner) }
            }
        }
        visit(Keys.root)
        return found
    }

    /// The table of a mapping, or of each item of a list of mappings.
    static func nested(_ kind: ValueKind) -> KeyTable? {
        switch kind {
        case .object(let table), .choiceOrObject(_, let table), .objectOrList(let table): table
        case .palette: Keys.paletteScale
        case .patterns: Keys.hatch
        case .list(let element, _, _): nested(element)
        default: nil
        }
    }

    /// What a key takes, in words.
    static func describe(_ kind: ValueKind) -> String {
        switch kind {
        case .text(let maxLength):
            return "text, at most \(maxLength) characters"
        case .number(let min, let max, let exclusiveMin):
            return exclusiveMin ? "number above \(number(min)), at most \(number(max))" : "number from \(number(min)) to \(number(max))"
        case .integer(let min, let max):
            return min == max ? "`\(min)`" : "whole number from \(grouped(Double(min))) to \(grouped(Double(max)))"
        case .boolean:
            return "`true` or `false`"
        case .choice(let options):
            return alternatives(options.map { "`\($0)`" })
        case .color:
            return "colour: `#rgb[a]`, `#rrggbb[aa]`, `rgb()`, `hsl()` or a CSS name"
        case .colorOr(let words):
            return words.map { "`\($0)`" }.joined(separator: ", ") + " or a " + describe(.color)
        case .duration(let maxMilliseconds):
            return "duration (`800ms`, `0.8s`), at most \(number(maxMilliseconds / 1000)) s"
        case .easing:
            return alternatives(Easing.named.map { "`\($0.0)`" } + ["`cubic-bezier(x1, y1, x2, y2)`"])
        case .palette:
            return "a palette name (\(Palettes.names.map { "`\($0)`" }.joined(separator: ", "))), a list of colours, or a mapping: keys in `theme.palette` below"
        case .patterns:
            return "`none`, `auto`, a non-empty list of hatch patterns (mappings: keys in `theme.patterns[]` below, or `none`), or a mapping of slice ids to them"
        case .identifier(let allowUnderscore):
            return allowUnderscore ? "id: `[a-z0-9][a-z0-9_-]*`, at most 64" : "id: `[a-z0-9-]`, at most 64, no `-` at either end"
        case .template:
            return "template, at most \(Keys.maxTemplate) characters: text with " + LabelTemplate.Token.allCases.map { "`{\($0.rawValue)}`" }.joined(separator: " ")
        case .object(let table):
            return "mapping: keys in `\(table.section)` below"
        case .list(let element, let minItems, let maxItems):
            let items = if case .object(let table) = element { "mappings: keys in `\(table.section)` below" } else { plural(describe(element)) }
            if let maxItems, maxItems == minItems { return "list of exactly \(minItems) " + items }
            return (minItems == 0 ? "list of " : minItems == 1 ? "non-empty list of " : "list of at least \(minItems) ") + items
        case .objectOrList(let table):
            return "mapping: keys in `\(table.section)` below, or a non-empty list of such mappings (label layers)"
        case .choiceOrObject(let words, let table):
            return alternatives(words.map { "`\($0)`" }) + ", or a mapping: keys in `\(table.section)` below"
        case .choiceOrList(let words, let element):
            return alternatives(words.map { "`\($0)`" }) + ", or a non-empty list of distinct " + plural(describe(element))
        }
    }

    static func defaultText(_ key: KeySpec) -> String {
        if key.required { return "required" }
        switch key.defaultValue {
        // No fixed value: absent means off, or the doc says what is used.
        case nil, .null?: return "—"
        case .string(let s)?: return s.isEmpty ? "`\"\"`" : "`\(s)`"
        case let value?: return "`\(value.serialized())`"
        }
    }

    private static func number(_ x: Double) -> String { grouped(x) }

    /// `formatNumber`, with thousands separated by commas from 10,000 up (limits such as
    /// 1,000,000,000,000,000 stay readable).
    private static func grouped(_ x: Double) -> String {
        let text = formatNumber(x, decimals: 6)
        guard abs(x) >= 10_000, !text.contains(".") else { return text }
        let sign = text.hasPrefix("-") ? "-" : ""
        var digits = Array(text.dropFirst(sign.count)), out: [Character] = []
        while digits.count > 3 {
            out = [","] + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return sign + String(digits + out)
    }

    private static func alternatives(_ items: [String], _ last: String = "or") -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " \(last) " + items.last!
    }

    private static func plural(_ text: String) -> String {
        text.hasPrefix("id:") ? "ids (" + text.dropFirst(4) + ")" : text.hasPrefix("number ") ? "numbers " + text.dropFirst(7) : text
    }

    /// A table's doc as a sentence (the tables' docs mostly end with a period already).
    private static func sentence(_ doc: String) -> String {
        doc.hasSuffix(".") ? doc : doc + "."
    }

    /// Text safe inside a Markdown table cell: `|` would end the cell, a line break the row.
    private static func cell(_ text: String) -> String {
        text.replacingAll("|", with: "\\|").replacingAll("\n", with: " ")
    }
}

private extension String {
    /// `self` with every `target` replaced (no Foundation in PieSpec).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for c in self {
            if c == target { out += replacement } else { out.append(c) }
        }
        return out
    }
}
