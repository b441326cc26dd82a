import PieCore
import PieDiagnostics
import PieSpec

/// Where a Markdown block's previous version comes from (`MarkdownImages`): the record beside
/// its images, or the document at git HEAD.
enum MarkdownPrevious {
    /// The record of a block's images: this piec's version, the document they belong to
    /// (`MarkdownImageOwner.recorded`; none in records of older versions), the spec drawn and
    /// the previous version it animates from (canonical specs; `null` when it enters).
    static func record(spec: ChartSpec, previous: ChartSpec?, document: String?) -> [UInt8] {
        var members: [(String, JSONValue)] = [("piec", .string(PiecVersion.string))]
        if let document { members.append(("document", .string(document))) }
        let value = JSONValue.object(members + [
            ("spec", spec.canonicalJSON()),
            ("previous", previous?.canonicalJSON() ?? .null),
        ])
        return Array((value.serialized(pretty: true) + "\n").utf8)
    }

    /// The previous version of `spec`: the record's while the record is what piec would write
    /// for it with that previous, else HEAD's block (in git) or the record's spec (outside
    /// git); none when that is the spec itself. The record is compared with the document it
    /// names (or none), so a record of an older version keeps its transition.
    static func choose(spec: ChartSpec, record path: String, head: PreviousSource?, limits: SpecLimits) -> ChartSpec? {
        let record = readRecord(path, limits: limits)
        if let record {
            let previous = SpecLoader.loadEmbedded(record, member: "previous", defaultID: spec.id, limits: limits)?.spec
            let document = MarkdownImageOwner.document(ofRecord: record.bytes)
            if MarkdownPrevious.record(spec: spec, previous: previous, document: document) == record.bytes { return previous }
        }
        let candidate: ChartSpec?
        if let head {
            candidate = head.load(defaultID: spec.id, limits: limits).spec
        } else {
            candidate = record.flatMap { SpecLoader.loadEmbedded($0, member: "spec", defaultID: spec.id, limits: limits)?.spec }
        }
        guard let candidate, candidate.canonicalJSON() != spec.canonicalJSON() else { return nil }
        return candidate
    }

    private static func readRecord(_ path: String, limits: SpecLimits) -> SourceFile? {
        guard case .success(let file) = SpecReader.read(path, limits: limits) else { return nil }
        return file
    }

    /// The blocks of the document at git HEAD, by id (each block's `id:`, or the document's
    /// stem and its place); empty outside git or when HEAD has no such document.
    static func headBlocks(documentPath: String, stem: String, limits: SpecLimits) -> [String: PreviousSource] {
        (try? blocks(documentPath: documentPath, stem: stem, at: "HEAD", limits: limits).get()) ?? [:]
    }

    /// The blocks of the document at `revision`, by id; empty when the document is not there.
    /// Fails (git's message) when the document is not in a git work tree or `revision` names
    /// no commit of it.
    static func blocks(documentPath: String, stem: String, at revision: String,
                       limits: SpecLimits) -> Result<[String: PreviousSource], UsageProblem> {
        let directory = parentPath(documentPath)
        let name = lastPathComponent(documentPath)
        let verify = Git.run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: directory.isEmpty ? "." : directory)
        guard verify.status == 0 else {
            return .failure(UsageProblem("`\(revision)` is not a commit of the repository of `\(documentPath)`",
                                         help: ["name a commit, tag or branch (`git log` lists them); a shallow clone needs `fetch-depth: 0`"]))
        }
        let commit = trimmed(verify.output)
        let show = Git.run(["show", "\(commit):./\(name)"], in: directory.isEmpty ? "." : directory)
        guard show.status == 0, show.output.count <= limits.maxFileBytes else { return .success([:]) }
        var result: [String: PreviousSource] = [:]
        for (n, block) in MarkdownDocument.blocks(show.output).enumerated() {
            let source = SourceFile(path: "\(revision):\(documentPath)", bytes: block.source)
            let previous = SpecHistory(specPath: documentPath, source: source, limits: limits)?.source(block.source, at: commit, display: revision)
                ?? .spec(source)
            guard let spec = previous.load(defaultID: "\(stem)-\(n + 1)", limits: limits).spec, result[spec.id] == nil else { continue }
            result[spec.id] = previous
        }
        return .success(result)
    }
}
