#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieCore
import PieDiagnostics
import PieSpec

/// Resolves `--from REF` for one spec. REF is, in this order: an existing file (a spec, or a
/// bundle's `manifest.json`), an existing folder (a bundle folder with `manifest.json`, a
/// folder of previous specs with the same file name, or an output folder holding
/// `<id>/manifest.json`), or a git revision of the spec's own path.
public struct PreviousVersionResolver: Sendable {
    public var ref: String
    public init(ref: String) { self.ref = ref }

    public struct Resolution: Sendable {
        /// nil when there is no previous version (the chart enters).
        public var previous: PreviousSource?
        /// Errors (REF unusable) or a note (no previous version of this chart).
        public var diagnostics: [Diagnostic]
    }

    public func resolve(specPath: String, source: SourceFile, defaultID: String, inputs: SpecInputs = SpecInputs()) -> Resolution {
        if case .success(let status) = FileStatus.status(ref) {
            if status.kind != .directory {
                return read(ref).map { $0.path.hasSuffix(".json") && looksLikeManifest($0) ? .manifest($0) : withInputs($0) }
            }
            if exists("\(ref)/manifest.json") {
                return read("\(ref)/manifest.json").map { .manifest($0) }
            }
            // A folder of previous specs, by file name.
            let sameName = "\(ref)/" + lastPathComponent(specPath)
            if exists(sameName) { return read(sameName).map { withInputs($0) } }
            // An output folder: the bundle id is the spec's own `id` or the file stem.
            let id = SpecLoader.load(source, defaultID: defaultID, inputs: inputs).spec?.id ?? defaultID
            if exists("\(ref)/\(id)/manifest.json") {
                return read("\(ref)/\(id)/manifest.json").map { .manifest($0) }
            }
            return enters("`\(ref)` holds no bundle `\(id)`; the chart enters")
        }
        return fromGit(specPath: specPath)
    }

    private func looksLikeManifest(_ file: SourceFile) -> Bool {
        String(decoding: file.bytes.prefix(400), as: UTF8.self).contains("\"manifestVersion\"")
    }

    /// Whether `path` exists (following symlinks), like `FileManager.fileExists`.
    private func exists(_ path: String) -> Bool {
        if case .success = FileStatus.status(path) { return true }
        return false
    }

    private func read(_ path: String) -> ResolutionResult {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0, case .success(let bytes) = readAll(fd: fd, limit: Int.max) else {
            if fd >= 0 { close(fd) }
            return .failure(DriverDiagnostics.error(DriverDiagnostics.unreadable, "cannot read `\(path)` (named by --from)"))
        }
        close(fd)
        return .success(SourceFile(path: path, bytes: bytes))
    }

    private func enters(_ note: String) -> Resolution {
        Resolution(previous: nil, diagnostics: [Diagnostic(.note, code: DriverDiagnostics.previousMissing, message: note, range: nil)])
    }

    private func fromGit(specPath: String) -> Resolution {
        if specPath == SpecInput.stdinArgument {
            return Resolution(previous: nil, diagnostics: [DriverDiagnostics.error(
                DriverDiagnostics.fromNotFound, "no previous version at `\(ref)`: no such file or folder, and a spec from standard input has no path in git",
                help: "name a previous spec file or a bundle folder with --from")])
        }
        let directory = parentPath(specPath)
        let name = lastPathComponent(specPath)
        guard Git.run(["rev-parse", "--is-inside-work-tree"], in: directory).status == 0 else {
            return Resolution(previous: nil, diagnostics: [DriverDiagnostics.error(
                DriverDiagnostics.fromNotFound,
                "no previous version at `\(ref)`: no such file or folder, and `\(specPath)` is not inside a git repository",
                help: "name a previous spec file, a bundle folder, or run piec inside a git repository")])
        }
        let verify = Git.run(["rev-parse", "--verify", "--quiet", "\(ref)^{commit}"], in: directory)
        guard verify.status == 0 else {
            return Resolution(previous: nil, diagnostics: [DriverDiagnostics.error(
                DriverDiagnostics.unknownRevision, "unknown git revision `\(ref)`",
                help: "check it with `git rev-parse \(ref)`; --from also takes a spec file or a bundle folder")])
        }
        let commit = trimmed(verify.output)
        guard Git.run(["cat-file", "-e", "\(commit):./\(name)"], in: directory).status == 0 else {
            return enters("`\(specPath)` did not exist at `\(ref)`; the chart enters")
        }
        let show = Git.run(["show", "\(commit):./\(name)"], in: directory)
        guard show.status == 0 else {
            return Resolution(previous: nil, diagnostics: [DriverDiagnostics.error(
                DriverDiagnostics.unreadable, "git could not read `\(specPath)` at `\(ref)`: "
                    + trimmed(show.error))])
        }
        let old = SourceFile(path: "\(ref):\(specPath)", bytes: show.output)
        let inputs = GitInputs.read(commit: commit, ref: ref, specPath: specPath, source: old)
        return Resolution(previous: inputs.isEmpty ? .spec(old) : .specWithInputs(old, inputs), diagnostics: [])
    }

    /// A previous spec read from a file, with the shared defaults and data file it reads there.
    private func withInputs(_ file: SourceFile) -> PreviousSource {
        let gathered = SpecInputsReader.gather(specPath: file.path, source: file, limits: SpecLimits())
        return gathered.inputs.isEmpty ? .spec(file) : .specWithInputs(file, gathered.inputs)
    }
}

/// A file read for `--from`, or the error of reading it.
enum ResolutionResult {
    case success(SourceFile)
    case failure(Diagnostic)

    func map(_ transform: (SourceFile) -> PreviousSource) -> PreviousVersionResolver.Resolution {
        switch self {
        case .success(let file): PreviousVersionResolver.Resolution(previous: transform(file), diagnostics: [])
        case .failure(let d): PreviousVersionResolver.Resolution(previous: nil, diagnostics: [d])
        }
    }
}

/// `bytes` as text without leading and trailing whitespace.
func trimmed(_ bytes: [UInt8]) -> String {
    let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C]
    guard let first = bytes.firstIndex(where: { !space.contains($0) }),
          let last = bytes.lastIndex(where: { !space.contains($0) }) else { return "" }
    return String(decoding: bytes[first...last], as: UTF8.self)
}
