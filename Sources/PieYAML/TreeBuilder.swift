import PieDiagnostics

/// Builds the located node tree from node events (scalar, alias, collection start and end)
/// with an explicit stack, so nesting depth costs no native stack and is bounded by the limit.
///
/// A rejected node (an alias, an over-long scalar, a complex, merge or duplicate key) is left
/// out of the tree after its diagnostic; an anchor or a tag is reported and the node kept.
struct TreeBuilder {
    enum Outcome { case proceed, stop }

    private let limits: YAMLLimits
    var cursor: SourceCursor
    var diagnostics: [Diagnostic] = []
    /// Open collections, innermost last.
    var stack: [Frame] = []
    /// The finished root node (nil when rejected or not reached yet).
    var root: YAMLNode?
    private var nodeCount = 0
    /// libyaml's own line:col agree with `SourceFile` unless the file contains one of the line
    /// breaks only libyaml knows (U+0085, U+2028, U+2029); then the cursor walks the bytes.
    private let marksMatchSourceLines: Bool
    private let lineCount: Int
    let file: SourceFile
    /// Set when parsing the file with some tabs read as spaces (`TabRepair`); then
    /// `repairTouchedScalar` says whether one of them lay inside a scalar.
    var repair: TabRepair?
    private(set) var repairTouchedScalar = false

    /// `trustMarks: false` forces the byte-walking cursor for every location (tests).
    init(file: SourceFile, limits: YAMLLimits, trustMarks: Bool = true) {
        self.limits = limits
        cursor = SourceCursor(file: file)
        marksMatchSourceLines = trustMarks && !SourceCursor.containsExtraLineBreaks(file.bytes)
        lineCount = file.lineCount
        self.file = file
        stack.reserveCapacity(min(limits.maxDepth, 64))
    }

    /// Handles one node event. `.stop` means a limit was hit: stop parsing, there is no root.
    mutating func handle(_ event: RawEvent) -> Outcome {
        switch event.kind {
        case .scalar(let scalar):
            guard countNode(at: event.start) else { return .stop }
            addScalar(scalar, event: event)
        case .alias(let name):
            guard countNode(at: event.start) else { return .stop }
            let range = SourceRange(start: location(event.start), end: location(event.end))
            diagnostics.append(YAMLDiagnostics.alias(name, at: range))
            attach(nil, range: range)
        case .mappingStart(let properties):
            return open(.mapping, properties: properties, event: event)
        case .sequenceStart(let properties):
            return open(.sequence, properties: properties, event: event)
        case .mappingEnd, .sequenceEnd:
            close(event)
        case .streamStart, .streamEnd, .documentStart, .documentEnd:
            break
        }
        return .proceed
    }

    /// Counts one more node; false (with a diagnostic) when that exceeds the limit.
    private mutating func countNode(at mark: Mark) -> Bool {
        nodeCount += 1
        guard nodeCount > limits.maxNodes else { return true }
        diagnostics.append(YAMLDiagnostics.nodes(limit: limits.maxNodes, at: characterRange(atIndex: mark.index)))
        return false
    }

    private mutating func addScalar(_ scalar: RawScalar, event: RawEvent) {
        let start = location(event.start)
        reportProperties(scalar.properties, start: event.start, isScalar: true)
        var end = location(event.end)
        if scalar.style == .literal || scalar.style == .folded {
            end = trimmedBlockEnd(startByte: cursor.byteOffset(ofIndex: event.start.index), endIndex: event.end.index)
        }
        let range = SourceRange(start: start, end: end)
        if let repair, repair.touches(start: event.start.index, end: event.end.index) { repairTouchedScalar = true }
        if scalar.style == .singleQuoted || scalar.style == .doubleQuoted {
            let what = scalar.style == .singleQuoted ? "a single-quoted string" : "a double-quoted string"
            checkFlowNode(what, start: start, end: end, endIndex: event.end.index, parent: stack.last)
        }
        guard let value = scalar.value else {
            diagnostics.append(YAMLDiagnostics.scalarLength(scalar.byteCount, limit: limits.maxScalarBytes, at: range))
            attach(nil, range: range)
            return
        }
        attach(scalar: YAMLScalar(value: value, style: scalar.style, range: range))
    }

