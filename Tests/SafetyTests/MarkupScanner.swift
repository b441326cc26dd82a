// Shared by Tests/SafetyTests and the fuzz targets (Fuzz/Sources/FuzzSupport links here).

/// A strict tokenizer for the markup piec writes: tags, quoted attributes, references, the
/// content of `<style>` (checked as CSS), comments, one doctype or XML declaration. Linear.
struct MarkupScanner {
    let bytes: [UInt8]
    let html: Bool
    var i = 0
    var stack: [String] = []
    var roots = 0

    init(bytes: [UInt8], html: Bool) {
        self.bytes = bytes
        self.html = html
    }

    /// Walks the whole document; the first violation, or nil.
    mutating func run() -> String? {
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "<") {
                if let problem = markup() { return problem }
            } else if b == UInt8(ascii: "&") {
                if let problem = reference() { return problem }
            } else {
                if stack.isEmpty, !isSpace(b) { return "text outside the root element at byte \(i)" }
                if b == UInt8(ascii: ">"), i >= 2, bytes[i - 1] == UInt8(ascii: "]"), bytes[i - 2] == UInt8(ascii: "]") {
                    return "`]]>` in text at byte \(i)"
                }
                i += 1
            }
        }
        if let open = stack.last { return "element <\(open)> is never closed" }
        return roots == 1 ? nil : "\(roots) root elements"
    }

    private mutating func markup() -> String? {
        if starts("<!--") { return skip(past: "-->", what: "comment") }
        if starts("<?") {
            guard i == 0 else { return "processing instruction after the start at byte \(i)" }
            return skip(past: "?>", what: "declaration")
        }
        if starts("<!") {
            guard stack.isEmpty, roots == 0, startsFolded("<!doctype ") else { return "markup declaration at byte \(i)" }
            return skip(past: ">", what: "doctype")
        }
        if starts("</") { return endTag() }
        return startTag()
    }

    private mutating func endTag() -> String? {
        i += 2
        let name = readName()
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { return "malformed end tag </\(name)> at byte \(i)" }
        i += 1
        guard let open = stack.popLast() else { return "end tag </\(name)> without a start tag" }
        return open == name ? nil : "end tag </\(name)> closes <\(open)>"
    }

    private mutating func startTag() -> String? {
        i += 1
        let name = readName()
        guard !name.isEmpty else { return "`<` that starts no tag at byte \(i - 1)" }
        if let problem = Self.deniedName(name, in: OutputInvariants.deniedElements) { return "element <\(problem)>" }
        if stack.isEmpty { roots += 1 }
        while true {
            let hadSpace = skipSpace()
            guard i < bytes.count else { return "unterminated tag <\(name)>" }
            if bytes[i] == UInt8(ascii: ">") {
                i += 1
                return opened(name, selfClosed: false)
            }
            if starts("/>") {
                i += 2
                return opened(name, selfClosed: true)
            }
            guard hadSpace else { return "no space before an attribute of <\(name)> at byte \(i)" }
            if let problem = attribute(of: name) { return problem }
        }
    }

    private mutating func opened(_ name: String, selfClosed: Bool) -> String? {
        if selfClosed { return nil }
        if html, OutputInvariants.htmlVoid.contains(name.lowercased()) {
            return "void element <\(name)> is not self-closed (not well-formed XML)"
        }
        if name.lowercased() == "style" { return styleContent() }
        stack.append(name)
        return nil
    }

    private mutating func attribute(of element: String) -> String? {
        let name = readName()
        guard !name.isEmpty else { return "malformed attribute in <\(element)> at byte \(i)" }
        let lowered = name.lowercased()
        if lowered.hasPrefix("on") { return "event attribute \(name) on <\(element)>" }
        if let denied = Self.deniedName(name, in: OutputInvariants.deniedAttributes) { return "attribute \(denied) on <\(element)>" }
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return "attribute \(name) without a value" }
        i += 1
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
            return "unquoted value of \(name) on <\(element)>"
        }
        let quote = bytes[i]
        i += 1
        let start = i
        while i < bytes.count, bytes[i] != quote {
            if bytes[i] == UInt8(ascii: "<") { return "`<` in the value of \(name)" }
            if bytes[i] == UInt8(ascii: "&") {
                if let problem = reference() { return problem }
            } else {
                i += 1
            }
        }
        guard i < bytes.count else { return "unterminated value of \(name)" }
        let value = Array(bytes[start..<i])
        i += 1
        if lowered == "style", let problem = OutputInvariants.checkCSS(value) { return "style attribute: \(problem)" }
        // Text attributes (aria-label, aria-description...) carry escaped user text that is
        // never interpreted; every other value must not reference anything.
        if lowered.hasPrefix("aria-") { return nil }
        if OutputInvariants.hasForeignURL(value) { return "`url(` in the value of \(name) on <\(element)>" }
        for needle in ["javascript:", "expression(", "data:"] where OutputInvariants.containsFolded(value, needle) {
            return "`\(needle)` in the value of \(name) on <\(element)>"
        }
        return nil
    }

    /// Raw text up to `</style>`, checked as CSS.
    private mutating func styleContent() -> String? {
        let start = i
        while i < bytes.count, !startsFolded("</style") { i += 1 }
        guard i < bytes.count else { return "<style> is never closed" }
        if let problem = OutputInvariants.checkCSS(Array(bytes[start..<i])) { return "<style>: \(problem)" }
        i += 7
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ">") else { return "malformed </style>" }
        i += 1
        return nil
    }

    /// `&name;`, `&#123;` or `&#x1F;`, naming a character XML allows.
    private mutating func reference() -> String? {
        let start = i
        i += 1
        var body: [UInt8] = []
        while i < bytes.count, bytes[i] != UInt8(ascii: ";"), body.count < 12 {
            body.append(bytes[i])
            i += 1
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: ";"), !body.isEmpty else { return "bare `&` at byte \(start)" }
        i += 1
        let text = String(decoding: body, as: UTF8.self)
        if ["amp", "lt", "gt", "quot", "apos"].contains(text) { return nil }
        var value: UInt32?
        if text.hasPrefix("#x") { value = UInt32(text.dropFirst(2), radix: 16) }
        else if text.hasPrefix("#") { value = UInt32(text.dropFirst(1)) }
        guard let value, let scalar = Unicode.Scalar(value), OutputInvariants.checkText(Array(String(scalar).utf8)) == nil else {
            return "reference &\(text); is not a predefined or allowed character reference"
        }
        return nil
    }

    static func deniedName(_ name: String, in set: Set<String>) -> String? {
        let lowered = name.lowercased()
        let local = lowered.split(separator: ":").last.map(String.init) ?? lowered
        return set.contains(lowered) || set.contains(local) ? name : nil
    }

    private mutating func readName() -> String {
        let start = i
        while i < bytes.count, isNameByte(bytes[i]) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = i
        while i < bytes.count, isSpace(bytes[i]) { i += 1 }
        return i > start
    }

    private mutating func skip(past end: String, what: String) -> String? {
        let e = Array(end.utf8)
        while i < bytes.count {
            if starts(e) { i += e.count; return nil }
            i += 1
        }
        return "unterminated \(what)"
    }

    private func starts(_ s: String) -> Bool { starts(Array(s.utf8)) }
    private func starts(_ s: [UInt8]) -> Bool {
        guard i + s.count <= bytes.count else { return false }
        for k in 0..<s.count where bytes[i + k] != s[k] { return false }
        return true
    }
    private func startsFolded(_ s: String) -> Bool {
        let s = Array(s.utf8)
        guard i + s.count <= bytes.count else { return false }
        for k in 0..<s.count where OutputInvariants.lower(bytes[i + k]) != s[k] { return false }
        return true
    }
    private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }
    private func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
            || b == 0x2D || b == 0x5F || b == 0x3A || b == 0x2E
    }
}
