import PropertyBased

/// A random VALID spec, as the few numbers it is made of, plus its YAML text. Values are whole
/// hundredths so the expected angles can be computed exactly; labels mix plain words with
/// hostile text (markup, quotes, `]]>`, `</style>`, bidi controls, astral characters).
struct SpecRecipe: Sendable, CustomStringConvertible {
    var values: [Int]
    var labels: [String]
    var startAngle: Int
    var sweep: Int
    var innerPercent: Int
    var clockwise: Bool
    var sort: Int
    /// When set, `chart.total` is the sum plus this (hundredths).
    var totalExtra: Int?
    /// Per-slice outer radius percent (nil: none set).
    var radii: [Int]?
    /// Numbers of the slice ids (`s<n>`, unique); nil: `s0`, `s1`, ... in order.
    var idNumbers: [Int]?

    var ids: [String] { values.indices.map { "s\(idNumbers?[$0] ?? $0)" } }
    var sum: Int { values.reduce(0, +) }
    var total: Int? { totalExtra.map { sum + $0 } }
    var sortName: String { ["none", "ascending", "descending"][sort] }

    var yaml: String {
        var y = "piec: 1\nid: prop\ntitle: \(Self.quoted(labels.first ?? "t"))\nchart:\n"
        y += "  startAngle: \(startAngle)\n  sweep: \(sweep)\n  innerRadius: \(Self.hundredths(innerPercent))\n"
        y += "  direction: \(clockwise ? "clockwise" : "counterclockwise")\n  sort: \(sortName)\n"
        if let total { y += "  total: \(Self.hundredths(total))\n  track: \"#eeeeee\"\n" }
        y += "labels:\n  minPercent: 0\n" + (values.isEmpty ? "slices: []\n" : "slices:\n")
        for (i, value) in values.enumerated() {
            y += "  - id: \(ids[i])\n    label: \(Self.quoted(labels[i % labels.count]))\n    value: \(Self.hundredths(value))\n"
            if let radii { y += "    radius: \(Self.hundredths(radii[i % radii.count]))\n" }
        }
        return y
    }

    var description: String { yaml }

    /// `n / 100` as a plain decimal (`1234` -> `12.34`).
    static func hundredths(_ n: Int) -> String {
        let whole = n / 100, frac = n % 100
        return frac == 0 ? "\(whole)" : "\(whole)." + (frac < 10 ? "0\(frac)" : "\(frac)")
    }

    /// A YAML double-quoted scalar: `"` and `\` escaped, anything below U+0020 as `\uXXXX`.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || (0x2028...0x2029).contains(scalar.value) || scalar.value == 0xFEFF {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Text pieces labels are made of.
    static let fragments = [
        "Swift", "Go", "NO", "null", "~", "42", "a b", "<script>alert(1)</script>", "<b>bold</b>", "\"q\"", "'s'",
        "]]>", "</style>", "<style>", "a & b", "&amp;", "&#60;", "\u{202E}evil\u{202C}", "\u{200F}rtl", "\u{2066}iso\u{2069}",
        "😀", "𝔘𝔫𝔦", "👩‍💻", "\u{FEFF}bom", "é", "日本", "url(x)", "@import 'x'", " onload=alert(1)", "href=\"x\"",
        "\t", "{percent}", "%", "\u{00A0}", "\u{0085}", "\u{FFFD}",
    ]

    static let labelGen = Gen<String?>.element(of: fragments).map { $0 ?? "x" }.array(of: 1...3).map { $0.joined() }

    /// Random valid specs: 1...24 slices, values 0...10,000.00 with at least one above 0.
    static func generator(maxSlices: Int = 24) -> Generator<SpecRecipe, some SendableSequenceType> {
        zip(
            Gen.int(in: 0...1_000_000).array(of: 1...maxSlices),
            labelGen.array(of: 1...4),
            Gen.int(in: -360...360), Gen.int(in: 1...360), Gen.int(in: 0...95),
            Gen.bool, Gen.int(in: 0...2),
            Gen.int(in: 0...500_000).optional(valueRate: 0.3),
            Gen.int(in: 10...100).array(of: 1...5).optional(valueRate: 0.2)
        ).map { values, labels, start, sweep, inner, clockwise, sort, extra, radii in
            var values = values
            if values.allSatisfy({ $0 == 0 }) { values[0] = 100 }
            return SpecRecipe(values: values, labels: labels, startAngle: start, sweep: sweep, innerPercent: inner,
                              clockwise: clockwise, sort: sort, totalExtra: extra, radii: radii)
        }
    }
}

/// Two versions of a spec whose slice ids overlap: the new one takes its ids from a shuffle of
/// the old ids and fresh ones, so slices are kept, removed, inserted and reordered.
struct SpecPair: Sendable, CustomStringConvertible {
    var old: SpecRecipe
    var new: SpecRecipe
    var description: String { "old:\n\(old.yaml)\nnew:\n\(new.yaml)" }

    static func generator() -> Generator<SpecPair, some SendableSequenceType> {
        zip(SpecRecipe.generator(maxSlices: 16), SpecRecipe.generator(maxSlices: 16), Gen<[Int]>.shuffled(Array(0..<32)),
            Gen.int(in: 0...9))
            .map { old, new, shuffle, empty in
                var old = old, new = new
                new.idNumbers = Array(shuffle.prefix(new.values.count))
                // One pair in ten empties the chart, one in ten fills an empty one (`slices: []`).
                if empty == 0 { new.values = []; new.idNumbers = [] }
                if empty == 1 { old.values = [] }
                return SpecPair(old: old, new: new)
            }
    }
}
