/// CommonMark's HTML blocks (spec 0.31, section 4.6) as far as `piec md` needs them: a fence
/// inside one is raw HTML, not a code block. Kind 7 (any other complete tag alone on a line)
/// cannot interrupt a paragraph, so the caller says whether one is open.
enum MarkdownHTMLBlock {
    /// How a block ends: on the line holding one of the strings (kinds 1 to 5), or before the
    /// next blank line (kind 6).
    enum End: Equatable {
        case containing([String])
        case blankLine
    }

    static let rawTags = ["pre", "script", "style", "textarea"]
    static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col", "colgroup",
        "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frame",
        "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link",
        "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search", "section",
        "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul",
    ]

    /// The kind of HTML block `line` starts (up to 3 spaces of indentation), or nil.
    static func start(_ line: ArraySlice<UInt8>, inParagraph: Bool = false) -> End? {
        var i = line.startIndex, indent = 0
        while i < line.endIndex, line[i] == 0x20, indent < 4 { i += 1; indent += 1 }
        guard indent < 4, i < line.endIndex, line[i] == 0x3C else { return nil }
        let rest = String(decoding: line[i...], as: UTF8.self)
        let lower = rest.lowercased()
        for tag in rawTags where lower.hasPrefix("<" + tag) && endsName(lower, after: tag.count + 1, allowSlash: false) {
            return .containing(["</" + tag + ">"])
        }
        if rest.hasPrefix("<!--") { return .containing(["-->"]) }
        if rest.hasPrefix("<?") { return .containing(["?>"]) }
        if rest.hasPrefix("<![CDATA[") { return .containing(["]]>"]) }
        if rest.hasPrefix("<!"), let c = rest.dropFirst(2).first, c.isASCII, c.isLetter { return .containing([">"]) }
        let name = lower.dropFirst(lower.hasPrefix("</") ? 2 : 1).prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        if blockTags.contains(String(name)), endsName(lower, after: (lower.hasPrefix("</") ? 2 : 1) + name.count, allowSlash: true) {
            return .blankLine
        }
        if !inParagraph, isCompleteTag(lower) { return .blankLine }
        return nil
    }

    /// Kind 7: a complete open or closing tag (not of the raw tags) and only spaces after it.
    private static func isCompleteTag(_ s: String) -> Bool {
        var rest = Substring(s.dropFirst())
        let closing = rest.first == "/"
        if closing { rest = rest.dropFirst() }
        guard let first = rest.first, first.isASCII, first.isLetter else { return false }
        let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        // An opening raw tag is kind 1, tested first; `</pre>` is kind 7, as cmark and
        // markdown-it read it.
        if !closing, rawTags.contains(String(name)) { return false }
        rest = rest.dropFirst(name.count)
        var quote: Character?
        while let c = rest.first {
            rest = rest.dropFirst()
            if let q = quote {
                if c == q { quote = nil }
                continue
            }
            if c == ">" { return rest.allSatisfy { $0 == " " || $0 == "\t" } }
            if c == "<" || (closing && c != " " && c != "\t") { return false }
            if c == "\"" || c == "'" { quote = c }
        }
        return false
    }

    /// Whether the tag name ends at `offset`: a space, a tab, the end of the line, `>` (or `/>`).
    private static func endsName(_ s: String, after offset: Int, allowSlash: Bool) -> Bool {
        let tail = s.dropFirst(offset)
        guard let c = tail.first else { return true }
        return c == " " || c == "\t" || c == ">" || (allowSlash && tail.hasPrefix("/>"))
    }

    /// Whether a line of text ends a block of the kinds 1 to 5 (those ended by a blank line
    /// end before it: `MarkdownScanner`).
    static func closes(_ kind: End, _ text: ArraySlice<UInt8>) -> Bool {
        guard case .containing(let ends) = kind else { return false }
        let s = String(decoding: text, as: UTF8.self)
        let hay = ends.contains { $0.hasPrefix("</") } ? s.lowercased() : s
        return ends.contains { hay.contains($0) }
    }
}
