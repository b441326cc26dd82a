import PieDiagnostics

/// The YAML front end: one spec file in, one located node tree plus diagnostics out.
public enum YAMLParser {
    /// Parses the single YAML document of `file` with libyaml's event API (input forced to
    /// UTF-8) into a located node tree.
    ///
    /// - A syntax or encoding error yields exactly one diagnostic and a nil root.
    /// - Exceeding `limits.maxDepth` or `limits.maxNodes` stops parsing at once: one
    ///   diagnostic, nil root.
    /// - Anchors, aliases, tags, merge keys, complex keys, duplicate keys and over-long scalars
    ///   are reported (codes E0106-E0110, E0115); the offending node is left out of the tree
    ///   (anchors and tags: the node is kept), the first of two duplicate keys is kept.
    /// - An empty file or document reports E0112 with a nil root; a second document E0111.
    /// - A root that is not a mapping is returned as is: checking it is the spec's job.
    public static func parse(_ file: SourceFile, limits: YAMLLimits = YAMLLimits()) -> YAMLDocument {
        parse(file, limits: limits, trustMarks: true)
    }

    /// `trustMarks: false` computes every location by walking the bytes (tests compare both).
    static func parse(_ file: SourceFile, limits: YAMLLimits, trustMarks: Bool) -> YAMLDocument {
        let (document, _) = parse(file.bytes, file: file, limits: limits, trustMarks: trustMarks, repair: nil)
        // libyaml rejects tabs YAML 1.2 allows (a blank line holding a tab, `-\tvalue`): on
        // that error, read the file again with those tabs as spaces (`TabRepair`), unless a
        // replaced tab lies inside a scalar.
        guard document.root == nil, document.diagnostics.last?.code == YAMLDiagnostics.tabIndentation,
              let repair = TabRepair.repaired(file.bytes) else { return document }
        let repaired = parse(repair.bytes, file: file, limits: limits, trustMarks: trustMarks, repair: repair)
        return repaired.repairTouchedScalar ? document : repaired.document
    }

    /// Parses `bytes` (the file's, or the file's with `repair` applied: same length, same marks)
    /// and reports locations in `file`.
    private static func parse(_ bytes: [UInt8], file: SourceFile, limits: YAMLLimits, trustMarks: Bool,
                              repair: TabRepair?) -> (document: YAMLDocument, repairTouchedScalar: Bool) {
        bytes.withUnsafeBufferPointer { input in
            let parser = LibYAMLParser(input: input, maxScalarBytes: limits.maxScalarBytes)
            var builder = TreeBuilder(file: file, limits: limits, trustMarks: trustMarks)
            builder.repair = repair
            let root = run(parser, builder: &builder, file: file)
            return (YAMLDocument(root: root, diagnostics: builder.diagnostics), builder.repairTouchedScalar)
        }
    }

    /// The event loop. Returns the root to publish (nil after a fatal error).
    private static func run(_ parser: LibYAMLParser, builder: inout TreeBuilder, file: SourceFile) -> YAMLNode? {
        var documents = 0
        while true {
            let event: RawEvent
            switch parser.next() {
            case .failure(let error):
                builder.diagnostics.append(builder.diagnostic(for: error, file: file))
                return nil
            case .success(let next):
                event = next
            }
            switch event.kind {
            case .streamStart, .documentEnd:
                continue
            case .documentStart:
                guard documents == 0 else {
                    let range = SourceRange(start: builder.location(event.start), end: builder.location(event.end))
                    builder.diagnostics.append(YAMLDiagnostics.secondDocument(at: range))
                    return builder.root
                }
                documents += 1
            case .streamEnd:
                return finish(builder: &builder, documents: documents)
            default:
                if builder.handle(event) == .stop { return nil }
            }
        }
    }

    /// An empty file, a file of comments and a bare `---` all mean "no spec".
    private static func finish(builder: inout TreeBuilder, documents: Int) -> YAMLNode? {
        let root = builder.root
        if documents == 0 || root.map(isEmptyScalar) == true {
            builder.diagnostics.append(YAMLDiagnostics.empty())
            return nil
        }
        return root
    }

    private static func isEmptyScalar(_ node: YAMLNode) -> Bool {
        if case .scalar(let s) = node { return s.style == .plain && s.value.isEmpty }
        return false
    }
}
