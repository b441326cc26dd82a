import PieCore
import PieDiagnostics
import PieSpec

/// How a build picks each chart's previous version.
public enum PreviousPolicy: Sendable {
    /// The compile request's own `previous` (the watcher's last good build; nil: enter).
    case request
    /// What readers last saw: the default of `piec build` and `piec diff` (see `PreviousResolver`).
    case readers(outputDir: String)
    /// `piec build --check`: the previous version the bundle in the output folder records;
    /// when it has no readable manifest, as `readers`.
    case recorded(outputDir: String)
    /// `--from`, decided once per build.
    case reference(FromReference, outputDir: String)
}

/// Finds one spec's previous version by a policy. The spec is known (loaded and checked):
/// its canonical spec decides whether a bundle was built from it.
///
/// The default (`readers`), in this order:
/// 1. the bundle in the output folder, when it was built from this spec: it keeps its
///    recorded previous, so an unchanged chart keeps its bundle byte for byte (after `--from`
///    too, and in a fresh clone, which holds the committed bundle);
/// 2. in a git work tree, the bundle committed at HEAD in the output folder: its spec, or the
///    previous it records when it was built from this spec;
/// 3. in a git work tree without a committed bundle: the spec at HEAD (with its data file and
///    `.piec.yaml` files at HEAD) when it differs from this one; none when the spec is not
///    committed or has not changed since HEAD: what a fresh clone, even a shallow one, builds
///    (no history walk; `--from HEAD` walks back to the version before the last change);
/// 4. outside git: the bundle in the output folder (built from another version), else none.
struct PreviousResolver {
    let context: PreviousContext
    /// The build's input limits: previous versions are loaded with them (a manifest read with
    /// `forManifests`).
    var limits = SpecLimits()

    /// The previous version of `spec` (nil: it enters) and notes or errors about finding it.
    struct Resolution {
        var previous: PreviousSource?
        var diagnostics: [Diagnostic] = []
    }

    /// Commits of a spec's history looked at before giving up (the chart then enters).
    static let maxWalk = 64

    /// `hashed`: the bytes the manifest's `specHash` covers (`SpecInputs.hashedBytes`).
    func resolve(_ policy: PreviousPolicy, specPath: String, spec: ChartSpec, source: SourceFile, hashed: [UInt8]) -> Resolution {
        let current = CurrentSpec(spec: spec, hashed: hashed)
        switch policy {
        case .request:
            return Resolution(previous: nil)
        case .readers:
            return Resolution(previous: readers(specPath: specPath, spec: spec, current: current, source: source))
        case .recorded(let outputDir):
            if let recorded = ManifestRecord.read(outputDir: outputDir, id: spec.id)?.recordedPrevious {
                return Resolution(previous: recorded)
            }
            return Resolution(previous: readers(specPath: specPath, spec: spec, current: current, source: source))
        case .reference(let reference, _):
            return referenced(reference, specPath: specPath, spec: spec, current: current, source: source)
        }
    }

    private func readers(specPath: String, spec: ChartSpec, current: CurrentSpec, source: SourceFile) -> PreviousSource? {
        let disk = ManifestRecord.read(outputDir: context.outputDir, id: spec.id)
        if let disk, let recorded = disk.recordedPrevious, built(disk, from: current) { return recorded }
        guard let tree = context.tree(ofFolder: SpecInputsReader.displayParent(specPath)) else {
            guard let disk, !built(disk, from: current) else { return nil }
            return disk.specSource
        }
        if let committed = context.committedManifest(in: tree, id: spec.id) {
            if !built(committed, from: current) { return committed.specSource }
            if let recorded = committed.recordedPrevious { return recorded }
        }
        // No bundle committed: the spec at HEAD when it differs. A spec not committed, or not
        // changed since HEAD (nor the files it reads), enters: what a fresh clone builds too.
        guard var history = SpecHistory(specPath: specPath, source: source, limits: limits),
              context.filesAtHead(in: tree, folder: history.folders[0])[lastPathComponent(history.spec)] != nil,
              !unchangedSinceHead(history, source: source) else { return nil }
        history.objects = context.objects(in: history.tree)
        guard let head = history.source(at: "HEAD", display: "HEAD") else { return nil }
        guard let old = head.load(defaultID: spec.id, limits: limits).spec else { return head }  // broken: E0601 tells
        return Manifest.memberText(old) == current.canonical ? nil : head
    }

