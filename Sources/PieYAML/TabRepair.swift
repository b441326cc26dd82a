/// Tabs that YAML 1.2 allows but libyaml 0.2.5 rejects ("tab character used for indentation"):
/// in a line that holds only blanks (editors leave such lines), and in the separation after a
/// block sequence's `-` (`-\tvalue`). YAML 1.2 reads both as separation white space
/// (productions `l-empty`/`s-separate-in-line` and `s-l+block-indented`), so replacing each such
/// tab by a space changes no value and no location: the byte count, libyaml's scalar index and
/// column stay the same, so every mark still fits the original file.
///
/// `YAMLParser` applies it only after libyaml has failed on a tab, and keeps the result only if
/// no scalar covers a replaced tab (inside a block scalar a tab is content, and inside any
/// multi-line scalar YAML's rules for such lines differ): there it reports libyaml's error.
struct TabRepair {
    /// The input with the tabs replaced.
    var bytes: [UInt8]
    /// libyaml mark indexes (Unicode scalars from the start) of the replaced tabs, ascending.
    var indexes: [Int]

    /// nil when there is no such tab.
    static func repaired(_ input: [UInt8]) -> TabRepair? {
        var bytes = input
        var indexes: [Int] = []
        // Scalar index of `i`; a byte order mark counts as one (`LibYAMLParser`).
        var index = 0
        var i = 0
        let n = bytes.count
        while i < n {
            // One line: [i, end).
            var end = i
            while end < n, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            let lineIndex = index
            var replaced: [Int] = []
            var j = i
            while j < end, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
            if j == end {
                // Only blanks: every tab is separation.
                for k in i..<end where bytes[k] == 0x09 { replaced.append(k) }
            } else {
                // Block sequence indicators at the start of the line (`- `, `- - `, `-\t`):
                // the blanks after each `-` are separation. Only spaces may come before the first.
                var k = i
                while k < end, bytes[k] == 0x20 { k += 1 }
                while k + 1 < end, bytes[k] == UInt8(ascii: "-"), bytes[k + 1] == 0x20 || bytes[k + 1] == 0x09 {
                    k += 1
                    while k < end, bytes[k] == 0x20 || bytes[k] == 0x09 {
                        if bytes[k] == 0x09 { replaced.append(k) }
                        k += 1
                    }
                }
            }
            // Scalar indexes: every byte of the line up to a replaced tab is ASCII or part of a
            // multi-byte character; count lead bytes only.
            if !replaced.isEmpty {
                var idx = lineIndex
                var p = i
                for r in replaced {
                    while p < r { if bytes[p] & 0xC0 != 0x80 { idx += 1 }; p += 1 }
                    bytes[r] = 0x20
                    indexes.append(idx)
                }
            }
            for p in i..<end where bytes[p] & 0xC0 != 0x80 { index += 1 }
            // The line break: CRLF counts as two scalars, like any other pair of characters.
            i = end
            if i < n { index += 1; i += 1 }
        }
        return indexes.isEmpty ? nil : TabRepair(bytes: bytes, indexes: indexes)
    }

    /// Whether a replaced tab lies in the libyaml index range `start..<end`.
    func touches(start: Int, end: Int) -> Bool {
        var lo = 0, hi = indexes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if indexes[mid] < start { lo = mid + 1 } else { hi = mid }
        }
        return lo < indexes.count && indexes[lo] < end
    }
}
