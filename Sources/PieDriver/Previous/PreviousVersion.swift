import Foundation
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

    public func resolve(specPath: String, source: SourceFile, defaultID: String) -> Resolution {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: ref, isDirectory: &isDirectory) {
            if !isDirectory.boolValue {
                return read(ref).map { $0.path.hasSuffix(".json") && looksLikeManifest($0) ? .manifest($0) : .spec($0) }
            }
            if FileManager.default.fileExists(atPath: "\(ref)/manifest.json") {
                return read("\(ref)/manifest.json").map { .manifest($0) }
            }
            // A folder of previous specs, by file name.
            let sameName = "\(ref)/" + URL(fileURLWithPath: specPath).lastPathComponent
            if FileManager.default.fileExists(atPath: sameName) { return read(sameName).map { .spec($0) } }
            // An output folder: the bundle id is the spec's own `id` or the file stem.
            let id = SpecLoader.load(source, defaultID: defaultID).spec?.id ?? defaultID
            if FileManager.default.fileExists(atPath: "\(ref)/\(id)/manifest.json") {
                return read("\(ref)/\(id)/manifest.json").map { .manifest($0) }
            }
            return enters("`\(ref)` holds no bundle `\(id)`; the chart enters")
        }
        return fromGit(specPath: specPath)
    }

    private func looksLikeManifest(_ file: SourceFile) -> Bool {
        String(decoding: file.bytes.prefix(400), as: UTF8.self).contains("\"manifestVersion\"")
    }

    private func read(_ path: String) -> ResolutionResult {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(DriverDiagnostics.error(DriverDiagnostics.unreadable, "cannot read `\(path)` (named by --from)"))
        }
        return .success(SourceFile(path: path, bytes: Array(data)))
    }

    private func enters(_ note: String) -> Resolution {
        Resolution(previous: nil, diagnostics: [Diagnostic(.note, code: DriverDiagnostics.previousMissing, message: note, range: nil)])
    }

    private func fromGit(specPath: String) -> Resolution {
        let url = URL(fileURLWithPath: specPath)
        let directory = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
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
        let commit = String(decoding: verify.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard Git.run(["cat-file", "-e", "\(commit):./\(name)"], in: directory).status == 0 else {
            return enters("`\(specPath)` did not exist at `\(ref)`; the chart enters")
        }
        let show = Git.run(["show", "\(commit):./\(name)"], in: directory)
        guard show.status == 0 else {
            return Resolution(previous: nil, diagnostics: [DriverDiagnostics.error(
                DriverDiagnostics.unreadable, "git could not read `\(specPath)` at `\(ref)`: "
                    + String(decoding: show.error, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))])
        }
        return Resolution(previous: .spec(SourceFile(path: "\(ref):\(specPath)", bytes: show.output)), diagnostics: [])
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

/// Runs git with arguments (never through a shell), capturing stdout and stderr.
enum Git {
    struct Output {
        var status: Int32
        var output: [UInt8]
        var error: [UInt8]
    }

    static func run(_ arguments: [String], in directory: String) -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory.isEmpty ? "." : directory)
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["LC_ALL"] = "C"
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return Output(status: 127, output: [], error: Array("git not found".utf8)) }
        // git writes little to stderr (well under a pipe buffer), so reading stdout to the end
        // first cannot deadlock even for a large spec.
        let outBytes = Array(out.fileHandleForReading.readDataToEndOfFile())
        let errBytes = Array(err.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return Output(status: process.terminationStatus, output: outBytes, error: errBytes)
    }
}
