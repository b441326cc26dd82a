/// How numbers read in one locale: decimal separator, grouping separator and style, and the
/// percent sign with its spacing. A small table (values from CLDR), no Foundation.
///
/// It applies to text people read (labels, legend, tooltips, the data table, sentences), never
/// to machine output (manifest numbers, CSS, `piec diff --json`), which stays plain `42.5`.
public struct NumberLocale: Sendable, Hashable {
    /// How digits of the integer part are grouped.
    public enum Grouping: Sendable, Hashable {
        /// Groups of three: 1,234,567.
        case thousands
        /// Indian (lakh/crore): the last three digits, then groups of two: 12,34,567.
        case indian
    }

    /// BCP 47 tag as written in `format.locale`, e.g. `de-DE`.
    public var code: String
    public var decimal: String
    public var group: String
    public var grouping: Grouping = .thousands
    /// Digits the integer part needs before it is grouped at all (CLDR
    /// `minimumGroupingDigits`): 5 for es-ES and pl-PL, where 1000 stays `1000` but 10000 is
    /// `10 000`; 4 elsewhere.
    public var minGroupedDigits: Int = 4
    /// What follows the percentage: `%`, or a no-break space and `%` (de-DE `42,5 %`).
    public var percentSign: String = "%"

    static let nbsp = "\u{00A0}", nnbsp = "\u{202F}"

    /// Every supported locale; the first is the default.
    public static let table: [NumberLocale] = [
        NumberLocale(code: "en-US", decimal: ".", group: ","),
        NumberLocale(code: "en-GB", decimal: ".", group: ","),
        NumberLocale(code: "de-DE", decimal: ",", group: ".", percentSign: nbsp + "%"),
        NumberLocale(code: "de-CH", decimal: ".", group: "\u{2019}"),
        NumberLocale(code: "fr-FR", decimal: ",", group: nnbsp, percentSign: nnbsp + "%"),
        NumberLocale(code: "es-ES", decimal: ",", group: ".", minGroupedDigits: 5, percentSign: nbsp + "%"),
        NumberLocale(code: "it-IT", decimal: ",", group: "."),
        NumberLocale(code: "pt-BR", decimal: ",", group: "."),
        NumberLocale(code: "nl-NL", decimal: ",", group: "."),
        NumberLocale(code: "sv-SE", decimal: ",", group: nbsp, percentSign: nbsp + "%"),
        NumberLocale(code: "pl-PL", decimal: ",", group: nbsp, minGroupedDigits: 5),
        NumberLocale(code: "ru-RU", decimal: ",", group: nbsp, percentSign: nbsp + "%"),
        NumberLocale(code: "ja-JP", decimal: ".", group: ","),
        NumberLocale(code: "zh-CN", decimal: ".", group: ","),
        NumberLocale(code: "hi-IN", decimal: ".", group: ",", grouping: .indian),
    ]

    public static let enUS = table[0]
    public static var codes: [String] { table.map(\.code) }
    public static func named(_ code: String) -> NumberLocale? { table.first { $0.code == code } }

    /// A plain decimal (`-1234567.5`, as `formatNumber` writes it) in this locale:
    /// `1,234,567.5` (en-US), `1.234.567,5` (de-DE), `12,34,567.5` (hi-IN).
    public func format(plain: String) -> String {
        // `plain` is ASCII (an optional `-`, digits, an optional `.` and digits): work on bytes.
        let bytes = Array(plain.utf8)
        let start = bytes.first == UInt8(ascii: "-") ? 1 : 0
        let dot = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
        let groups = dot - start >= minGroupedDigits && !group.isEmpty
        if !groups, decimal == "." { return plain }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        out.append(contentsOf: bytes[..<start])
        if groups {
            var sizes: [Int] = []   // group sizes from the right
            var left = dot - start
            while left > 0 {
                let size = sizes.isEmpty || grouping == .thousands ? 3 : 2
                sizes.append(min(size, left))
                left -= size
            }
            var index = start
            for (k, size) in sizes.reversed().enumerated() {
                if k > 0 { out.append(contentsOf: group.utf8) }
                out.append(contentsOf: bytes[index..<(index + size)])
                index += size
            }
        } else {
            out.append(contentsOf: bytes[start..<dot])
        }
        if dot < bytes.count {
            out.append(contentsOf: decimal.utf8)
            out.append(contentsOf: bytes[(dot + 1)...])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A percentage text without `%` (`42.5`) with its sign: `42.5%`, `42,5 %`.
    public func percent(plain: String) -> String { format(plain: plain) + percentSign }
}
