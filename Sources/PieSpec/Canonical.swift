import PieDiagnostics
import PieJSON

extension ChartSpec {
    /// The canonical spec: every field explicit (defaults filled), keys in table order, numbers
    /// in piec's fixed format; written by the key tables (`KeyBinding.json`). JSON is YAML, so
    /// piec re-parses it (`--from` a bundle folder).
    public func canonicalJSON() -> JSONValue {
        .object(Keys.root.canonical(self))
    }

    /// `canonicalJSON()` written straight into `j` as the next value (the manifest's `spec`),
    /// byte for byte what `j.value(canonicalJSON())` writes, without building the tree.
    public func writeCanonical(into j: inout JSONStream) {
        withUnsafePointer(to: self) { Keys.root.writeCanonical($0, into: &j) }
    }

    /// The canonical spec's text as the value of a top-level member of a manifest (`spec`,
    /// `previous`): what follows `"spec": ` in every manifest built from it, so the driver
    /// compares specs by bytes and a recorded spec can be read back.
    public func canonicalMemberText() -> [UInt8] {
        var j = JSONStream(capacity: 4096 + slices.count * 200)
        j.open("{")
        j.key("spec")
        let start = j.out.bytes.count
        writeCanonical(into: &j)
        return Array(j.out.bytes[start...])
    }
}

/// One reported change of a spec key between two versions (see `ChangeRule`).
public struct SpecFieldChange: Sendable, Hashable {
    /// `size`, `stroke`, `labels.position`: the key's report name.
    public var field: String
    public var old: String
    public var new: String
    /// Whether the plain sentence for readers mentions it.
    public var inSentence: Bool
}

extension ChartSpec {
    /// The reported keys (`ChangeRule.reported`) whose values differ, in table order; keys
    /// reported under one name are one change, their values joined by a space. Compared on
    /// the canonical specs (a key left out at its default reads as its default).
    public static func changedFields(_ a: ChartSpec, _ b: ChartSpec) -> [SpecFieldChange] {
        var changes: [SpecFieldChange] = []
        func visit(_ table: KeyTable, _ a: JSONValue?, _ b: JSONValue?) {
            for key in table.keys {
                let old = a?[key.name] ?? key.defaultValue, new = b?[key.name] ?? key.defaultValue
                if case .objectOrList(let inner) = key.kind {
                    // Label layers, matched by index: `labels.KEY` while both are one mapping,
                    // else `labels[i].KEY`; a layer that comes or goes is `labels[i]`.
                    let (was, now) = (Self.layers(old), Self.layers(new))
                    let list = was.count != 1 || now.count != 1 || Self.isList(old) || Self.isList(new)
                    for i in 0..<max(was.count, now.count) {
                        if i < was.count, i < now.count {
                            let before = changes.count
                            visit(inner, was[i], now[i])
                            if list { for c in before..<changes.count { changes[c].field = changes[c].field.replacingFirst("labels.", with: "labels[\(i)].") } }
                        } else {
                            changes.append(SpecFieldChange(field: "\(key.name)[\(i)]", old: i < was.count ? reportText(was[i]) : "none",
                                                           new: i < now.count ? reportText(now[i]) : "none", inSentence: false))
                        }
                    }
                    continue
                }
                if case .patterns = key.kind {
                    // Hatch patterns by entry (`theme.patterns[1]`, `theme.patterns.ID`).
                    changes += Self.patternChanges(old, new)
                    continue
                }
                if case .object(let inner) = key.kind {
                    // A section: its keys report themselves. An optional section off in one
                    // version has none to compare: turning it on or off (`labels.box none ->
                    // fill #ffffff`) is reported by the section's own rule, below.
                    if old != nil && new != nil { visit(inner, old, new); continue }
                    if old == new { continue }
                }
                guard case .reported(let name, let sentence) = key.change else { continue }
                let field = name ?? (table.section.isEmpty || table.section == "chart" ? key.name : "\(table.section).\(key.name)")
                if name != nil, let last = changes.last, last.field == field {
                    changes[changes.count - 1].old += " " + reportText(old)
                    changes[changes.count - 1].new += " " + reportText(new)
                } else {
                    changes.append(SpecFieldChange(field: field, old: reportText(old), new: reportText(new), inSentence: sentence))
                }
            }
        }
        visit(Keys.root, a.canonicalJSON(), b.canonicalJSON())
        return changes.filter { $0.old != $0.new }
    }
}

extension ChartSpec {
    /// The layers of a canonical `labels` value: the mapping, or each item of the list.
    static func layers(_ value: JSONValue?) -> [JSONValue] {
        switch value {
        case .array(let items)?: items
        case let v?: [v]
        case nil: [.object([])]
        }
    }

    static func isList(_ value: JSONValue?) -> Bool { if case .array? = value { true } else { false } }
}

private extension String {
    /// This text with its prefix `prefix` replaced, else as it is.
    func replacingFirst(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}

extension SliceSpec {
    /// The reported keys of a slice whose values differ, in table order.
    public static func changedFields(_ a: SliceSpec, _ b: SliceSpec) -> [String] {
        Keys.slice.keys.compactMap { key in
            guard case .reported = key.change, let binding = SliceSpec.binding(of: key) else { return nil }
            return binding.json(a) == binding.json(b) ? nil : key.name
        }
    }
}

/// A value as a change report shows it: text as is, numbers to 6 decimals, lists joined.
func reportText(_ value: JSONValue?) -> String {
    switch value {
    case nil, .null?: return "none"
    case .bool(let b)?: return b ? "true" : "false"
    case .int(let i)?: return String(i)
    case .number(let d, _)?: return formatNumber(d, decimals: 6)
    case .string(let s)?: return s
    case .array(let items)?: return items.map { reportText($0) }.joined(separator: ", ")
    case .object(let members)?: return members.map { "\($0.0) \(reportText($0.1))" }.joined(separator: ", ")
    }
}
