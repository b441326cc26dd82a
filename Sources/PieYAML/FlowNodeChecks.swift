import PieDiagnostics

/// Two rules of YAML 1.2 that libyaml 0.2.5 does not enforce, checked on the marks of each
/// quoted scalar and flow collection (libyaml accepts both, so the tree is kept):
///
/// - A comment needs white space before its `#` (`s-b-comment`): `title: "Share"# c` is not a
///   string followed by a comment but an error.
/// - A quoted string or a flow collection that goes on over several lines is continued only
///   on lines indented more than the block collection holding it (`s-flow-line-prefix(n)`):
///   more than its key, or than its `-`. Blank lines may be indented less, and in a flow
///   collection so may comment lines. (YAML test suite: QB6E, 9C9N, SU5Z.)
extension TreeBuilder {
    mutating func checkFlowNode(_ what: String, start: SourceLocation, end: SourceLocation, endIndex: Int, parent: Frame?) {
        let endByte = cursor.byteOffset(ofIndex: endIndex)
        if cursor.byte(at: endByte) == UInt8(ascii: "#") {
            diagnostics.append(YAMLDiagnostics.commentWithoutSpace(after: what, at: characterRange(atByte: endByte)))
        }
        // Only a node held by a block collection: inside a flow collection the outermost one
        // is checked; a root node may be continued at any indentation.
        guard end.line > start.line, let parent, !parent.flow else { return }
        let bytes = file.bytes
        // Spaces before the holder (a byte order mark counts as a column of line 1 but indents nothing).
        var holderColumn = parent.start.column - 1
        if parent.start.line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { holderColumn -= 1 }
        for line in (start.line + 1)...min(end.line, file.lineCount) {
            var i = file.lineStarts[line - 1]
            let lineStart = i
            while i < bytes.count, bytes[i] == 0x20 { i += 1 }
            let spaces = i - lineStart
            if spaces > holderColumn { continue }
            var j = i
            while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
            if j >= bytes.count || bytes[j] == 0x0A || bytes[j] == 0x0D { continue }  // a blank line
            if !what.hasPrefix("a single"), !what.hasPrefix("a double"), bytes[j] == UInt8(ascii: "#") { continue }
            let at = SourceLocation(line: line, column: spaces + 1)
            diagnostics.append(YAMLDiagnostics.underIndented(
                what, holder: parent.kind == .mapping ? "its key" : "its `-`", needed: holderColumn + 1,
                at: SourceRange(start: at, end: SourceLocation(line: line, column: spaces + 2)),
                start: SourceRange(start: start, end: SourceLocation(line: start.line, column: start.column + 1))))
            return
        }
    }
}
