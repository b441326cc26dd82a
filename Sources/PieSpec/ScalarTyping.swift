import PieDiagnostics
import PieYAML

/// Typing of scalars by the field that expects them.
extension Lowering {
    mutating func number(_ node: YAMLNode, _ key: KeySpec, path: @autoclosure () -> String) -> Double? {
        guard case .number(let min, let max, let exclusiveMin) = key.kind else { return nil }
        guard let s = scalar(node, expected: "a number", path: path()), let v = decimal(s, path: path()) else { return nil }
        func allowed(_ x: Double) -> Bool { x >= min && !(exclusiveMin && x == min) && x <= max }
        if !allowed(v) {
            let low = exclusiveMin ? "greater than \(formatNumber(min, decimals: 6))" : "at least \(formatNumber(min, decimals: 6))"
            error(SpecDiagnostics.outOfRange, "`\(path())` must be \(low) and at most \(formatNumber(max, decimals: 6)), found \(s.value)", at: s.range,
                  help: Lowering.negativeHelp(s.value, v, minimum: min, allowed(-v)))
            return nil
        }
        return v
    }

    /// The help of a negative number where none is allowed: drop the minus sign when that gives
    /// an allowed value, else say that the value cannot be negative.
    static func negativeHelp(_ literal: String, _ value: Double, minimum: Double, _ positiveAllowed: Bool) -> String? {
        guard value < 0, minimum >= 0 else { return nil }
        return positiveAllowed ? "remove the minus sign: `\(literal.dropFirst())`" : "this value cannot be negative"
    }

    mutating func integer(_ node: YAMLNode, _ key: KeySpec, path: @autoclosure () -> String) -> Int? {
        guard case .integer(let min, let max) = key.kind else { return nil }
        guard let s = scalar(node, expected: "a whole number", path: path()), let v = decimal(s, path: path()) else { return nil }
        guard v == v.rounded(), !s.value.contains(".") else {
            error(SpecDiagnostics.notInteger, "`\(path())` must be a whole number, found \(s.value)", at: s.range)
            return nil
        }
        // The version check has its own message; a version beyond Int is still "unsupported".
        if path() == "piec" { return Int(exactly: v) ?? Int.max }
        guard v >= Double(min), v <= Double(max), let n = Int(exactly: v) else {
            error(SpecDiagnostics.outOfRange, "`\(path())` must be between \(min) and \(max), found \(s.value)", at: s.range,
                  help: Lowering.negativeHelp(s.value, v, minimum: Double(min), -v >= Double(min) && -v <= Double(max)))
            return nil
        }
        return n
    }

    /// Strict plain decimal: `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, finite.
    mutating func decimal(_ s: YAMLScalar, path: @autoclosure () -> String) -> Double? {
        if s.style != .plain {
            let inner = s.value
            let looksNumeric = !inner.isEmpty && Lowering.isPlainDecimal(inner)
            error(SpecDiagnostics.notPlainNumber, "`\(path())` must be a number, found a quoted string", at: s.range,
                  help: looksNumeric ? "remove the quotes: `\(inner)`" : nil)
            return nil
        }
        guard Lowering.isPlainDecimal(s.value) else {
            var help: String? = "write a plain decimal such as `42` or `0.25`"
            let lower = s.value.lowercased()
            if lower.contains("e") && !lower.contains("0x") && Double(s.value) != nil { help = "write the number out in full, without an exponent" }
            if lower.hasPrefix("0") && lower.count > 1 && !lower.contains(".") && lower.allSatisfy(\.isNumber) {
                help = "remove the leading zeros"
            }
            error(SpecDiagnostics.notPlainNumber, "`\(path())` must be a plain decimal number, found `\(sanitized(s.value))`", at: s.range, help: help)
            return nil
        }
        guard let v = Lowering.decimalValue(s.value), v.isFinite else {
            error(SpecDiagnostics.outOfRange, "`\(path())` is too large", at: s.range)
            return nil
        }
        return v == 0 ? 0 : v  // no -0
    }

