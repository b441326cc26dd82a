import PieJSON

/// `labels`: one mapping of the labels table, or a list of label layers, each such a mapping.
extension KeySpec {
    /// The `labels` key: a mapping fills `ChartSpec.labels` (as a `section` does, its
    /// canonical form the same object); a list fills `ChartSpec.labelLayers` (and `labels`
    /// with its first layer) and its canonical form is the list, one object per layer.
    static func labelLayers(_ name: String, _ table: KeyTable, _ doc: String) -> KeySpec {
        KeySpec(name: name, kind: .objectOrList(table), required: false, defaultValue: nil, change: .silent, doc: doc,
                bound: ChartSpec.bound(KeyBinding(
                    lower: { l, node, _, _, spec in l.lowerLabelLayers(node, table, into: &spec) },
                    json: { spec in
                        spec.labelLayers.isEmpty ? .object(table.canonical(spec.labels))
                            : .array(spec.labelLayers.map { .object(table.canonical($0)) })
                    }, omitDefault: false,
                    write: { p, name, j in
                        if p.pointee.labelLayers.isEmpty {
                            j.key(name)
                            withUnsafePointer(to: p.pointee.labels) { table.writeCanonical($0, into: &j) }
                        } else {
                            table.writeCanonicalList(p.pointee.labelLayers, named: name, into: &j)
                        }
                    })))
    }
}
