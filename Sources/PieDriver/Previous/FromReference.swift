#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieCore
import PieDiagnostics
import PieSpec

/// A problem with the command line itself, found by the driver (exit status 64): printed once
/// as `piec: error: MESSAGE` and `help:` lines, with no diagnostics and nothing written.
public struct UsageProblem: Error, Sendable, Hashable {
    public var message: String
    public var help: [String]
    public init(_ message: String, help: [String] = []) {
        self.message = message
        self.help = help
    }
}

/// What `--from REF` names, decided once per build before any spec is compiled, so that a
/// mistyped REF is one usage error, not one diagnostic per spec. In this order:
/// `none`; an existing file (a previous spec, or a bundle's `manifest.json`); an existing folder
/// (one bundle, or a folder of bundles matched by chart id and of previous specs matched by
/// file name); a git revision of the specs' repository.
public enum FromReference: Sendable, Equatable {
    /// `--from none`: every chart plays its enter animation.
    case none
    /// One previous version (a spec file, a manifest, a bundle folder), of the chart `id` (nil
    /// when it cannot be told). With several specs it is used only for the spec with that id.
    case single(path: String, kind: SingleKind, id: String?, bySpecID: Bool)
    /// A folder of previous specs (same file name) and/or bundles (`<id>/manifest.json`).
    case folder(String)
    /// A git revision that exists in every work tree holding a spec (`REV`, as typed).
    case revision(String)

    public enum SingleKind: Sendable, Equatable {
        case specFile, manifest
    }

    /// Decides what `ref` names for a build of `specPaths`.
    /// `limits`: the build's (`--max-slices`), to tell the chart id of a large previous version.
    /// `git` off (`--no-files`): a REF that is no file or folder is refused, not looked up in git.
    public static func parse(_ ref: String, specPaths: [String], limits: SpecLimits = SpecLimits(),
                             git: Bool = true) -> Result<FromReference, UsageProblem> {
        if ref == "none" { return .success(.none) }
        let several = specPaths.count > 1
        guard case .success(let status) = FileStatus.status(ref) else {
            guard git else {
                return .failure(UsageProblem("no previous version at `\(ref)`: no such file or folder (with --no-files piec reads no git revision)",
                                             help: ["name a previous spec file or a bundle folder with --from, or drop --no-files"]))
            }
            return revision(ref, specPaths: specPaths)
        }
        if status.kind != .directory {
            guard let file = readFile(ref) else { return .failure(UsageProblem("cannot read `\(ref)` (named by --from)")) }
            if let record = ManifestRecord(file) {
                return single(ref, .manifest, id: record.chartID(limits: limits), several: several)
            }
            let id = SpecLoader.load(file, defaultID: BundleID.slug(fromPath: ref), limits: limits).spec?.id
            return single(ref, .specFile, id: id, several: several)
        }
        let manifest = SpecDiscovery.join(ref, ExistingBundle.manifestName)
        if case .success = FileStatus.status(manifest) {
            let id = readFile(manifest).flatMap(ManifestRecord.init)?.chartID(limits: limits)
            return single(manifest, .manifest, id: id, several: several)
        }
        return folder(ref)
    }

    private static func single(_ path: String, _ kind: SingleKind, id: String?, several: Bool) -> Result<FromReference, UsageProblem> {
        if several && id == nil {
            return .failure(UsageProblem("--from names one previous version (`\(path)`) for several specs, and piec cannot tell its chart id",
                                         help: ["give a folder of bundles (matched by chart id) or build one spec"]))
        }
        return .success(.single(path: path, kind: kind, id: id, bySpecID: several))
    }

    /// A folder must hold previous specs or bundles.
    private static func folder(_ path: String) -> Result<FromReference, UsageProblem> {
        guard let dir = opendir(path) else { return .failure(UsageProblem("cannot read the folder `\(path)` (named by --from)")) }
        defer { closedir(dir) }
        var others: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." || name.hasPrefix(".") { continue }
            let child = SpecDiscovery.join(path, name)
            if SpecDiscovery.isSpecName(name) { return .success(.folder(path)) }
            if case .success = FileStatus.status(SpecDiscovery.join(child, ExistingBundle.manifestName)) { return .success(.folder(path)) }
            others.append(name)
        }
        guard others.isEmpty else {
            return .failure(UsageProblem("`\(path)` (named by --from) holds neither bundles nor specs",
                                         help: ["--from takes a bundle folder, a folder of bundles (`<id>/manifest.json`), a folder of previous specs, a spec file, a git revision or `none`"]))
        }
        // An empty folder names no previous version: every chart would enter while the command
        // says "from", which is `--from none` (or a folder not yet built into).
        return .failure(UsageProblem("`\(path)` (named by --from) is an empty folder: there is no previous version in it",
                                     help: ["build into it first, or give `--from none` to play each chart's enter animation"]))
    }

    /// `ref` as a git revision: it must name a commit in the work tree of every spec.
    private static func revision(_ ref: String, specPaths: [String]) -> Result<FromReference, UsageProblem> {
        var trees: [GitWorkTree] = []
        for path in specPaths {
            if path == SpecInput.stdinArgument {
                return .failure(UsageProblem("no previous version at `\(ref)`: no such file or folder, and a spec from standard input has no path in git",
                                             help: ["name a previous spec file or a bundle folder with --from"]))
            }
            guard let real = SpecInputsReader.realPath(SpecInputsReader.displayParent(path)),
                  let tree = GitWorkTree.containing(realDir: real) else {
                return .failure(UsageProblem(
                    "no previous version at `\(ref)`: no such file or folder, and `\(path)` is not inside a git repository",
                    help: ["--from takes a spec file, a bundle folder, a folder of bundles or specs, a git revision or `none`"]))
            }
            if !trees.contains(tree) { trees.append(tree) }
        }
        for tree in trees where tree.commit(ref) == nil {
            return .failure(RevisionSuggestions.unknown(ref, in: tree))
        }
        return .success(.revision(ref))
    }

    private static func readFile(_ path: String) -> SourceFile? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard case .success(let bytes) = readAll(fd: fd, limit: ExistingBundle.readLimit) else { return nil }
        return SourceFile(path: path, bytes: bytes)
    }

    /// The chart a single previous version must belong to, when several specs are built.
    var matchedID: String? {
        if case .single(_, _, let id, true) = self { return id }
        return nil
    }
}

extension ManifestRecord {
    /// The chart id in the manifest's canonical spec.
    func chartID(limits: SpecLimits) -> String? {
        SpecLoader.load(specSource.file, defaultID: "", limits: limits).spec?.id
    }
}
