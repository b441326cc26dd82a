import PieDiagnostics

/// The codes the YAML front end emits (E0101-E0116) and their `piec explain` texts.
/// The constants let later phases recognise a YAML finding (e.g. skip work after E0112).
public enum YAMLDiagnostics {
    public static let syntax = DiagnosticCode("E0101")
    public static let tabIndentation = DiagnosticCode("E0102")
    public static let unterminatedString = DiagnosticCode("E0103")
    public static let invalidUTF8 = DiagnosticCode("E0104")
    public static let controlCharacter = DiagnosticCode("E0105")
    public static let anchorOrAlias = DiagnosticCode("E0106")
    public static let explicitTag = DiagnosticCode("E0107")
    public static let mergeKey = DiagnosticCode("E0108")
    public static let complexKey = DiagnosticCode("E0109")
    public static let duplicateKey = DiagnosticCode("E0110")
    public static let multipleDocuments = DiagnosticCode("E0111")
    public static let emptySpec = DiagnosticCode("E0112")
    public static let tooDeep = DiagnosticCode("E0113")
    public static let tooManyNodes = DiagnosticCode("E0114")
    public static let scalarTooLong = DiagnosticCode("E0115")
    public static let parserFailure = DiagnosticCode("E0116")

    /// Every code above with its title and long explanation, in code order.
    public static let catalog: [CodeInfo] = [
        CodeInfo("E0101", "yaml syntax error", """
            The spec is not well-formed YAML, so piec cannot read it. The message repeats what \
            the YAML parser expected, and a label points at the construct it was reading.
            A common cause is a value that contains `: ` without quotes:

                title: Ratio: 1

            Quote the value so the second colon is part of the text:

                title: "Ratio: 1"
            """),
        CodeInfo("E0102", "tab character used for indentation", """
            YAML forbids tab characters in indentation: only spaces may indent a line. Editors \
            that insert tabs produce files such as (→ is a tab):

                slices:
                →- label: Swift

            Indent with spaces instead, and configure the editor to insert spaces for `.yaml` \
            files:

                slices:
                  - label: Swift
            """),
        CodeInfo("E0103", "unterminated quoted string", """
            A quoted string starts with `"` or `'` and must end with the same quote. Without \
            the closing quote the string runs on to the end of the file (or to a `---` line):

                title: "Languages
                slices: []

            Close the string on the line where it ends:

                title: "Languages"
            """),
        CodeInfo("E0104", "the file is not valid utf-8", """
            Specs must be UTF-8 text. The file contains a byte sequence that is not UTF-8, \
            usually because it was saved in another encoding (Latin-1, Windows-1252, UTF-16). \
            For example a label `Café` saved as Latin-1 stores `é` as the single byte 0xE9. \
            Re-save the file as UTF-8 (most editors offer "Save with encoding"), or convert it:

                iconv -f latin1 -t utf-8 spec.yaml > spec.utf8.yaml
            """),
        CodeInfo("E0105", "control character in the file", """
            YAML does not allow control characters such as NUL (U+0000), BEL (U+0007) or \
            ESC (U+001B) anywhere in the file, even inside quoted strings; only tab, line feed \
            and carriage return are accepted. They usually come from copy-and-paste or a binary \
            file. Delete the character; if you really need it in a text, write it as an escape \
            inside a double-quoted string:

                label: "bell \\u0007"
            """),
        CodeInfo("E0106", "anchors and aliases are not supported", """
            YAML anchors (`&name`) and aliases (`*name`) let one node be reused elsewhere. piec \
            specs do not support them: every value must be written where it is used, so a \
            reader (and a diff) sees the whole chart. For example:

                slices:
                  - { label: Swift, value: 42, color: &brand "#f05138" }
                  - { label: SwiftUI, value: 12, color: *brand }

            Write the value out in full at each place instead of `&brand` and `*brand`:

                  - { label: SwiftUI, value: 12, color: "#f05138" }

            The aliased value is left out of the spec.
            """),
        CodeInfo("E0107", "explicit tags are not supported", """
            Tags such as `!!str`, `!!int` or `!custom` tell a YAML loader which type to build. \
            piec types every value by the key that holds it, so tags are never needed and are \
            rejected instead of being ignored:

                label: !!str 2024

            A label is always text. To make the intent obvious, quote the value:

                label: "2024"
            """),
        CodeInfo("E0108", "merge keys are not supported", """
            The merge key `<<` copies the entries of another mapping (usually an alias) into \
            the current one:

                slices:
                  - <<: *defaults
                    label: Swift

            piec specs do not support anchors, aliases or merges: write the keys you need in \
            each mapping. The `<<` entry is left out of the spec.
            """),
        CodeInfo("E0109", "complex keys are not supported", """
            YAML allows a mapping or a sequence to be used as a key, for example with the \
            explicit key indicator `?` or a flow collection before a colon:

                [a, b]: 1
                ? { x: 1 }
                : 2

            piec keys are always plain names such as `label` or `innerRadius`. Use a name as \
            the key. The entry is left out of the spec.
            """),
        CodeInfo("E0110", "duplicate key", """
            A key appears twice in the same mapping. Most YAML loaders silently keep the last \
            value, which hides mistakes; piec refuses the spec (it goes on checking the rest of \
            the file with the first value, so each other mistake is still reported once):

                chart:
                  size: 320
                  size: 480

            Keep the entry you mean and delete the other (the label "first defined here" marks \
            the first one).
            """),
        CodeInfo("E0111", "more than one document in the file", """
            A spec file holds exactly one chart, so it must contain one YAML document. A line \
            `---` after the spec starts a second document:

                title: Languages
                slices: [...]
                ---
                title: Revenue

            Put each chart in its own file. A `---` at the very top of the file, before the \
            spec, is allowed.
            """),
        CodeInfo("E0112", "the spec is empty", """
            The file has no content (it is empty, or holds only comments or a bare `---`), so \
            there is no chart to build. A minimal spec looks like:

                piec: 1
                title: Languages
                slices:
                  - { label: Swift, value: 42 }
            """),
        CodeInfo("E0113", "nesting too deep", """
            Mappings and sequences are nested deeper than piec allows (32 levels by default). \
            A real spec needs only a few levels, so this usually means generated or corrupted \
            input such as:

                slices: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]

            piec stops reading at the first level over the limit, to bound the work done on \
            untrusted input. Flatten the structure; a whole spec needs three levels:

                slices: [{ label: Swift, value: 42 }]
            """),
        CodeInfo("E0114", "too many nodes", """
            The document contains more values (scalars, mappings and sequences, keys \
            included) than piec accepts (2,000,000 by default). piec stops reading at the \
            first node over the limit, to bound memory on untrusted input. A chart with that \
            many slices cannot be read anyway: keep the largest slices and group the rest \
            into one "Other" slice:

                chart:
                  other: { maxSlices: 8, label: Other }
            """),
        CodeInfo("E0115", "value too long", """
            One scalar (a key or a value) is longer than piec accepts (65,536 bytes by \
            default), for example a whole document pasted into a description:

                description: |
                  ...70,000 characters...

            Labels and descriptions are meant to be short: shorten the text to a sentence or \
            two. The value is left out of the spec.
            """),
        CodeInfo("E0116", "the yaml parser failed", """
            The YAML parser could not continue for a reason that is not a mistake in the \
            spec, usually because it ran out of memory. The message carries the parser's own \
            words, for example:

                error[E0116]: the yaml parser failed: memory error

            Retry with more memory available. If it happens again with a small spec, report \
            the spec that triggers it.
            """),
    ]
}
