import PieDiagnostics

/// An open mapping or sequence on the builder's stack.
struct Frame {
    enum Kind { case mapping, sequence }
    /// What a mapping waits for: a key, the value of an accepted key, or a value to drop.
    enum Pending {
        case key
        case value(YAMLScalar)
        case skipValue
    }

    /// Mappings up to this size find duplicate keys by a linear scan (no dictionary).
    static let linearKeyLimit = 8

    let kind: Kind
    let start: SourceLocation
    let flow: Bool
    /// End of the last child so far (the end of a block collection).
    var lastEnd: SourceLocation
    var items: [YAMLNode] = []
    var entries: [YAMLEntry] = []
    var pending = Pending.key
    /// Keys whose value was rejected: still keys, so a second one is a duplicate.
    var droppedKeys: [YAMLScalar] = []
    /// Key -> index in `entries`, built once a mapping outgrows `linearKeyLimit`.
    var keyIndex: [String: Int]?

    init(kind: Kind, start: SourceLocation, flow: Bool) {
        self.kind = kind
        self.start = start
        self.flow = flow
        lastEnd = start
        // Spec mappings rarely have fewer keys: one allocation instead of three.
        if kind == .mapping { entries.reserveCapacity(4) }
    }

    /// The first key spelled `value` in this mapping, if any.
    mutating func firstKey(_ value: String) -> YAMLScalar? {
        if keyIndex == nil, entries.count > Self.linearKeyLimit {
            var index: [String: Int] = [:]
            index.reserveCapacity(entries.count * 2)
            for (i, entry) in entries.enumerated() where index[entry.key.value] == nil { index[entry.key.value] = i }
            keyIndex = index
        }
        if let keyIndex {
            if let i = keyIndex[value] { return entries[i].key }
        } else {
            // Lengths first: most keys of a mapping differ in length, so few strings are compared.
            let count = value.utf8.count
            for i in entries.indices {
                let key = entries[i].key.value
                if key.utf8.count == count && key == value { return entries[i].key }
            }
        }
        return droppedKeys.first { $0.value == value }
    }

    mutating func append(_ entry: consuming YAMLEntry) {
        if keyIndex != nil, keyIndex![entry.key.value] == nil { keyIndex![entry.key.value] = entries.count }
        entries.append(entry)
    }
}

extension TreeBuilder {
    /// Hands a finished node (nil when rejected) to the innermost open collection, or makes it
    /// the root. `range` is where the node was written, rejected or not.
    mutating func attach(_ node: consuming YAMLNode?, range: SourceRange) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        let top = stack.count - 1
        stack[top].lastEnd = range.end
        if stack[top].kind == .sequence {
            if let node { stack[top].items.append(node) }
            return
        }
        // Moved out (not copied): the key goes into the entry without a retain.
        var pending = Frame.Pending.key
        swap(&pending, &stack[top].pending)
        switch consume pending {
        case .key:
            stack[top].pending = acceptKey(node, range: range)
        case .value(let key):
            if let node {
                stack[top].append(YAMLEntry(key: key, value: node))
            } else {
                stack[top].droppedKeys.append(key)
            }
        case .skipValue:
            break
        }
    }

    /// `attach(.scalar(scalar), range: scalar.range)` without wrapping a key in a node and
    /// unwrapping it again (most scalars of a spec are keys).
    mutating func attach(scalar: YAMLScalar) {
        let top = stack.count - 1
        guard top >= 0, stack[top].kind == .mapping, case .key = stack[top].pending else {
            attach(.scalar(scalar), range: scalar.range)
            return
        }
        stack[top].lastEnd = scalar.range.end
        stack[top].pending = acceptKey(scalar)
    }

    /// Checks a key of the innermost mapping: only a scalar that is neither `<<` nor a
    /// repeat of an earlier key is accepted.
    private mutating func acceptKey(_ node: YAMLNode?, range: SourceRange) -> Frame.Pending {
        guard let node else { return .skipValue }
        guard case .scalar(let key) = node else {
            diagnostics.append(YAMLDiagnostics.complex(node.kindDescription, at: range))
            return .skipValue
        }
        return acceptKey(key)
    }

    private mutating func acceptKey(_ key: YAMLScalar) -> Frame.Pending {
        if key.style == .plain, key.value == "<<" {
            diagnostics.append(YAMLDiagnostics.merge(at: key.range))
            return .skipValue
        }
        if let first = stack[stack.count - 1].firstKey(key.value) {
            diagnostics.append(YAMLDiagnostics.duplicate(key, first: first.range))
            return .skipValue
        }
        return .value(key)
    }
}
