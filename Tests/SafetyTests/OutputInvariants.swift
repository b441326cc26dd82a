// Shared by Tests/SafetyTests and the fuzz targets (Fuzz/Sources/FuzzSupport links here).
// Standard library only: the fuzzer runs it on every input.

/// Safety and well-formedness checks on generated bundle files. Each check returns nil when the
/// bytes are fine, else a short description of the first violation.
///
/// The markup walk is a strict, small XML tokenizer: every `<` in the output must start a real
/// tag (user text is escaped), tags must nest and close, attribute values must be quoted and
/// every `&` must start a well-formed reference. On top of that it denies what a chart never
/// needs and an attacker would want: script-capable or referencing elements, event handler and
/// reference attributes, and `url(` / `@import` / `expression(` in CSS.
public enum OutputInvariants {
    /// Elements that run script, embed other documents or reference resources (lowercased).
    static let deniedElements: Set<String> = [
        "script", "foreignobject", "iframe", "object", "embed", "use", "image", "img", "a", "link",
        "base", "form", "input", "button", "animate", "animatemotion", "animatetransform", "set",
        "feimage", "handler", "listener", "audio", "video", "source", "track", "frame", "frameset",
        "portal", "template", "slot", "noscript", "discard", "mpath", "tref", "cursor",
    ]
    /// Attributes that reference a resource or change the base URL (lowercased).
    static let deniedAttributes: Set<String> = [
        "href", "src", "srcset", "action", "formaction", "base", "background", "poster", "data",
        "codebase", "http-equiv", "ping", "content-security-policy",
    ]
    /// HTML elements written without an end tag when not self-closed.
    static let htmlVoid: Set<String> = ["meta", "br", "hr", "col", "wbr", "area", "param"]

    /// The first violation in an SVG document or an HTML page, or nil.
    public static func checkMarkup(_ bytes: [UInt8], html: Bool) -> String? {
        if let problem = checkText(bytes) { return problem }
        var scanner = MarkupScanner(bytes: bytes, html: html)
        return scanner.run()
    }

    /// The first violation in a stylesheet (chart.css or the content of a `<style>`), or nil.
    public static func checkCSS(_ bytes: [UInt8]) -> String? {
        if bytes.contains(0x3C) { return "`<` inside CSS" }  // could close the <style> element
        if bytes.contains(0x5C) { return "a backslash escape inside CSS" }
        var depth = 0
        for b in bytes {
            if b == 0x7B { depth += 1 }
            if b == 0x7D { depth -= 1; if depth < 0 { return "unbalanced `}` in CSS" } }
        }
        if depth != 0 { return "unbalanced `{` in CSS" }
        if hasForeignURL(bytes) { return "`url(` in CSS" }
        for needle in ["@import", "expression(", "javascript:", "@font-face", "image-set(", "-moz-binding", "behavior:"] {
            if containsFolded(bytes, needle) { return "`\(needle)` in CSS" }
        }
        return nil
    }

    /// Whether `bytes` hold a `url(` that is not a reference to a fragment of the same
    /// document with a generated id: only `url(#piec-[a-z0-9-]+)` passes (masks and pattern
    /// fills), which loads nothing.
    public static func hasForeignURL(_ bytes: [UInt8]) -> Bool {
        let needle = Array("url(".utf8)
        var i = 0
        while i + needle.count <= bytes.count {
            var j = 0
            while j < needle.count, lower(bytes[i + j]) == needle[j] { j += 1 }
            guard j == needle.count else { i += 1; continue }
            var k = i + needle.count
            let prefix = Array("#piec-".utf8)
            guard k + prefix.count <= bytes.count, Array(bytes[k..<(k + prefix.count)]) == prefix else { return true }
            k += prefix.count
            let start = k
            while k < bytes.count, (bytes[k] >= 0x61 && bytes[k] <= 0x7A) || (bytes[k] >= 0x30 && bytes[k] <= 0x39) || bytes[k] == 0x2D {
                k += 1
            }
            guard k > start, k < bytes.count, bytes[k] == 0x29 else { return true }
            i = k + 1
        }
        return false
    }

    /// Valid UTF-8 with only characters XML 1.0 allows.
    public static func checkText(_ bytes: [UInt8]) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return "invalid UTF-8" }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: continue
            default: return "character U+\(String(scalar.value, radix: 16, uppercase: true)) is not allowed in XML"
            }
        }
        return nil
    }

    /// Whether `haystack` contains `needle` (ASCII), ignoring ASCII case.
    public static func containsFolded(_ haystack: [UInt8], _ needle: String) -> Bool {
        let n = Array(needle.lowercased().utf8)
        guard !n.isEmpty, haystack.count >= n.count else { return false }
        var i = 0
        while i + n.count <= haystack.count {
            var j = 0
            while j < n.count, lower(haystack[i + j]) == n[j] { j += 1 }
            if j == n.count { return true }
            i += 1
        }
        return false
    }

    static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 32 : b }
}
