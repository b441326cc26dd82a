import PieDiagnostics
import PieYAML

extension Lowering {
    /// Lowers the mapping `node` by `table` into `root`: each key written, in table order.
    /// False (after one error) when `node` is not a mapping.
    @discardableResult
    mutating func lowerFields<R: KeyRoot>(_ node: YAMLNode, _ table: KeyTable, path: @autoclosure () -> String, into root: inout R,
                                          slice: Int? = nil) -> Bool {
        guard let e = entries(node, table: table, path: path(), slice: slice) else { return false }
        lowerKnown(e, table, into: &root, slice: slice)
        return true
    }

    /// Lowers the known entries `e` of a mapping by `table` into `root`, in table order (one
    /// pass over the entries finds the keys written; only those are visited).
    mutating func lowerKnown<R: KeyRoot>(_ e: KnownEntries, _ table: KeyTable, into root: inout R, slice: Int? = nil) {
        let count = table.keys.count
        withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { entryOf in
            entryOf.initialize(repeating: -1)
            for i in e.list.indices {
                // Unknown keys were reported by `entries`; duplicates never reach the tree.
                if let k = table.index(of: e.list[i].key.value) { entryOf[k] = i }
            }
            for k in 0..<count where entryOf[k] >= 0 {
                let key = table.keys[k]
                guard let b = R.binding(of: key) else { continue }
                b.lower(&self, e.list[entryOf[k]].value, key, KeyPlace(section: table.section, slice: slice, name: key.name), &root)
            }
        }
    }
}
