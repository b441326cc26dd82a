import PieDiagnostics
import PieJSON

extension KeyTable {
    /// The canonical members of this table's mapping in `root`, in table order.
    func canonical<R: KeyRoot>(_ root: R) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(keys.count)
        for i in keys.indices {
            guard let b = R.binding(of: keys[i]), let v = b.json(root), !b.omits(v) else { continue }
            members.append((keys[i].name, v))
        }
        return members
    }

    /// The same members as `canonical`, written as one object straight into `j`: no tree is
    /// built (the manifest of every build holds the canonical spec), and the value at `root` is
    /// read in place, key by key.
    func writeCanonical<R: KeyRoot>(_ root: UnsafePointer<R>, into j: inout JSONStream) {
        j.open("{")
        for key in keys {
            R.binding(of: key)?.write(root, key.name, &j)
        }
        j.close("}")
    }
}

extension KeyTable {
    /// The member `name: [...]` with one canonical object of this table per item, each read in
    /// place; nothing when `items` is empty (a list key's `json` gives nil then).
    func writeCanonicalList<R: KeyRoot>(_ items: [R], named name: String, into j: inout JSONStream) {
        guard !items.isEmpty else { return }
        j.key(name)
        j.open("[")
        items.withUnsafeBufferPointer { items in
            for k in items.indices {
                j.item()
                writeCanonical(items.baseAddress! + k, into: &j)
            }
        }
        j.close("]")
    }
}
