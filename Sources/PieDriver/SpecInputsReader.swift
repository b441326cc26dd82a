#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieDiagnostics
import PieSpec

/// The other files a spec reads, found and read for `SpecLoader.load(_:defaultID:inputs:)`:
/// the `.piec.yaml` files from the spec's folder up to its repository root (nearest first),
/// and the data file named by `data.file`, confined to that root.
///
/// The repository root is the nearest folder at or above the spec's that holds `.git` (a
/// folder, or a file in a worktree or submodule); outside git it is the spec's own folder.
/// Paths are compared after `realpath`, so neither `..` nor a symlink leads out of it.
struct GatheredInputs: Sendable {
    var inputs = SpecInputs()
    /// Diagnostics about the spec as a whole (an unreadable `.piec.yaml`).
    var diagnostics: [Diagnostic] = []
    /// Files whose change changes this spec's build, existing or not (`piec watch`).
    var dependencies: [String] = []
    /// The folders from the spec's up to the root, as spelled from the spec's path.
    var folders: [String] = []
    /// The repository root (real path); nil when the spec's folder cannot be resolved.
    var root: String?
}

/// What every spec of one folder shares (its root, its `.piec.yaml` files), found once per
/// folder in a build: thousands of specs in one folder cost one walk up the tree, not one each.
typealias FolderInputsCache = Memo<String, GatheredInputs>

enum SpecInputsReader {
    static func gather(specPath: String, source: SourceFile, limits: SpecLimits, cache: FolderInputsCache? = nil) -> GatheredInputs {
        let specDir = displayParent(specPath)
        var gathered = cache?.value(specDir) { folderInputs(specDir, limits: limits) } ?? folderInputs(specDir, limits: limits)
        if let reference = SpecLoader.dataReference(source, limits: limits), let root = gathered.root {
            let path = displayPath(join(specDir, reference.path))
            gathered.dependencies.append(path)
            gathered.inputs.data = readData(reference, path: path, root: root, limits: limits)
        }
        // Each chart of `charts:` may read its own data file, relative to the spec as well.
        if let root = gathered.root {
            for (k, reference) in SpecLoader.facetDataReferences(source, limits: limits) {
                let path = displayPath(join(specDir, reference.path))
                gathered.dependencies.append(path)
                gathered.inputs.facetData[k] = readData(reference, path: path, root: root, limits: limits)
            }
        }
        return gathered
    }

    /// `--no-files`: nothing but the spec; a `data.file` is an error at that key.
    static func alone(_ source: SourceFile, limits: SpecLimits) -> GatheredInputs {
        var gathered = GatheredInputs()
        if let reference = SpecLoader.dataReference(source, limits: limits) {
            gathered.inputs.data = .failed(.error(
                DataDiagnostics.dataFileUnusable, "`data.file` is not read with --no-files (the spec is built alone)",
                at: reference.range, help: "write the rows under `slices:` in the spec, or build without --no-files"))
        }
        for (k, reference) in SpecLoader.facetDataReferences(source, limits: limits) {
            gathered.inputs.facetData[k] = .failed(.error(
                DataDiagnostics.dataFileUnusable, "`data.file` is not read with --no-files (the spec is built alone)",
                at: reference.range, help: "write the rows under `slices:` in the chart, or build without --no-files"))
        }
        return gathered
    }

    /// The root and the `.piec.yaml` files of the specs in `specDir` (as spelled).
    static func folderInputs(_ specDir: String, limits: SpecLimits) -> GatheredInputs {
        var gathered = GatheredInputs()
        guard let realDir = realPath(specDir) else { return gathered }
        let root = repositoryRoot(from: realDir)
        gathered.root = root
        gathered.folders = folders(from: specDir, realDir: realDir, root: root)
        for dir in gathered.folders {
            let path = join(dir, SharedDefaults.fileName)
            gathered.dependencies.append(path)
            guard case .success = FileStatus.lstatus(path) else { continue }
            guard let real = realPath(path), isInside(real, root) else {
                gathered.diagnostics.append(.error(DataDiagnostics.dataFileUnusable,
                                                   "the shared defaults `\(path)` lead outside the repository `\(root)`",
                                                   at: .point(SourceLocation(line: 1, column: 1)),
                                                   help: "make `\(path)` a regular file inside the repository"))
                continue
            }
            switch SpecReader.read(real, limits: limits) {
            case .success(let file): gathered.inputs.defaults.append(SourceFile(path: path, bytes: file.bytes))
            case .failure(let error):
                var d = error.diagnostic
                d.message = "shared defaults `\(path)`: " + d.message
                d.range = .point(SourceLocation(line: 1, column: 1))
                gathered.diagnostics.append(d)
            }
        }
        return gathered
    }

