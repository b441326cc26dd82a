import PieJSON

/// The layers whose elements may be named their keyframes once, by one selector for the whole
/// layer (`.p-sep>*{animation-name:...}`) instead of one selector per element.
enum MotionLayer: Int {
    /// Motion dashes and extensions: every circle of the motion layer (pattern masks' copies
    /// of a dash included).
    case dashes
    /// Separators: the children of `.p-sep`.
    case separators
    /// Inside labels: the turning groups, and their texts.
    case labels, labelTexts

    /// The layer's selector. Its specificity must not exceed an element's own (`.p-m3`,
    /// `.p-b3`, `.p-l3`, `.p-l3>text`), so an element named on its own, after it, wins;
    /// `.p-mo circle` would outrank `.p-m3`, so with exceptions it is zeroed by `:where()`.
    func selector(exceptions: Bool) -> StaticString {
        switch self {
        case .dashes: exceptions ? ":where(.p-mo circle)" : ".p-mo circle"
        case .separators: ".p-sep>*"
        case .labels: ".p-lb>*"
        case .labelTexts: ".p-lb text"
        }
    }
}

/// The `animation-name` rules of a uniform plan's shared keyframes: per layer, the keyframes
/// most of its elements run are named once for the layer; every other element is listed with
/// its keyframes (one rule per keyframes, in order of first use), and an element of such a
/// layer that does not animate gets `none` unless running the layer's keyframes without
/// values of its own leaves it in place (`SharedKeyframes.harmlessWithoutValues`).
enum AnimationNames {
    static func write(_ parts: [StyleWriter.Part], _ shared: SharedKeyframes, scope: String, into out: inout ByteWriter) {
        let layerCount = 4
        var counts = [[Int]](repeating: [Int](repeating: 0, count: shared.groups.count), count: layerCount)
        for (k, p) in parts.enumerated() {
            if let layer = p.layer, let g = shared.groupOf[k] { counts[layer.rawValue][g] += 1 }
        }
        // The layer's keyframes: the most used, when two elements or more use it.
        let named: [Int?] = counts.map { c in
            guard let best = c.indices.max(by: { c[$0] < c[$1] || (c[$0] == c[$1] && $0 > $1) }), c[best] >= 2 else { return nil }
            return best
        }
        var listed = [[String]](repeating: [], count: shared.groups.count + 1)
        var order: [Int] = []
        var exceptions = [Bool](repeating: false, count: layerCount)
        for (k, p) in parts.enumerated() {
            let layerName = p.layer.flatMap { named[$0.rawValue] }
            let g: Int
            if let own = shared.groupOf[k] {
                if own == layerName { continue }
                g = own
            } else {
                guard let layerName, !shared.harmlessWithoutValues(layerName) else { continue }
                g = shared.groups.count   // `none`
            }
            if let layer = p.layer { exceptions[layer.rawValue] = true }
            if listed[g].isEmpty { order.append(g) }
            listed[g].append(p.selector)
        }
        for layer in [MotionLayer.dashes, .separators, .labels, .labelTexts] {
            guard let g = named[layer.rawValue] else { continue }
            out.raw(layer.selector(exceptions: exceptions[layer.rawValue]))
            name(g, scope: scope, into: &out)
        }
        for g in order {
            out.raw(listed[g].joined(separator: ","))
            if g == shared.groups.count {
                out.raw("{animation-name:none}\n")
            } else {
                name(g, scope: scope, into: &out)
            }
        }
    }

    private static func name(_ g: Int, scope: String, into out: inout ByteWriter) {
        out.raw("{animation-name:")
        out.raw(scope)
        out.raw("-k")
        out.int(g)
        out.raw("}\n")
    }
}
