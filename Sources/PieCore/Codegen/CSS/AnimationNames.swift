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
struct AnimationNames {
    private static let layerCount = 4
    /// Parts of each layer per keyframes group (pass 1, `count`).
    private var counts = [[Int]](repeating: [], count: layerCount)
    /// Per layer, the keyframes named once for the layer (`settle`).
    private var named: [Int?] = []
    /// The selectors of every other element, per keyframes (the last: `none`), and the order
    /// of their rules (pass 2, `list`).
    private var listed: [[PartSelector]] = []
    private var order: [Int] = []
    private var exceptions = [Bool](repeating: false, count: layerCount)
    private var noneGroup = 0

    /// Pass 1: one part of `layer` runs `group`.
    mutating func count(_ layer: MotionLayer?, group: Int?) {
        guard let layer, let group else { return }
        if counts[layer.rawValue].count <= group { counts[layer.rawValue] += [Int](repeating: 0, count: group + 1 - counts[layer.rawValue].count) }
        counts[layer.rawValue][group] += 1
    }

    /// After pass 1: each layer's keyframes, the most used when two elements or more use it.
    mutating func settle(_ shared: SharedKeyframes) {
        named = counts.map { c in
            guard let best = c.indices.max(by: { c[$0] < c[$1] || (c[$0] == c[$1] && $0 > $1) }), c[best] >= 2 else { return nil }
            return best
        }
        noneGroup = shared.groups.count
        listed = [[PartSelector]](repeating: [], count: noneGroup + 1)
    }

    /// Pass 2: part `p` (of `group`), in order.
    mutating func list(_ p: StyleWriter.Part, group: Int?, _ shared: SharedKeyframes) {
        let layerName = p.layer.flatMap { named[$0.rawValue] }
        let g: Int
        if let own = group {
            if own == layerName { return }
            g = own
        } else {
            guard let layerName, !shared.harmlessWithoutValues(layerName) else { return }
            g = noneGroup   // `none`
        }
        if let layer = p.layer { exceptions[layer.rawValue] = true }
        if listed[g].isEmpty { order.append(g) }
        listed[g].append(p.selector)
    }

    func write(scope: String, into out: inout ByteWriter) {
        for layer in [MotionLayer.dashes, .separators, .labels, .labelTexts] {
            guard let g = named[layer.rawValue] else { continue }
            out.raw(layer.selector(exceptions: exceptions[layer.rawValue]))
            Self.name(g, scope: scope, into: &out)
        }
        for g in order {
            for (k, selector) in listed[g].enumerated() {
                if k > 0 { out.raw(",") }
                selector.write(into: &out)
            }
            if g == noneGroup {
                out.raw("{")
                KeyframesWriter.noAnimation(into: &out)
                out.raw("}\n")
            } else {
                Self.name(g, scope: scope, into: &out)
            }
        }
    }

    private static func name(_ g: Int, scope: String, into out: inout ByteWriter) {
        out.raw("{")
        KeyframesWriter.animationName(KeyframesName(scope, "k", g), into: &out)
        out.raw("}\n")
    }
}