    /// libyaml ends a block scalar after its trailing line breaks (at the start of the next
    /// line or later): end the node just after its last non-blank character instead.
    private mutating func trimmedBlockEnd(startByte: Int, endIndex: Int) -> SourceLocation {
        var end = cursor.byteOffset(ofIndex: endIndex)
        while end > startByte + 1, let b = cursor.byte(at: end - 1), b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
            end -= 1
        }
        return cursor.location(ofByte: end)
    }

    private mutating func open(_ kind: Frame.Kind, properties: RawProperties, event: RawEvent) -> Outcome {
        if stack.count + 1 > limits.maxDepth {
            diagnostics.append(YAMLDiagnostics.depth(limit: limits.maxDepth, at: characterRange(atIndex: event.start.index)))
            return .stop
        }
        guard countNode(at: event.start) else { return .stop }
        let start = location(event.start)
        reportProperties(properties, start: event.start, isScalar: false)
        stack.append(Frame(kind: kind, start: start, flow: properties.flow))
        return .proceed
    }

    private mutating func close(_ event: RawEvent) {
        guard let frame = stack.popLast() else { return }
        // A flow collection ends after its `]`/`}`; libyaml ends a block collection where the
        // next token starts (often lines later, after comments): use its last child's end.
        let end = frame.flow ? location(event.end) : frame.lastEnd
        let range = SourceRange(start: frame.start, end: end)
        if frame.flow {
            checkFlowNode(frame.kind == .mapping ? "a flow mapping `{…}`" : "a flow list `[…]`", start: frame.start, end: end,
                          endIndex: event.end.index, parent: stack.last)
        }
        switch frame.kind {
        case .mapping: attach(.mapping(frame.entries, range: range), range: range)
        case .sequence: attach(.sequence(frame.items, range: range), range: range)
        }
    }

    private mutating func reportProperties(_ properties: RawProperties, start: Mark, isScalar: Bool) {
        guard properties.anchor != nil || properties.tag != nil else { return }
        let startByte = cursor.byteOffset(ofIndex: start.index)
        let spans = PropertySpans.find(fromByte: startByte, cursor: &cursor)
        let fallback = characterRange(atByte: startByte)
        if let anchor = properties.anchor {
            diagnostics.append(YAMLDiagnostics.anchor(anchor, at: spans.anchor ?? fallback))
        }
        if let tag = properties.tag {
            let written = spans.tag == nil ? tag : spans.tagText
            diagnostics.append(YAMLDiagnostics.tag(written, onScalar: isScalar, at: spans.tag ?? fallback))
        }
    }

    /// The 1-based location of a libyaml mark. At the end of a file without a final line
    /// break libyaml moves its marks to a line that does not exist: the cursor clamps them.
    mutating func location(_ mark: Mark) -> SourceLocation {
        if marksMatchSourceLines, mark.line < lineCount {
            return SourceLocation(line: mark.line + 1, column: mark.column + 1)
        }
        return cursor.location(ofIndex: mark.index)
    }

    /// The range of the one character at a mark index; a point at a line break or the end.
    mutating func characterRange(atIndex index: Int) -> SourceRange {
        _ = cursor.location(ofIndex: index)
        return characterRange(atByte: cursor.byte)
    }

    mutating func characterRange(atByte offset: Int) -> SourceRange {
        let start = cursor.location(ofByte: offset)
        guard let b = cursor.byte(at: offset), b != 0x0A, b != 0x0D else { return .point(start) }
        return SourceRange(start: start, end: SourceLocation(line: start.line, column: start.column + 1))
    }
}
