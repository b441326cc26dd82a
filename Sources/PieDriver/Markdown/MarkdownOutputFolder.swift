#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieDiagnostics

/// Where `piec md` writes: the document's folder, and the image folder `DIR` below it, walked
/// one component at a time from the document's folder's handle (`O_NOFOLLOW|O_DIRECTORY`,
/// `mkdirat` when missing), so no symlink below the document's folder is followed, whatever
/// the paths say as text. Files are written in the final handle (`OutputFile`: a temporary
/// name, `O_NOFOLLOW`, renamed over the target).
public struct MarkdownOutputFolder {
    /// The document's folder as the user gave it (`.` for a bare name).
    public var documentFolder: String
    /// `DIR`'s components (`.` left out).
    public var components: [String]

    public init(document: String, folder: String) {
        documentFolder = OutputFile.folder(of: document)
        components = folder.split(separator: "/").map(String.init).filter { $0 != "." }
    }

    /// What refuses the run before anything is written: a document that is a symlink or not a
    /// regular file, a component of `DIR` that is a symlink or a file. nil: writing may start.
    public func refusal(document: String) -> DriverFailure? {
        let dir: DirectoryHandle
        switch DirectoryHandle.open(documentFolder) {
        case .failure(let f): return DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, f.message))
        case .success(let d): dir = d
        }
        switch dir.status(lastPathComponent(document)) {
        case .success(let s?) where s.kind == .symlink:
            return DriverFailure(DriverDiagnostics.error(DriverDiagnostics.symlinkRefused, "refusing to rewrite the symlink `\(document)`",
                                                         help: "run piec md on the file the link points to"))
        case .success(let s?) where s.kind != .regular:
            return DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, "cannot write `\(document)`: it is not a regular file"))
        case .failure(let f): return DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, f.message))
        default: break
        }
        if case .failure(let f) = walk(create: false) { return f }
        return nil
    }

    /// The image folder's handle, its missing folders created (`create`), or nil when one is
    /// missing and `create` is false.
    func walk(create: Bool) -> Result<DirectoryHandle?, DriverFailure> {
        var dir: DirectoryHandle
        switch DirectoryHandle.open(documentFolder) {
        case .failure(let f): return .failure(DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, f.message)))
        case .success(let d): dir = d
        }
        for name in components {
            switch dir.status(name) {
            case .failure(let f): return .failure(DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, f.message)))
            case .success(nil):
                guard create else { return .success(nil) }
                if let f = dir.makeDirectory(name), f.code != EEXIST {
                    return .failure(DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, f.message)))
                }
            case .success(let s?) where s.kind == .symlink:
                return .failure(DriverFailure(DriverDiagnostics.error(DriverDiagnostics.symlinkRefused,
                                                                      "refusing to write through the symlink `\(dir.child(name))`",
                                                                      help: "remove the link or choose another --dir")))
            case .success(let s?) where s.kind != .directory:
                return .failure(DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed,
                                                                      "cannot create the folder `\(dir.child(name))`: a file is in the way")))
            case .success: break
            }
            switch dir.openChild(name) {
            case .failure(let f): return .failure(DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, f.message)))
            case .success(let d): dir = d
            }
        }
        return .success(dir)
    }

    /// Writes an image (`line` non-nil) into the image folder, or the document into its folder.
    public func write(_ output: MarkdownImages.Output) -> Result<OutputFile.Outcome, DriverFailure> {
        let folder: Result<DirectoryHandle?, DriverFailure> = output.line == nil
            ? DirectoryHandle.open(documentFolder).map { $0 }.mapError { DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, $0.message)) }
            : walk(create: true)
        switch folder {
        case .failure(let f): return .failure(f)
        case .success(nil): return .failure(DriverFailure(DriverDiagnostics.error(DriverDiagnostics.writeFailed, "cannot open the folder of `\(output.path)`")))
        case .success(let dir?): return OutputFile.write(output.bytes, named: lastPathComponent(output.path), in: dir, shown: output.path)
        }
    }
}
