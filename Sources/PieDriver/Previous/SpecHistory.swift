import PieCore
import PieDiagnostics
import PieSpec

/// One commit that changed a spec or a file it reads.
public struct SpecCommit: Sendable, Hashable {
    /// The full commit hash.
    public var commit: String
    /// The committer date, in seconds since the epoch.
    public var date: Int64
    /// The first line of the commit message.
    public var subject: String
}

/// One committed version of a spec: the commit and the spec as it was there, with the
/// `.piec.yaml` files and the data file it read then (nil when the spec did not exist there:
/// the commit deleted it).
public struct SpecVersion: Sendable {
    public var commit: SpecCommit
    /// The spec's path at the commit, relative to the work tree's root (another than today's
    /// before a rename).
    public var path: String
    public var source: PreviousSource?
}

/// The committed versions of one spec: which commits changed the spec or the files it reads
/// (its `.piec.yaml` files, from its folder up to the work tree's root, and its data file), and
/// what the spec and those files were at any revision. Every file is read with `git cat-file`
/// (never through a shell), a revision's files in one process.
///
/// `versions` follows the spec through renames as `git log --follow` does (rename detection by
/// similarity; a copy is not followed) and reads each version's files where they were then:
/// the spec at its old path, the `.piec.yaml` files of its old folder, the data file that
/// version names (`walk`). `commits`, `source(at:)` and `sources(at:)` use the present paths.
public struct SpecHistory: Sendable {
    let tree: GitWorkTree
    /// The spec as the user spelled it (diagnostics name `REV:<specPath>`).
    let specPath: String
    /// Root-relative: the spec, its folder and each folder above it (nearest first).
    let spec: String
    let folders: [String]
    /// Root-relative data file the present spec reads (nil: none, or outside the work tree).
    let data: String?
    /// Root-relative data files the present spec's charts of `charts:` read.
    let facetData: [String]
    /// The build's input limits (`--max-slices`), for finding the data file each version names.
    let limits: SpecLimits
    /// The build's git session (`PreviousContext.objects`): files are read through it when set.
    var objects: GitObjects?

    /// The history of the spec at `specPath` whose present text is `source`; nil outside git.
    public init?(specPath: String, source: SourceFile, limits: SpecLimits = SpecLimits()) {
        let spelledDir = SpecInputsReader.displayParent(specPath)
        guard let realDir = SpecInputsReader.realPath(spelledDir), let tree = GitWorkTree.containing(realDir: realDir),
              let folder = tree.relative(realDir) else { return nil }
        self.tree = tree
        self.specPath = specPath
        spec = GitWorkTree.path(folder, lastPathComponent(specPath))
        var folders = [folder]
        while let last = folders.last, !last.isEmpty { folders.append(parentPath(last)) }
        self.folders = folders
        self.limits = limits
        data = SpecLoader.dataReference(source, limits: limits).flatMap { Self.dataPath($0.path, folder: folder) }
        facetData = Self.facetDataPaths(source, folder: folder, limits: limits)
    }

    /// The root-relative data files of the charts of a spec of `charts:` in `folder`, each once.
    static func facetDataPaths(_ source: SourceFile, folder: String, limits: SpecLimits) -> [String] {
        var paths: [String] = []
        for (_, reference) in SpecLoader.facetDataReferences(source, limits: limits) {
            if let path = dataPath(reference.path, folder: folder), !paths.contains(path) { paths.append(path) }
        }
        return paths
    }

    /// The root-relative path of `data.file` written in a spec in `folder`; nil when it is not
    /// a .csv or .json path inside the work tree.
    static func dataPath(_ path: String, folder: String) -> String? {
        guard !path.hasPrefix("/"), DataTableFormat.isSupported(path) else { return nil }
        let joined = SpecInputsReader.normalized(GitWorkTree.path(folder, path))
        return joined == ".." || joined.hasPrefix("../") || joined == "." ? nil : joined
    }

    /// The files `objects` name (`REV:path`): through the build's session when it has one,
    /// else one `git cat-file --batch`.
    func read(_ names: [String]) -> [[UInt8]?] {
        if let objects {
            var found: [[UInt8]?] = []
            for name in names {
                guard let answer = objects.blob(name) else { return tree.read(names) }
                found.append(answer)
            }
            return found
        }
        return tree.read(names)
    }

    /// The present paths: the spec, its folders and the data file the present spec reads.
    var present: SpecPaths { SpecPaths(spec: spec, folders: folders, data: data, facetData: facetData) }

    /// The paths whose changes make a new version (the spec, its `.piec.yaml` candidates, its data).
    var paths: [String] { present.all }

