import PieDiagnostics
import PieSpec

/// Where one version of a spec kept its files at a commit: the spec's root-relative path, its
/// folder and each folder above it (nearest first: where its `.piec.yaml` files are looked
/// for), and the root-relative data file that version names (nil: none, or not a .csv or
/// .json path inside the work tree).
struct SpecPaths: Sendable, Hashable {
    var spec: String
    var folders: [String]
    var data: String?
    /// The data files of the charts of `charts:`, in the order of the charts.
    var facetData: [String] = []

    init(spec: String, folders: [String], data: String?, facetData: [String] = []) {
        self.spec = spec
        self.folders = folders
        self.data = data
        self.facetData = facetData
    }

    /// The paths of a spec at root-relative `spec` whose text is `bytes`.
    init(spec: String, bytes: [UInt8], limits: SpecLimits) {
        var folders = [parentPath(spec)]
        while let last = folders.last, !last.isEmpty { folders.append(parentPath(last)) }
        let data = SpecLoader.dataReference(SourceFile(path: spec, bytes: bytes), limits: limits)
            .flatMap { SpecHistory.dataPath($0.path, folder: folders[0]) }
        self.init(spec: spec, folders: folders, data: data,
                  facetData: SpecHistory.facetDataPaths(SourceFile(path: spec, bytes: bytes), folder: folders[0], limits: limits))
    }

    /// The spec, its `.piec.yaml` candidates, its data file and its charts', in that order: a commit that
    /// changed one of them is a new version.
    var all: [String] {
        [spec] + folders.map { GitWorkTree.path($0, SharedDefaults.fileName) } + (data.map { [$0] } ?? []) + facetData
    }
}

extension SpecHistory {
    /// One commit of the walk, with where the spec's files were there (nil: the spec did not
    /// exist there; the commit deleted it from `path`).
    struct Step {
        var commit: SpecCommit
        var path: String
        var paths: SpecPaths?
        /// The bytes of `paths.all` at the commit, in order (nil where a file is missing).
        var files: [[UInt8]?]
    }