    /// Whether the spec and every file it may read (its `.piec.yaml` candidates, its data
    /// file) have the bytes HEAD holds, told from `git ls-tree`'s object ids without reading
    /// anything back from git.
    private func unchangedSinceHead(_ history: SpecHistory, source: SourceFile) -> Bool {
        let tree = history.tree
        func same(_ path: String, _ bytes: [UInt8]?) -> Bool {
            let atHead = context.filesAtHead(in: tree, folder: parentPath(path))[lastPathComponent(path)]
            guard let bytes else { return atHead == nil }
            guard let atHead else { return false }
            return GitBlob.id(of: bytes, like: atHead) == atHead
        }
        guard same(history.spec, source.bytes) else { return false }
        return history.paths.dropFirst().allSatisfy { same($0, readWorkingFile(tree.root, $0)) }
    }

    /// Whether the bundle a manifest describes was built from `current`: the same spec and
    /// input bytes (its `specHash`), the same canonical spec text, or (a manifest of another
    /// piec version, a spec edited in comments only) the same canonical spec read back.
    private func built(_ record: ManifestRecord, from current: CurrentSpec) -> Bool {
        if record.specHash == current.hash || record.isBuilt(from: current.canonical) { return true }
        guard let old = SpecLoader.load(record.specSource.file, defaultID: "", limits: limits).spec else { return false }
        return Manifest.memberText(old) == current.canonical
    }

    /// The newest version of the spec at or before `revision` that differs from `current`
    /// (nil: none within `maxWalk` commits, or the spec was deleted); `missing` when the spec
    /// did not exist at `revision`.
    private func newestDiffering(_ history: SpecHistory, from revision: String, display: String, id: String,
                                 current: CurrentSpec) -> (previous: PreviousSource?, missing: Bool) {
        func differs(_ source: PreviousSource) -> Bool {
            guard let old = source.load(defaultID: id, limits: limits).spec else { return true }  // broken: E0601 tells
            return Manifest.memberText(old) != current.canonical
        }
        guard let commit = history.tree.commit(revision), let first = history.source(at: commit, display: display) else {
            return (nil, true)
        }
        if differs(first) { return (first, false) }
        let older = history.commits(commit, limit: Self.maxWalk).dropFirst().map(\.commit)
        for source in history.sources(at: older) {
            guard let source else { return (nil, false) }
            if differs(source) { return (source, false) }
        }
        return (nil, false)
    }

    private func referenced(_ reference: FromReference, specPath: String, spec: ChartSpec, current: CurrentSpec,
                            source: SourceFile) -> Resolution {
        switch reference {
        case .none:
            return Resolution(previous: nil)
        case .single(let path, let kind, let id, let bySpecID):
            if bySpecID && id != spec.id { return Resolution(previous: readers(specPath: specPath, spec: spec, current: current, source: source)) }
            return fromFile(path, kind: kind, current: current)
        case .folder(let dir):
            let sameName = SpecDiscovery.join(dir, lastPathComponent(specPath))
            if case .success = FileStatus.status(sameName) { return fromFile(sameName, kind: .specFile, current: current) }
            let manifest = SpecDiscovery.join(SpecDiscovery.join(dir, spec.id), ExistingBundle.manifestName)
            if case .success = FileStatus.status(manifest) { return fromFile(manifest, kind: .manifest, current: current) }
            return enters("`\(dir)` holds no bundle `\(spec.id)` and no spec `\(lastPathComponent(specPath))`; the chart enters")
        case .revision(let revision):
            guard let history = SpecHistory(specPath: specPath, source: source, limits: limits) else {
                return enters("`\(specPath)` is not inside a git repository; the chart enters")
            }
            let found = newestDiffering(history, from: revision, display: revision, id: spec.id, current: current)
            if found.missing { return enters("`\(specPath)` did not exist at `\(revision)`; the chart enters") }
            return Resolution(previous: found.previous)
        }
    }

