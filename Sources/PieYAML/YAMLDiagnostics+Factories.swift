import PieDiagnostics

/// One factory per rejection, so wording lives in one place.
extension YAMLDiagnostics {
    static func anchor(_ name: String, at range: SourceRange) -> Diagnostic {
        .error(anchorOrAlias, "anchors and aliases are not supported in piec specs", at: range,
               help: "remove `&\(name)` and write the value out in full wherever it is needed")
    }

    static func alias(_ name: String, at range: SourceRange) -> Diagnostic {
        .error(anchorOrAlias, "anchors and aliases are not supported in piec specs", at: range,
               help: "replace `*\(name)` with the value itself")
    }

    static func tag(_ written: String, onScalar: Bool, at range: SourceRange) -> Diagnostic {
        .error(explicitTag, "explicit tag `\(written)` is not supported in piec specs", at: range,
               help: onScalar
                   ? "remove the tag: values are typed by their key (quote a value to keep it text)"
                   : "remove the tag")
    }

    static func merge(at range: SourceRange) -> Diagnostic {
        .error(mergeKey, "merge keys (`<<`) are not supported in piec specs", at: range,
               help: "write the keys out in this mapping instead of merging another one")
    }

    static func complex(_ kind: String, at range: SourceRange) -> Diagnostic {
        .error(complexKey, "\(kind) cannot be used as a key in piec specs", at: range,
               help: "use a plain name such as `label` as the key")
    }

    static func duplicate(_ key: YAMLScalar, first: SourceRange) -> Diagnostic {
        .error(duplicateKey, "duplicate key `\(displayed(key.value))`", at: key.range,
               labels: [DiagnosticLabel(range: first, message: "first defined here")],
               help: "keep the entry you mean and delete the other")
    }

    static func secondDocument(at range: SourceRange) -> Diagnostic {
        .error(multipleDocuments, "a spec file must contain exactly one yaml document", at: range,
               notes: ["`---` starts a second document"],
               help: "put each chart in its own file")
    }

    static func commentWithoutSpace(after what: String, at range: SourceRange) -> Diagnostic {
        .error(syntax, "`#` right after \(what) does not start a comment", at: range,
               help: "put a space before `#`: YAML starts a comment only after white space, e.g. `title: \"Share\" # note`")
    }

    static func underIndented(_ what: String, holder: String, needed: Int, at range: SourceRange, start: SourceRange) -> Diagnostic {
        .error(syntax, "this line continues \(what) but is not indented more than \(holder)", at: range,
               labels: [DiagnosticLabel(range: start, message: "the \(what.dropFirst(2)) starts here")],
               help: "indent the line by at least \(needed) space\(needed == 1 ? "" : "s"), or keep the \(what.dropFirst(2)) on one line: YAML continues it only on lines indented more than \(holder)")
    }

    /// At 1:1 (a point), so every format places it: an empty file has no other position.
    static func empty() -> Diagnostic {
        .error(emptySpec, "the spec is empty", at: .point(SourceLocation(line: 1, column: 1)),
               help: "a minimal spec is:\n    piec: 1\n    title: Languages\n    slices:\n      - { label: Swift, value: 42 }")
    }

    static func depth(limit: Int, at range: SourceRange) -> Diagnostic {
        .error(tooDeep, "nesting is deeper than the limit of \(limit) levels", at: range,
               help: "flatten the structure: a spec needs only a few levels of nesting")
    }

    static func nodes(limit: Int, at range: SourceRange) -> Diagnostic {
        .error(tooManyNodes, "the document has more than \(limit) nodes", at: range,
               help: "split the chart, group small slices with `chart.other`, or raise the limit with `--max-slices N`")
    }

    static func scalarLength(_ bytes: Int, limit: Int, at range: SourceRange) -> Diagnostic {
        .error(scalarTooLong, "value is \(bytes) bytes long, more than the limit of \(limit) bytes", at: range,
               help: "shorten the text")
    }

    /// A key as shown in a message: one line, at most 40 characters.
    static func displayed(_ text: String) -> String {
        var out = ""
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == 40 { return out + "…" }
            out.unicodeScalars.append(scalar.value < 0x20 ? " " : scalar)
        }
        return out
    }
}