    /// The commits reachable from `revision` (a revision, or `A..B`) that changed the spec or a
    /// file it read there, newest first, at most `limit`, as `git log --follow` finds them with
    /// the spec's files at each commit:
    /// - a commit that added the spec's path where its first parent had a file git's rename
    ///   detection pairs with it (`git diff-tree -M`, similarity 50 %, so a rename with edits
    ///   too) was a rename: older commits are followed at the old path, the `.piec.yaml` files
    ///   of the old folder and the data file the old spec names from there. A copy (the old
    ///   file stays) is no rename: the history starts at the copy, as a new spec;
    /// - each version's data file is the one that version of the spec names, so a data file
    ///   renamed along with `data.file` keeps its older commits;
    /// - a spec added anew (no rename) has no older versions until the commit that deleted it.
    ///
    /// One `git log` per stretch of commits whose paths stay the same (a rename, a new
    /// `data.file` or a deleted spec starts another at the commit's first parent), and one
    /// `git cat-file --batch` per stretch reading its files: each commit's, the spec at the
    /// oldest one's parent and, first, the spec at the tip (today's paths are only a guess
    /// until then). Along first parents the spec before a commit is the spec at the next
    /// older one listed (nothing watched changed between them), so how a commit changed the
    /// spec is told from those bytes; along merged branches (`allParents`) from `--raw`, and
    /// a path changes where the walk meets the commit that changed it, as with
    /// `git log --follow`. One `git diff-tree` per commit that added the spec. A history
    /// without renames is one `git log` and one `cat-file`, as before renames were followed.
    func walk(_ revision: String, limit: Int, allParents: Bool) -> [Step] {
        guard limit > 0 else { return [] }
        let (tip, exclude) = Self.range(revision)
        var specPath = spec
        var start = tip
        // The spec's paths at `start`: a guess (today's) until the spec at the tip is read.
        var state: SpecPaths? = present
        var guessed = true
        var steps: [Step] = []
        walking: while steps.count < limit {
            // `logged[0]` is the spec: `SpecPaths.all` starts with it.
            let logged = state?.all ?? [specPath]
            let asked = limit - steps.count
            let entries = log(from: start, exclude: exclude, paths: logged, limit: asked, raw: allParents)
            // The one read of this stretch: where each entry's files start in it.
            var names: [String] = guessed ? ["\(start):\(specPath)"] : []
            var firstFile: [Int] = []
            for entry in entries {
                firstFile.append(names.count)
                names += logged.map { "\(entry.commit.commit):\($0)" }
                if let change = entry.changes.first(where: { $0.path == specPath }), change.status != "A" { names.append(change.oldID) }
            }
            let oldestParent = allParents ? nil : entries.last?.parents.first.map { parent -> Int in
                names.append("\(parent):\(specPath)")
                return names.count - 1
            }
            let found = names.isEmpty ? [] : read(names)
            if guessed {
                guessed = false
                let actual = found[0].map { SpecPaths(spec: specPath, bytes: $0, limits: limits) }
                if actual != state {
                    state = actual  // the committed spec reads other files than the working copy
                    continue
                }
            }
            /// How entry `i` changed the spec (`A`, `M`, `D`; nil: not at all) and its bytes before.
            func touch(_ i: Int) -> (status: Character, before: [UInt8]?)? {
                if allParents {
                    guard let change = entries[i].changes.first(where: { $0.path == specPath }) else { return nil }
                    return (change.status, change.status == "A" ? nil : found[firstFile[i] + logged.count])
                }
                let now = found[firstFile[i]]
                let before = i + 1 < entries.count ? found[firstFile[i + 1]] : oldestParent.flatMap { found[$0] }
                guard now != before else { return nil }
                return (now == nil ? "D" : before == nil ? "A" : "M", before)
            }
            var restart: String?
            for (index, entry) in entries.enumerated() {
                let change = touch(index)
                // Where the spec is absent only a commit that adds it back is a version.
                if state == nil, change == nil { continue }
                let files = state == nil ? [] : Array(found[firstFile[index]..<(firstFile[index] + logged.count)])
                steps.append(Step(commit: entry.commit, path: specPath, paths: state, files: files))
                if steps.count == limit { break walking }
                guard let change else { continue }
                // The spec's paths at the commit's first parent.
                var before: SpecPaths?
                if change.status == "A" {
                    if let parent = entry.parents.first, let renamed = renameSource(of: specPath, at: entry.commit.commit, parent: parent) {
                        specPath = renamed.path
                        before = read([renamed.id])[0].map { SpecPaths(spec: renamed.path, bytes: $0, limits: limits) }
                    }
                } else {
                    before = change.before.map { SpecPaths(spec: specPath, bytes: $0, limits: limits) }
                }
                state = before
                // The spec gone at the same path: the stretch goes on, counting only its changes.
                let goesOn = before == nil ? specPath == logged[0] : before?.all == logged
                if !goesOn {
                    guard let parent = entry.parents.first else { break walking }
                    restart = parent
                    break
                }
            }
            if let restart {
                start = restart
            } else if entries.count == asked, let parent = entries.last?.parents.first {
                start = parent  // the log stopped at its count, but some entries were no versions
            } else {
                break
            }
        }
        return steps
    }

    /// `A..B` as (B, A); a single revision as (it, nil).
    static func range(_ revision: String) -> (tip: String, exclude: String?) {
        let bytes = Array(revision.utf8)
        guard let at = bytes.indices.dropLast().first(where: { bytes[$0] == 0x2E && bytes[$0 + 1] == 0x2E }),
              at + 2 == bytes.count || bytes[at + 2] != 0x2E else { return (revision, nil) }
        let tip = String(decoding: bytes[(at + 2)...], as: UTF8.self)
        return (tip.isEmpty ? "HEAD" : tip, String(decoding: bytes[..<at], as: UTF8.self))
    }

    /// One commit of `git log --raw`: the commit, its parents and the files it changed.
    struct LogEntry {
        var commit: SpecCommit
        var parents: [String]
        var changes: [RawChange]
    }

