import Foundation
import PieDiagnostics

/// Where the previous version of a spec comes from (`--from REF`).
public enum PreviousVersion: Sendable {
    /// A spec file's bytes (a file REF, or the spec's own path at a git revision).
    case spec(SourceFile)
    /// A bundle's `manifest.json`: its `spec` member is the canonical spec it was built from.
    case manifest(SourceFile)
    /// There is no previous version (the file did not exist then): the chart enters.
    case none(note: String)
}

/// Resolves `--from REF` for one spec: REF is a spec file, a bundle folder (or an output
/// folder holding `<id>/manifest.json`), or a git revision of the spec's own path.
public struct PreviousVersionResolver: Sendable {
    public var ref: String
    public init(ref: String) { self.ref = ref }

    public enum Failure: Error, Sendable, Equatable {
        case notARepository(ref: String, directory: String)
        case unknownRevision(ref: String)
        case unreadable(path: String, reason: String)
        case gitFailed(String)
    }

    /// `specPath` is the new spec's path, `bundleID` its id (to find `REF/<id>/manifest.json`).
    public func resolve(specPath: String, bundleID: String) -> Result<PreviousVersion, Failure> {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: ref, isDirectory: &isDirectory) {
            if !isDirectory.boolValue { return read(ref).map { .spec($0) } }
            for candidate in ["\(ref)/manifest.json", "\(ref)/\(bundleID)/manifest.json"]
            where FileManager.default.fileExists(atPath: candidate) {
                return read(candidate).map { .manifest($0) }
            }
            return .success(.none(note: "`\(ref)` holds no bundle `\(bundleID)`; the chart enters"))
        }
        return fromGit(specPath: specPath)
    }

    private func read(_ path: String) -> Result<SourceFile, Failure> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(.unreadable(path: path, reason: "cannot read the file"))
        }
        return .success(SourceFile(path: path, bytes: Array(data)))
    }

    private func fromGit(specPath: String) -> Result<PreviousVersion, Failure> {
        let url = URL(fileURLWithPath: specPath)
        let directory = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        let inside = Git.run(["rev-parse", "--is-inside-work-tree"], in: directory)
        guard inside.status == 0 else { return .failure(.notARepository(ref: ref, directory: directory)) }
        let verify = Git.run(["rev-parse", "--verify", "--quiet", "\(ref)^{commit}"], in: directory)
        guard verify.status == 0 else { return .failure(.unknownRevision(ref: ref)) }
        let commit = String(decoding: verify.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let exists = Git.run(["cat-file", "-e", "\(commit):./\(name)"], in: directory)
        guard exists.status == 0 else {
            return .success(.none(note: "`\(specPath)` did not exist at `\(ref)`; the chart enters"))
        }
        let show = Git.run(["show", "\(commit):./\(name)"], in: directory)
        guard show.status == 0 else { return .failure(.gitFailed(String(decoding: show.error, as: UTF8.self))) }
        return .success(.spec(SourceFile(path: "\(ref):\(specPath)", bytes: show.output)))
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