    /// The commits reachable from `revision` (a revision or a range such as `v1..HEAD`) that
    /// changed the spec or a file it reads, newest first, at most `limit`. Along first parents
    /// (what the branch itself held: a merge is one step, the merged branch's commits are not
    /// states it had) unless `allParents`.
    public func commits(_ revision: String = "HEAD", limit: Int, allParents: Bool = false) -> [SpecCommit] {
        let log = tree.run(["--literal-pathspecs", "log", "--format=%H%x1f%ct%x1f%s", "--max-count=\(max(limit, 0))"]
                           + (allParents ? [] : ["--first-parent"]) + ["--end-of-options", revision, "--"] + paths)
        guard log.status == 0 else { return [] }
        return log.output.split(separator: 0x0A).compactMap { line in
            let fields = line.split(separator: 0x1F, maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count >= 2, let date = Int64(String(decoding: fields[1], as: UTF8.self)) else { return nil }
            return SpecCommit(commit: String(decoding: fields[0], as: UTF8.self), date: date,
                              subject: fields.count > 2 ? String(decoding: fields[2], as: UTF8.self) : "")
        }
    }

    /// The committed versions in commit order (oldest first): the newest `limit` commits of
    /// `revision` that changed the spec or a file it read there, followed through renames
    /// (`walk`), each with the spec and its files as they were there.
    public func versions(_ revision: String = "HEAD", limit: Int, allParents: Bool = false) -> [SpecVersion] {
        walk(revision, limit: limit, allParents: allParents).reversed().map { step in
            guard let paths = step.paths else { return SpecVersion(commit: step.commit, path: step.path, source: nil) }
            return SpecVersion(commit: step.commit, path: paths.spec,
                               source: version(at: step.commit.commit, display: String(step.commit.commit.prefix(12)), paths: paths, files: step.files))
        }
    }

    /// The spec with the files it read at `commit` (nil when the spec did not exist there).
    /// Diagnostics name the files `display:path` (display defaults to the short hash).
    public func source(at commit: String, display: String? = nil) -> PreviousSource? {
        sources(at: [commit], display: display)[0]
    }

    /// `source(at:)` of several commits, their files read by one `git cat-file --batch` (per
    /// 16 KiB of names).
    public func sources(at commits: [String], display: String? = nil) -> [PreviousSource?] {
        let asked = paths
        let found = read(commits.flatMap { commit in asked.map { "\(commit):\($0)" } })
        return commits.indices.map { i in
            version(at: commits[i], display: display ?? String(commits[i].prefix(12)), paths: present,
                    files: Array(found[(i * asked.count)..<((i + 1) * asked.count)]))
        }
    }

    /// `text` standing in for the spec at `commit` (a Markdown block of the document at the
    /// spec's path), with the `.piec.yaml` files and data file it reads there.
    public func source(_ text: [UInt8], at commit: String, display: String) -> PreviousSource? {
        let found = read(paths.dropFirst().map { "\(commit):\($0)" })
        return version(at: commit, display: display, paths: present, files: [text] + found)
    }

    /// The spec and its inputs from `files` (the bytes of `paths.all` at `commit`, in order).
    /// Diagnostics spell the files as the user spelled the spec when it was at its present
    /// path, else root-relative (`abc123:specs/old.yaml`, as `git show` names them).
    private func version(at commit: String, display ref: String, paths: SpecPaths, files found: [[UInt8]?]) -> PreviousSource? {
        guard let specBytes = found[0] else { return nil }
        let spelledSpec = paths.spec == spec ? specPath : paths.spec
        let old = SourceFile(path: "\(ref):\(spelledSpec)", bytes: specBytes)
        var inputs = SpecInputs()
        var spelled = SpecInputsReader.displayParent(spelledSpec)
        for index in paths.folders.indices {
            if let bytes = found[1 + index] {
                let name = paths.spec == spec ? SpecInputsReader.join(spelled, SharedDefaults.fileName)
                    : GitWorkTree.path(paths.folders[index], SharedDefaults.fileName)
                inputs.defaults.append(SourceFile(path: "\(ref):" + name, bytes: bytes))
            }
            spelled = SpecInputsReader.lexicalParent(spelled)
        }
        if let reference = SpecLoader.dataReference(old, limits: limits) {
            // The data file `paths` names was read along; another one is read now.
            let at = 1 + paths.folders.count
            let known = paths.data != nil && Self.dataPath(reference.path, folder: paths.folders[0]) == paths.data && at < found.count ? found[at] : nil
            inputs.data = dataInput(reference, at: commit, ref: ref, spec: spelledSpec, folder: paths.folders[0], known: known)
        }
        // The charts' data files `paths` names were read along (after the spec's own).
        let facetStart = 1 + paths.folders.count + (paths.data == nil ? 0 : 1)
        for (k, reference) in SpecLoader.facetDataReferences(old, limits: limits) {
            let path = Self.dataPath(reference.path, folder: paths.folders[0])
            let known = path.flatMap { paths.facetData.firstIndex(of: $0) }.flatMap { facetStart + $0 < found.count ? found[facetStart + $0] : nil }
            inputs.facetData[k] = dataInput(reference, at: commit, ref: ref, spec: spelledSpec, folder: paths.folders[0], known: known)
        }
        return inputs.isEmpty ? .spec(old) : .specWithInputs(old, inputs)
    }

    /// The data file an old spec (spelled `spec`, root-relative folder `folder`) names, at
    /// `commit`, or why it cannot be used.
    private func dataInput(_ reference: DataReference, at commit: String, ref: String, spec: String, folder: String,
                           known: [UInt8]?) -> DataInput {
        let spelled = SpecInputsReader.normalized(SpecInputsReader.join(SpecInputsReader.displayParent(spec), reference.path))
        func fail(_ message: String) -> DataInput {
            .failed(.error(DataDiagnostics.dataFileUnusable, message, at: reference.range))
        }
        guard let path = Self.dataPath(reference.path, folder: folder) else {
            return fail("`data.file` at `\(ref)` is not a .csv or .json path inside the repository")
        }
        guard let bytes = known ?? read(["\(commit):\(path)"])[0] else {
            return fail("`\(spelled)` did not exist at `\(ref)`")
        }
        return .file(SourceFile(path: "\(ref):\(spelled)", bytes: bytes))
    }
}