    /// `git log` from `start` (not reaching `exclude`) of the commits that changed `paths`,
    /// newest first, at most `limit`: along first parents, or along every parent with each
    /// commit's changes to them (`--raw`; a merge shows none) when `raw`.
    func log(from start: String, exclude: String?, paths: [String], limit: Int, raw: Bool) -> [LogEntry] {
        let run = tree.run(["--literal-pathspecs", "log", "-z"] + (raw ? ["--raw", "--no-abbrev", "--no-renames"] : [])
                           + ["--format=%x01%H%x1f%P%x1f%ct%x1f%s", "--max-count=\(limit)"]
                           + (raw ? [] : ["--first-parent"])
                           + ["--end-of-options", start] + (exclude.map { ["^" + $0] } ?? []) + ["--"] + paths)
        guard run.status == 0 else { return [] }
        var entries: [LogEntry] = []
        var tokens = RawTokens(run.output)
        while let token = tokens.next() {
            if token.first == 0x01 {
                let fields = token.dropFirst().split(separator: 0x1F, maxSplits: 3, omittingEmptySubsequences: false)
                guard fields.count == 4, let date = Int64(String(decoding: fields[2], as: UTF8.self)) else { continue }
                let commit = SpecCommit(commit: String(decoding: fields[0], as: UTF8.self), date: date,
                                        subject: String(decoding: fields[3], as: UTF8.self))
                let parents = fields[1].split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
                entries.append(LogEntry(commit: commit, parents: parents, changes: []))
            } else if let change = tokens.change(token), !entries.isEmpty {
                entries[entries.count - 1].changes.append(change)
            }
        }
        return entries
    }

    /// The path and blob id at `parent` of the file that `commit` renamed to `path`, as git's
    /// rename detection pairs them (`git diff-tree -M`: a deleted file at least half alike);
    /// nil when `commit` added `path` anew or copied it from a file that stays.
    func renameSource(of path: String, at commit: String, parent: String) -> (path: String, id: String)? {
        let run = tree.run(["diff-tree", "-z", "-r", "-M", "--raw", "--no-abbrev", "--end-of-options", parent, commit])
        guard run.status == 0 else { return nil }
        var tokens = RawTokens(run.output)
        while let token = tokens.next() {
            if let change = tokens.change(token), change.status == "R", change.path == path, let source = change.source {
                return (source, change.oldID)
            }
        }
        return nil
    }
}

/// One line of git's `--raw` output: the status letter (`A`, `M`, `D`, `T`, `R`, `C`), the
/// file's blob id before, its path after, and for a rename or copy the path before.
struct RawChange {
    var status: Character
    var oldID: String
    var path: String
    var source: String?
}

/// The NUL-separated fields of git's `-z` output (`log -z --raw`, `diff-tree -z`).
struct RawTokens {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The next field, without the line break `git log` puts before a commit's first change.
    mutating func next() -> ArraySlice<UInt8>? {
        if index + 1 < bytes.count, bytes[index] == 0x0A, bytes[index + 1] == UInt8(ascii: ":") { index += 1 }
        guard index < bytes.count else { return nil }
        let end = bytes[index...].firstIndex(of: 0) ?? bytes.count
        defer { index = end + 1 }
        return bytes[index..<end]
    }

    /// The change whose `:mode mode id id status` field is `token`, reading its path fields
    /// (two for a rename or copy); nil when `token` is no such field.
    mutating func change(_ token: ArraySlice<UInt8>) -> RawChange? {
        guard token.first == UInt8(ascii: ":") else { return nil }
        let fields = token.split(separator: 0x20)
        guard fields.count == 5, let letter = fields[4].first else { return nil }
        let status = Character(Unicode.Scalar(letter))
        guard let first = next() else { return nil }
        let oldID = String(decoding: fields[2], as: UTF8.self)
        if status == "R" || status == "C" {
            guard let second = next() else { return nil }
            return RawChange(status: status, oldID: oldID, path: String(decoding: second, as: UTF8.self),
                             source: String(decoding: first, as: UTF8.self))
        }
        return RawChange(status: status, oldID: oldID, path: String(decoding: first, as: UTF8.self), source: nil)
    }
}
