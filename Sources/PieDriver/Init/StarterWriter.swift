#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import PieDiagnostics

/// Writes a set of new files into a folder all or nothing, never replacing anything: `piec
/// init`. First every target is inspected, and one that exists (a file, a folder or a symlink,
/// even a dangling one), a folder on the way that is a file, or a symlink on the way is refused
/// (E0517, E0507), so nothing is written at all. Then each file is written the durable way
/// (`Output.swift`): its bytes into a new temporary file beside it (`O_EXCL|O_NOFOLLOW`),
/// fsync'd, renamed to its name only if that name is still free, the folder fsync'd. Folders
/// are created and opened relative to their parent, never through a symlink. On an error
/// everything written and created so far is removed again.
public enum StarterWriter {
    /// Writes `files` (paths relative to `folder`) into `folder`, created when missing. Returns
    /// the problems, one diagnostic per path, when anything is refused or fails.
    public static func write(_ files: [StarterProject.File], into folder: String) -> [FileDiagnostics] {
        let problems = refusals(files, in: folder)
        guard problems.isEmpty else { return problems }
        var undo = Undo()
        if let problem = writeAll(files, into: folder, undo: &undo) {
            undo.run()
            return [problem]
        }
        return []
    }

    /// Every target that exists and every folder on the way that cannot be one.
    static func refusals(_ files: [StarterProject.File], in folder: String) -> [FileDiagnostics] {
        var problems: [FileDiagnostics] = []
        var seen: Set<String> = []
        func refuse(_ path: String, _ diagnostic: Diagnostic) {
            if seen.insert(path).inserted { problems.append(FileDiagnostics(path: path, file: nil, diagnostics: [diagnostic])) }
        }
        if let diagnostic = folderRefusal(folder) { refuse(folder, diagnostic) }
        guard problems.isEmpty else { return problems }
        for file in files {
            let parts = file.path.split(separator: "/").map(String.init)
            var path = folder
            for (index, part) in parts.enumerated() {
                path = join(path, part)
                let last = index == parts.count - 1
                guard case .success(let status) = FileStatus.lstatus(path) else { break }
                if status.kind == .symlink {
                    refuse(path, symlinkInTheWay)
                } else if last {
                    refuse(path, exists)
                } else if status.kind != .directory {
                    refuse(path, fileInTheWay)
                } else {
                    continue
                }
                break
            }
        }
        return problems
    }

    /// The project folder itself: a folder, missing (then created), or refused.
    static func folderRefusal(_ folder: String) -> Diagnostic? {
        guard case .success(let status) = FileStatus.lstatus(folder) else { return nil }
        switch status.kind {
        case .directory: return nil
        case .symlink: return symlinkInTheWay
        default: return fileInTheWay
        }
    }

    static var exists: Diagnostic {
        .error(DriverDiagnostics.existingFile, "already exists", at: nil,
               help: "piec init never overwrites a file: move it away, or run `piec init` in another folder")
    }

    static var fileInTheWay: Diagnostic {
        .error(DriverDiagnostics.existingFile, "a file is where piec init would make a folder", at: nil,
               help: "move the file away, or run `piec init` in another folder")
    }

    static var symlinkInTheWay: Diagnostic {
        .error(DriverDiagnostics.symlinkRefused, "refusing to write through this symlink", at: nil,
               help: "piec init never writes through a link: remove it, or run `piec init` in another folder")
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder == "." ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}

extension StarterWriter {
    /// What to remove again when a later write fails: the files written and folders created,
    /// removed last first.
    struct Undo {
        var steps: [() -> Void] = []
        mutating func add(_ step: @escaping () -> Void) { steps.append(step) }
        func run() { for step in steps.reversed() { step() } }
    }

    /// Creates `folder` when missing, then writes each file; the first failure as a diagnostic.
    static func writeAll(_ files: [StarterProject.File], into folder: String, undo: inout Undo) -> FileDiagnostics? {
        if let failure = makeFolders(folder, undo: &undo) { return failed(folder, failure) }
        let root: DirectoryHandle
        switch DirectoryHandle.open(folder) {
        case .failure(let failure): return failed(folder, failure)
        case .success(let handle): root = handle
        }
        for file in files {
            let parts = file.path.split(separator: "/").map(String.init)
            var dir = root
            for part in parts.dropLast() {
                switch openFolder(part, in: dir, undo: &undo) {
                case .failure(let failure): return failed(join(folder, file.path), failure)
                case .success(let child): dir = child
                }
            }
            let path = join(folder, file.path)
            if let failure = writeNew(file.bytes, named: parts[parts.count - 1], in: dir, undo: &undo) {
                let diagnostic = failure.code == EEXIST ? exists : writeFailed(failure)
                return FileDiagnostics(path: path, file: nil, diagnostics: [diagnostic])
            }
        }
        return nil
    }

    /// The subfolder `name` of `dir`, created (and its creation made durable) when missing.
    static func openFolder(_ name: String, in dir: DirectoryHandle, undo: inout Undo) -> Result<DirectoryHandle, POSIXFailure> {
        switch dir.status(name) {
        case .failure(let failure): return .failure(failure)
        case .success(.some): break
        case .success(nil):
            if let failure = dir.makeDirectory(name) ?? dir.sync() { return .failure(failure) }
            undo.add { _ = dir.removeDirectory(name) }
        }
        return dir.openChild(name)
    }

    /// A new file `name` in `dir` holding `bytes` on stable storage, or a failure (EEXIST when
    /// the name was taken meanwhile); no temporary file is left either way.
    static func writeNew(_ bytes: [UInt8], named name: String, in dir: DirectoryHandle, undo: inout Undo) -> POSIXFailure? {
        let temporary = ".\(name).piec-\(getpid())"
        if let failure = dir.createFile(temporary, bytes: bytes) { return failure }
        if let failure = dir.syncFile(temporary) ?? AtomicRename.moveWithoutReplacing(in: dir, from: temporary, to: name) {
            _ = dir.removeFile(temporary)
            return failure
        }
        undo.add { _ = dir.removeFile(name) }
        return dir.sync()
    }

    /// `mkdir -p folder`, each folder created added to `undo`.
    static func makeFolders(_ folder: String, undo: inout Undo) -> POSIXFailure? {
        var missing: [String] = []
        var current = folder
        while !current.isEmpty, current != "/", current != ".", case .failure(let f) = FileStatus.lstatus(current), f.code == ENOENT {
            missing.insert(current, at: 0)
            current = parentPath(current)
        }
        for path in missing {
            guard mkdir(path, 0o755) == 0 else { return POSIXFailure(operation: "create directory", path: path, code: errno) }
            undo.add { _ = rmdir(path) }
            let parent = parentPath(path).isEmpty ? "." : parentPath(path)
            if case .success(let handle) = DirectoryHandle.open(parent), let failure = handle.sync() { return failure }
        }
        return nil
    }

    static func failed(_ path: String, _ failure: POSIXFailure) -> FileDiagnostics {
        FileDiagnostics(path: path, file: nil, diagnostics: [writeFailed(failure)])
    }

    static func writeFailed(_ failure: POSIXFailure) -> Diagnostic {
        .error(DriverDiagnostics.writeFailed, failure.message, at: nil, help: "nothing was written")
    }
}
