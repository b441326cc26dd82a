// Shared by Tests/SafetyTests and the fuzz targets (Fuzz/Sources/FuzzSupport links here).
import PieSpec

/// The structure-aware fuzz target's decoder: any bytes -> a VALID spec and a second version of
/// it made by random edits. Every key comes from the key tables (`Keys.root` and the tables it
/// holds), every value is chosen by the key's `ValueKind`, mostly at its edges (the bounds, just
/// inside them, the longest text). libFuzzer mutates the bytes; small byte changes make small
/// spec changes, so coverage guidance works on layout, the planner and codegen instead of on
/// the parser. Bytes past the end read as 0, so every input decodes.
public struct SpecBytes {
    var bytes: [UInt8]
    var at = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// A spec as a tree; serialised to YAML by `yaml(style:)`.
    public indirect enum Node: Equatable {
        case scalar(String)
        case map([(String, Node)])
        case list([Node])

        public static func == (a: Node, b: Node) -> Bool {
            switch (a, b) {
            case (.scalar(let x), .scalar(let y)): x == y
            case (.list(let x), .list(let y)): x == y
            case (.map(let x), .map(let y)): x.map(\.0) == y.map(\.0) && x.map(\.1) == y.map(\.1)
            default: false
            }
        }
    }

    /// The previous spec, the new spec (both YAML), and how they were written.
    public struct Pair {
        public var old: String
        public var new: String
    }

    /// Decodes the whole input: a spec, then 0...7 edits that make the new version.
    public static func pair(_ bytes: [UInt8]) -> Pair {
        var d = SpecBytes(bytes)
        let style = d.byte()
        let old = Self.fixed(d.spec())
        var new = old
        let edits = d.int(8)
        for _ in 0..<edits { d.edit(&new) }
        new = Self.fixed(new)
        return Pair(old: Self.yaml(old, style: style), new: Self.yaml(new, style: d.bool() ? style : d.byte()))
    }

    // MARK: reading bytes

    mutating func byte() -> UInt8 {
        guard at < bytes.count else { return 0 }
        defer { at += 1 }
        return bytes[at]
    }

