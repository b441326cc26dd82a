import PieDiagnostics

/// Where the `&anchor` and `!tag` of a node are written. libyaml gives their values but not
/// their positions: a node's start mark is at its first property, so the tokens are found by
/// reading the source from there (each property is one token without spaces).
struct PropertySpans {
    var anchor: SourceRange?
    var tag: SourceRange?
    /// The tag exactly as written (`!!str`, not the resolved `tag:yaml.org,2002:str`).
    var tagText: String = ""

    /// Reads at most two properties starting at the cursor's byte offset `start`.
    static func find(fromByte start: Int, cursor: inout SourceCursor) -> PropertySpans {
        var spans = PropertySpans()
        var i = start
        for _ in 0..<2 {
            while let b = cursor.byte(at: i), b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1 }
            guard let first = cursor.byte(at: i), first == UInt8(ascii: "&") || first == UInt8(ascii: "!") else {
                break
            }
            let end = tokenEnd(from: i, verbatim: first == UInt8(ascii: "!") && cursor.byte(at: i + 1) == UInt8(ascii: "<"),
                               cursor: cursor)
            let range = SourceRange(start: cursor.location(ofByte: i), end: cursor.location(ofByte: end))
            if first == UInt8(ascii: "&") {
                spans.anchor = range
            } else {
                spans.tag = range
                spans.tagText = cursor.text(fromByte: i, toByte: end)
            }
            i = end
        }
        return spans
    }

    /// A property ends at whitespace or a flow indicator; a verbatim tag `!<...>` at its `>`.
    private static func tokenEnd(from start: Int, verbatim: Bool, cursor: SourceCursor) -> Int {
        var i = start + 1
        while let b = cursor.byte(at: i) {
            if verbatim {
                i += 1
                if b == UInt8(ascii: ">") { break }
                continue
            }
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { break }
            if b == UInt8(ascii: ",") || b == UInt8(ascii: "[") || b == UInt8(ascii: "]")
                || b == UInt8(ascii: "{") || b == UInt8(ascii: "}") { break }
            i += 1
        }
        return i
    }
}
