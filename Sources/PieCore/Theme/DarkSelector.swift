/// `--dark-selector SELECTOR`: the page selector a docs host marks its dark theme with (Material
/// for MkDocs `[data-md-color-scheme=slate]`, mdBook `.coal`, `.navy`, `.ayu`), to which an
/// inline chart's dark rules are keyed instead of the reader's system. It is written into the
/// chart's CSS as is, so only a plain selector is accepted: letters, digits, `-_.#*`, spaces,
/// the combinators `>+~`, a comma list, and attribute tests `[name]`, `[name=value]`,
/// `[name="value"]`; no braces, semicolons, `@`, `&`, `<`, backslashes or comments.
public enum DarkSelector {
    public static let maxLength = 200

    /// nil when `text` is a selector piec writes; else what is wrong, in a few words.
    public static func problem(_ text: String) -> String? {
        if text.unicodeScalars.allSatisfy({ $0 == " " }) { return "it is empty" }
        if text.unicodeScalars.count > maxLength { return "it is longer than \(maxLength) characters" }
        var inBrackets = false
        var quote: Unicode.Scalar?
        for s in text.unicodeScalars {
            if let q = quote {
                if s == q { quote = nil } else if !isPlain(s) && s != " " { return "`\(s)` is not allowed in a quoted value" }
                continue
            }
            switch s {
            case "[": if inBrackets { return "`[` inside brackets" }; inBrackets = true
            case "]": if !inBrackets { return "`]` without `[`" }; inBrackets = false
            case "\"", "'": if !inBrackets { return "a quote outside brackets" }; quote = s
            case "=": if !inBrackets { return "`=` outside brackets" }
            case " ", ">", "+", "~", ",": if inBrackets && s != " " { return "`\(s)` inside brackets" }
            case ".", "#", "*", ":": if inBrackets { return "`\(s)` inside brackets" }
            default: if !isPlain(s) { return "`\(s)` is not allowed" }
            }
        }
        if inBrackets { return "`[` without `]`" }
        if quote != nil { return "an unclosed quote" }
        return nil
    }

    private static func isPlain(_ s: Unicode.Scalar) -> Bool {
        (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || s == "-" || s == "_"
    }
}
