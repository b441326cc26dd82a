#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// CSS colour functions: `rgb()`, `rgba()`, `hsl()`, `hsla()`, in the comma-separated legacy
/// syntax (`rgb(240, 81, 56)`, `hsla(9, 86%, 58%, 0.5)`) and the space-separated one of CSS
/// Color 4 (`rgb(240 81 56 / 50%)`). Parsed into a `Color`, so the output only ever holds the
/// re-serialised `#rrggbb[aa]`. Stricter than CSS in one way: a value out of its range is an
/// error (CSS would clamp it silently), so a colour always means what it says.
enum CSSColorFunctions {
    /// nil when `text` is not a colour function at all; `.failure(why)` when it is one but
    /// malformed (the reason is a help line).
    static func parse(_ text: String) -> Result<Color, ColorSyntaxError>? {
        let trimmed = text.trimmingSpaces()
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else { return nil }
        let name = trimmed[..<open].lowercased()
        guard ["rgb", "rgba", "hsl", "hsla"].contains(name) else { return nil }
        let inner = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        let isHSL = name.hasPrefix("hsl")
        let example = isHSL ? "`hsl(9, 86%, 58%)`, `hsla(9, 86%, 58%, 0.5)` or `hsl(9 86% 58% / 50%)`"
            : "`rgb(240, 81, 56)`, `rgba(240, 81, 56, 0.5)` or `rgb(240 81 56 / 50%)`"
        guard let parts = split(String(inner)) else {
            return .failure(ColorSyntaxError(help: "write \(example)"))
        }
        let channels = parts.channels, alphaText = parts.alpha
        guard channels.count == 3 else {
            return .failure(ColorSyntaxError(help: "`\(name)()` takes three values and an optional alpha: \(example)"))
        }
        var alpha: UInt8 = 255
        if let alphaText {
            guard let a = fraction(alphaText, percentOnly: false), (0...1).contains(a) else {
                return .failure(ColorSyntaxError(help: "alpha is a number from 0 to 1 or a percentage from 0% to 100%, found `\(alphaText)`"))
            }
            alpha = UInt8((a * 255).rounded())
        }
        if isHSL {
            guard let h = hue(channels[0]) else {
                return .failure(ColorSyntaxError(help: "hue is a number of degrees (`9`, `9deg`, `0.5turn`), found `\(channels[0])`"))
            }
            var sl: [Double] = []
            for text in channels[1...] {
                guard let v = percentage(text), (0...100).contains(v) else {
                    return .failure(ColorSyntaxError(help: "saturation and lightness are percentages from 0% to 100%, found `\(text)`"))
                }
                sl.append(v / 100)
            }
            var c = Palettes.hsl(h: h, s: sl[0], l: sl[1])
            c.a = alpha
            return .success(c)
        }
        var rgb: [UInt8] = []
        for text in channels {
            let value: Double?
            if text.hasSuffix("%") {
                value = percentage(text).flatMap { (0...100).contains($0) ? $0 * 255 / 100 : nil }
            } else {
                value = number(text).flatMap { (0...255).contains($0) ? $0 : nil }
            }
            guard let value else {
                return .failure(ColorSyntaxError(help: "red, green and blue are numbers from 0 to 255 or percentages from 0% to 100%, found `\(text)`"))
            }
            rgb.append(UInt8(value.rounded()))
        }
        return .success(Color(r: rgb[0], g: rgb[1], b: rgb[2], a: alpha))
    }

    /// The values inside the parentheses: three channels and an optional alpha, separated by
    /// commas (legacy) or spaces with `/ alpha` (CSS Color 4); nil when the two are mixed.
    private static func split(_ inner: String) -> (channels: [String], alpha: String?)? {
        if inner.contains(",") {
            guard !inner.contains("/") else { return nil }
            let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
            guard parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }), parts.count == 3 || parts.count == 4 else { return nil }
            return (Array(parts.prefix(3)), parts.count == 4 ? parts[3] : nil)
        }
        let halves = inner.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        let channels = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var alpha: String?
        if halves.count == 2 {
            let a = String(halves[1]).trimmingSpaces()
            guard !a.isEmpty, !a.contains(" ") else { return nil }
            alpha = a
        }
        return (channels, alpha)
    }

    /// A CSS number without exponent: `42`, `-3`, `0.5`, `.5`, `+1`.
    static func number(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) || $0 == 46 || $0 == 43 || $0 == 45 }),
              text.utf8.contains(where: { (48...57).contains($0) }) else { return nil }
        guard let v = Double(text), v.isFinite else { return nil }
        return v == 0 ? 0 : v
    }

    /// `58%` -> 58; a bare number is read as a percentage too (CSS Color 4's `hsl(9 86 58)`).
    static func percentage(_ text: String) -> Double? {
        number(text.hasSuffix("%") ? String(text.dropLast()) : text)
    }

    /// Alpha: `0.5` or `50%`, as a fraction.
    static func fraction(_ text: String, percentOnly: Bool) -> Double? {
        if text.hasSuffix("%") { return number(String(text.dropLast())).map { $0 / 100 } }
        return percentOnly ? nil : number(text)
    }

    /// A hue in degrees, normalised to [0, 360): a number, or `deg`, `grad`, `rad`, `turn`.
    static func hue(_ text: String) -> Double? {
        let units: [(String, Double)] = [("deg", 1), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360)]
        var degrees: Double?
        for (unit, factor) in units where text.lowercased().hasSuffix(unit) {
            degrees = number(String(text.dropLast(unit.count))).map { $0 * factor }
            break
        }
        if degrees == nil, text.last.map({ $0.isNumber || $0 == "." }) == true { degrees = number(text) }
        guard let d = degrees else { return nil }
        let h = fmod(fmod(d, 360) + 360, 360)
        return h >= 360 ? 0 : h
    }
}

/// Why a colour function could not be read (a help line).
struct ColorSyntaxError: Error {
    var help: String
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}

extension Color {
    /// This colour, composited over `background` (opaque), as the opaque colour that looks
    /// the same there (source-over in sRGB, as browsers blend).
    public func flattened(over background: Color) -> Color {
        let a = Double(self.a) / 255
        func mix(_ f: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(f) * a + Double(b) * (1 - a)).rounded()) }
        return Color(r: mix(r, background.r), g: mix(g, background.g), b: mix(b, background.b))
    }
}
