import PieCore
import PieDiagnostics
import PieJSON
import PieSpec
import PieYAML

/// Which document an image of `piec md` belongs to. Documents of one folder share the image
/// folder, so `a.md` and `b.md` with a block `id: sales` both draw `piec/sales.svg`. Within one
/// run that is E0545; across runs the record (`ID.json`) names the document that wrote it,
/// and another document's block refuses to take the images over (E0555) while that document
/// still exists and still has a block of that id. A record without the name (written before
/// piec recorded it) belongs to whoever runs.
enum MarkdownImageOwner {
    /// The document as the record names it: its path relative to the image folder
    /// (`../README.md` for `--dir piec`), the same whichever path the document was given by.
    static func recorded(document: String, folder: String) -> String {
        let depth = folder.split(separator: "/").filter { $0 != "." }.count
        return String(repeating: "../", count: depth) + lastPathComponent(document)
    }

    /// The document a record names (nil: none, or not a record).
    static func document(ofRecord bytes: [UInt8]) -> String? {
        guard case .success(let value) = JSONParser.parse(bytes), case .string(let name)? = value["document"] else { return nil }
        return name
    }

    /// E0555 when the record at `recordPath` belongs to another document that still has a
    /// block drawing `id`; nil when the images are this document's, nobody's, or free to take
    /// over (their document is gone or no longer has that block).
    /// Only a name of the shape piec writes (a document of the same folder) is looked at.
    static func conflict(id: String, recordPath: String, imageDir: String, folder: String, document: String, line: Int,
                         limits: SpecLimits) -> Diagnostic? {
        guard case .success(let record) = SpecReader.read(recordPath, limits: limits),
              let named = self.document(ofRecord: record.bytes),
              named == recorded(document: named, folder: folder) else { return nil }
        let other = SpecInputsReader.join(imageDir, named)
        guard case .success(let theirs) = FileStatus.status(other), theirs.kind == .regular else { return nil }
        if case .success(let ours) = FileStatus.status(document), ours.device == theirs.device, ours.inode == theirs.inode { return nil }
        guard case .success(let file) = SpecReader.read(other, limits: limits),
              blockIDs(file.bytes, stem: BundleID.slug(fromPath: other), limits: limits).contains(id) else { return nil }
        return .error(RenderDiagnostics.imageOfAnotherDocument,
                      "the images of `\(id)` belong to the block `\(id)` of `\(displayed(other))`",
                      at: .point(SourceLocation(line: line, column: 1)),
                      help: "give this block another `id:` (its images would overwrite the other document's chart)")
    }

    /// `docs/piec/../b.md` as `docs/b.md`.
    private static func displayed(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// The ids of a document's blocks: each block's `id:`, or the document's stem and its place.
    static func blockIDs(_ bytes: [UInt8], stem: String, limits: SpecLimits) -> Set<String> {
        var ids: Set<String> = []
        for (n, block) in MarkdownDocument.blocks(bytes).enumerated() {
            let parsed = YAMLParser.parse(SourceFile(path: "block", bytes: block.source), limits: limits.yaml)
            var id = "\(stem)-\(n + 1)"
            if case .mapping(let entries, _)? = parsed.root, case .scalar(let s)? = entries.first(where: { $0.key.value == "id" })?.value {
                id = s.value
            }
            ids.insert(id)
        }
        return ids
    }
}