    /// A previous spec file (with the files it reads there) or a bundle's manifest: its spec,
    /// or, when the bundle was built from this very spec, the previous it records.
    private func fromFile(_ path: String, kind: FromReference.SingleKind, current: CurrentSpec) -> Resolution {
        switch SpecReader.read(path, limits: limits.forManifests) {
        case .failure(let error):
            var d = error.diagnostic
            d.message += " (named by --from)"
            return Resolution(previous: nil, diagnostics: [d])
        case .success(let file):
            guard kind == .manifest else { return Resolution(previous: withInputs(file)) }
            guard let record = ManifestRecord(file) else { return Resolution(previous: .manifest(file)) }
            if built(record, from: current), let recorded = record.recordedPrevious { return Resolution(previous: recorded) }
            return Resolution(previous: record.specSource)
        }
    }

    private func enters(_ note: String) -> Resolution {
        Resolution(previous: nil, diagnostics: [Diagnostic(.note, code: DriverDiagnostics.previousMissing, message: note, range: nil)])
    }

    /// A previous spec read from a file, with the shared defaults and data file it reads there.
    private func withInputs(_ file: SourceFile) -> PreviousSource {
        let gathered = SpecInputsReader.gather(specPath: file.path, source: file, limits: limits)
        return gathered.inputs.isEmpty ? .spec(file) : .specWithInputs(file, gathered.inputs)
    }
}

/// The bytes of the root-relative `path` in the work tree at `root` (nil: missing, unreadable,
/// or not a regular file).
func readWorkingFile(_ root: String, _ path: String) -> [UInt8]? {
    guard case .success(let file) = SpecReader.read(GitWorkTree.path(root, path), limits: .forManifests) else { return nil }
    return file.bytes
}

extension SpecLimits {
    /// Reading a manifest back: a bundle of 100,000 slices has a manifest of tens of MiB.
    static var forManifests: SpecLimits { SpecLimits().forManifests }

    /// These limits for reading a manifest back (its size up to `ExistingBundle.readLimit`).
    var forManifests: SpecLimits { reading(upTo: ExistingBundle.readLimit) }
}

/// The spec being built, as a manifest would record it; its hash and canonical text are
/// computed once, when first asked for (an unchanged bundle is recognised by its hash alone).
final class CurrentSpec {
    let spec: ChartSpec
    let hashed: [UInt8]
    init(spec: ChartSpec, hashed: [UInt8]) {
        self.spec = spec
        self.hashed = hashed
    }

    /// The manifest's `specHash` of these bytes.
    lazy var hash = "sha256:" + SHA256.hex(hashed)
    /// `Manifest.memberText` of the spec.
    lazy var canonical = Manifest.memberText(spec)
}

extension PreviousPolicy {
    /// The output folder whose bundles the policy reads (nil for `.request`).
    var outputDir: String? {
        switch self {
        case .request: nil
        case .readers(let dir), .recorded(let dir), .reference(_, let dir): dir
        }
    }

    /// Whether the driver finds the previous version (everything but `.request`).
    var resolves: Bool { outputDir != nil }

    /// Whether finding the previous version asks the build's git session (`GitObjects`): the
    /// default and `--check` (`--from REV` walks history with processes of its own).
    var looksInGit: Bool {
        switch self {
        case .readers, .recorded: true
        case .request, .reference: false
        }
    }

    /// Whether a bundle built from the spec itself keeps the previous it records: the default
    /// and `--check` (the only policies the fast path serves).
    var keepsRecordedPrevious: Bool {
        switch self {
        case .readers, .recorded: true
        case .request, .reference: false
        }
    }
}