    /// 0..<n (n >= 1), from one byte or two when n > 256.
    mutating func int(_ n: Int) -> Int {
        guard n > 1 else { return 0 }
        let raw = n > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
        return raw % n
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    mutating func pick<T>(_ xs: [T]) -> T { xs[int(xs.count)] }

    // MARK: specs

    /// Slice ids come from a small pool so that two versions share most of them.
    static let idPool = (0..<160).map { "s\($0)" } + ["other-x", "a_b", "z9", String(repeating: "q", count: 64)]

    mutating func spec() -> Node {
        var entries: [(String, Node)] = []
        for key in Keys.root.keys {
            if key.name == "slices" { entries.append((key.name, slices())); continue }
            // `data` reads a file (the driver's job): generated specs write their slices.
            if key.name == "data" { continue }
            // `rings` replaces `slices` (E0316): generated specs of one set of slices.
            if key.name == "rings" { continue }
            // `charts` replaces `slices` (E0342) and `layout` needs it (E0345).
            if key.name == "charts" || key.name == "layout" { continue }
            if key.required || byte() < 90 { entries.append((key.name, value(key.kind, key: key.name))) }
        }
        // Key order is free in YAML: sometimes rotate it.
        if byte() < 40, !entries.isEmpty { let k = int(entries.count); entries = Array(entries[k...] + entries[..<k]) }
        return .map(entries)
    }

    mutating func slices() -> Node {
        let count = byte() < 8 ? 1 + int(150) : 1 + int(24)
        var ids = Self.idPool
        var items: [Node] = []
        for _ in 0..<count { items.append(slice(ids: &ids)) }
        return .list(items)
    }

    /// One slice; its id is taken from `ids` (so ids stay unique) or left to the label's slug
    /// when the pool is empty.
    mutating func slice(ids: inout [String]) -> Node {
        var entries: [(String, Node)] = []
        for key in Keys.slice.keys {
            switch key.name {
            case "id":
                if !ids.isEmpty { entries.append(("id", .scalar(ids.remove(at: int(ids.count))))) }
            case "label":
                // Labels unique enough for ids made from them when there is no id.
                entries.append(("label", .scalar(Self.quoted(text(maxLength: 60) + "\(ids.count)"))))
            case "renamedFrom":
                if byte() < 20 { entries.append(("renamedFrom", .list([.scalar(pick(Self.idPool))]))) }
            case "value":
                entries.append(("value", value(key.kind, key: key.name)))
            case "color":
                // Slice colours are opaque here: every pair animates from a previous version, and
                // slices of their own alphas enter there instead of animating with rings (a warning,
                // E0617) and are refused beside a track, patterns or a shadow (E0371); one shared alpha would need `theme.opacity` kept
                // above 0.1 all told (E0372).
                if byte() < 40 { entries.append(("color", .scalar(opaqueColor()))) }
            default:
                if byte() < 40 { entries.append((key.name, value(key.kind, key: key.name))) }
            }
        }
        return .map(entries)
    }

    /// A valid value of `kind`, often at an edge.
    mutating func value(_ kind: ValueKind, key: String) -> Node {
        switch kind {
        case .text(let maxLength):
            return .scalar(Self.quoted(byte() < 10 ? String(repeating: "é", count: maxLength) : text(maxLength: maxLength)))
        case .number(let lo, let hi, let exclusiveMin):
            return .scalar(number(lo, hi, exclusiveMin: exclusiveMin))
        case .integer(let lo, let hi):
            return .scalar(String(pick([lo, hi, lo + int(max(1, min(hi - lo + 1, 1000)))])))
        case .choice(let names):
            return .scalar(pick(names))
        case .choiceOrObject(let names, let table):
            return bool() ? .scalar(pick(names)) : value(.object(table), key: key)
        case .objectOrList(let table):
            // One mapping: a list of layers has rules of its own (E0356-E0359), a one-layer list is that mapping.
            let one = value(.object(table), key: key)
            return bool() ? one : .list([one])
        case .choiceOrList(let names, _):
            // A list names slices the generated spec may not have (E0340): the words only.
            return .scalar(pick(names))
        case .boolean:
            return .scalar(bool() ? "true" : "false")
        case .color:
            // Slice and Other colours opaque (of their own alphas, refused beside a track: E0371), label,
            // dark background and label box colours (`labels.box.fill`, `stroke`) must be (E0306).
            return .scalar(key == "color" || key == "darkBackground" || key == "labelColor" || key == "fill" || key == "stroke"
                ? opaqueColor() : color())
        case .colorOr(let words):
            // Label colours are opaque, like slice colours (E0306).
            return .scalar(bool() ? pick(words) : opaqueColor())
        case .duration(let maxMs):
            let ms = Int(maxMs)
            return .scalar(pick(["0ms", "\(ms)ms", "\(ms / 1000)s", "0.8s", "1ms", "\(int(ms + 1))ms", "0.001s", "\(Double(int(ms)) / 1000)s"]))
        case .easing:
            let n = ["0", "1", "-2", "3", "0.25", "0.999999", "-0.5", "10"]
            return .scalar(byte() < 128 ? pick(["linear", "ease", "ease-in", "ease-out", "ease-in-out"])
                : "\"cubic-bezier(\(pick(["0", "1", "0.5"])), \(pick(n)), \(pick(["0", "1", "0.42"])), \(pick(n)))\"")
        case .palette:
            if bool() { return .scalar(pick(Palettes.names)) }
            // Palette entries draw slices: opaque (a translucent one beside them is E0371).
            return .list((0..<(1 + int(12))).map { _ in .scalar(opaqueColor()) })
        case .patterns:
            if bool() { return .scalar(pick(["none", "auto"])) }
            // Every entry draws a mark (an empty one is E0383), angles 0...179 (E0385) and
            // densities 1...3 (E0386); a list, since a mapping names ids the spec may lack (E0384).
            return .list((0..<(1 + int(5))).map { _ in
                if byte() < 30 { return .scalar("none") }
                var e: [(String, Node)] = [("lines", .scalar(String(pick([0, 45, 90, 135, 179, int(180)]))))]
                for mark in ["crosses", "dots", "circles"] where bool() { e.append((mark, .scalar(bool() ? "true" : "false"))) }
                if bool() { e.append(("density", .scalar(String(1 + int(3))))) }
                return .map(e)
            })
        case .identifier:
            return .scalar(pick(["fuzz", "a", "0-0", String(repeating: "z", count: 64), "chart-2"]))
        case .template:
            var t = ""
            // Never empty: a template that shows nothing is refused (E0322).
        for _ in 0..<(1 + int(6)) { t += pick(["{label}", "{value}", "{percent}", "{id}", "{total}", " ", "%", "—", "<b>", "x"]) }
        if t.allSatisfy({ $0 == " " }) { t += "x" }
            return .scalar(Self.quoted(t))
        case .object(let table):
            var entries: [(String, Node)] = []
            for key in table.keys where key.required || byte() < 100 { entries.append((key.name, value(key.kind, key: key.name))) }
            return .map(entries)
        case .list(let of, let minItems, let maxItems):
            return .list((0..<min(maxItems ?? .max, minItems + int(4))).map { _ in value(of, key: key) })
        }
    }

    /// A number inside [lo, hi] (lo excluded when `exclusiveMin`), most often at an edge.
    mutating func number(_ lo: Double, _ hi: Double, exclusiveMin: Bool) -> String {
        let tiny = 0.000001
        let candidates: [Double] = [
            exclusiveMin ? lo + tiny : lo, hi, exclusiveMin ? lo + 0.01 : lo + tiny, hi - tiny, hi - 0.01,
            (lo + hi) / 2, lo + (hi - lo) * Double(byte()) / 255, min(hi, max(lo + tiny, 1)),
            min(hi, lo + Double(int(100)) + 0.5),
        ]
        let v = pick(candidates)
        return Self.decimal(Swift.max(exclusiveMin ? lo + tiny : lo, Swift.min(hi, v)))
    }

    /// A plain decimal with at most 6 fractional digits, never exponent notation.
    static func decimal(_ v: Double) -> String {
        if v.magnitude >= 1e12 { return String(Int64(v)) }
        let scaled = Int64((v.magnitude * 1e6).rounded())
        let whole = scaled / 1_000_000, frac = scaled % 1_000_000
        var s = (v < 0 && scaled != 0 ? "-" : "") + String(whole)
        if frac != 0 {
            var f = String(frac)
            f = String(repeating: "0", count: 6 - f.count) + f
            while f.hasSuffix("0") { f.removeLast() }
            s += "." + f
        }
        return s
    }

    mutating func opaqueColor() -> String {
        let c = color()
        // `"#rgba"` and `"#rrggbbaa"` (7 and 11 characters with the quotes) and the
        // functions with an alpha have alpha.
        return c.count == 7 || c.count == 11 || c == "transparent" || c.contains("/") || c.contains("a(") ? "\"#0a0b0c\"" : c
    }

    mutating func color() -> String {
        let hex = Array("0123456789abcdefABCDEF")
        switch int(5) {
        case 0: return pick(["red", "transparent", "rebeccapurple", "white", "black", "lightgoldenrodyellow"])
        case 1:
            return pick(["\"rgb(240, 81, 56)\"", "\"rgba(0, 0, 0, 0.5)\"", "\"rgb(100% 0% 50% / 25%)\"", "\"hsl(9, 86%, 58%)\"",
                         "\"hsla(200deg, 50%, 50%, 1)\"", "\"hsl(0.5turn 100% 25%)\"", "\"RGB(0,0,255)\"", "\"hsl(360 0% 100% / 0)\""])
        default:
            let n = pick([3, 4, 6, 8])
            return "\"#" + String((0..<n).map { _ in pick(hex) }) + "\""
        }
    }

    /// Text pieces: plain words, YAML look-alikes, markup, quotes, bidi controls, astral
    /// characters, combining marks.
    static let fragments = [
        "Swift", "Go", "NO", "null", "~", "42", "a b", "<script>alert(1)</script>", "<b>", "\"q\"", "'s'",
        "]]>", "</style>", "a & b", "&amp;", "\u{202E}evil\u{202C}", "\u{200F}", "😀", "👩‍💻", "é",
        "e\u{301}", "日本語", "url(x)", "@import", " onload=x", "{percent}", "%", "\u{00A0}",
        "#", ": ", "- ", "\\", "", "WWWWWWWWWWWWWWWWWWWW", "𝔘𝔫𝔦", "\u{FFFD}",
    ]

    mutating func text(maxLength: Int) -> String {
        var s = ""
        for _ in 0..<(1 + int(4)) { s += pick(Self.fragments) }
        // Limits count Unicode scalars (`e\u{301}` is two), not characters.
        return String(String.UnicodeScalarView(s.unicodeScalars.prefix(maxLength)))
    }

    /// A YAML double-quoted scalar: `"` and `\` escaped, controls and line breaks as `\uXXXX`.
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

    /// Makes the cross-key rules hold: centre and hover centre text only on a donut (E0307,
    /// E0370), at least one value
    /// above 0 (E0305), `chart.total` at least the sum of the values (E0304), no `total`,
    /// `minAngle` or slice `radius` in a rose (E0309), no `outline` on a partial sweep (E0330),
    /// no `grid` without a rose or on a partial sweep (E0390, E0391), no `ringGap` (E0380),
    /// no leader keys (E0321), slice-coloured labels (E0323) or `labels.radius` above 1 (E0320)
    /// where every label is inside, no `keepLabel` where no label is drawn (E0350), no
    /// `labels.orientation` where every label is outside (E0324), no `labels.box` where no
    /// label is drawn (E0352), no `charts` beside the slices (E0342) and no
    /// `layout` without `charts` (E0345), and no `theme.shadow` beside a key that makes the pie's
    /// outline other than one circle (E0373) or beside an exploded slice inside `chart.outline`
    /// (E0376), and no `theme.children: tint` (the slices have no
    /// parents to tint by: E0375).
    static func fixed(_ spec: Node) -> Node {
        guard case .map(var root) = spec else { return spec }
        root.removeAll { $0.0 == "charts" || $0.0 == "layout" }
        var sum = 0.0
        // The generator writes `slices`, never `rings`: a slice has no ring inside, so no
        // `parent` (E0335; `band`, E0331-E0333, and the other sunburst refusals need rings).
        if let si = root.firstIndex(where: { $0.0 == "slices" }), case .list(let items) = root[si].1 {
            root[si].1 = .list(items.map { item in
                guard case .map(var e) = item else { return item }
                e.removeAll { $0.0 == "parent" }
                return .map(e)
            })
        }
        if let si = root.firstIndex(where: { $0.0 == "slices" }), case .list(var items) = root[si].1 {
            let values = items.map { field($0, "value").flatMap(Double.init) ?? 0 }
            if values.allSatisfy({ $0 == 0 }), case .map(var e) = items[0] {
                e.removeAll { $0.0 == "value" }
                e.append(("value", .scalar("1")))
                items[0] = .map(e)
                root[si].1 = .list(items)
            }
            sum = items.map { field($0, "value").flatMap(Double.init) ?? 0 }.reduce(0, +)
        }
        if let ci = root.firstIndex(where: { $0.0 == "chart" }), case .map(var chart) = root[ci].1 {
            if chart.contains(where: { $0.0 == "center" || $0.0 == "hoverCenter" }), (chart.first { $0.0 == "innerRadius" }.flatMap { field(.map([$0]), "innerRadius") }
                .flatMap(Double.init) ?? 0) == 0 {
                chart.removeAll { $0.0 == "innerRadius" }
                chart.append(("innerRadius", .scalar("0.5")))
            }
            if let total = chart.first(where: { $0.0 == "total" }).flatMap({ field(.map([$0]), "total") }).flatMap(Double.init), total < sum {
                chart.removeAll { $0.0 == "total" }
            }
            if let sweep = field(.map(chart), "sweep").flatMap(Double.init), sweep < 360 {
                chart.removeAll { $0.0 == "outline" }
            }
            // The generator writes `slices`, never `rings`: no space between rings (E0380).
            chart.removeAll { $0.0 == "ringGap" }
            // A grid needs a rose and a full circle (E0390, E0391).
            if chart.first(where: { $0.0 == "rose" }).map({ $0.1 == .scalar("none") }) ?? true
                || (field(.map(chart), "sweep").flatMap(Double.init) ?? 360) < 360 {
                chart.removeAll { $0.0 == "grid" }
            }
            if let rose = chart.first(where: { $0.0 == "rose" })?.1, rose != .scalar("none") {
                chart.removeAll { $0.0 == "total" || $0.0 == "minAngle" }
                if let si = root.firstIndex(where: { $0.0 == "slices" }), case .list(let items) = root[si].1 {
                    root[si].1 = .list(items.map { item in
                        guard case .map(var e) = item else { return item }
                        e.removeAll { $0.0 == "radius" }
                        return .map(e)
                    })
                }
            }
            root[ci].1 = .map(chart)
        }
        // Tints need children, and the generator's slices have no parents (E0375).
        if let ti = root.firstIndex(where: { $0.0 == "theme" }), case .map(var theme) = root[ti].1 {
            theme.removeAll { $0.0 == "children" && $0.1 == .scalar("tint") }
            root[ti].1 = .map(theme)
        }
        // A shadow needs a pie whose outline is one circle (E0373); it follows exploded slices,
        // but not inside an outline (E0376).
        if let ti = root.firstIndex(where: { $0.0 == "theme" }), case .map(var theme) = root[ti].1 {
            let chart = root.first { $0.0 == "chart" }?.1 ?? .map([])
            func number(_ key: String) -> Double? { field(chart, key).flatMap(Double.init) }
            var rose = false
            if case .map(let e) = chart, let r = e.first(where: { $0.0 == "rose" })?.1 { rose = r != .scalar("none") }
            let slices: [Node] = if case .list(let items)? = root.first(where: { $0.0 == "slices" })?.1 { items } else { [] }
            var outline = false
            if case .map(let e) = chart { outline = e.contains { $0.0 == "outline" } }
            let cut = (number("sweep") ?? 360) < 360 || (number("padAngle") ?? 0) > 0 || (number("cornerRadius") ?? 0) > 0 || rose
                || slices.contains { (outline && (field($0, "explode").flatMap(Double.init) ?? 0) > 0) || field($0, "radius") != nil }
            if cut {
                theme.removeAll { $0.0 == "shadow" }
                root[ti].1 = .map(theme)
            }
        }
        // A list of one label layer (never more: E0356-E0359) follows the rules of its one mapping.
        let layerList = root.firstIndex(where: { $0.0 == "labels" }).flatMap { li -> Int? in
            guard case .list(let layers) = root[li].1, layers.count == 1 else { return nil }
            root[li].1 = layers[0]
            return li
        }
        // `size` is drawn on the inside layer of two only, never on one mapping (E0363).
        if let li = root.firstIndex(where: { $0.0 == "labels" }), case .map(var labels) = root[li].1 {
            labels.removeAll { $0.0 == "size" }
            root[li].1 = .map(labels.isEmpty ? [("position", .scalar("auto"))] : labels)
        }
        if let li = root.firstIndex(where: { $0.0 == "labels" }), case .map(var labels) = root[li].1, field(.map(labels), "position") == "inside" {
            labels.removeAll { $0.0 == "leader" || $0.0 == "leaderColor" || ($0.0 == "color" && $0.1 == .scalar("slice")) }
            // Labels at a distance are outside (E0320).
            if let r = field(.map(labels), "radius").flatMap(Double.init), r > 1 { labels.removeAll { $0.0 == "radius" } }
            root[li].1 = .map(labels)
        }
        // Only labels inside turn: no `orientation` where every label is outside (E0324).
        if let li = root.firstIndex(where: { $0.0 == "labels" }), case .map(var labels) = root[li].1 {
            let position = field(.map(labels), "position")
            let distance = field(.map(labels), "radius").flatMap(Double.init).map { $0 > 1 } ?? false
            if position == "outside" || position == "none" || distance {
                labels.removeAll { $0.0 == "orientation" }
                root[li].1 = .map(labels)
            }
        }
        // A label box only where labels are drawn: no `position: none` (E0352).
        if let li = root.firstIndex(where: { $0.0 == "labels" }), case .map(var labels) = root[li].1,
           labels.contains(where: { $0.0 == "box" }) {
            if field(.map(labels), "position") == "none" {
                labels.removeAll { $0.0 == "box" }
                root[li].1 = .map(labels)
            }
        }
        // `keepLabel` keeps a label that `position: none` never draws (E0350).
        if let li = root.firstIndex(where: { $0.0 == "labels" }), field(root[li].1, "position") == "none",
           let si = root.firstIndex(where: { $0.0 == "slices" }), case .list(let items) = root[si].1 {
            root[si].1 = .list(items.map { item in
                guard case .map(var e) = item else { return item }
                e.removeAll { $0.0 == "keepLabel" }
                return .map(e)
            })
        }
        if let li = layerList { root[li].1 = .list([root[li].1]) }
        return .map(root)
    }

    // MARK: edits between two versions

    /// One random edit of the spec: a slice removed, inserted, moved, renamed (with
    /// `renamedFrom`) or changed, or a key of a section set, changed or removed.
    mutating func edit(_ spec: inout Node) {
        guard case .map(var root) = spec, let si = root.firstIndex(where: { $0.0 == "slices" }),
              case .list(var items) = root[si].1 else { return }
        let used = Set(items.compactMap { Self.field($0, "id") })
        var free = Self.idPool.filter { !used.contains($0) }
        switch int(7) {
        case 0 where items.count > 1:
            items.remove(at: int(items.count))
        case 1:
            items.insert(slice(ids: &free), at: int(items.count + 1))
        case 2 where items.count > 1:
            let s = items.remove(at: int(items.count))
            items.insert(s, at: int(items.count + 1))
        case 3:
            let k = int(items.count)
            if case .map(var e) = items[k], let i = e.firstIndex(where: { $0.0 == "id" }), !free.isEmpty,
               case .scalar(let old) = e[i].1 {
                e[i].1 = .scalar(free[int(free.count)])
                e.removeAll { $0.0 == "renamedFrom" }
                e.append(("renamedFrom", .list([.scalar(old)])))
                items[k] = .map(e)
            }
        case 4:
            let k = int(items.count)
            if case .map(var e) = items[k] {
                let key = pick(Keys.slice.keys.filter { $0.name != "id" && $0.name != "renamedFrom" && $0.name != "label" })
                e.removeAll { $0.0 == key.name }
                if key.required || bool() { e.append((key.name, key.name == "color" ? .scalar(opaqueColor()) : value(key.kind, key: key.name))) }
                items[k] = .map(e)
            }
        default:
            let key = pick(Keys.root.keys.filter { $0.name != "slices" && $0.name != "piec" && $0.name != "data" && $0.name != "rings"
                && $0.name != "charts" && $0.name != "layout" })
            root.removeAll { $0.0 == key.name }
            if bool() { root.insert((key.name, value(key.kind, key: key.name)), at: int(root.count + 1)) }
        }
        if let si = root.firstIndex(where: { $0.0 == "slices" }) { root[si].1 = .list(items) }
        spec = .map(root)
    }

    static func field(_ node: Node, _ name: String) -> String? {
        guard case .map(let e) = node, let v = e.first(where: { $0.0 == name })?.1, case .scalar(let s) = v else { return nil }
        return s
    }

    // MARK: YAML

    /// Block YAML; `style` picks the indent (2 or 4), flow mappings for slices, flow lists,
    /// comments after values and a document start marker.
    public static func yaml(_ node: Node, style: UInt8) -> String {
        var out = style & 16 != 0 ? "---\n" : ""
        let indent = style & 1 != 0 ? 4 : 2
        write(node, into: &out, level: 0, indent: indent, style: style)
        return out
    }

    static func write(_ node: Node, into out: inout String, level: Int, indent: Int, style: UInt8) {
        let pad = String(repeating: " ", count: level * indent)
        let comment = style & 8 != 0 ? " # c" : ""
        switch node {
        case .scalar(let s): out += s + comment + "\n"
        case .map(let entries):
            for (k, v) in entries {
                switch v {
                case .scalar(let s): out += pad + k + ": " + s + comment + "\n"
                case .list(let items) where style & 2 != 0 && items.allSatisfy({ if case .scalar = $0 { true } else { false } }):
                    out += pad + k + ": [" + items.map { if case .scalar(let s) = $0 { s } else { "" } }.joined(separator: ", ") + "]\n"
                case .map(let e) where e.isEmpty:
                    out += pad + k + ": {}\n"
                default:
                    out += pad + k + ":\n"
                    write(v, into: &out, level: level + 1, indent: indent, style: style)
                }
            }
        case .list(let items):
            for item in items {
                if case .map(let e) = item, style & 4 != 0, e.allSatisfy({ if case .scalar = $0.1 { true } else { false } }) {
                    out += pad + "- {" + e.map { k, v in if case .scalar(let s) = v { "\(k): \(s)" } else { "" } }.joined(separator: ", ") + "}\n"
                } else if case .scalar(let s) = item {
                    out += pad + "- " + s + comment + "\n"
                } else {
                    // "- " then the first line of the item at the item's own indent.
                    var inner = ""
                    write(item, into: &inner, level: level + 1, indent: indent, style: style)
                    let innerPad = String(repeating: " ", count: (level + 1) * indent)
                    var lines = inner.split(separator: "\n", omittingEmptySubsequences: false)
                    if lines.last == "" { lines.removeLast() }
                    for (i, line) in lines.enumerated() {
                        if i == 0, line.hasPrefix(innerPad) {
                            out += pad + "-" + String(repeating: " ", count: indent - 1) + line.dropFirst(innerPad.count) + "\n"
                        } else {
                            out += line + "\n"
                        }
                    }
                }
            }
        }
    }
}