    static func isPlainDecimal(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isPlainDecimal(utf8: $0) }
    }

    /// `isPlainDecimal` over the UTF-8 bytes in place (no array copy: runs for every number).
    private static func isPlainDecimal(utf8 u: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        if i < u.count, u[i] == UInt8(ascii: "-") { i += 1 }
        guard i < u.count, (48...57).contains(u[i]) else { return false }
        let first = u[i]
        var intDigits = 0
        while i < u.count, (48...57).contains(u[i]) { i += 1; intDigits += 1 }
        if intDigits > 1 && first == 48 { return false }
        if intDigits > 400 { return false }
        if i == u.count { return true }
        guard u[i] == UInt8(ascii: ".") else { return false }
        i += 1
        let fracStart = i
        while i < u.count, (48...57).contains(u[i]) { i += 1 }
        return i == u.count && i > fracStart && i - fracStart <= 400
    }

    mutating func text(_ node: YAMLNode, _ key: KeySpec, path: @autoclosure () -> String) -> String? {
        guard case .text(let maxLength) = key.kind else { return nil }
        guard let s = scalar(node, expected: "text", path: path()) else { return nil }
        return checkedText(s, maxLength: maxLength, path: path())
    }

    mutating func checkedText(_ s: YAMLScalar, maxLength: Int, path: @autoclosure () -> String) -> String? {
        var count = 0
        for scalar in s.value.unicodeScalars {
            count += 1
            let v = scalar.value
            if (v < 0x20 && v != 0x09 && v != 0x0A) || v == 0x7F || v == 0xFFFE || v == 0xFFFF {
                let hex = String(v, radix: 16, uppercase: true)
                error(SpecDiagnostics.controlCharacter, "`\(path())` contains the control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)",
                      at: s.range, help: "remove it; only tabs and line breaks are allowed in text")
                return nil
            }
        }
        if count > maxLength {
            error(SpecDiagnostics.textTooLong, "`\(path())` is \(count) characters long; the limit is \(maxLength)", at: s.range)
            return nil
        }
        return s.value
    }

    /// `true` or `false`, exactly (YAML 1.1's `yes`/`on` and quoted text are errors).
    mutating func boolean(_ node: YAMLNode, path: @autoclosure () -> String) -> Bool? {
        guard let s = scalar(node, expected: "`true` or `false`", path: path()) else { return nil }
        if s.style == .plain, s.value == "true" || s.value == "false" { return s.value == "true" }
        let lower = s.value.lowercased()
        let meant = ["true", "yes", "on", "y"].contains(lower) ? "true" : ["false", "no", "off", "n"].contains(lower) ? "false" : nil
        error(SpecDiagnostics.badChoice, "`\(path())` must be `true` or `false`, found `\(sanitized(s.value))`", at: s.range,
              help: meant.map { "write `\($0)`" + (s.style == .plain ? "" : " without quotes") })
        return nil
    }

    mutating func choice(_ node: YAMLNode, _ key: KeySpec, path: @autoclosure () -> String) -> String? {
        guard case .choice(let options) = key.kind else { return nil }
        // The list of options is only spelled out in a diagnostic (this runs for every choice).
        func list() -> String { options.map { "`\($0)`" }.joined(separator: ", ") }
        guard let s = scalar(node, expected: "one of \(list())", path: path()) else { return nil }
        guard options.contains(s.value) else {
            let list = list()
            error(SpecDiagnostics.badChoice, "`\(path())` must be one of \(list), found `\(sanitized(s.value))`", at: s.range,
                  help: Suggestions.didYouMean(s.value, among: options))
            return nil
        }
        return s.value
    }

    /// A colour. `opaque`: the field draws slices (a slice, Other, a palette entry), where a
    /// translucent colour is an error reported by `reportTranslucent` once the background is
    /// known (its help gives the opaque colour that looks the same there).
    mutating func color(_ node: YAMLNode, path: @autoclosure () -> String, opaque: Bool = false) -> Color? {
        guard let s = scalar(node, expected: "a colour", path: path()) else { return nil }
        if case .failure(let failure)? = CSSColorFunctions.parse(s.value) {
            error(SpecDiagnostics.badColor, "`\(path())` is not a colour: `\(sanitized(s.value))`", at: s.range, help: failure.help)
            return nil
        }
        guard let c = Color.parse(s.value) else {
            let names = Suggestions.didYouMean(s.value.lowercased(), among: CSSColorNames.names)
            let forms = opaque ? "`#rrggbb` (e.g. `#f05138`), `#rgb`, `rgb(240, 81, 56)`, `hsl(9, 86%, 58%)` or a CSS colour name"
                : "`#rrggbb` (e.g. `#f05138`), `#rgb`, `#rrggbbaa`, `rgb()`, `rgba()`, `hsl()`, `hsla()` or a CSS colour name"
            error(SpecDiagnostics.badColor, "`\(path())` is not a colour: `\(sanitized(s.value))`", at: s.range,
                  help: names ?? "write \(forms)")
            return nil
        }
        if opaque, !c.isOpaque { translucent.append((path(), c, s.range)) }
        return c
    }

    /// Slice colours must be opaque (E0306): slices are drawn overlapping so no background
    /// shows through their seams, and a translucent colour would darken the overlaps. The help
    /// gives the opaque colour that looks the same over the chart's background (a transparent
    /// chart counts as a white page).
    mutating func reportTranslucent(background: Color?) {
        let page = background ?? Color(r: 255, g: 255, b: 255)
        let over = background == nil ? "a white page (`theme.background` is transparent)" : "the background `\(page.hex)`"
        for (path, c, range) in translucent {
            let text = path.hasSuffix("labelColor") || path == "labels.color" || path == "labels.detail.color"
            error(SpecDiagnostics.translucentSlice, "`\(path)` must be opaque, found alpha \(c.a) of 255", at: range,
                  notes: [text ? "a label's colour is drawn as is: a translucent one would show what lies under it, unchecked"
                          : "slices overlap at their seams, so a translucent colour would darken them"],
                  help: "use `\(c.flattened(over: page).hex)`, which looks the same over \(over)")
        }
        translucent.removeAll()
    }

    /// `800ms` / `0.8s` -> milliseconds.
    mutating func duration(_ node: YAMLNode, _ key: KeySpec, path: @autoclosure () -> String) -> Double? {
        guard case .duration(let maxMs) = key.kind else { return nil }
        guard let s = scalar(node, expected: "a duration", path: path()) else { return nil }
        var text = s.value
        var factor = 1.0
        if text.hasSuffix("ms") { text.removeLast(2) } else if text.hasSuffix("s") { text.removeLast(); factor = 1000 } else {
            let help = Lowering.isPlainDecimal(text) ? "add a unit: `\(text)ms` or `\(text)s`" : "write e.g. `800ms` or `0.8s`"
            error(SpecDiagnostics.badDuration, "`\(path())` needs a unit, found `\(sanitized(s.value))`", at: s.range, help: help)
            return nil
        }
        guard Lowering.isPlainDecimal(text), !text.hasPrefix("-"), let v = Lowering.decimalValue(text) else {
            error(SpecDiagnostics.badDuration, "`\(path())` is not a duration: `\(sanitized(s.value))`", at: s.range, help: "write e.g. `800ms` or `0.8s`")
            return nil
        }
        let ms = v * factor
        guard ms <= maxMs else {
            error(SpecDiagnostics.outOfRange, "`\(path())` must be at most \(formatNumber(maxMs / 1000))s, found \(s.value)", at: s.range)
            return nil
        }
        return ms
    }

    mutating func easing(_ node: YAMLNode, path: @autoclosure () -> String) -> Easing? {
        guard let s = scalar(node, expected: "an easing", path: path()) else { return nil }
        if let named = Easing.named.first(where: { $0.0 == s.value }) { return named.1 }
        let names = Easing.named.map(\.0)
        if s.value.hasPrefix("cubic-bezier(") && s.value.hasSuffix(")") {
            let inner = s.value.dropFirst("cubic-bezier(".count).dropLast()
            let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map { String($0.filter { $0 != " " }) }
            let values = parts.compactMap { Lowering.isPlainDecimal($0) ? Lowering.decimalValue($0) : nil }
            if parts.count == 4, values.count == 4, (0...1).contains(values[0]), (0...1).contains(values[2]),
               abs(values[1]) <= 10, abs(values[3]) <= 10 {
                let css = "cubic-bezier(" + values.map { formatNumber($0, decimals: 4) }.joined(separator: ",") + ")"
                return Easing(css: css, x1: values[0], y1: values[1], x2: values[2], y2: values[3])
            }
            error(SpecDiagnostics.badEasing, "`\(path())` has an invalid cubic-bezier: `\(sanitized(s.value))`", at: s.range,
                  help: "cubic-bezier takes four plain numbers; the first and third between 0 and 1")
            return nil
        }
        error(SpecDiagnostics.badEasing, "`\(path())` is not an easing: `\(sanitized(s.value))`", at: s.range,
              help: Suggestions.didYouMean(s.value, among: names) ?? "use one of \(names.map { "`\($0)`" }.joined(separator: ", ")) or `cubic-bezier(x1, y1, x2, y2)`")
        return nil
    }

    mutating func identifier(_ node: YAMLNode, _ key: KeySpec, path: @autoclosure () -> String) -> String? {
        guard case .identifier(let allowUnderscore) = key.kind else { return nil }
        guard let s = scalar(node, expected: "an id", path: path()) else { return nil }
        guard Lowering.isIdentifier(s.value, allowUnderscore: allowUnderscore) else {
            let slug = Lowering.slug(s.value, allowUnderscore: allowUnderscore)
            let allowed = allowUnderscore ? "[a-z0-9][a-z0-9_-]*" : "[a-z0-9-] beginning and ending with a letter or digit"
            error(SpecDiagnostics.badIdentifier, "`\(path())` must match \(allowed) (at most 64 characters), found `\(sanitized(s.value))`",
                  at: s.range, help: slug.isEmpty ? nil : "try `\(slug)`")
            return nil
        }
        return s.value
    }

    /// A slice id (`allowUnderscore`): `[a-z0-9][a-z0-9_-]*`; a chart id names the bundle folder
    /// and is what `BundleID.isValid` accepts: `[a-z0-9-]`, not ending with `-` either.
    static func isIdentifier(_ s: String, allowUnderscore: Bool) -> Bool {
        let u = Array(s.utf8)
        guard !u.isEmpty, u.count <= 64 else { return false }
        if !allowUnderscore, u.last == 45 { return false }
        for (i, c) in u.enumerated() {
            let alnum = (97...122).contains(c) || (48...57).contains(c)
            if i == 0 { if !alnum { return false } } else if !(alnum || c == 45 || (allowUnderscore && c == 95)) { return false }
        }
        return true
    }

    /// Lowercase ASCII letters and digits; every other run becomes one `-`; trimmed; <= 64.
    public static func slug(_ s: String, allowUnderscore: Bool = false) -> String {
        var out: [UInt8] = []
        var pendingDash = false
        // ASCII needs no Unicode case mapping (`İ` and the Kelvin sign lower to ASCII letters).
        let lowered = s.utf8.allSatisfy { $0 < 0x80 } ? s : s.lowercased()
        for var c in lowered.utf8 {
            if c >= 65 && c <= 90 { c += 32 }
            let keep = (97...122).contains(c) || (48...57).contains(c) || (allowUnderscore && c == 95 && !out.isEmpty)
            if keep {
                if pendingDash && !out.isEmpty { out.append(45) }
                pendingDash = false
                out.append(c)
            } else {
                pendingDash = true
            }
            if out.count >= 64 { break }
        }
        while out.last == 45 || out.last == 95 { out.removeLast() }
        return String(decoding: out.prefix(64), as: UTF8.self)
    }
}