    /// The data file at `path` (`data.file` joined to the spec's folder), or why not.
    static func readData(_ reference: DataReference, path: String, root: String, limits: SpecLimits) -> DataInput {
        func fail(_ message: String, help: String? = nil, notes: [String] = []) -> DataInput {
            .failed(.error(DataDiagnostics.dataFileUnusable, message, at: reference.range, notes: notes, help: help))
        }
        if reference.path.hasPrefix("/") {
            return fail("`data.file` must be a path relative to the spec, found an absolute path",
                        help: "write the path from the spec's folder, e.g. `data/\(lastPathComponent(reference.path))`")
        }
        guard DataTableFormat.isSupported(reference.path) else {
            return fail("`data.file` must name a .csv or .json file", help: "piec reads CSV (header row required) and JSON (an array of objects)")
        }
        guard case .success = FileStatus.lstatus(path) else { return fail("no such file `\(path)`") }
        guard let real = realPath(path) else { return fail("no such file `\(path)` (a symlink to nothing)") }
        guard isInside(real, root) else {
            return fail("`data.file` leads outside the repository",
                        help: "keep data files inside the repository of the spec (its git work tree, or its folder outside git)",
                        notes: ["`\(path)` is `\(real)`, outside `\(root)`"])
        }
        switch SpecReader.read(real, limits: limits) {
        case .success(let file): return .file(SourceFile(path: path, bytes: file.bytes))
        case .failure(let error):
            return fail("cannot use `\(path)`: " + error.diagnostic.message, help: error.diagnostic.help)
        }
    }

    /// The nearest folder at or above `realDir` holding `.git`, else `realDir`.
    static func repositoryRoot(from realDir: String) -> String {
        var dir = realDir
        while true {
            if case .success = FileStatus.lstatus(join(dir, ".git")) { return dir }
            if dir == "/" { return realDir }
            dir = parentPath(dir)
            if dir.isEmpty { return realDir }
        }
    }

    /// The folders from the spec's (`dir`, as spelled) up to `root`: `specs/a`, `specs`, `.`, `..`.
    static func folders(from dir: String, realDir: String, root: String) -> [String] {
        var result = [dir]
        var spelled = dir, real = realDir
        while real != root, real != "/", result.count < 64 {
            spelled = lexicalParent(spelled)
            real = parentPath(real)
            result.append(spelled)
        }
        return result
    }

    /// `a/b` -> `a`, `a` -> `.`, `.` -> `..`, `..` -> `../..`, `/a` -> `/`.
    static func lexicalParent(_ dir: String) -> String {
        if dir == "." { return ".." }
        if dir == ".." || dir.hasSuffix("/..") { return dir + "/.." }
        let parent = parentPath(dir)
        return parent.isEmpty ? "." : parent
    }

    /// The folder of a spec as spelled (`a.yaml` -> `.`).
    static func displayParent(_ path: String) -> String {
        let parent = parentPath(path)
        return parent.isEmpty ? "." : parent
    }

    static func join(_ dir: String, _ name: String) -> String { SpecDiscovery.join(dir, name) }

    /// `specs/../data/a.csv` as `data/a.csv` when both name the same file (no symlinked folder
    /// makes `..` go elsewhere), so diagnostics and GitHub annotations show a plain path.
    static func displayPath(_ path: String) -> String {
        let lexical = normalized(path)
        guard lexical != path, let real = realPath(path), realPath(lexical) == real else { return path }
        return lexical
    }

    /// `.` and `name/..` removed from a path; leading `..` of a relative path kept.
    static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part != ".." {
                parts.append(part)
            } else if let last = parts.last, last != ".." {
                parts.removeLast()
            } else if !absolute {
                parts.append(part)  // above the start of a relative path: kept
            }                       // above `/`: `/..` is `/`
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    static func isInside(_ real: String, _ root: String) -> Bool {
        root == "/" || real == root || real.hasPrefix(root + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// The data file formats, by extension (the parser lives in PieSpec).
enum DataTableFormat {
    static func isSupported(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".csv") || lower.hasSuffix(".json")
    }
}
