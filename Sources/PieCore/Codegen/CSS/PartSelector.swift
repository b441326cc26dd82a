import PieJSON

/// The selector of one animated part, `.<prefix><index><suffix>` (`.p-m12`, `.p-b3>path`)
/// of a `ClassPrefix` written with an index,
/// written straight into a style sheet: a chart of 100,000 slices formats no String per part,
/// and a part whose selector is not written (the first pass over the parts) costs nothing.
struct PartSelector: CustomStringConvertible {
    var prefix: StaticString
    var index: Int
    var suffix: StaticString = ""

    init(_ prefix: StaticString, _ index: Int, _ suffix: StaticString = "") {
        self.prefix = prefix
        self.index = index
        self.suffix = suffix
    }

    func write(into w: inout ByteWriter) {
        w.raw(".")
        w.raw(prefix)
        w.int(index)
        if suffix.utf8CodeUnitCount > 0 { w.raw(suffix) }
    }

    var description: String { ".\(prefix)\(index)\(suffix)" }
}
